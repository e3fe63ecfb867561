/** Settlement decisions, the texts the agent is steered with, and the structural coverage figures. */
import { AGENT_AUTHORED } from '../support/records.ts'
import { describe, expect, it } from 'vitest'
import { receiptMatches } from '../../src/kernel/receipts.ts'
import { assessCoverage, evidenceSource, IMPORTANCE_WEIGHT } from '../../src/reliability/contract/coverage.ts'
import { parseContractInput, type ContractLimits } from '../../src/reliability/contract/input.ts'
import { abstainRecord, integrityMessage, openContract, settleAttempt, settlementMessage } from '../../src/reliability/contract/lifecycle.ts'
import type { CheckRecord, CheckResultRecord, ClaimRecord, ContractRecord } from '../../src/reliability/contract/records.ts'

const limits: ContractLimits = { maxClaims: 5, maxChecks: 5, maxTextChars: 200, maxAttempts: 3, maxCount: 5, json: { maxDepth: 8, maxBytes: 4096, maxStringChars: 200, maxKeys: 20 }, verifierProfiles: null }

/** A three-attempt contract over k1 (file_contains), k2 (no_tool_errors) and k3 (file_absent) at seq 4; built on demand. */
function opened(): ContractRecord {
  const spec = parseContractInput({
    objective: 'greet',
    claims: [{ id: 'c1', statement: 'README says hi', importance: 'critical', verification: 'deterministic', check_ids: ['k1', 'k2', 'k3'] }],
    checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'hi' }, { id: 'k2', kind: 'no_tool_errors' }, { id: 'k3', kind: 'file_absent', path: 'tmp.txt' }],
  }, limits)
  return openContract(spec, assessCoverage(spec.claims, spec.checks), 4, AGENT_AUTHORED)
}

const ok = (checkId: string): CheckResultRecord => ({ checkId, passed: true, evidence: `${checkId} holds` })
const bad = (checkId: string): CheckResultRecord => ({ checkId, passed: false, evidence: `${checkId} does not hold` })
const final = (checkId: string): CheckResultRecord => ({ ...bad(checkId), final: true })

describe('settling an attempt', () => {
  it('certifies when every check passed, naming the count and the attempt', () => {
    const contract = opened()
    const first = settleAttempt(contract, [], [bad('k1'), ok('k2'), ok('k3')], 'manual')
    const second = settleAttempt(contract, [first.attempt], [ok('k1'), ok('k2'), ok('k3')], 'turn-stop')
    expect(second.kind).toBe('certified')
    if (second.kind !== 'certified') return
    expect(second.terminal).toMatchObject({ contractId: 'contract-4', outcome: 'certified', reason: 'all 3 checks passed on attempt 2', attemptReceipt: second.attempt.receipt })
    expect(settlementMessage(contract, second)).toBe(`Evidence contract contract-4, attempt 2 of 3 (turn-stop): certified; all 3 checks passed. Certification receipt: ${second.terminal.receipt}. Report completion citing this receipt.`)
  })

  it('asks for repair while any failure can still change and the budget lasts', () => {
    const contract = opened()
    const settled = settleAttempt(contract, [], [bad('k1'), final('k2'), ok('k3')], 'manual')
    expect(settled.kind).toBe('repair')
    expect(settlementMessage(contract, settled)).toBe([
      'Evidence contract contract-4, attempt 1 of 3 (manual): not satisfied. Failed checks:',
      '- k1 (file_contains): k1 does not hold',
      '- k2 (no_tool_errors): k2 does not hold [cannot pass anymore: no repair changes this]',
      'Repair the work so the checks that can still pass do, then stop. Do not repeat a tool call whose outcome you cannot observe; inspect the state instead. If the rest needs a human or cannot be proved safely, call reliability_abstain with the reason.',
    ].join('\n'))
  })

  it('exhausts when every failure is final, before the budget is spent', () => {
    const contract = opened()
    const settled = settleAttempt(contract, [], [final('k1'), ok('k2'), final('k3')], 'turn-stop')
    expect(settled.kind).toBe('exhausted')
    if (settled.kind !== 'exhausted') return
    expect(settled.terminal.reason).toBe('2 check(s) fail and can no longer pass (their evidence is already in the session log)')
    expect(settlementMessage(contract, settled)).toBe([
      'Evidence contract contract-4, attempt 1 of 3 (turn-stop): the attempt budget is exhausted and these checks still fail:',
      '- k1 (file_contains): k1 does not hold [cannot pass anymore: no repair changes this]',
      '- k3 (file_absent): k3 does not hold [cannot pass anymore: no repair changes this]',
      'Do not claim the task is complete. Report what remains unverified and why.',
    ].join('\n'))
  })

  it('exhausts on the last attempt of the budget, counting the failures', () => {
    const contract = opened()
    const results = [bad('k1'), ok('k2'), ok('k3')]
    const first = settleAttempt(contract, [], results, 'manual')
    const second = settleAttempt(contract, [first.attempt], results, 'manual')
    const third = settleAttempt(contract, [first.attempt, second.attempt], results, 'manual')
    expect(second.kind).toBe('repair')
    expect(third.kind).toBe('exhausted')
    if (third.kind !== 'exhausted') return
    expect(third.terminal.reason).toBe('1 check(s) still fail after 3 of 3 attempts')
  })

  it('names a result for an undeclared check as of unknown kind', () => {
    const contract = opened()
    const settled = settleAttempt(contract, [], [bad('k9')], 'manual')
    expect(settlementMessage(contract, settled)).toContain('\n- k9 (unknown): k9 does not hold\n')
  })
})

