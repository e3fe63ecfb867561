/** The two-stage review as records: proposals, receipts, decoding and the fold's order rules. */
import { AGENT_AUTHORED, at, fold, resealed, type GovernorEvent } from '../support/records.ts'
import { describe, expect, it } from 'vitest'
import { withReceipt } from '../../src/kernel/receipts.ts'
import { assessCoverage } from '../../src/reliability/contract/coverage.ts'
import { reliabilityPhase } from '../../src/reliability/contract/fold.ts'
import { parseContractInput, type ContractLimits } from '../../src/reliability/contract/input.ts'
import { openContract, openReviewedContract } from '../../src/reliability/contract/lifecycle.ts'
import { decodeContractReview, decodeIntentReview } from '../../src/reliability/review/decode.ts'
import { evidenceProposal } from '../../src/reliability/review/evidence.ts'
import { intentProposal, parseIntentInput } from '../../src/reliability/review/intent.ts'
import { contractReviewRecord, feedbackDigest, intentReviewRecord, type StageOutcome } from '../../src/reliability/review/review-records.ts'

const limits: ContractLimits = { maxClaims: 5, maxChecks: 5, maxTextChars: 200, maxAttempts: 3, maxCount: 5, json: { maxDepth: 8, maxBytes: 4096, maxStringChars: 200, maxKeys: 20 }, verifierProfiles: null }
const spec = parseContractInput({
  objective: 'Ship the release notes',
  claims: [{ id: 'c1', statement: 'CHANGELOG has the version', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }],
  checks: [{ id: 'k1', kind: 'file_contains', path: 'CHANGELOG.md', text: '1.2.0' }],
}, limits)
const coverage = assessCoverage(spec.claims, spec.checks)
const intentInput = parseIntentInput({ objective_source: 'user', constraints: [{ text: 'Keep the old entries', source: 'user' }], ambiguities: [{ text: 'Which date format: ISO', source: 'agent' }] }, { maxTextChars: 200, maxItems: 5 })
const orientation = { revision: 2, objective: 'Ship the release notes', scope: 'CHANGELOG.md only', terminology: [{ term: 'notes', meaning: 'the CHANGELOG entry' }], plan: ['write', 'verify'] }
const intent = intentProposal(spec.objective, intentInput, orientation)
const asked = (decision: StageOutcome['decision'], feedback: string | null = null): StageOutcome => ({ decision, questionId: 'q-1', presentation: { format: 'a2ui+markdown', surfaceId: 'dshg-review-intent', envelope: intent.receipt }, feedback, detail: null })
const intentApproved = intentReviewRecord(intent, asked('approved'))
const evidence = evidenceProposal(spec, coverage, intent.receipt, 'evidence', AGENT_AUTHORED)
const evidenceApproved = contractReviewRecord(evidence, intentApproved, asked('approved'))


describe('intent proposals', () => {
  it('refuse malformed intent arguments naming the field', () => {
    const bounds = { maxTextChars: 10, maxItems: 1 }
    const refusal = (raw: unknown): string => {
      try {
        parseIntentInput(raw, bounds)
        return 'accepted'
      } catch (error) {
        return (error as Error).message
      }
    }
    expect(refusal({ constraints: [{ text: 'x', source: 'guess' }] })).toBe('intent.constraints[0].source: must be one of user, agent, orientation, workspace')
    expect(refusal({ constraints: [{ text: 'x', source: 'user' }, { text: 'y', source: 'user' }] })).toBe('intent.constraints: must hold at most 1 items (got 2)')
    expect(refusal({ goals: [] })).toContain('intent.goals: is not a known field')
    expect(refusal({ assumptions: [{ text: 'x'.repeat(11), source: 'agent' }] })).toBe('intent.assumptions[0].text: must be at most 10 characters (got 11)')
    expect(refusal({ non_goals: [{ text: ' ', source: 'agent' }] })).toBe('intent.non_goals[0].text: must be a non-empty string')
    expect(refusal({ objective_source: 'oracle' })).toContain('intent.objective_source')
    expect(parseIntentInput(undefined, bounds)).toEqual({ objectiveSource: 'agent', lists: { constraints: [], assumptions: [], non_goals: [], ambiguities: [] } })
  })

  it('start from the orientation and show where they disagree', () => {
    expect(intent.orientation).toMatchObject({ revision: 2, scope: 'CHANGELOG.md only' })
    expect(intent.mismatches).toEqual([])
    const other = intentProposal('Rewrite the README', intentInput, orientation)
    expect(other.mismatches).toEqual(['The contract\'s objective ("Rewrite the README") differs from the orientation\'s objective ("Ship the release notes", revision 2).'])
    expect(intentProposal(spec.objective, intentInput, null).orientation).toBeNull()
  })

  it('change their receipt with every field', () => {
    const variants = [
      intentProposal('Ship the release notes!', intentInput, orientation),
      intentProposal(spec.objective, { ...intentInput, objectiveSource: 'agent' }, orientation),
      intentProposal(spec.objective, { ...intentInput, lists: { ...intentInput.lists, non_goals: [{ text: 'x', source: 'agent' }] } }, orientation),
      intentProposal(spec.objective, intentInput, { ...orientation, plan: ['write'] }),
      intentProposal(spec.objective, intentInput, null),
    ]
    expect(new Set([intent.receipt, ...variants.map(variant => variant.receipt)]).size).toBe(variants.length + 1)
    expect(evidenceProposal(spec, coverage, intentProposal(spec.objective, intentInput, null).receipt, 'evidence', AGENT_AUTHORED).receipt).not.toBe(evidence.receipt)
    expect(evidenceProposal({ ...spec, maxAttempts: 2 }, coverage, intent.receipt, 'evidence', AGENT_AUTHORED).receipt).not.toBe(evidence.receipt)
  })
})

