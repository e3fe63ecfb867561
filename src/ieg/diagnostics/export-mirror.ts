/**
 * The opt-in diagnostics mirror: a bounded JSON snapshot written atomically
 * (temporary file, then rename) at most once per interval, with a forced
 * flush. Write failures are reported once per interval and never recurse.
 * Pure over an injected writer and clock.
 */
import type { JsonObject } from '../../kernel/json.js'

/** Writes the whole document atomically. */
export type AtomicWriter = (text: string) => Promise<void>

/** Schema version of the mirror document. */
export const MIRROR_SCHEMA = 1

/** A throttled mirror. */
export class DiagnosticsMirror {
  private lastWrite = Number.NEGATIVE_INFINITY
  private pending: ReturnType<typeof setTimeout> | undefined
  private writing = false
  private lastFailureReport = Number.NEGATIVE_INFINITY
  private readonly snapshot: () => JsonObject
  private readonly write: AtomicWriter
  private readonly intervalMs: number
  private readonly now: () => number
  private readonly onFailure: (message: string) => void

  constructor(options: { snapshot: () => JsonObject, write: AtomicWriter, intervalMs: number, now: () => number, onFailure: (message: string) => void }) {
    this.snapshot = options.snapshot
    this.write = options.write
    this.intervalMs = options.intervalMs
    this.now = options.now
    this.onFailure = options.onFailure
  }

  /** Ask for a write; coalesced to at most one per interval. */
  request(): void {
    if (this.writing || this.pending !== undefined) return
    const wait = this.lastWrite + this.intervalMs - this.now()
    if (wait <= 0) {
      void this.flush()
      return
    }
    this.pending = setTimeout(() => {
      this.pending = undefined
      void this.flush()
    }, wait)
  }

  /** Write now (mount and disposal). */
  async flush(): Promise<void> {
    if (this.pending !== undefined) {
      clearTimeout(this.pending)
      this.pending = undefined
    }
    if (this.writing) return
    this.writing = true
    this.lastWrite = this.now()
    try {
      await this.write(`${JSON.stringify({ schema: MIRROR_SCHEMA, writtenAt: new Date(this.lastWrite).toISOString(), ...this.snapshot() }, null, 2)}\n`)
    } catch (error) {
      if (this.lastWrite - this.lastFailureReport >= this.intervalMs) {
        this.lastFailureReport = this.lastWrite
        this.onFailure(error instanceof Error ? error.message : String(error))
      }
    } finally {
      this.writing = false
    }
  }

  /** Stop any pending write. */
  cancel(): void {
    if (this.pending !== undefined) clearTimeout(this.pending)
    this.pending = undefined
  }
}