describe('abstaining', () => {
  it('names no attempt before the first one, and the last one after', () => {
    const contract = opened()
    const before = abstainRecord({ contract, attempts: [], terminal: null, review: { intent: null, evidence: null }, integrityError: null }, 'needs a human')
    expect(before).toMatchObject({ contractId: 'contract-4', outcome: 'abstained', reason: 'needs a human', attemptReceipt: null })
    expect(receiptMatches(before)).toBe(true)
    const first = settleAttempt(contract, [], [bad('k1'), ok('k2'), ok('k3')], 'manual').attempt
    const second = settleAttempt(contract, [first], [bad('k1'), ok('k2'), ok('k3')], 'manual').attempt
    expect(abstainRecord({ contract, attempts: [first, second], terminal: null, review: { intent: null, evidence: null }, integrityError: null }, 'x').attemptReceipt).toBe(second.receipt)
  })
})

describe('the integrity message', () => {
  it('quotes the violation and forbids certification', () => {
    expect(integrityMessage('reliability/attempt at seq 5: garbage')).toBe('The reliability governor\'s records in this session are inconsistent (reliability/attempt at seq 5: garbage). Nothing in this session can be certified. Report the task as unverified and name what you could not prove.')
  })
})

const claim = (id: string, importance: ClaimRecord['importance'], checkIds: string[], extra: Partial<ClaimRecord> = {}): ClaimRecord => ({ id, statement: `${id} holds`, importance, verification: 'deterministic', checkIds, minimumIndependentSources: 1, ...extra })
const check = (id: string, kind: string, args: CheckRecord['args'] = {}): CheckRecord => ({ id, kind, args })

describe('coverage figures', () => {
  it('weigh critical, important and minor claims 3, 2 and 1', () => {
    expect(IMPORTANCE_WEIGHT).toEqual({ critical: 3, important: 2, minor: 1 })
    const checks = [check('k1', 'file_absent', { path: 'a' })]
    const report = assessCoverage([claim('c1', 'critical', ['k1']), claim('c2', 'important', ['k1'], { verification: 'human-required' })], checks)
    expect(report).toMatchObject({ claims: 2, coveredClaims: 1, weightedCoverage: 0.6 })
    expect(assessCoverage([claim('c1', 'critical', []), claim('c2', 'minor', ['k1'])], checks).weightedCoverage).toBe(0.25)
  })

  it('do not count a claim short of independent sources as covered', () => {
    const report = assessCoverage([claim('c1', 'critical', ['k1'], { minimumIndependentSources: 2 })], [check('k1', 'file_absent', { path: 'a' })])
    expect(report).toMatchObject({ status: 'review-required', coveredClaims: 0, weightedCoverage: 0, sourcesPerClaim: { c1: 1 } })
  })

  it('are zero without claims', () => {
    expect(assessCoverage([], [])).toEqual({ status: 'review-required', findings: ['no claim is critical: mark the claim whose failure means the task failed as critical'], warnings: [], claims: 0, coveredClaims: 0, weightedCoverage: 0, sourcesPerClaim: {} })
  })

  it('ignore references to undeclared checks and warn only about brittle kinds', () => {
    const report = assessCoverage([claim('c1', 'critical', ['k1', 'k9'])], [check('k1', 'file_absent', { path: 'a' })])
    expect(report).toMatchObject({ status: 'ready', findings: [], warnings: [], coveredClaims: 1, weightedCoverage: 1, sourcesPerClaim: { c1: 1 } })
  })

  it('give a check of an unknown kind its own source and no brittleness', () => {
    const mystery = check('k1', 'mystery')
    expect(evidenceSource(mystery)).toBe('unknown:mystery')
    const report = assessCoverage([claim('c1', 'critical', ['k1', 'k2'], { minimumIndependentSources: 2 })], [mystery, check('k2', 'file_absent', { path: 'a' })])
    expect(report).toMatchObject({ status: 'ready', warnings: [], sourcesPerClaim: { c1: 2 } })
  })
})
