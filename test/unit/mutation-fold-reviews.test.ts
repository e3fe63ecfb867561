/** The fold's order rules for reviews and the reviewed (version 5) contracts they admit. */
import { AGENT_AUTHORED, at, fold, resealed } from '../support/records.ts'
import { describe, expect, it } from 'vitest'
import { contentReceipt } from '../../src/kernel/receipts.ts'
import { assessCoverage } from '../../src/reliability/contract/coverage.ts'
import { reliabilityPhase } from '../../src/reliability/contract/fold.ts'
import { parseContractInput, type ContractLimits } from '../../src/reliability/contract/input.ts'
import { openReviewedContract } from '../../src/reliability/contract/lifecycle.ts'
import { evidenceProposal } from '../../src/reliability/review/evidence.ts'
import { intentProposal, parseIntentInput } from '../../src/reliability/review/intent.ts'
import { contractReviewRecord, intentReviewRecord, type StageOutcome } from '../../src/reliability/review/review-records.ts'

const limits: ContractLimits = { maxClaims: 5, maxChecks: 5, maxTextChars: 200, maxAttempts: 3, maxCount: 5, json: { maxDepth: 8, maxBytes: 4096, maxStringChars: 200, maxKeys: 20 }, verifierProfiles: null }
const OBJECTIVE = 'Ship the release notes'

/** An approved intent, an approved evidence review bound to it, and the contract both admit; built on demand. */
function reviewed() {
  const spec = parseContractInput({
    objective: OBJECTIVE,
    claims: [{ id: 'c1', statement: 'CHANGELOG has the version', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }],
    checks: [{ id: 'k1', kind: 'file_contains', path: 'CHANGELOG.md', text: '1.2.0' }],
  }, limits)
  const intent = intentProposal(OBJECTIVE, parseIntentInput(undefined, { maxTextChars: 200, maxItems: 5 }), null)
  const asked = (decision: StageOutcome['decision'], questionId = 'q-1'): StageOutcome => ({ decision, questionId, presentation: { format: 'a2ui+markdown', surfaceId: 'dshg-review-intent', envelope: intent.receipt }, feedback: null, detail: null })
  const intentApproved = intentReviewRecord(intent, asked('approved'))
  const evidence = evidenceProposal(spec, assessCoverage(spec.claims, spec.checks), intent.receipt, 'evidence', AGENT_AUTHORED)
  const evidenceApproved = contractReviewRecord(evidence, intentApproved, asked('approved'))
  const contract = openReviewedContract(intentApproved, evidenceApproved, 3)
  return { spec, intent, asked, intentApproved, evidence, evidenceApproved, contract }
}


describe('evidence reviews', () => {
  it('need an intent review before them', () => {
    const { evidenceApproved } = reviewed()
    expect(fold([at(2, 'contract-review', evidenceApproved)]).integrityError).toBe('reliability/contract-review at seq 2: no approved intent review precedes it')
  })

  it('must be bound to the latest approving intent review, not an earlier approval of the same proposal', () => {
    const { intent, asked, intentApproved, evidenceApproved } = reviewed()
    const reapproved = intentReviewRecord(intent, asked('approved', 'q-2'))
    const state = fold([at(1, 'intent-review', intentApproved), at(2, 'intent-review', reapproved), at(3, 'contract-review', evidenceApproved)])
    expect(state.integrityError).toBe('reliability/contract-review at seq 3: it is not bound to the approved intent review')
  })

  it('are refused while a contract is active, before they are read', () => {
    const { intentApproved, evidenceApproved, contract } = reviewed()
    const honest = [at(1, 'intent-review', intentApproved), at(2, 'contract-review', evidenceApproved), at(3, 'contract', contract)]
    expect(reliabilityPhase(fold(honest))).toBe('active')
    expect(fold([...honest, at(4, 'contract-review', evidenceApproved)]).integrityError).toBe('reliability/contract-review at seq 4: a review while contract-3 is active')
  })

  it('that do not decode are an integrity violation, as are such intent reviews', () => {
    const { intentApproved, evidenceApproved } = reviewed()
    expect(fold([at(1, 'intent-review', { ...intentApproved, decision: 'rejected' })]).integrityError).toBe('reliability/intent-review at seq 1: its receipt does not cover its content')
    expect(fold([at(1, 'intent-review', intentApproved), at(2, 'contract-review', { ...evidenceApproved, decision: 'rejected' })]).integrityError).toBe('reliability/contract-review at seq 2: its receipt does not cover its content')
  })
})

