/**
 * The pure draft core: reading the auxiliary model's output strictly,
 * sealing and decoding `reliability/contract-draft`, binding a contract to
 * the exact, latest, unused draft, injected verifiers in code drafts, and
 * authorship on proposals and contracts.
 */
import { describe, expect, it } from 'vitest'
import { bindDraft, decodeDraft, draftRecord, readDraftOutput, type ContractDraftRecord } from '../../src/reliability/authoring/draft.ts'
import { authorshipProblem } from '../../src/reliability/authoring/modes.ts'
import { assessCoverage } from '../../src/reliability/contract/coverage.ts'
import { decodeContract } from '../../src/reliability/contract/decode.ts'
import type { ContractLimits, ContractSpec } from '../../src/reliability/contract/input.ts'
import { openContract } from '../../src/reliability/contract/lifecycle.ts'
import { evidenceProposal } from '../../src/reliability/review/evidence.ts'
import { evidenceSections } from '../../src/reliability/review/markdown.ts'
import { withRequiredVerifiers } from '../../src/reliability/verification/inject.ts'
import { sealProfiles } from '../../src/reliability/verification/profiles.ts'
import { withReceipt } from '../../src/kernel/receipts.ts'
import type { FoldEvent } from '../../src/kernel/projection.ts'

const limits: ContractLimits = { maxClaims: 5, maxChecks: 5, maxTextChars: 200, maxAttempts: 3, maxCount: 5, json: { maxDepth: 4, maxBytes: 200, maxStringChars: 40, maxKeys: 5 }, verifierProfiles: ['unit-tests'] }
const [UNIT] = sealProfiles([{ id: 'unit-tests', description: 'tests pass', command: 'npm', args: ['test'], timeoutMs: 60_000, sandboxMode: 'read-only', required: true, maxOutputBytes: 1_000_000 }])
const OUTPUT = { claims: [{ id: 'c1', statement: 'README names demo', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }], checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'demo' }] }
const PROVENANCE = { provider: 'aux', model: 'm', promptVersion: 1, usage: null }
const ROUTE = { provider: 'aux', model: 'm', promptVersion: 1 }
const read = (value: unknown, kind: 'general' | 'code' = 'general') => readDraftOutput(typeof value === 'string' ? value : JSON.stringify(value), kind, 'objective', limits, [UNIT!])
const event = (seq: number, type: string, data: unknown): FoldEvent => ({ seq, type, data })

describe('reading the draft output', () => {
  it('admits exactly {claims, checks} that validate like reliability_begin arguments with ready coverage', () => {
    const spec = read(OUTPUT)
    expect(spec.checks).toEqual([{ id: 'k1', kind: 'file_contains', args: { path: 'README.md', text: 'demo' } }])
    expect(read(`\n ${JSON.stringify(OUTPUT)}\n`)).toEqual(spec)
  })

  it('refuses each way an output can be wrong, naming it', () => {
    const cases: Array<[unknown, string]> = [
      ['```json\n{}\n```', 'not strict JSON'],
      ['[]', 'not a JSON object'],
      [{ claims: OUTPUT.claims }, 'exactly the keys claims and checks'],
      [{ ...OUTPUT, max_attempts: 2 }, 'exactly the keys claims and checks'],
      [`{"claims": ${JSON.stringify(OUTPUT.claims)}, "checks": [], "checks": ${JSON.stringify(OUTPUT.checks)}}`, 'uplicate key'],
      [`{"claims": [{"id": "c1", "statement": "s", "importance": "critical", "verification": "deterministic", "check_ids": ["k1"], "minimum_independent_sources": 1e400}], "checks": ${JSON.stringify(OUTPUT.checks)}}`, 'cannot be represented exactly'],
      [{ ...OUTPUT, checks: [{ id: 'k1', kind: 'model_says_ok' }] }, 'draft.checks[0].kind'],
      [{ ...OUTPUT, checks: [{ id: 'k1', kind: 'code_verification_succeeded', profile: 'lint' }] }, 'draft.checks[0].profile'],
      [{ ...OUTPUT, claims: [{ ...OUTPUT.claims[0], verification: 'unsupported' }] }, 'coverage is review-required'],
      [{ ...OUTPUT, checks: [{ id: 'verifier-unit-tests', kind: 'file_exists', path: 'a' }], claims: [{ ...OUTPUT.claims[0], check_ids: ['verifier-unit-tests'] }] }, 'reserved for the required verifier profile unit-tests'],
    ]
    for (const [output, cause] of cases) expect(() => read(output), cause).toThrow(cause)
  })

  it('injects every required verifier into a code draft', () => {
    const spec = read(OUTPUT, 'code')
    expect(spec.checks.map(check => check.id)).toEqual(['k1', 'verifier-unit-tests'])
    expect(spec.claims.at(-1)).toMatchObject({ id: 'verified-unit-tests', importance: 'critical' })
  })
})

