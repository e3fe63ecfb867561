/** The governor's fold believes nothing it cannot decode and nothing out of order. */
import { AGENT_AUTHORED, at, fold, resealed, type GovernorEvent } from '../support/records.ts'
import { describe, expect, it } from 'vitest'
import { contentReceipt, withReceipt } from '../../src/kernel/receipts.ts'
import { assessCoverage } from '../../src/reliability/contract/coverage.ts'
import { reliabilityFold, reliabilityPhase } from '../../src/reliability/contract/fold.ts'
import { parseContractInput, type ContractLimits } from '../../src/reliability/contract/input.ts'
import { abstainRecord, openContract, settleAttempt } from '../../src/reliability/contract/lifecycle.ts'
import type { CheckResultRecord } from '../../src/reliability/contract/records.ts'

const limits: ContractLimits = { maxClaims: 5, maxChecks: 5, maxTextChars: 200, maxAttempts: 3, maxCount: 5, json: { maxDepth: 8, maxBytes: 4096, maxStringChars: 200, maxKeys: 20 }, verifierProfiles: null }
const spec = parseContractInput({
  objective: 'greet',
  claims: [{ id: 'c1', statement: 'README says hi', importance: 'critical', verification: 'deterministic', check_ids: ['k1', 'k2'] }],
  checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'hi' }, { id: 'k2', kind: 'no_tool_errors' }],
}, limits)
const contract = openContract(spec, assessCoverage(spec.claims, spec.checks), 4, AGENT_AUTHORED)
const fail: CheckResultRecord[] = [{ checkId: 'k1', passed: false, evidence: 'no hi' }, { checkId: 'k2', passed: true, evidence: 'ok' }]
const pass: CheckResultRecord[] = [{ checkId: 'k1', passed: true, evidence: 'hi' }, { checkId: 'k2', passed: true, evidence: 'ok' }]
const attempt1 = settleAttempt(contract, [], fail, 'manual')
const attempt2 = settleAttempt(contract, [attempt1.attempt], pass, 'turn-stop')
if (attempt2.kind !== 'certified') throw new Error('expected certification')

const honest: GovernorEvent[] = [at(4, 'contract', contract), at(6, 'attempt', attempt1.attempt), at(8, 'attempt', attempt2.attempt), at(9, 'terminal', attempt2.terminal)]

describe('the fold of governor records', () => {
  it('certifies the honest log', () => {
    expect(reliabilityPhase(fold(honest))).toBe('certified')
  })

  const forgeries: Array<[string, GovernorEvent[], string]> = [
    ['a terminal without a receipt', [honest[0]!, honest[1]!, at(7, 'terminal', (({ receipt: _r, ...rest }) => rest)(attempt2.terminal))], 'receipt'],
    ['a terminal whose receipt is 0', [honest[0]!, honest[1]!, at(7, 'terminal', { ...attempt2.terminal, receipt: 0 })], 'receipt'],
    ['a certification without a passing attempt', [honest[0]!, honest[1]!, at(7, 'terminal', resealed(attempt2.terminal, { attemptReceipt: attempt1.attempt.receipt }))], 'certifies without a passing attempt'],
    ['a contract of version 99', [at(4, 'contract', resealed(contract, { version: 99 as never }))], 'contract version 99'],
    ['a contract with an unknown key', [at(4, 'contract', withReceipt({ ...(({ receipt: _r, ...rest }) => rest)(contract), extra: 1 }))], 'Unrecognized key'],
    ['a contract whose boundary is not its place', [at(9, 'contract', contract)], 'evidence boundary'],
    ['a contract whose coverage does not recompute', [at(4, 'contract', resealed(contract, { coverage: { ...contract.coverage, status: 'ready', findings: [] , weightedCoverage: 0.5 } }))], 'coverage'],
    ['a contract whose check does not re-validate', [at(4, 'contract', resealed(contract, { checks: [{ id: 'k1', kind: 'file_contains', args: { path: '../x', text: 'hi' } }, contract.checks[1]!] }))], 'invalid'],
    ['a duplicated attempt', [honest[0]!, honest[1]!, at(7, 'attempt', attempt1.attempt)], 'numbered 1, the next is 2'],
    ['a duplicated contract', [honest[0]!, honest[1]!, at(4, 'contract', contract)], 'second contract'],
    ['attempts after the terminal', [...honest, at(10, 'attempt', settleAttempt(contract, [attempt1.attempt, attempt2.attempt], fail, 'manual').attempt)], 'no active contract'],
    ['a terminal moved before attempt 2', [honest[0]!, honest[1]!, at(7, 'terminal', abstainRecord({ contract, attempts: [attempt1.attempt], terminal: null, review: { intent: null, evidence: null }, integrityError: null }, 'x')), honest[2]!], 'no active contract'],
    ['an attempt past the budget', [honest[0]!, ...[1, 2, 3, 4].map(n => at(4 + n, 'attempt', resealed(attempt1.attempt, { attempt: n })))], 'exceeds the budget'],
    ['a verdict contradicting its results', [honest[0]!, at(6, 'attempt', resealed(attempt1.attempt, { verdict: 'pass' }))], 'contradicts'],
    ['results that are not the contract\'s checks', [honest[0]!, at(6, 'attempt', resealed(attempt1.attempt, { results: [fail[0]!] }))], 'do not match'],
    ['an early exhaustion with repairable checks', [honest[0]!, honest[1]!, at(7, 'terminal', withReceipt({ contractId: contract.contractId, outcome: 'exhausted' as const, reason: 'x', attemptReceipt: attempt1.attempt.receipt }))], 'attempts left'],
    ['a record of another contract', [honest[0]!, at(6, 'attempt', resealed(attempt1.attempt, { contractId: 'contract-99' }))], 'no active contract contract-99'],
    ['garbage', [honest[0]!, at(6, 'attempt', 'not a record')], 'record'],
  ]

  it.each(forgeries)('puts %s into the integrity state, which never certifies', (_label, events, reason) => {
    const state = fold(events)
    expect(reliabilityPhase(state)).toBe('integrity')
    expect(state.integrityError).toContain(reason)
    const after = reliabilityFold.apply(state, honest[3]!)
    expect(after).toBe(state)
  })

  it('exhausts at once when every failure can no longer change, and accepts that terminal', () => {
    const final: CheckResultRecord[] = [{ checkId: 'k1', passed: true, evidence: 'hi' }, { checkId: 'k2', passed: false, evidence: 'bash failed', final: true }]
    const settled = settleAttempt(contract, [], final, 'turn-stop')
    expect(settled.kind).toBe('exhausted')
    if (settled.kind !== 'exhausted') return
    expect(settled.terminal.reason).toContain('can no longer pass')
    expect(reliabilityPhase(fold([honest[0]!, at(6, 'attempt', settled.attempt), at(7, 'terminal', settled.terminal)]))).toBe('exhausted')
  })

  it('never throws while loading, whatever the payload', () => {
    const hostile = [null, 1, [], { version: 3 }, { receipt: contentReceipt({}) }, Object.create({ evil: true }) as unknown]
    for (const data of hostile) for (const type of ['contract', 'attempt', 'terminal']) expect(() => fold([at(4, type, data)])).not.toThrow()
  })
})
