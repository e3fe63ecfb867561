/**
 * Durable records of the two review stages. Feedback text never enters the
 * log: only its size and hash. Pure types.
 */
import type { JsonObject } from '../../kernel/json.js'
import type { Receipt } from '../../kernel/receipts.js'
import type { EvidenceProposal } from './evidence.js'
import type { IntentProposal } from './intent.js'
import type { ReviewDecision } from './vocabulary.js'

/** The version of the review records this build writes and reads. */
export const REVIEW_RECORD_VERSION = 1

/** Revision feedback as the log keeps it. */
export interface FeedbackDigest extends JsonObject {
  readonly bytes: number
  readonly sha256: string
}

/** How a proposal was offered: the A2UI card (with its envelope's receipt) behind a Markdown fallback. */
export interface Presentation extends JsonObject {
  readonly format: 'a2ui+markdown'
  readonly surfaceId: string
  readonly envelope: Receipt
}

/** Fields both review records share. */
interface ReviewFields extends JsonObject {
  readonly version: typeof REVIEW_RECORD_VERSION
  readonly decision: ReviewDecision
  /** The question asked; null when no user could be asked. */
  readonly questionId: string | null
  readonly presentation: Presentation | null
  readonly feedback: FeedbackDigest | null
  /** Why the decision is not an answer (unavailable, cancelled, invalid); null for an answer. */
  readonly detail: string | null
}

/** `reliability/intent-review`: the user's decision over an exact intent proposal. */
export interface IntentReviewRecord extends ReviewFields {
  readonly proposal: IntentProposal
  readonly receipt: Receipt
}

/** `reliability/contract-review`: the user's decision over an evidence proposal bound to the approved intent. */
export interface ContractReviewRecord extends ReviewFields {
  readonly proposal: EvidenceProposal
  /** Receipt of the approving intent-review record. */
  readonly intentReviewReceipt: Receipt
  readonly receipt: Receipt
}
