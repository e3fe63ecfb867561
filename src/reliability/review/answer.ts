/**
 * Read the user's answer to a review question. Two forms arrive: the native
 * question UI's (an option label, or free text), and the web card's (an A2UI
 * action in the free text, sealed to the exact card it came from). Only an
 * exact approval approves: free text turns an approval into a revision, and
 * any mismatch of question, card, surface, action, source component,
 * purpose, receipt or option approves nothing. Answers are untrusted: any
 * script in the page can post one. Pure.
 */
import { A2uiClientMessageSchema } from '@a2ui/web_core/v0_9'
import { buttonId, REVIEW_ACTION } from './cards.js'
import { envelopeReceipt, type ReviewEnvelope } from './envelope.js'
import { REVIEW_OPTIONS, REVIEW_STAGES, type ReviewChoice, type ReviewDecision } from './vocabulary.js'

/** Free text that carries a card action starts with this. */
export const ACTION_PREFIX = 'a2ui-action:'
/** Largest card action accepted, in characters. */
export const MAX_ACTION_CHARS = 16 * 1024

/** What an answer decides. */
export interface ReadAnswer {
  readonly decision: ReviewDecision
  readonly feedback: string | null
  /** Why the answer approves nothing, for `cancelled` and `invalid`. */
  readonly detail: string | null
}

const invalid = (detail: string): ReadAnswer => ({ decision: 'invalid', feedback: null, detail })

function choiceOf(label: string): ReviewChoice | undefined {
  return (Object.keys(REVIEW_OPTIONS) as ReviewChoice[]).find(choice => REVIEW_OPTIONS[choice].label === label)
}

function decided(choice: ReviewChoice, feedback: string, maxFeedbackChars: number): ReadAnswer {
  const text = feedback.trim()
  if (text.length > maxFeedbackChars) return invalid(`the feedback is longer than ${maxFeedbackChars} characters`)
  if (text === '') return { decision: choice, feedback: null, detail: null }
  return { decision: choice === 'approved' ? 'revised' : choice, feedback: text, detail: null }
}

function cardAnswer(text: string, envelope: ReviewEnvelope, maxFeedbackChars: number): ReadAnswer {
  if (text.length > MAX_ACTION_CHARS) return invalid(`the card action is longer than ${MAX_ACTION_CHARS} characters`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return invalid('the card action is not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).sort().join() !== 'envelope,message') return invalid('the card action does not have exactly the fields envelope and message')
  const { envelope: sealed, message } = value as { envelope: unknown, message: unknown }
  if (sealed !== envelopeReceipt(envelope)) return invalid('the card action comes from another card (stale or changed)')
  const parsed = A2uiClientMessageSchema.safeParse(message)
  if (!parsed.success || !('action' in parsed.data)) return invalid('the card action is not an A2UI v0.9 action')
  const action = parsed.data.action
  if (action.name !== REVIEW_ACTION) return invalid(`the card action is named ${JSON.stringify(action.name)}, not ${REVIEW_ACTION}`)
  if (action.surfaceId !== envelope.surfaceId) return invalid('the card action names another surface')
  const choice = (Object.keys(REVIEW_OPTIONS) as ReviewChoice[]).find(option => buttonId(option) === action.sourceComponentId)
  if (choice === undefined) return invalid(`the card action comes from ${JSON.stringify(action.sourceComponentId)}, not an answer button`)
  const context = action.context as Record<string, unknown>
  const keys = Object.keys(context).sort().join()
  if (keys !== 'feedback,option,purpose,questionId,receipt' && keys !== 'option,purpose,questionId,receipt') return invalid('the card action context does not have exactly the review fields')
  if (context['purpose'] !== REVIEW_STAGES[envelope.stage].purpose) return invalid('the card action is for another purpose')
  if (context['questionId'] !== envelope.questionId) return invalid('the card action is for another question')
  if (context['receipt'] !== envelope.proposalReceipt) return invalid('the card action is for another proposal')
  if (context['option'] !== REVIEW_OPTIONS[choice].label) return invalid('the card action\'s option is not its button\'s')
  const feedback = context['feedback'] ?? ''
  if (typeof feedback !== 'string') return invalid('the card action\'s feedback is not text')
  return decided(choice, feedback, maxFeedbackChars)
}

/**
 * Decide what a review answer means.
 * @param answers - the provider's `answers` array, untrusted.
 * @param envelope - the card that was offered (its question id is the question's).
 * @param maxFeedbackChars - longest feedback accepted.
 */
export function readReviewAnswer(answers: unknown, envelope: ReviewEnvelope, maxFeedbackChars: number): ReadAnswer {
  if (!Array.isArray(answers) || answers.length !== 1) return invalid('the answer does not hold exactly one item')
  const item: unknown = answers[0]
  if (typeof item !== 'object' || item === null) return invalid('the answer item is not an object')
  const { id, selected, custom } = item as { id?: unknown, selected?: unknown, custom?: unknown }
  if (id !== envelope.questionId) return invalid('the answer is for another question')
  if (!Array.isArray(selected) || selected.some(label => typeof label !== 'string') || (custom !== undefined && typeof custom !== 'string')) return invalid('the answer is malformed')
  if (typeof custom === 'string' && custom.startsWith(ACTION_PREFIX)) return selected.length === 0 ? cardAnswer(custom.slice(ACTION_PREFIX.length), envelope, maxFeedbackChars) : invalid('a card action arrived with a selected option')
  if (selected.length > 1) return invalid('more than one option was selected')
  const label = selected[0] as string | undefined
  if (label === undefined) return custom === undefined || custom.trim() === '' ? { decision: 'cancelled', feedback: null, detail: 'the user skipped the question' } : decided('revised', custom, maxFeedbackChars)
  const choice = choiceOf(label)
  if (choice === undefined) return invalid(`${JSON.stringify(label)} is not an offered option`)
  return decided(choice, custom ?? '', maxFeedbackChars)
}
