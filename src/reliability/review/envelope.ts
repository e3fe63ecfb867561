/**
 * The review card envelope: a proposal's A2UI messages with the identity
 * they were built for, sealed by a receipt, carried in the question's detail
 * after the Markdown fallback. Decoding refuses oversized, tampered,
 * malformed and stale envelopes; the A2UI content is checked with the
 * official v0.9 processor and schemas plus the checks they do not make
 * (component allow-list, root, dangling or cyclic ids, action names and
 * contexts). Shared by the server and the web client. Pure.
 */
import { A2uiMessageListSchema, Catalog, MessageProcessor } from '@a2ui/web_core/v0_9'
import { BASIC_COMPONENTS, BASIC_FUNCTIONS } from '@a2ui/web_core/v0_9/basic_catalog'
import { canonicalJson, type JsonObject } from '../../kernel/json.js'
import { contentReceipt, isReceipt, receiptMatches, withReceipt, type Receipt } from '../../kernel/receipts.js'
import { actionContext, BASIC_CATALOG_ID, buttonId, CARD_COMPONENTS, cardMessages, REVIEW_ACTION, type CardIdentity } from './cards.js'
import type { ProposalSection } from './markdown.js'
import { REVIEW_OPTIONS, REVIEW_STAGES, type ReviewChoice, type ReviewStage } from './vocabulary.js'

/** What the envelope format is called in the detail's code fence. */
export const ENVELOPE_FENCE = 'a2ui-review'
/** Question ids of review questions start with this; the web client claims only these. */
export const QUESTION_PREFIX = 'dshg-review:'
/** Largest envelope accepted, in bytes of its JSON text. */
export const MAX_ENVELOPE_BYTES = 64 * 1024

/** A sealed review card. */
export interface ReviewEnvelope extends JsonObject {
  readonly format: 'dsh-governance/review-card'
  readonly version: 1
  readonly stage: ReviewStage
  readonly questionId: string
  readonly surfaceId: string
  readonly proposalReceipt: Receipt
  readonly messages: JsonObject[]
  readonly receipt: Receipt
}

/** Decoding outcome. */
export type EnvelopeResult = { readonly ok: true, readonly envelope: ReviewEnvelope } | { readonly ok: false, readonly reason: string }

/**
 * The question and surface ids of a stage's card: fixed by the proposal receipt, so a stale card never matches a new question.
 * @param stage - the review stage.
 * @param receipt - the proposal's receipt.
 */
export function cardIdentity(stage: ReviewStage, receipt: Receipt): CardIdentity {
  const digest = receipt.slice('sha256:'.length)
  return { stage, questionId: `${QUESTION_PREFIX}${stage}:${digest}`, surfaceId: `dshg-review-${stage}-${digest.slice(0, 16)}`, receipt }
}

/**
 * Build and seal a stage's card.
 * @param stage - the review stage.
 * @param receipt - the proposal's receipt.
 * @param sections - the proposal's blocks.
 */
export function reviewEnvelope(stage: ReviewStage, receipt: Receipt, sections: readonly ProposalSection[]): ReviewEnvelope {
  const identity = cardIdentity(stage, receipt)
  return withReceipt({ format: 'dsh-governance/review-card' as const, version: 1 as const, stage, questionId: identity.questionId, surfaceId: identity.surfaceId, proposalReceipt: receipt, messages: cardMessages(identity, sections) })
}

/**
 * The question detail: the Markdown fallback, then the envelope in a fenced block.
 * @param markdown - the readable proposal.
 * @param envelope - the sealed card.
 */
export function questionDetail(markdown: string, envelope: ReviewEnvelope): string {
  return `${markdown}\n\n---\n\n_Card data for the dsh-governance review card (A2UI ${'v0.9'}):_\n\n\`\`\`${ENVELOPE_FENCE}\n${canonicalJson(envelope)}\n\`\`\`\n`
}

const API_BY_NAME = new Map(BASIC_COMPONENTS.map(api => [api.name, api]))

function treeProblem(components: ReadonlyArray<Record<string, unknown>>): string | null {
  const byId = new Map<string, Record<string, unknown>>()
  for (const component of components) {
    const id = String(component['id'])
    if (byId.has(id)) return `component id ${id} appears twice`
    byId.set(id, component)
  }
  if (!byId.has('root')) return 'no root component'
  const references = (component: Record<string, unknown>): string[] => [
    ...(typeof component['child'] === 'string' ? [component['child']] : []),
    ...(Array.isArray(component['children']) ? component['children'].map(String) : []),
  ]
  const reached = new Set<string>()
  const walk = (id: string, path: readonly string[]): string | null => {
    if (path.includes(id)) return `a cycle through ${id}`
    const component = byId.get(id)
    if (component === undefined) return `${path.at(-1) ?? 'root'} names a missing component ${id}`
    if (reached.has(id)) return `component ${id} has two parents`
    reached.add(id)
    for (const child of references(component)) {
      const problem = walk(child, [...path, id])
      if (problem !== null) return problem
    }
    return null
  }
  const problem = walk('root', [])
  if (problem !== null) return problem
  const unreached = [...byId.keys()].find(id => !reached.has(id))
  return unreached === undefined ? null : `component ${unreached} is not reachable from root`
}

