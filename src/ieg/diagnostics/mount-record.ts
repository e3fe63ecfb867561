/** The IEG mount record reported by `ieg_status` and the status line. Pure. */
import type { JsonObject } from '../../kernel/json.js'

/** What the row mounted and what it could not. */
export interface MountRecord extends JsonObject {
  row: string
  mounted: boolean
  /** Capabilities that are absent or failed to register, each with the reason. */
  degraded: string[]
  /** Enabled governance modules. */
  modules: string[]
  /** Module settings that cannot take effect under another module's setting. */
  conflicts: string[]
  /** The configuration error when the row mounted inert, else null. */
  configError: string | null
  /** The latest compatibility judgement (verdict, reasons, the facts), null before the first assembly. */
  compatibility: JsonObject | null
  prompt: { section: string, order: number, version: string, bytes: number, ceiling: number, source: string, path: string | null, unchecked: string[], problems: string[] } | null
}

/**
 * The status line with the host's compatibility verdict, when it is not COMPATIBLE, within the 200-byte bound.
 * @param line - the status line.
 * @param verdict - the verdict.
 */
export function withVerdict(line: string, verdict: string): string {
  if (verdict === 'COMPATIBLE' || line.startsWith('IEG inert')) return line
  const note = `; host ${verdict}`
  return Buffer.byteLength(line + note, 'utf8') <= 200 ? line + note : line
}

/**
 * The one-line status for the runtime context, at most 200 bytes, no content.
 * @param record - mount record.
 * @param orientation - the session's orientation: `recorded`, `not recorded`, `records inconsistent`.
 * @param ledger - information records per status (`2 authoritative, 1 invalid`), empty when there are none.
 */
export function statusLine(record: MountRecord, orientation: string, ledger: string): string {
  const line = !record.mounted
    ? `IEG inert: configuration refused (${record.configError ?? 'unknown error'})`
    : `IEG active: ${record.modules.length} modules; orientation ${orientation}${ledger === '' ? '' : `; information: ${ledger}`}${record.degraded.length > 0 ? `; degraded: ${record.degraded.length}` : ''}${record.conflicts.length > 0 ? `; conflicts: ${record.conflicts.length}` : ''}`
  const bytes = Buffer.from(line, 'utf8')
  return bytes.length <= 200 ? line : `${bytes.subarray(0, 196).toString('utf8').replace(/\uFFFD+$/, '')}...`
}
