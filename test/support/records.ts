/** Well-formed governance records for tests that write events directly. */
import { contentReceipt, withReceipt } from '../../src/kernel/receipts.js'
import { reliabilityFold, type ReliabilityState } from '../../src/reliability/contract/fold.js'
import type { ContractRecord } from '../../src/reliability/contract/records.js'

/** A governor event as the fold reads it. */
export type GovernorEvent = { type: string, seq: number, data: unknown }

/** A `reliability/<type>` event at a sequence number. */
export const at = (seq: number, type: string, data: unknown): GovernorEvent => ({ type: `reliability/${type}`, seq, data })

/** The governor state folded from events, in order. */
export function fold(events: readonly GovernorEvent[]): ReliabilityState {
  return events.reduce((state, event) => reliabilityFold.apply(state, event), reliabilityFold.init())
}

/** A record changed and sealed again with a correct receipt for its new content (a consistent forgery). */
export function resealed<T extends { receipt: string }>(record: T, change: Record<string, unknown>): T {
  const { receipt: _receipt, ...body } = record
  return withReceipt({ ...body, ...change }) as unknown as T
}

/** A version 3 contract record with a correct receipt. */
export function sampleContract(contractId: string, startedAtSeq: number): ContractRecord {
  const body = {
    version: 3 as const,
    contractId,
    objective: 'README.md states the project name',
    claims: [{ id: 'c1', statement: 'README names the project', importance: 'critical' as const, verification: 'deterministic' as const, checkIds: ['k1'], minimumIndependentSources: 1 }],
    checks: [{ id: 'k1', kind: 'file_contains', args: { path: 'README.md', text: 'demo' } }],
    maxAttempts: 3,
    startedAtSeq,
    coverage: { status: 'ready' },
    authorship: { mode: 'current-agent' as const, draftReceipt: null },
    reviewMode: 'off' as const,
  }
  return { ...body, receipt: contentReceipt(body) }
}

/** The authorship of a contract the task agent wrote (the default mode). */
export const AGENT_AUTHORED = { mode: 'current-agent', draftReceipt: null } as const
