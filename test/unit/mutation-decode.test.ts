/** Stored contracts decode only when their place in the log, content and coverage re-derive; stored bounds are the widest. */
import { AGENT_AUTHORED, resealed, sampleContract } from '../support/records.ts'
import { describe, expect, it } from 'vitest'
import { withReceipt } from '../../src/kernel/receipts.ts'
import { assessCoverage } from '../../src/reliability/contract/coverage.ts'
import { decodeAttempt, decodeContract, decodeTerminal } from '../../src/reliability/contract/decode.ts'
import { parseContractInput, type ContractLimits } from '../../src/reliability/contract/input.ts'
import { openContract } from '../../src/reliability/contract/lifecycle.ts'
import type { CheckRecord, ClaimRecord, ContractRecord } from '../../src/reliability/contract/records.ts'

const limits: ContractLimits = { maxClaims: 5, maxChecks: 5, maxTextChars: 200, maxAttempts: 3, maxCount: 5, json: { maxDepth: 8, maxBytes: 4096, maxStringChars: 200, maxKeys: 20 }, verifierProfiles: null }
const claimInput = { id: 'c1', statement: 'README says hi', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }

/** A contract over one file_contains check at seq 4; built on demand. */
function opened(): ContractRecord {
  const spec = parseContractInput({ objective: 'greet', claims: [claimInput], checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'hi' }] }, limits)
  return openContract(spec, assessCoverage(spec.claims, spec.checks), 4, AGENT_AUTHORED)
}
/** A sealed version 3 contract at seq 4 whose only check compares a JSON value, written as it would be stored. */
function storedJsonContract(value: unknown): ContractRecord {
  const claims: ClaimRecord[] = [{ id: 'c1', statement: 'config is set', importance: 'critical', verification: 'deterministic', checkIds: ['k1'], minimumIndependentSources: 1 }]
  const checks = [{ id: 'k1', kind: 'json_equals', args: { path: 'config.json', pointer: '/a', value } }] as unknown as CheckRecord[]
  return withReceipt({ version: 3 as const, contractId: 'contract-4', objective: 'configure', claims, checks, maxAttempts: 3, startedAtSeq: 4, coverage: assessCoverage(claims, checks), authorship: AGENT_AUTHORED, reviewMode: 'off' as const }) as unknown as ContractRecord
}

describe('stored contracts', () => {
  it('decode when they are exactly what was written at their place', () => {
    const contract = opened()
    expect(decodeContract(contract, 4)).toEqual({ ok: true, record: contract })
  })

  it('without an object payload are refused by their version, never read', () => {
    for (const data of [null, undefined, 'contract', 5]) expect(decodeContract(data, 0)).toEqual({ ok: false, reason: `contract version null is not one this build reads (3, 5)` })
  })

  it('must sit at their own evidence boundary, by seq and by id', () => {
    expect(decodeContract(sampleContract('contract-9', 4), 4)).toEqual({ ok: false, reason: 'its evidence boundary (4, contract-9) is not its own place in the log (seq 4)' })
    expect(decodeContract(sampleContract('contract-4', 9), 4)).toEqual({ ok: false, reason: 'its evidence boundary (9, contract-4) is not its own place in the log (seq 4)' })
  })

  it('must hold claims and checks that re-validate to themselves', () => {
    const contract = opened()
    const claims = [{ ...contract.claims[0]!, note: 'added later' }]
    expect(decodeContract(resealed(contract, { claims }), 4)).toEqual({ ok: false, reason: 'its claims or checks do not re-validate to themselves' })
    const checks = [{ ...contract.checks[0]!, args: { path: './README.md', text: 'hi' } }]
    expect(decodeContract(resealed(contract, { checks }), 4)).toEqual({ ok: false, reason: 'its claims or checks do not re-validate to themselves' })
  })

  it('must have had ready coverage', () => {
    const spec = parseContractInput({ objective: 'greet', claims: [{ ...claimInput, importance: 'minor' }], checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'hi' }] }, limits)
    const unready = openContract(spec, assessCoverage(spec.claims, spec.checks), 4, AGENT_AUTHORED)
    expect(decodeContract(unready, 4)).toEqual({ ok: false, reason: 'its coverage was not ready' })
  })

  it('are re-validated under the widest JSON bounds, not the deployment\'s', () => {
    const wide = storedJsonContract({ list: Array.from({ length: 40 }, (_, index) => `item ${index}`) })
    expect(decodeContract(wide, 4)).toMatchObject({ ok: true })
    let deep: unknown = 1
    for (let level = 0; level < 70; level += 1) deep = [deep]
    expect(decodeContract(storedJsonContract(deep), 4)).toEqual({ ok: false, reason: 'its content is invalid: checks[0].value: nests deeper than 64 levels (limits.json.maxDepth)' })
  })
})

describe('stored attempts and terminals', () => {
  it('that are not objects are refused at the record itself', () => {
    const attempt = decodeAttempt('not a record')
    expect(attempt.ok).toBe(false)
    if (!attempt.ok) expect(attempt.reason).toMatch(/^record: /)
    const terminal = decodeTerminal({ outcome: 'certified' })
    expect(terminal.ok).toBe(false)
    if (!terminal.ok) expect(terminal.reason).toMatch(/^contractId: /)
  })

  it('name the dotted path of a nested offending field', () => {
    const attempt = decodeAttempt({ contractId: 'contract-4', attempt: 1, trigger: 'manual', results: [{ checkId: 'k1', passed: 'yes', evidence: 'hi' }], verdict: 'pass', receipt: `sha256:${'0'.repeat(64)}` })
    expect(attempt.ok).toBe(false)
    if (!attempt.ok) expect(attempt.reason).toMatch(/^results\.0\.passed: /)
  })
})
