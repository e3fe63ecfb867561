/**
 * Strict decoders of the review records: exact keys, the known version, a
 * receipt that recomputes, proposals that re-derive, and fields consistent
 * with the decision (an approval names its question and card and carries no
 * feedback). Pure.
 */
import { z } from 'zod'
import { checkedReceipt, contentProblem, jsonObjectSchema, type Decoded } from '../contract/decode.js'
import { receiptMatches } from '../../kernel/receipts.js'
import { authorshipProblem, authorshipSchema } from '../authoring/modes.js'
import { CONTRACT_KINDS, type EvidenceProposal } from './evidence.js'
import { intentProposalSchema, receiptSchema } from './intent-schema.js'
import { REVIEW_RECORD_VERSION, type ContractReviewRecord, type IntentReviewRecord } from './records.js'
import { REVIEW_DECISION_NAMES } from './vocabulary.js'

const evidenceProposalSchema = z.strictObject({
  kind: z.enum(Object.keys(CONTRACT_KINDS) as [string, ...string[]]),
  intentReceipt: receiptSchema,
  objective: z.string(),
  claims: z.array(jsonObjectSchema),
  checks: z.array(jsonObjectSchema),
  maxAttempts: z.number().int().min(1).max(20),
  authorship: authorshipSchema,
  coverage: jsonObjectSchema,
  receipt: receiptSchema,
})

const reviewFields = {
  version: z.literal(REVIEW_RECORD_VERSION),
  decision: z.enum(REVIEW_DECISION_NAMES as [string, ...string[]]),
  questionId: z.string().min(1).nullable(),
  presentation: z.strictObject({ format: z.literal('a2ui+markdown'), surfaceId: z.string().min(1), envelope: receiptSchema }).nullable(),
  feedback: z.strictObject({ bytes: z.number().int().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).nullable(),
  detail: z.string().nullable(),
  receipt: receiptSchema,
}

const intentReview = z.strictObject({ ...reviewFields, proposal: intentProposalSchema })
const contractReview = z.strictObject({ ...reviewFields, proposal: evidenceProposalSchema, intentReviewReceipt: receiptSchema })

function decisionProblem(record: IntentReviewRecord | ContractReviewRecord): string | null {
  switch (record.decision) {
    case 'approved':
      if (record.questionId === null || record.presentation === null) return 'an approval names no question or card'
      return record.feedback === null && record.detail === null ? null : 'an approval carries feedback or a detail'
    case 'revised':
    case 'rejected':
      return record.questionId === null || record.presentation === null || record.detail !== null ? 'an answer names no question or card, or carries a detail' : null
    case 'cancelled':
    case 'unavailable':
    case 'invalid':
      return record.feedback !== null || record.detail === null ? 'a decision without an answer carries feedback or no detail' : null
  }
}

function consistent<T extends IntentReviewRecord | ContractReviewRecord>(decoded: Decoded<T>): Decoded<T> {
  if (!decoded.ok) return decoded
  const problem = decisionProblem(decoded.record)
  return problem === null ? decoded : { ok: false, reason: problem }
}

/**
 * Decode a `reliability/intent-review` event.
 * @param data - the event payload.
 */
export function decodeIntentReview(data: unknown): Decoded<IntentReviewRecord> {
  return consistent(checkedReceipt(intentReview.safeParse(data)) as Decoded<IntentReviewRecord>)
}

/**
 * Decode a `reliability/contract-review` event.
 * @param data - the event payload.
 */
export function decodeContractReview(data: unknown): Decoded<ContractReviewRecord> {
  const decoded = consistent(checkedReceipt(contractReview.safeParse(data)) as Decoded<ContractReviewRecord>)
  if (!decoded.ok) return decoded
  const proposal: EvidenceProposal = decoded.record.proposal
  if (!receiptMatches(proposal)) return { ok: false, reason: 'proposal: its receipt does not cover its content' }
  const problem = authorshipProblem(proposal.authorship) ?? contentProblem(proposal)
  return problem === null ? decoded : { ok: false, reason: `proposal: ${problem}` }
}
