import { describe, expect, it } from 'vitest'
import { AGENT_AUTHORED } from '../support/records.ts'
import { contentReceipt } from '../../src/kernel/receipts.ts'
import { assessCoverage, evidenceSource } from '../../src/reliability/contract/coverage.ts'
import { applyReliabilityEvent, reliabilityFold, reliabilityPhase } from '../../src/reliability/contract/fold.ts'
import { parseContractInput, type ContractLimits } from '../../src/reliability/contract/input.ts'
import { abstainRecord, openContract, settleAttempt, settlementMessage } from '../../src/reliability/contract/lifecycle.ts'
import { receiptMatches } from '../../src/kernel/receipts.ts'
import { policyText } from '../../src/reliability/host/policy-section.ts'
import { CHECK_ARGUMENTS, CHECK_KIND_NAMES, CHECK_KINDS } from '../../src/reliability/checks/vocabulary.ts'
import { contractParameters } from '../../src/reliability/host/contract-schema.ts'
import { CLAIM_IMPORTANCE, CLAIM_VERIFICATION } from '../../src/reliability/contract/input.ts'

const limits: ContractLimits = { maxClaims: 3, maxChecks: 4, maxTextChars: 40, maxAttempts: 3, maxCount: 5, json: { maxDepth: 4, maxBytes: 200, maxStringChars: 40, maxKeys: 5 }, verifierProfiles: null }
const claim = (extra: Record<string, unknown> = {}) => ({ id: 'c1', statement: 'README says hi', importance: 'critical', verification: 'deterministic', check_ids: ['k1'], ...extra })
const check = (extra: Record<string, unknown> = {}) => ({ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'hi', ...extra })
const input = (extra: Record<string, unknown> = {}) => ({ objective: 'greet', claims: [claim()], checks: [check()], ...extra })

function refusal(raw: unknown): string {
  try {
    parseContractInput(raw, limits)
  } catch (error) {
    return (error as Error).message
  }
  return 'accepted'
}

describe('contract arguments', () => {
  it('normalize into records with snake_case check arguments', () => {
    const spec = parseContractInput(input({ checks: [check({ path: './README.md' })] }), limits)
    expect(spec).toEqual({
      objective: 'greet',
      claims: [{ id: 'c1', statement: 'README says hi', importance: 'critical', verification: 'deterministic', checkIds: ['k1'], minimumIndependentSources: 1 }],
      checks: [{ id: 'k1', kind: 'file_contains', args: { path: 'README.md', text: 'hi' } }],
      maxAttempts: 3,
    })
  })

  it('are refused with the offending field named', () => {
    expect(refusal(input({ objective: '' }))).toBe('objective: must not be empty')
    expect(refusal(input({ objective: 'x'.repeat(41) }))).toBe('objective: must be at most 40 characters (got 41)')
    expect(refusal(input({ claims: [] }))).toBe('claims: must hold 1 to 3 items (got 0)')
    expect(refusal(input({ checks: [check(), check({ id: 'k2' }), check({ id: 'k3' }), check({ id: 'k4' }), check({ id: 'k5' })] }))).toBe('checks: must hold 1 to 4 items (got 5)')
    expect(refusal(input({ checks: [check(), check()] }))).toBe('checks[1].id: duplicates id "k1"')
    expect(refusal(input({ claims: [claim(), claim()] }))).toBe('claims[1].id: duplicates id "c1"')
    expect(refusal(input({ claims: [claim({ check_ids: ['k9'] })] }))).toBe('claims[0].check_ids[0]: names no declared check ("k9")')
    expect(refusal(input({ claims: [claim({ importance: 'vital' })] }))).toBe('claims[0].importance: must be one of critical, important, minor')
    expect(refusal(input({ claims: [claim({ minimum_independent_sources: 6 })] }))).toBe('claims[0].minimum_independent_sources: must be an integer from 1 to 5')
    expect(refusal(input({ checks: [check({ kind: 'file_smells' })] }))).toContain('checks[0].kind: must be one of file_exists')
    expect(refusal(input({ checks: [check({ path: '../secret' })] }))).toBe('checks[0].path: must not contain a .. segment')
    expect(refusal(input({ checks: [check({ path: '/etc/passwd' })] }))).toBe('checks[0].path: must be relative to the workspace, not absolute')
    expect(refusal(input({ checks: [check({ text: undefined })] }))).toBe('checks[0].text: is required for file_contains')
    expect(refusal(input({ checks: [check({ text: '' })] }))).toBe('checks[0].text: must not be empty')
    expect(refusal(input({ checks: [check({ tool: 'bash' })] }))).toBe('checks[0].tool: is not a known field (known: id, kind, path, text)')
    expect(refusal(input({ checks: [{ id: 'k1', kind: 'json_equals', path: 'a.json', pointer: 'a', value: 1 }] }))).toContain('checks[0].pointer: must be an RFC 6901 JSON Pointer')
    expect(refusal(input({ max_attempts: 4 }))).toBe('max_attempts: must be an integer from 1 to 3')
    expect(refusal(input({ extra: true }))).toBe('arguments.extra: is not a known field (known: objective, claims, checks, max_attempts)')
  })
})

