/**
 * The answer a review card sends: the A2UI action a click on one of its
 * buttons produces, sealed to the envelope it came from, as the free-text
 * part of the question's answer. Built by the web client; read back by
 * `readReviewAnswer`. Pure.
 */
import { ACTION_PREFIX } from './answer.js'
import { buttonId, REVIEW_ACTION } from './cards.js'
import { envelopeReceipt, type ReviewEnvelope } from './envelope.js'
import { REVIEW_OPTIONS, REVIEW_STAGES, type ReviewChoice } from './vocabulary.js'

/** One A2UI v0.9 client action. */
export interface CardAction {
  readonly name: string
  readonly surfaceId: string
  readonly sourceComponentId: string
  readonly timestamp: string
  readonly context: Record<string, unknown>
}

/**
 * The free text that carries a card action.
 * @param envelope - the card the action came from.
 * @param action - the action the A2UI processor dispatched.
 */
export function cardAnswerText(envelope: ReviewEnvelope, action: CardAction): string {
  return `${ACTION_PREFIX}${JSON.stringify({ envelope: envelopeReceipt(envelope), message: { version: 'v0.9', action } })}`
}

/**
 * The action a click on an option's button dispatches, with the feedback typed into the card.
 * @param envelope - the card.
 * @param choice - the option clicked.
 * @param feedback - the feedback field's text.
 * @param timestamp - when it was clicked (ISO 8601).
 */
export function buttonAction(envelope: ReviewEnvelope, choice: ReviewChoice, feedback: string, timestamp: string): CardAction {
  return {
    name: REVIEW_ACTION,
    surfaceId: envelope.surfaceId,
    sourceComponentId: buttonId(choice),
    timestamp,
    context: { purpose: REVIEW_STAGES[envelope.stage].purpose, questionId: envelope.questionId, receipt: envelope.proposalReceipt, option: REVIEW_OPTIONS[choice].label, feedback },
  }
}