describe('the draft record', () => {
  const spec = read(OUTPUT)
  const record = draftRecord('general', spec, PROVENANCE, 7)

  it('decodes strictly: its receipt, its own seq, exact keys, content that re-derives', () => {
    expect(decodeDraft(record, 7)).toEqual({ ok: true, record })
    expect(decodeDraft(record, 8)).toMatchObject({ ok: false, reason: expect.stringContaining('not its own place') as unknown as string })
    expect(decodeDraft({ ...record, model: 'other' }, 7)).toMatchObject({ ok: false, reason: 'its receipt does not cover its content' })
    const { receipt: _receipt, ...body } = record
    expect(decodeDraft(withReceipt({ ...body, context: 'x' }), 7)).toMatchObject({ ok: false, reason: expect.stringContaining('context') as unknown as string })
    expect(decodeDraft(withReceipt({ ...body, coverage: { status: 'ready' } }), 7)).toMatchObject({ ok: false, reason: 'its coverage assessment does not recompute' })
    expect(draftRecord('general', spec, PROVENANCE, 9).receipt).not.toBe(record.receipt)
  })

  it('binds a contract to the exact, latest, intact, unused draft of the same kind', () => {
    const events = [event(7, 'reliability/contract-draft', record)]
    expect(bindDraft(events, record.receipt, 'general', spec, ROUTE)).toEqual(record)
    expect(() => bindDraft([], record.receipt, 'general', spec, ROUTE)).toThrow('no draft was recorded')
    expect(() => bindDraft(events, record.receipt, 'code', spec, ROUTE)).toThrow('names a general draft')
    expect(() => bindDraft(events, record.receipt, 'general', spec, { ...ROUTE, model: 'm2' })).toThrow('not the configured aux/m2')
    expect(() => bindDraft(events, record.receipt, 'general', spec, { ...ROUTE, promptVersion: 2 })).toThrow('prompt version 2')
    expect(() => bindDraft(events, record.receipt, 'general', { ...spec, maxAttempts: 1 }, ROUTE)).toThrow('max_attempts: is 1')
    expect(() => bindDraft(events, record.receipt, 'general', { ...spec, objective: 'other' }, ROUTE)).toThrow('objective: differs')
    expect(() => bindDraft(events, record.receipt, 'general', { ...spec, claims: [{ ...spec.claims[0]!, importance: 'minor' }] }, ROUTE)).toThrow('claims: differ')
    expect(() => bindDraft(events, record.receipt, 'general', { ...spec, checks: [{ ...spec.checks[0]!, args: { path: 'README.md', text: 'dem' } }] }, ROUTE)).toThrow('checks: differ')
    const newer = draftRecord('general', spec, PROVENANCE, 9)
    expect(() => bindDraft([...events, event(9, 'reliability/contract-draft', newer)], record.receipt, 'general', spec, ROUTE)).toThrow('not the receipt of the latest draft')
    const forged: ContractDraftRecord = { ...record, claims: [{ ...record.claims[0]!, statement: 'weaker' }] }
    expect(() => bindDraft([event(7, 'reliability/contract-draft', forged)], record.receipt, 'general', spec, ROUTE)).toThrow('is not intact')
    for (const consumer of ['reliability/contract', 'reliability/contract-review']) {
      const carrier = consumer === 'reliability/contract' ? { authorship: { mode: 'auxiliary-model', draftReceipt: record.receipt } } : { proposal: { authorship: { mode: 'auxiliary-model', draftReceipt: record.receipt } } }
      expect(() => bindDraft([...events, event(8, consumer, carrier)], record.receipt, 'general', spec, ROUTE), consumer).toThrow(`was already used (${consumer} at seq 8)`)
    }
  })
})

describe('injected verifiers passed back from a code draft', () => {
  const own: ContractSpec = { objective: 'o', claims: read(OUTPUT).claims, checks: read(OUTPUT).checks, maxAttempts: 3 }
  const injected = withRequiredVerifiers(own, [UNIT!])

  it('keeps exact copies once and refuses altered ones', () => {
    expect(withRequiredVerifiers(injected, [UNIT!])).toEqual(injected)
    const weakened = { ...injected, claims: injected.claims.map(claim => claim.id === 'verified-unit-tests' ? { ...claim, importance: 'minor' as const } : claim) }
    expect(() => withRequiredVerifiers(weakened, [UNIT!])).toThrow('the id verified-unit-tests is reserved')
  })
})

describe('authorship', () => {
  const spec = read(OUTPUT)
  const coverage = assessCoverage(spec.claims, spec.checks)
  const receipt = draftRecord('general', spec, PROVENANCE, 2).receipt

  it('names a draft receipt exactly when the auxiliary model drafted', () => {
    expect(authorshipProblem({ mode: 'auxiliary-model', draftReceipt: receipt })).toBeNull()
    expect(authorshipProblem({ mode: 'current-agent', draftReceipt: null })).toBeNull()
    expect(authorshipProblem({ mode: 'auxiliary-model', draftReceipt: null })).not.toBeNull()
    expect(authorshipProblem({ mode: 'manual', draftReceipt: receipt })).not.toBeNull()
  })

  it('is stored on the contract, decoded strictly, and shown in the evidence review', () => {
    const contract = openContract(spec, coverage, 4, { mode: 'auxiliary-model', draftReceipt: receipt })
    expect(decodeContract(contract, 4)).toMatchObject({ ok: true })
    const { receipt: _receipt, ...body } = contract
    expect(decodeContract(withReceipt({ ...body, authorship: { mode: 'auxiliary-model', draftReceipt: null } }), 4)).toMatchObject({ ok: false, reason: expect.stringContaining('authorship') as unknown as string })
    const proposal = evidenceProposal(spec, coverage, receipt, 'evidence', { mode: 'auxiliary-model', draftReceipt: receipt })
    expect(evidenceSections(proposal).map(section => section.markdown).join('\n')).toContain(`drafted by one isolated auxiliary-model call (reliability_draft) and bound to that draft by its receipt (draft ${receipt})`)
  })
})
