/** The fold's transition rules for attempts and terminals, the settlement a cut log lacks, and the fold spec itself. */
import { AGENT_AUTHORED, at, fold, type GovernorEvent } from '../support/records.ts'
import { describe, expect, it } from 'vitest'
import { contentReceipt, withReceipt } from '../../src/kernel/receipts.ts'
import { assessCoverage } from '../../src/reliability/contract/coverage.ts'
import { applyReliabilityEvent, integrityProblem, missingSettlement, reliabilityFold, reliabilityPhase } from '../../src/reliability/contract/fold.ts'
import { parseContractInput, type ContractLimits } from '../../src/reliability/contract/input.ts'
import { openContract } from '../../src/reliability/contract/lifecycle.ts'
import type { AttemptRecord, CheckResultRecord, ContractRecord, TerminalOutcome, TerminalRecord } from '../../src/reliability/contract/records.ts'
import { outputDigest, verificationRecord } from '../../src/reliability/verification/record.ts'

const limits: ContractLimits = { maxClaims: 5, maxChecks: 5, maxTextChars: 200, maxAttempts: 3, maxCount: 5, json: { maxDepth: 8, maxBytes: 4096, maxStringChars: 200, maxKeys: 20 }, verifierProfiles: null }

/** A three-attempt contract over two checks (k1, k2) at seq 4; built on demand so every test sees fresh records. */
function opened(): ContractRecord {
  const spec = parseContractInput({
    objective: 'greet',
    claims: [{ id: 'c1', statement: 'README says hi', importance: 'critical', verification: 'deterministic', check_ids: ['k1', 'k2'] }],
    checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'hi' }, { id: 'k2', kind: 'no_tool_errors' }],
  }, limits)
  return openContract(spec, assessCoverage(spec.claims, spec.checks), 4, AGENT_AUTHORED)
}

const ok = (checkId: string): CheckResultRecord => ({ checkId, passed: true, evidence: 'ok' })
const bad = (checkId: string, final = false): CheckResultRecord => final ? { checkId, passed: false, evidence: 'no', final: true } : { checkId, passed: false, evidence: 'no' }
const repairable = [bad('k1'), ok('k2')]
const passing = [ok('k1'), ok('k2')]

function attempt(number: number, results: CheckResultRecord[], verdict: 'pass' | 'fail' = results.every(result => result.passed) ? 'pass' : 'fail', contractId = 'contract-4'): AttemptRecord {
  return withReceipt({ contractId, attempt: number, trigger: 'manual' as const, results, verdict })
}
function terminal(outcome: TerminalOutcome, attemptReceipt: AttemptRecord['receipt'] | null, contractId = 'contract-4'): TerminalRecord {
  return withReceipt({ contractId, outcome, reason: 'x', attemptReceipt })
}

/** The contract at seq 4 followed by its attempts at seq 5, 6, ... */
function withAttempts(attempts: readonly AttemptRecord[]): GovernorEvent[] {
  return [at(4, 'contract', opened()), ...attempts.map((record, index) => at(5 + index, 'attempt', record))]
}

describe('attempts', () => {
  it('accepts an attempt numbered at the budget, and an exhaustion that names it although its checks are repairable', () => {
    const attempts = [1, 2, 3].map(number => attempt(number, repairable))
    const state = fold([...withAttempts(attempts), at(8, 'terminal', terminal('exhausted', attempts[2]!.receipt))])
    expect(state.integrityError).toBeNull()
    expect(reliabilityPhase(state)).toBe('exhausted')
  })

  it('refuses results that name the contract\'s checks out of order, or a check it does not have', () => {
    for (const results of [[ok('k2'), bad('k1')], [ok('k1'), ok('k9')], [ok('k1')]]) {
      const state = fold(withAttempts([attempt(1, results)]))
      expect(state.integrityError).toBe('reliability/attempt at seq 5: its results do not match the contract\'s checks in order')
    }
  })

  it('refuses a passed check marked final, but accepts a final failure', () => {
    const marked = fold(withAttempts([attempt(1, [{ ...ok('k1'), final: true }, ok('k2')])]))
    expect(marked.integrityError).toBe('reliability/attempt at seq 5: a passed check is marked final')
    expect(fold(withAttempts([attempt(1, [bad('k1', true), ok('k2')])])).attempts).toHaveLength(1)
  })
})