function componentProblem(component: Record<string, unknown>, identity: CardIdentity): string | null {
  const { id, component: type, ...props } = component
  if (typeof id !== 'string' || typeof type !== 'string') return 'a component without a string id or type'
  if (!(CARD_COMPONENTS as readonly string[]).includes(type)) return `component ${id} is a ${type}, which review cards do not use`
  const parsed = API_BY_NAME.get(type)?.schema.safeParse(props)
  if (parsed?.success !== true) return `component ${id} (${type}) does not match the Basic catalog`
  if (type !== 'Button') return null
  const choice = (Object.keys(REVIEW_OPTIONS) as ReviewChoice[]).find(option => buttonId(option) === id)
  if (choice === undefined) return `button ${id} is not an answer option`
  const expected = { event: { name: REVIEW_ACTION, context: actionContext(identity, choice) } }
  return canonicalJson(props['action']) === canonicalJson(expected) ? null : `button ${id} does not send the ${REVIEW_ACTION} action for its option, question and receipt`
}

function messagesProblem(envelope: ReviewEnvelope): string | null {
  const listed = A2uiMessageListSchema.safeParse(envelope.messages)
  if (!listed.success) return 'its messages are not A2UI v0.9 messages'
  const [create, update, data, ...rest] = envelope.messages as Array<Record<string, Record<string, unknown>>>
  if (rest.length > 0 || create?.['createSurface'] === undefined || update?.['updateComponents'] === undefined || data?.['updateDataModel'] === undefined) return 'it is not one surface created, filled and given its form'
  const surfaces = [create['createSurface']['surfaceId'], update['updateComponents']['surfaceId'], data['updateDataModel']['surfaceId']]
  if (surfaces.some(surface => surface !== envelope.surfaceId)) return 'its messages name another surface'
  if (create['createSurface']['catalogId'] !== BASIC_CATALOG_ID) return 'it does not use the Basic catalog'
  if (canonicalJson(data['updateDataModel']) !== canonicalJson({ surfaceId: envelope.surfaceId, path: '/form', value: { feedback: '' } })) return 'its data model is not the empty feedback form'
  const components = update['updateComponents']['components'] as unknown as Array<Record<string, unknown>>
  const identity = cardIdentity(envelope.stage, envelope.proposalReceipt)
  for (const component of components) {
    const problem = componentProblem(component, identity)
    if (problem !== null) return problem
  }
  const buttons = components.filter(component => component['component'] === 'Button').length
  if (buttons !== Object.keys(REVIEW_OPTIONS).length) return 'it does not offer exactly the answer options'
  const tree = treeProblem(components)
  if (tree !== null) return tree
  try {
    new MessageProcessor([new Catalog(BASIC_CATALOG_ID, BASIC_COMPONENTS, BASIC_FUNCTIONS)]).processMessages(envelope.messages as unknown as Parameters<MessageProcessor<never>['processMessages']>[0])
  } catch (error) {
    return `the A2UI processor refuses it (${error instanceof Error ? error.message : String(error)})`
  }
  return null
}

/**
 * Decode and check an envelope.
 * @param text - its JSON text.
 * @param expected - the question it must belong to (its id), or null to skip that check.
 */
export function decodeEnvelope(text: string, expected: { readonly questionId: string } | null): EnvelopeResult {
  if (new TextEncoder().encode(text).length > MAX_ENVELOPE_BYTES) return { ok: false, reason: `it is larger than ${MAX_ENVELOPE_BYTES} bytes` }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'it is not JSON' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'it is not an object' }
  const record = value as Record<string, unknown>
  const keys = ['format', 'version', 'stage', 'questionId', 'surfaceId', 'proposalReceipt', 'messages', 'receipt']
  if (Object.keys(record).length !== keys.length || !keys.every(key => key in record)) return { ok: false, reason: 'it does not have exactly the envelope fields' }
  if (record['format'] !== 'dsh-governance/review-card' || record['version'] !== 1 || !Object.hasOwn(REVIEW_STAGES, String(record['stage']))) return { ok: false, reason: 'it is not a version 1 review card' }
  if (typeof record['receipt'] !== 'string' || typeof record['proposalReceipt'] !== 'string' || !isReceipt(record['proposalReceipt']) || !Array.isArray(record['messages'])) return { ok: false, reason: 'its receipts or messages are malformed' }
  const envelope = record as unknown as ReviewEnvelope
  if (!receiptMatches(envelope)) return { ok: false, reason: 'its receipt does not cover its content (it was changed)' }
  const identity = cardIdentity(envelope.stage, envelope.proposalReceipt)
  if (envelope.questionId !== identity.questionId || envelope.surfaceId !== identity.surfaceId) return { ok: false, reason: 'its question or surface is not the one its proposal gives' }
  if (expected !== null && envelope.questionId !== expected.questionId) return { ok: false, reason: 'it belongs to another question (a stale card)' }
  const problem = messagesProblem(envelope)
  return problem === null ? { ok: true, envelope } : { ok: false, reason: problem }
}

/**
 * Find the envelope in a question's detail.
 * @param detail - the question detail.
 * @returns the envelope's JSON text, or null when there is none.
 */
export function envelopeText(detail: string): string | null {
  const open = `\n\`\`\`${ENVELOPE_FENCE}\n`
  const start = detail.lastIndexOf(open)
  if (start < 0) return null
  const end = detail.indexOf('\n```', start + open.length)
  return end < 0 ? null : detail.slice(start + open.length, end)
}

/**
 * The receipt of an envelope's JSON text as sent.
 * @param envelope - a sealed envelope.
 */
export function envelopeReceipt(envelope: ReviewEnvelope): Receipt {
  return contentReceipt(envelope)
}
