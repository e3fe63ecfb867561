/** The IEG mount record reported by `ieg_status`. Pure. */
import type { JsonObject } from '../../kernel/json.js'

/** What the row mounted and what it could not. */
export interface MountRecord extends JsonObject {
  readonly row: string
  readonly mounted: boolean
  /** Capabilities the row expected but runs without, each with a reason. */
  readonly degraded: string[]
  /** Governance modules that contributed to this mount. */
  readonly modules: string[]
}

/**
 * The record of a successful mount.
 * @param row - row id.
 * @param modules - enabled modules.
 * @param degraded - missing capabilities.
 * @returns the mount record.
 */
export function mountRecord(row: string, modules: string[], degraded: string[]): MountRecord {
  return { row, mounted: true, degraded: [...degraded], modules: [...modules] }
}