describe('terminals', () => {
  it('refuse a certification before any attempt, or one naming another receipt than the passing attempt\'s', () => {
    expect(fold([at(4, 'contract', opened()), at(5, 'terminal', terminal('certified', null))]).integrityError).toBe('reliability/terminal at seq 5: it certifies without a passing attempt')
    const passed = attempt(1, passing)
    const state = fold([...withAttempts([passed]), at(6, 'terminal', terminal('certified', contentReceipt('another attempt')))])
    expect(state.integrityError).toBe('reliability/terminal at seq 6: it does not name the passing attempt\'s receipt')
  })

  it('refuse an exhaustion without a failing last attempt, or one naming another receipt', () => {
    expect(fold([at(4, 'contract', opened()), at(5, 'terminal', terminal('exhausted', null))]).integrityError).toBe('reliability/terminal at seq 5: it exhausts without a failing attempt')
    const passed = attempt(1, passing)
    expect(fold([...withAttempts([passed]), at(6, 'terminal', terminal('exhausted', passed.receipt))]).integrityError).toBe('reliability/terminal at seq 6: it exhausts without a failing attempt')
    const hopeless = attempt(1, [bad('k1', true), ok('k2')])
    expect(fold([...withAttempts([hopeless]), at(6, 'terminal', terminal('exhausted', contentReceipt('elsewhere')))]).integrityError).toBe('reliability/terminal at seq 6: it does not name the last attempt\'s receipt')
    expect(reliabilityPhase(fold([...withAttempts([hopeless]), at(6, 'terminal', terminal('exhausted', hopeless.receipt))]))).toBe('exhausted')
  })

  it('accept an abstention before any attempt naming no receipt, and refuse one that does not name the last attempt', () => {
    expect(reliabilityPhase(fold([at(4, 'contract', opened()), at(5, 'terminal', terminal('abstained', null))]))).toBe('abstained')
    const first = attempt(1, repairable)
    expect(fold([...withAttempts([first]), at(6, 'terminal', terminal('abstained', null))]).integrityError).toBe('reliability/terminal at seq 6: it does not name the last attempt\'s receipt')
    expect(reliabilityPhase(fold([...withAttempts([first]), at(6, 'terminal', terminal('abstained', first.receipt))]))).toBe('abstained')
  })

  it('refuse an abstention that hides the certification a passing attempt settles as', () => {
    const passed = attempt(1, passing)
    expect(fold([...withAttempts([passed]), at(6, 'terminal', terminal('abstained', passed.receipt))]).integrityError).toBe('reliability/terminal at seq 6: it abstains after a passing attempt, which settles as certified')
  })

  it('apply only to the active contract', () => {
    expect(fold([at(5, 'terminal', terminal('abstained', null))]).integrityError).toBe('reliability/terminal at seq 5: no active contract contract-4')
    expect(fold([at(4, 'contract', opened()), at(5, 'terminal', terminal('abstained', null, 'contract-99'))]).integrityError).toBe('reliability/terminal at seq 5: no active contract contract-99')
    const twice = fold([at(4, 'contract', opened()), at(5, 'terminal', terminal('abstained', null)), at(6, 'terminal', terminal('abstained', null))])
    expect(twice.integrityError).toBe('reliability/terminal at seq 6: no active contract contract-4')
  })
})

describe('code verification records', () => {
  const facts = {
    profileId: 'unit-tests',
    profileReceipt: contentReceipt({ profile: 'unit-tests' }),
    executable: '/usr/bin/node',
    outcome: 'passed' as const,
    exitCode: 0,
    signal: null,
    durationMs: 12,
    sandbox: { mode: 'read-only' as const, enforcement: 'full' as const },
    stdout: outputDigest('ok\n', false),
    stderr: outputDigest('', false),
    detail: null,
  }

  it('change nothing when they decode, and are an integrity violation when they do not', () => {
    const active = fold([at(4, 'contract', opened())])
    const record = verificationRecord(facts)
    expect(reliabilityFold.apply(active, at(5, 'code-verification', record))).toBe(active)
    const forged = reliabilityFold.apply(active, at(5, 'code-verification', { ...record, exitCode: 1 }))
    expect(forged.integrityError).toBe('reliability/code-verification at seq 5: its receipt does not cover its content')
    expect(reliabilityPhase(forged)).toBe('integrity')
  })
})

