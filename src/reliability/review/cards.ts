/**
 * The two review cards as A2UI v0.9 Basic-catalog surfaces, built
 * deterministically from a proposal: a Card holding the proposal's blocks as
 * Markdown text, a feedback field and one button per answer option. Every
 * button sends the one action this bundle knows, whose context names the
 * purpose, the question, the proposal receipt and the option. Pure.
 */
import type { JsonObject } from '../../kernel/json.js'
import type { Receipt } from '../../kernel/receipts.js'
import type { ProposalSection } from './markdown.js'
import { REVIEW_OPTIONS, REVIEW_STAGES, type ReviewChoice, type ReviewStage } from './vocabulary.js'

/** The Basic catalog id of A2UI v0.9 (v0.9.1 keeps it). */
export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json'
/** The A2UI message version the cards are written in (v0.9.1 messages are v0.9 messages). */
export const A2UI_VERSION = 'v0.9'
/** The only action name a review card sends. */
export const REVIEW_ACTION = 'review-answer'
/** The data-model path of the feedback text. */
export const FEEDBACK_PATH = '/form/feedback'
/** The components a review card may use. */
export const CARD_COMPONENTS = ['Card', 'Column', 'Row', 'Text', 'Divider', 'TextField', 'Button'] as const

/** The button of each answer option. */
export function buttonId(choice: ReviewChoice): string {
  return `answer-${REVIEW_OPTIONS[choice].label.toLowerCase()}`
}

/** What a card is built for. */
export interface CardIdentity {
  readonly stage: ReviewStage
  readonly questionId: string
  readonly surfaceId: string
  readonly receipt: Receipt
}

/** The context every button of a card sends, for one option. */
export function actionContext(identity: CardIdentity, choice: ReviewChoice): JsonObject {
  return { purpose: REVIEW_STAGES[identity.stage].purpose, questionId: identity.questionId, receipt: identity.receipt, option: REVIEW_OPTIONS[choice].label, feedback: { path: FEEDBACK_PATH } }
}

/**
 * The A2UI messages of a review card.
 * @param identity - stage, question, surface and proposal receipt.
 * @param sections - the proposal's blocks.
 */
export function cardMessages(identity: CardIdentity, sections: readonly ProposalSection[]): JsonObject[] {
  const { surfaceId } = identity
  const blocks = sections.flatMap((section, index) => [
    { id: `heading-${index}`, component: 'Text', text: section.heading, variant: 'h5' },
    { id: `block-${index}`, component: 'Text', text: section.markdown },
  ])
  const choices = Object.keys(REVIEW_OPTIONS) as ReviewChoice[]
  const buttons = choices.flatMap(choice => [
    { id: `${buttonId(choice)}-label`, component: 'Text', text: REVIEW_OPTIONS[choice].label },
    { id: buttonId(choice), component: 'Button', child: `${buttonId(choice)}-label`, variant: choice === 'approved' ? 'primary' : 'default', action: { event: { name: REVIEW_ACTION, context: actionContext(identity, choice) } } },
  ])
  const components: JsonObject[] = [
    { id: 'root', component: 'Card', child: 'body' },
    { id: 'body', component: 'Column', children: ['title', ...blocks.map(block => block.id), 'receipt', 'divider', 'feedback', 'answers'] },
    { id: 'title', component: 'Text', text: REVIEW_STAGES[identity.stage].title, variant: 'h3' },
    ...blocks,
    { id: 'receipt', component: 'Text', text: `Receipt \`${identity.receipt}\``, variant: 'caption' },
    { id: 'divider', component: 'Divider' },
    { id: 'feedback', component: 'TextField', label: 'Feedback for a revision (optional)', value: { path: FEEDBACK_PATH }, variant: 'longText' },
    { id: 'answers', component: 'Row', justify: 'end', children: choices.map(buttonId) },
    ...buttons,
  ]
  return [
    { version: A2UI_VERSION, createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID } },
    { version: A2UI_VERSION, updateComponents: { surfaceId, components } },
    { version: A2UI_VERSION, updateDataModel: { surfaceId, path: '/form', value: { feedback: '' } } },
  ]
}