describe('coverage assessment', () => {
  it('counts sources by authority: path aliases are one source, trajectory checks share one', () => {
    const spec = parseContractInput({
      objective: 'ship',
      claims: [
        claim({ check_ids: ['a', 'b'], minimum_independent_sources: 2 }),
        claim({ id: 'c2', importance: 'minor', check_ids: ['t1', 't2'], minimum_independent_sources: 2 }),
      ],
      checks: [check({ id: 'a', path: './README.md' }), check({ id: 'b', path: 'README.md', text: 'there' }), { id: 't1', kind: 'tool_succeeded', tool: 'bash' }, { id: 't2', kind: 'no_tool_errors' }],
    }, limits)
    expect(spec.checks.map(evidenceSource)).toEqual(['workspace:README.md', 'workspace:README.md', 'tool-events', 'tool-events'])
    const report = assessCoverage(spec.claims, spec.checks)
    expect(report.status).toBe('review-required')
    expect(report.findings).toEqual([
      'claim c1 needs 2 independent evidence source(s) and its checks give 1',
      'claim c2 needs 2 independent evidence source(s) and its checks give 1',
    ])
    expect(report.sourcesPerClaim).toEqual({ c1: 1, c2: 1 })
  })

  it('requires a critical claim and deterministic claims; brittle kinds only warn', () => {
    const spec = parseContractInput(input({
      claims: [claim({ importance: 'important' }), claim({ id: 'c2', importance: 'minor', verification: 'human-required', check_ids: [] })],
      checks: [check(), { id: 'k2', kind: 'file_exists', path: 'x' }],
    }), limits)
    const report = assessCoverage(spec.claims, spec.checks)
    expect(report.findings).toEqual(['no claim is critical: mark the claim whose failure means the task failed as critical', 'claim c2 is human-required: no deterministic check can prove it'])
    expect(report.warnings).toEqual([
      'check k1 (file_contains) is exact literal: passes on the words, not on the behaviour they describe',
      'check k2 supports no claim',
      'check k2 (file_exists) is presence only: any content passes',
    ])
    expect(report.coveredClaims).toBe(1)
    expect(report.weightedCoverage).toBe(0.667)
    const ready = assessCoverage(parseContractInput(input(), limits).claims, parseContractInput(input(), limits).checks)
    expect(ready).toMatchObject({ status: 'ready', findings: [], weightedCoverage: 1 })
  })
})

describe('lifecycle and fold', () => {
  const spec = parseContractInput(input({ max_attempts: 2 }), limits)
  const contract = openContract(spec, assessCoverage(spec.claims, spec.checks), 7, AGENT_AUTHORED)
  const fail = [{ checkId: 'k1', passed: false, evidence: 'README.md does not exist' }]
  const pass = [{ checkId: 'k1', passed: true, evidence: 'README.md contains "hi"' }]

  it('writes version 3 unreviewed contracts with a receipt over the content', () => {
    expect(contract).toMatchObject({ version: 3, contractId: 'contract-7', startedAtSeq: 7, reviewMode: 'off', maxAttempts: 2 })
    const { receipt, ...body } = contract
    expect(receipt).toBe(contentReceipt(body))
    expect(receiptMatches(contract)).toBe(true)
    expect(receiptMatches({ ...contract, objective: 'changed' } as typeof contract)).toBe(false)
  })

  it('settles attempts: repair, then exhausted at the limit; or certified', () => {
    const first = settleAttempt(contract, [], fail, 'turn-stop')
    expect(first.kind).toBe('repair')
    const second = settleAttempt(contract, [first.attempt], fail, 'manual')
    expect(second).toMatchObject({ kind: 'exhausted', attempt: { attempt: 2, trigger: 'manual' }, terminal: { outcome: 'exhausted', attemptReceipt: second.attempt.receipt } })
    const certified = settleAttempt(contract, [first.attempt], pass, 'turn-stop')
    expect(certified).toMatchObject({ kind: 'certified', terminal: { outcome: 'certified', attemptReceipt: certified.attempt.receipt } })
    expect(settlementMessage(contract, first)).toContain('- k1 (file_contains): README.md does not exist')
    expect(settlementMessage(contract, second)).toContain('Do not claim the task is complete')
    expect(settlementMessage(contract, certified)).toContain(certified.kind === 'certified' ? certified.terminal.receipt : 'x')
  })

  it('folds events into the phase and flags a tampered record', () => {
    let state = reliabilityFold.init()
    expect(reliabilityPhase(state)).toBe('inactive')
    state = applyReliabilityEvent(state, { type: 'reliability/contract', seq: contract.startedAtSeq, data: contract })
    expect(reliabilityPhase(state)).toBe('active')
    const first = settleAttempt(contract, [], fail, 'turn-stop')
    state = applyReliabilityEvent(state, { type: 'reliability/attempt', seq: 9, data: first.attempt })
    expect(state.attempts).toHaveLength(1)
    const same = applyReliabilityEvent(state, { type: 'tool/call', seq: 10, data: {} })
    expect(same).toBe(state)
    const abstained = applyReliabilityEvent(state, { type: 'reliability/terminal', seq: 11, data: abstainRecord(state as never, 'needs a human') })
    expect(reliabilityPhase(abstained)).toBe('abstained')
    const tampered = applyReliabilityEvent(state, { type: 'reliability/attempt', seq: 12, data: { ...first.attempt, verdict: 'pass' } })
    expect(tampered.integrityError).toBe('reliability/attempt at seq 12: its receipt does not cover its content')
    expect(tampered.attempts).toHaveLength(1)
  })
})