describe('a log cut after a settling attempt', () => {
  it('is an integrity problem when a passing attempt has no certification', () => {
    const state = fold(withAttempts([attempt(1, repairable), attempt(2, passing)]))
    expect(state.integrityError).toBeNull()
    expect(missingSettlement(state)).toBe('attempt 2 passed but its certification is missing')
    expect(integrityProblem(state)).toBe('attempt 2 passed but its certification is missing')
    expect(reliabilityPhase(state)).toBe('integrity')
  })

  it('is an integrity problem when the budget is spent without a terminal', () => {
    const state = fold(withAttempts([1, 2, 3].map(number => attempt(number, repairable))))
    expect(missingSettlement(state)).toBe('attempt 3 settled the contract but its terminal record is missing')
    expect(reliabilityPhase(state)).toBe('integrity')
  })

  it('is an integrity problem when every failure is final, whatever budget is left', () => {
    const state = fold(withAttempts([attempt(1, [ok('k1'), bad('k2', true)])]))
    expect(missingSettlement(state)).toBe('attempt 1 settled the contract but its terminal record is missing')
    expect(reliabilityPhase(state)).toBe('integrity')
  })

  it('is not a problem while a failure is repairable and the budget lasts', () => {
    for (const results of [repairable, [bad('k1'), bad('k2', true)], [ok('k1'), bad('k2')]]) {
      const state = fold(withAttempts([attempt(1, results)]))
      expect(missingSettlement(state)).toBeNull()
      expect(reliabilityPhase(state)).toBe('active')
    }
    const second = fold(withAttempts([attempt(1, repairable), attempt(2, repairable)]))
    expect(missingSettlement(second)).toBeNull()
  })

  it('is not reported once a terminal is recorded or the records are already inconsistent', () => {
    const passed = attempt(1, passing)
    const certified = fold([...withAttempts([passed]), at(6, 'terminal', terminal('certified', passed.receipt))])
    expect(missingSettlement(certified)).toBeNull()
    expect(reliabilityPhase(certified)).toBe('certified')
    const broken = fold([...withAttempts([passed]), at(6, 'attempt', 'not a record')])
    expect(broken.attempts).toHaveLength(1)
    expect(missingSettlement(broken)).toBeNull()
    expect(integrityProblem(broken)).toBe(broken.integrityError)
    expect(missingSettlement(reliabilityFold.init())).toBeNull()
  })
})

describe('the fold spec', () => {
  it('starts empty under the key reliability', () => {
    expect(reliabilityFold.key).toBe('reliability')
    expect(reliabilityFold.init()).toEqual({ contract: null, attempts: [], terminal: null, review: { intent: null, evidence: null }, integrityError: null })
    expect(reliabilityPhase(reliabilityFold.init())).toBe('inactive')
  })

  it('recognises its own states and nothing else', () => {
    const state = fold(withAttempts([attempt(1, repairable)]))
    expect(reliabilityFold.isState(state)).toBe(true)
    expect(reliabilityFold.isState(reliabilityFold.init())).toBe(true)
    for (const value of [null, undefined, 'state', 3, [], [state]]) expect(reliabilityFold.isState(value), String(value)).toBe(false)
    for (const key of ['contract', 'attempts', 'terminal', 'review', 'integrityError']) {
      const { [key]: _dropped, ...rest } = state as unknown as Record<string, unknown>
      expect(reliabilityFold.isState(rest), `without ${key}`).toBe(false)
    }
    expect(reliabilityFold.isState({ ...state, attempts: {} })).toBe(false)
  })

  it('turns a payload that throws while it is read into an integrity state instead of throwing', () => {
    const throwing = { get version(): never { throw new Error('boom') } }
    expect(fold([at(1, 'contract', throwing)]).integrityError).toBe('reliability/contract at seq 1: it could not be read (boom)')
    const throwingText = { get version(): never { throw 'not an error' } }
    expect(fold([at(1, 'contract', throwingText)]).integrityError).toBe('reliability/contract at seq 1: it could not be read (not an error)')
    expect(() => applyReliabilityEvent(reliabilityFold.init(), at(1, 'contract', throwing))).toThrow('boom')
  })
})
