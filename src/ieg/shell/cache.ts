/** A bounded least-recently-used map of shell analyses, keyed by command text and start. Pure. */

/** The cache. */
export class AnalysisCache<V> {
  private readonly entries = new Map<string, V>()
  private readonly capacity: number

  constructor(capacity: number) {
    this.capacity = capacity
  }

  /**
   * The cached value for a key, computing and storing it when absent.
   * @param key - command text and start directory.
   * @param compute - produces the value.
   */
  get(key: string, compute: () => V): V {
    const found = this.entries.get(key)
    if (found !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, found)
      return found
    }
    const value = compute()
    if (this.capacity === 0) return value
    this.entries.set(key, value)
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string)
    return value
  }
}
