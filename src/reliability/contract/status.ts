/** The model-facing status of the governor. Pure. */
import type { JsonObject } from '../../kernel/json.js'
import type { ContractReviewRecord, IntentReviewRecord } from '../review/records.js'
import { integrityProblem, reliabilityPhase, type ReliabilityState } from './fold.js'

function reviewSummary(review: IntentReviewRecord | ContractReviewRecord | null): JsonObject | null {
  return review === null ? null : { decision: review.decision, proposal: review.proposal.receipt, receipt: review.receipt, detail: review.detail }
}

/**
 * Status: the phase, the reviews since the last contract, and the latest contract's progress.
 * @param state - folded governor state.
 * @param questionPending - a review question is waiting for the user in this process.
 */
export function describeReliabilityStatus(state: ReliabilityState, questionPending: boolean): JsonObject {
  const contract = state.contract
  return {
    phase: reliabilityPhase(state),
    reviewQuestionPending: questionPending,
    review: { intent: reviewSummary(state.review.intent), evidence: reviewSummary(state.review.evidence) },
    contract: contract === null ? null : {
      contractId: contract.contractId,
      objective: contract.objective,
      version: contract.version,
      reviewMode: contract.reviewMode,
      ...(contract.version === 5 ? { reviews: contract.reviews } : {}),
      maxAttempts: contract.maxAttempts,
      attemptsUsed: state.attempts.length,
      receipt: contract.receipt,
    },
    lastAttempt: state.attempts.at(-1) ?? null,
    terminal: state.terminal,
    integrityError: integrityProblem(state),
  }
}
