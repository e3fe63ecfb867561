/**
 * Build the review records from a stage's outcome. Feedback text goes back
 * to the agent; the record keeps only its size and hash. Pure.
 */
import { createHash } from 'node:crypto'
import { withReceipt } from '../../kernel/receipts.js'
import type { EvidenceProposal } from './evidence.js'
import type { IntentProposal } from './intent.js'
import { REVIEW_RECORD_VERSION, type ContractReviewRecord, type FeedbackDigest, type IntentReviewRecord, type Presentation } from './records.js'
import type { ReviewDecision } from './vocabulary.js'

/** What one review stage came to. */
export interface StageOutcome {
  readonly decision: ReviewDecision
  readonly questionId: string | null
  readonly presentation: Presentation | null
  /** The user's revision text; never stored. */
  readonly feedback: string | null
  /** Why there is no answer (unavailable, cancelled, invalid); null for an answer. */
  readonly detail: string | null
}

/**
 * The size and hash the log keeps of feedback text.
 * @param text - the feedback, or null.
 */
export function feedbackDigest(text: string | null): FeedbackDigest | null {
  if (text === null || text === '') return null
  return { bytes: Buffer.byteLength(text, 'utf8'), sha256: createHash('sha256').update(text, 'utf8').digest('hex') }
}

/** The fields both review records share, as written. */
interface ReviewBody {
  readonly version: typeof REVIEW_RECORD_VERSION
  readonly decision: ReviewDecision
  readonly questionId: string | null
  readonly presentation: Presentation | null
  readonly feedback: FeedbackDigest | null
  readonly detail: string | null
}

function fields(outcome: StageOutcome): ReviewBody {
  return {
    version: REVIEW_RECORD_VERSION,
    decision: outcome.decision,
    questionId: outcome.questionId,
    presentation: outcome.presentation,
    feedback: feedbackDigest(outcome.feedback),
    detail: outcome.detail,
  }
}

/**
 * The `reliability/intent-review` record of a stage outcome.
 * @param proposal - the intent proposal offered.
 * @param outcome - what the stage came to.
 */
export function intentReviewRecord(proposal: IntentProposal, outcome: StageOutcome): IntentReviewRecord {
  return withReceipt({ ...fields(outcome), proposal })
}

/**
 * The `reliability/contract-review` record of a stage outcome.
 * @param proposal - the evidence proposal offered.
 * @param intentReview - the approving intent review it is bound to.
 * @param outcome - what the stage came to.
 */
export function contractReviewRecord(proposal: EvidenceProposal, intentReview: IntentReviewRecord, outcome: StageOutcome): ContractReviewRecord {
  return withReceipt({ ...fields(outcome), proposal, intentReviewReceipt: intentReview.receipt })
}
