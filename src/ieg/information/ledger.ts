/**
 * The information ledger: records, the transition rule, the promotion gate,
 * and strict decoding of `ieg/information` events. Pure. Demotion is free;
 * any move to AUTHORITATIVE (a new record included) needs a basis: evidence
 * (a workspace file that contains the value, checked by the host adapter) or
 * the user's confirmation through the host's approval channel. A record is
 * never deleted: every change is a complete new revision.
 */
import { z } from 'zod'
import type { JsonObject } from '../../kernel/json.js'
import { INFORMATION_DISPOSITION_NAMES, INFORMATION_STATUSES, INFORMATION_STATUS_NAMES, RETIRED_STATUSES, type InformationDisposition, type InformationStatus } from './vocabulary.js'

/** Why a record may be AUTHORITATIVE. */
export type PromotionBasis =
  | { readonly kind: 'evidence', readonly path: string, readonly shows: string }
  | { readonly kind: 'user-confirmation', readonly outcome: 'allowed-once' }

/** One piece of information and what is known about it. */
export interface InformationRecord extends JsonObject {
  readonly id: string
  readonly status: InformationStatus
  readonly value: string
  /** Where it came from, in the agent's words. */
  readonly provenance: string
  readonly disposition: InformationDisposition | null
  /** 1 for a new record, one more for each change. */
  readonly revision: number
  /** Set exactly on the revision that made it AUTHORITATIVE. */
  readonly basis: (PromotionBasis & JsonObject) | null
}

/**
 * Whether moving from one status to another needs a basis: any move to
 * AUTHORITATIVE, and any move that brings retired information (INVALID,
 * SUPERSEDED) back into use.
 */
export function needsBasis(from: InformationStatus | null, to: InformationStatus): boolean {
  if (to === 'AUTHORITATIVE') return from !== 'AUTHORITATIVE'
  return from !== null && RETIRED_STATUSES.has(from) && !RETIRED_STATUSES.has(to)
}

/**
 * The transition rule for every pair (and for a new record, `from` null).
 * @returns `free`, or `needs-basis` for a promotion to AUTHORITATIVE or out of retirement.
 */
export function transition(from: InformationStatus | null, to: InformationStatus): 'free' | 'needs-basis' {
  return needsBasis(from, to) ? 'needs-basis' : 'free'
}

/** Whether `to` ranks above `from` (a promotion). */
export function isPromotion(from: InformationStatus, to: InformationStatus): boolean {
  return INFORMATION_STATUSES[to].rank > INFORMATION_STATUSES[from].rank
}

const RECORD_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/

const basisSchema = z.union([
  z.strictObject({ kind: z.literal('evidence'), path: z.string().min(1), shows: z.string().min(1) }),
  z.strictObject({ kind: z.literal('user-confirmation'), outcome: z.literal('allowed-once') }),
])

const recordSchema = z.strictObject({
  id: z.string().regex(RECORD_ID).max(64),
  status: z.enum(INFORMATION_STATUS_NAMES),
  value: z.string().min(1),
  provenance: z.string().min(1),
  disposition: z.enum(INFORMATION_DISPOSITION_NAMES).nullable(),
  revision: z.number().int().min(1),
  basis: basisSchema.nullable(),
})

/**
 * Decode one `ieg/information` event against the record it changes.
 * @param data - the event payload.
 * @param previous - the current revision of the same id, or null.
 * @returns the record, or why it cannot be applied.
 */
export function decodeInformation(data: unknown, previous: (id: string) => InformationRecord | null): { ok: true, record: InformationRecord } | { ok: false, reason: string } {
  const parsed = recordSchema.safeParse(data)
  if (!parsed.success) return { ok: false, reason: `${parsed.error.issues[0]?.path.join('.') || 'record'}: ${parsed.error.issues[0]?.message ?? 'malformed'}` }
  const record = parsed.data as InformationRecord
  const before = previous(record.id)
  const expected = (before?.revision ?? 0) + 1
  if (record.revision !== expected) return { ok: false, reason: `record ${record.id} has revision ${record.revision}, the next is ${expected}` }
  if (before !== null && before.value !== record.value) return { ok: false, reason: `record ${record.id} changed its value; a new value is a new record` }
  const promoted = needsBasis(before?.status ?? null, record.status)
  if (promoted !== (record.basis !== null)) return { ok: false, reason: promoted ? `record ${record.id} became ${record.status} without evidence or confirmation` : `record ${record.id} carries a basis without a promotion` }
  return { ok: true, record }
}

/**
 * Why an id is not a record id, or null.
 * @param id - a proposed id.
 */
export function recordIdProblem(id: string): string | null {
  return RECORD_ID.test(id) && id.length <= 64 ? null : 'must be kebab-case, 1 to 64 characters'
}

/** How many records are in each status (every status listed, zero included). */
export function statusCounts(records: readonly InformationRecord[]): Record<InformationStatus, number> {
  const counts = Object.fromEntries(INFORMATION_STATUS_NAMES.map(status => [status, 0])) as Record<InformationStatus, number>
  for (const record of records) counts[record.status] += 1
  return counts
}

/**
 * The ledger summary for the status line and `ieg_status`: counts per status, never content.
 * @param records - the session's ledger.
 */
export function ledgerSummary(records: readonly InformationRecord[]): { counts: Record<InformationStatus, number>, line: string } {
  const counts = statusCounts(records)
  const line = INFORMATION_STATUS_NAMES.filter(status => counts[status] > 0).map(status => `${counts[status]} ${status.toLowerCase()}`).join(', ')
  return { counts, line }
}
