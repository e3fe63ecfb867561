/** A bounded, newest-last ring of diagnostics. Pure; the clock is injected. */
import type { JsonObject } from '../../kernel/json.js'
import type { DiagnosticCode } from './codes.js'

/** One diagnostic. */
export interface Diagnostic extends JsonObject {
  seq: number
  time: string
  code: DiagnosticCode
  sessionId: string | null
  data: JsonObject
}

/** The ring. */
export class DiagnosticsRing {
  private readonly entries: Diagnostic[] = []
  private nextSeq = 1
  private readonly capacity: number
  private readonly now: () => Date
  private readonly listeners: Array<() => void> = []

  constructor(capacity: number, now: () => Date) {
    this.capacity = capacity
    this.now = now
  }

  /**
   * Record one diagnostic, dropping the oldest beyond capacity.
   * @returns the stored diagnostic.
   */
  push(code: DiagnosticCode, data: JsonObject = {}, sessionId: string | null = null): Diagnostic {
    const entry: Diagnostic = { seq: this.nextSeq, time: this.now().toISOString(), code, sessionId, data }
    this.nextSeq += 1
    this.entries.push(entry)
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity)
    for (const listener of this.listeners) listener()
    return entry
  }

  /** The newest `limit` diagnostics a session may see (all when no filter), newest first. */
  recent(limit: number, visible?: (sessionId: string | null) => boolean): Diagnostic[] {
    const entries = visible === undefined ? this.entries : this.entries.filter(entry => visible(entry.sessionId))
    return limit <= 0 ? [] : entries.slice(-limit).reverse()
  }

  /** Number of diagnostics per code among those kept and visible. */
  counts(visible?: (sessionId: string | null) => boolean): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const entry of this.entries) if (visible === undefined || visible(entry.sessionId)) counts[entry.code] = (counts[entry.code] ?? 0) + 1
    return counts
  }

  /** Call `listener` after every push. */
  onPush(listener: () => void): void {
    this.listeners.push(listener)
  }
}