describe('reviewed contracts', () => {
  it('need an approved evidence review after the approved intent', () => {
    const { intentApproved, contract } = reviewed()
    expect(fold([at(1, 'intent-review', intentApproved), at(3, 'contract', contract)]).integrityError).toBe('reliability/contract at seq 3: a reviewed contract without an approved intent and an approved evidence review')
  })

  it('must state the approved intent\'s objective', () => {
    const { intentApproved, evidenceApproved, contract } = reviewed()
    const state = fold([at(1, 'intent-review', intentApproved), at(2, 'contract-review', evidenceApproved), at(3, 'contract', resealed(contract, { objective: 'Ship other notes' }))])
    expect(state.integrityError).toBe('reliability/contract at seq 3: its objective is not the approved intent\'s objective')
  })

  it('must reference exactly the approving reviews', () => {
    const { intentApproved, evidenceApproved, contract } = reviewed()
    const reviews = [at(1, 'intent-review', intentApproved), at(2, 'contract-review', evidenceApproved)]
    const other = contentReceipt('another review')
    for (const references of [{ intent: other, evidence: evidenceApproved.receipt }, { intent: intentApproved.receipt, evidence: other }]) {
      const state = fold([...reviews, at(3, 'contract', resealed(contract, { reviews: references }))])
      expect(state.integrityError).toBe('reliability/contract at seq 3: its review references are not the approving reviews')
    }
  })

  it('must carry the approved claims and checks, and the approved proposal\'s objective', () => {
    const { intent, asked, intentApproved, evidenceApproved, contract } = reviewed()
    const reviews = [at(1, 'intent-review', intentApproved), at(2, 'contract-review', evidenceApproved)]
    const otherSpec = parseContractInput({
      objective: OBJECTIVE,
      claims: [{ id: 'c1', statement: 'CHANGELOG has the version', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }],
      checks: [{ id: 'k1', kind: 'file_contains', path: 'CHANGELOG.md', text: '1.3.0' }],
    }, limits)
    const swapped = resealed(contract, { checks: otherSpec.checks, coverage: assessCoverage(otherSpec.claims, otherSpec.checks) })
    expect(fold([...reviews, at(3, 'contract', swapped)]).integrityError).toBe('reliability/contract at seq 3: its claims, checks, budget or coverage are not the approved evidence proposal')

    const renamed = parseContractInput({ objective: 'Ship other notes', claims: [{ id: 'c1', statement: 'CHANGELOG has the version', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }], checks: [{ id: 'k1', kind: 'file_contains', path: 'CHANGELOG.md', text: '1.2.0' }] }, limits)
    const renamedEvidence = contractReviewRecord(evidenceProposal(renamed, assessCoverage(renamed.claims, renamed.checks), intent.receipt, 'evidence', AGENT_AUTHORED), intentApproved, asked('approved'))
    const state = fold([reviews[0]!, at(2, 'contract-review', renamedEvidence), at(3, 'contract', resealed(contract, { reviews: { intent: intentApproved.receipt, evidence: renamedEvidence.receipt } }))])
    expect(state.integrityError).toBe('reliability/contract at seq 3: its claims, checks, budget or coverage are not the approved evidence proposal')
  })

  it('are written from both approvals and reset the reviews', () => {
    const { intent, intentApproved, evidence, evidenceApproved, contract } = reviewed()
    expect(contract).toMatchObject({
      version: 5,
      contractId: 'contract-3',
      objective: OBJECTIVE,
      claims: evidence.claims,
      checks: evidence.checks,
      maxAttempts: evidence.maxAttempts,
      startedAtSeq: 3,
      coverage: evidence.coverage,
      authorship: evidence.authorship,
      reviewMode: 'required',
      intent,
      reviews: { intent: intentApproved.receipt, evidence: evidenceApproved.receipt },
    })
    const state = fold([at(1, 'intent-review', intentApproved), at(2, 'contract-review', evidenceApproved), at(3, 'contract', contract)])
    expect(state.review).toEqual({ intent: null, evidence: null })
  })
})