describe('review records', () => {
  it('keep only the size and hash of feedback', () => {
    const revised = intentReviewRecord(intent, asked('revised', 'Also keep the 1.1 notes'))
    expect(revised.feedback).toEqual(feedbackDigest('Also keep the 1.1 notes'))
    expect(JSON.stringify(revised)).not.toContain('1.1 notes')
    expect(decodeIntentReview(revised)).toMatchObject({ ok: true })
  })

  it('decode strictly and refuse decisions inconsistent with their fields', () => {
    expect(decodeIntentReview(intentApproved)).toMatchObject({ ok: true })
    expect(decodeContractReview(evidenceApproved)).toMatchObject({ ok: true })
    expect(decodeIntentReview(resealed(intentApproved, { extra: 1 }))).toMatchObject({ ok: false })
    expect(decodeIntentReview(resealed(intentApproved, { questionId: null }))).toMatchObject({ ok: false, reason: 'an approval names no question or card' })
    expect(decodeIntentReview(resealed(intentApproved, { decision: 'unavailable' }))).toMatchObject({ ok: false })
    expect(decodeIntentReview({ ...intentApproved, decision: 'rejected' })).toMatchObject({ ok: false, reason: 'its receipt does not cover its content' })
    expect(decodeIntentReview(resealed(intentApproved, { proposal: { ...intent, mismatches: ['invented'] } }))).toMatchObject({ ok: false })
    expect(decodeContractReview(resealed(evidenceApproved, { proposal: withReceipt({ ...(({ receipt: _r, ...rest }) => rest)(evidence), maxAttempts: 2 }) }))).toMatchObject({ ok: true })
    expect(decodeContractReview(resealed(evidenceApproved, { proposal: withReceipt({ ...(({ receipt: _r, ...rest }) => rest)(evidence), coverage: { status: 'ready' } }) }))).toMatchObject({ ok: false, reason: 'proposal: its coverage assessment does not recompute' })
  })
})

describe('the fold of reviews', () => {
  const contract = openReviewedContract(intentApproved, evidenceApproved, 3)
  const honest = [at(1, 'intent-review', intentApproved), at(2, 'contract-review', evidenceApproved), at(3, 'contract', contract)]

  it('activates a version 5 contract only after both approvals that it embeds', () => {
    expect(reliabilityPhase(fold(honest.slice(0, 1)))).toBe('evidence-review-pending')
    expect(reliabilityPhase(fold(honest.slice(0, 2)))).toBe('inactive')
    const state = fold(honest)
    expect(reliabilityPhase(state)).toBe('active')
    expect(state.contract).toMatchObject({ version: 5, reviewMode: 'required', reviews: { intent: intentApproved.receipt, evidence: evidenceApproved.receipt } })
    expect(state.review).toEqual({ intent: null, evidence: null })
  })

  it('keeps a refused review without a contract', () => {
    for (const decision of ['revised', 'rejected'] as const) expect(reliabilityPhase(fold([at(1, 'intent-review', intentReviewRecord(intent, asked(decision)))]))).toBe('inactive')
    const unavailable = intentReviewRecord(intent, { decision: 'unavailable', questionId: null, presentation: null, feedback: null, detail: 'no question provider' })
    expect(fold([at(1, 'intent-review', unavailable)]).review.intent?.decision).toBe('unavailable')
  })

  const forgeries: Array<[string, GovernorEvent[], string]> = [
    ['an evidence review after a rejected intent', [at(1, 'intent-review', intentReviewRecord(intent, asked('rejected'))), at(2, 'contract-review', evidenceApproved)], 'no approved intent review'],
    ['an evidence review bound to another intent', [honest[0]!, at(2, 'contract-review', contractReviewRecord(evidenceProposal(spec, coverage, intentProposal(spec.objective, intentInput, null).receipt, 'evidence', AGENT_AUTHORED), intentApproved, asked('approved')))], 'not bound'],
    ['a second evidence review of one intent', [honest[0]!, honest[1]!, honest[1]!], 'already reviewed'],
    ['a version 5 contract without reviews', [at(3, 'contract', contract)], 'without an approved intent'],
    ['a version 5 contract after a rejected evidence review', [honest[0]!, at(2, 'contract-review', contractReviewRecord(evidence, intentApproved, asked('rejected'))), at(3, 'contract', contract)], 'without an approved intent'],
    ['a version 5 contract with other checks', [honest[0]!, honest[1]!, at(3, 'contract', resealed(contract, { maxAttempts: 2 }))], 'not the approved evidence proposal'],
    ['a version 5 contract with another intent', [honest[0]!, honest[1]!, at(3, 'contract', resealed(contract, { intent: intentProposal(spec.objective, intentInput, null) }))], 'not the approved intent'],
    ['a review while a contract is active', [...honest, at(4, 'intent-review', intentApproved)], 'while contract-3 is active'],
  ]
  it.each(forgeries)('turns %s into an integrity state', (_name, events, reason) => {
    const state = fold(events)
    expect(reliabilityPhase(state)).toBe('integrity')
    expect(state.integrityError).toContain(reason)
  })

  it('still reads unreviewed contracts', () => {
    expect(reliabilityPhase(fold([at(5, 'contract', openContract(spec, coverage, 5, AGENT_AUTHORED))]))).toBe('active')
  })
})