describe('the policy section', () => {
  it('is short, names the tools the deployment offers, and holds no prompt variable', () => {
    const facts = { review: 'required', codeVerification: false, authoring: 'current-agent' } as const
    const text = policyText(facts)
    expect(text).not.toContain('{{')
    expect(Buffer.byteLength(text)).toBeLessThan(700)
    expect(Buffer.byteLength(policyText({ ...facts, codeVerification: true, authoring: 'auxiliary-model' }))).toBeLessThan(900)
    expect(text).toContain('approves your intent')
    expect(policyText({ ...facts, review: 'off' })).not.toContain('approves')
    expect(policyText({ ...facts, codeVerification: true })).toContain('reliability_begin_code')
    expect(policyText({ ...facts, codeVerification: true })).toContain('reliability_code_verify')
    expect(policyText(facts)).not.toContain('reliability_code_verify')
    expect(policyText(facts)).not.toContain('reliability_draft')
    expect(policyText({ ...facts, authoring: 'auxiliary-model' })).toContain('reliability_draft')
    for (const tool of ['reliability_begin', 'reliability_assess', 'reliability_abstain']) expect(text).toContain(tool)
  })
})

describe('the contract parameters', () => {
  it('spell out every check kind with its arguments in reliability_begin only, and offer intent and draft_receipt only where the deployment uses them', () => {
    const begin = contractParameters({ intent: true, draftReceipt: true, grammar: true })
    for (const kind of CHECK_KIND_NAMES) expect(begin.checks.description).toContain(`${kind}(${[...CHECK_KINDS[kind].required, ...CHECK_KINDS[kind].optional.map(name => `${name}?`)].join(',')})`)
    for (const name of Object.keys(CHECK_ARGUMENTS)) expect(begin.checks.description).toContain(`${name}: `)
    for (const value of [...CLAIM_IMPORTANCE, ...CLAIM_VERIFICATION]) expect(begin.claims.description).toContain(value)
    expect(Object.keys(begin)).toEqual(['objective', 'claims', 'checks', 'max_attempts', 'intent', 'draft_receipt'])
    const plain = contractParameters({ intent: false, draftReceipt: false, grammar: false })
    expect(Object.keys(plain)).toEqual(['objective', 'claims', 'checks'])
    expect(Object.keys(contractParameters({ intent: false, draftReceipt: false, grammar: true }))).toEqual(['objective', 'claims', 'checks', 'max_attempts'])
    expect(JSON.stringify(plain)).not.toContain('description')
  })
})

describe('contract versions', () => {
  it('reads only the versions this build writes; any other is an integrity violation, not a cast', () => {
    const spec = parseContractInput(input(), limits)
    const base = openContract(spec, assessCoverage(spec.claims, spec.checks), 3, AGENT_AUTHORED)
    for (const version of [1, 2, 4, 99] as const) {
      const { receipt: _receipt, ...body } = base
      const record = { ...body, version }
      const state = applyReliabilityEvent(reliabilityFold.init(), { type: 'reliability/contract', seq: 3, data: { ...record, receipt: contentReceipt(record) } })
      expect(reliabilityPhase(state), `version ${version}`).toBe('integrity')
      expect(state.integrityError).toContain(`contract version ${version} is not one this build reads`)
    }
    const { receipt: _receipt, ...body } = base
    const unreviewedAsFive = { ...body, version: 5 }
    const state = applyReliabilityEvent(reliabilityFold.init(), { type: 'reliability/contract', seq: 3, data: { ...unreviewedAsFive, receipt: contentReceipt(unreviewedAsFive) } })
    expect(state.integrityError, 'a version 5 contract must carry its review').toContain('reviewMode')
  })
})
