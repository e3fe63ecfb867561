/** Well-formed governance records for tests that write events directly. */
import { contentReceipt } from '../../src/kernel/receipts.js'
import type { ContractRecord } from '../../src/reliability/contract/records.js'

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
