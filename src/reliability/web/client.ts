/**
 * The review card in the dsh web UI: a client module that claims the
 * conversation composer for this bundle's review questions only (their id
 * prefix and a card that decodes), ahead of the generic question card, and
 * renders the card's A2UI surface through the official processor. A click
 * sends the processor's action, sealed to the card, as the question's
 * answer; the server checks it again. Any other question, or a card that
 * does not decode, falls through to the generic card. Activation never
 * throws (a client module that fails to activate blocks the whole UI).
 */
import { Catalog, ComponentContext, GenericBinder, MessageProcessor } from '@a2ui/web_core/v0_9'
import { BASIC_COMPONENTS, BASIC_FUNCTIONS, ButtonApi, TextFieldApi } from '@a2ui/web_core/v0_9/basic_catalog'
import { createElement as h, useMemo, useState, type ReactNode } from 'react'
import { cardAnswerText, type CardAction } from '../review/card-action.js'
import { BASIC_CATALOG_ID, FEEDBACK_PATH } from '../review/cards.js'
import { decodeEnvelope, envelopeText, QUESTION_PREFIX, type ReviewEnvelope } from '../review/envelope.js'
import { markdownElements } from './markdown-view.js'

/** The pending question as the web runtime hands it to a composer entry. */
interface PendingQuestion {
  readonly kind: 'question'
  readonly key: string
  readonly sessionId: string
  readonly payload: { readonly questions: ReadonlyArray<{ readonly id: string, readonly question: string, readonly detail?: string }> }
  respond(result: { ok: true, value: unknown }): Promise<{ accepted: boolean, reason?: string }>
}

/** What this entry claims: the pending question and its decoded card. */
interface Claimed {
  readonly wait: PendingQuestion
  readonly envelope: ReviewEnvelope
}

/** The slice of the web client context this module uses. */
interface ClientContext {
  readonly slots: {
    inject(name: string, register: () => unknown): unknown
    register(options: { name: string, priority: number, select: (props: { interactions: readonly unknown[] }) => Claimed | null }, component: (props: { matched: Claimed }) => ReactNode): unknown
  }
}

const decoded = new Map<string, ReviewEnvelope | null>()

function claim({ interactions }: { interactions: readonly unknown[] }): Claimed | null {
  const wait = interactions.find(item => (item as { kind?: unknown }).kind === 'question') as PendingQuestion | undefined
  const question = wait?.payload.questions.length === 1 ? wait.payload.questions[0] : undefined
  if (wait === undefined || question === undefined || !question.id.startsWith(QUESTION_PREFIX)) return null
  if (!decoded.has(question.id)) {
    const text = envelopeText(question.detail ?? '')
    const result = text === null ? null : decodeEnvelope(text, { questionId: question.id })
    decoded.set(question.id, result?.ok === true ? result.envelope : null)
  }
  const envelope = decoded.get(question.id)
  return envelope === null || envelope === undefined ? null : { wait, envelope }
}

interface Surface {
  readonly binder: (id: string) => Record<string, unknown>
  readonly component: (id: string) => Record<string, unknown> | undefined
}

function useSurface(envelope: ReviewEnvelope, send: (action: CardAction) => void): Surface {
  return useMemo(() => {
    const processor = new MessageProcessor([new Catalog(BASIC_CATALOG_ID, BASIC_COMPONENTS, BASIC_FUNCTIONS)], async (action) => { send(action as unknown as CardAction) })
    processor.processMessages(envelope.messages as never)
    const surface = processor.model.getSurface(envelope.surfaceId)
    if (surface === undefined) throw new Error('the card surface was not created')
    const components = new Map((envelope.messages[1]?.['updateComponents'] as { components: Array<Record<string, unknown>> }).components.map(component => [String(component['id']), component]))
    return {
      component: id => components.get(id),
      binder: (id) => {
        const schema = components.get(id)?.['component'] === 'Button' ? ButtonApi.schema : TextFieldApi.schema
        return new GenericBinder(new ComponentContext(surface, id), schema).snapshot as unknown as Record<string, unknown>
      },
    }
  }, [envelope, send])
}

const box = { display: 'flex', gap: '8px' } as const

function render(surface: Surface, id: string, feedback: { value: string, set(text: string): void }): ReactNode {
  const component = surface.component(id)
  if (component === undefined) return null
  const children = (): ReactNode[] => ((component['children'] as string[] | undefined) ?? []).map(child => h('div', { key: child }, render(surface, child, feedback)))
  switch (component['component']) {
    case 'Card': return h('section', { 'data-dshg-card': id, style: { border: '1px solid var(--border, #ccc)', borderRadius: '10px', padding: '14px', maxHeight: '60vh', overflowY: 'auto' } }, render(surface, String(component['child']), feedback))
    case 'Column': return h('div', { style: { ...box, flexDirection: 'column' } }, children())
    case 'Row': return h('div', { style: { ...box, flexDirection: 'row', justifyContent: component['justify'] === 'end' ? 'flex-end' : 'flex-start' } }, children())
    case 'Divider': return h('hr', { style: { width: '100%' } })
    case 'Text': return markdownElements(String(component['text']), String(component['variant'] ?? 'body'))
    case 'TextField': return h('textarea', { 'aria-label': String(component['label']), placeholder: String(component['label']), rows: 2, value: feedback.value, style: { width: '100%' }, onChange: (event: { target: { value: string } }) => feedback.set(event.target.value) })
    case 'Button': {
      const label = surface.component(String(component['child']))?.['text']
      return h('button', { type: 'button', 'data-dshg-action': id, onClick: () => (surface.binder(id)['action'] as () => void)(), style: { padding: '6px 14px', fontWeight: component['variant'] === 'primary' ? 600 : 400 } }, String(label))
    }
    default: return null
  }
}

function ReviewCard({ matched }: { matched: Claimed }): ReactNode {
  const { wait, envelope } = matched
  const [state, setState] = useState<{ feedback: string, sent: string | null }>({ feedback: '', sent: null })
  const send = useMemo(() => (action: CardAction) => {
    setState(current => ({ ...current, sent: 'Sending...' }))
    wait.respond({ ok: true, value: { sessionId: wait.sessionId, answer: { answers: [{ id: envelope.questionId, selected: [], custom: cardAnswerText(envelope, action) }] } } })
      .then(receipt => setState(current => ({ ...current, sent: receipt.accepted ? 'Sent.' : `Not accepted (${receipt.reason ?? 'unknown'}).` })))
      .catch((error: unknown) => setState(current => ({ ...current, sent: `Not sent (${error instanceof Error ? error.message : String(error)}).` })))
  }, [wait, envelope])
  const surface = useSurface(envelope, send)
  const feedback = {
    value: state.feedback,
    set: (text: string) => {
      (surface.binder('feedback')['setValue'] as (value: string) => void)(text)
      setState(current => ({ ...current, feedback: text }))
    },
  }
  return h('div', { 'data-dshg-review': envelope.stage, 'data-question-key': wait.key, 'data-question-id': envelope.questionId, 'data-session-id': wait.sessionId, 'data-feedback-path': FEEDBACK_PATH, style: { padding: '8px' } }, render(surface, 'root', feedback), state.sent === null ? null : h('p', { role: 'status' }, state.sent))
}

/** Services this module needs. */
export const inject = ['slots']

/**
 * Register the review card ahead of the generic question card (priority -1;
 * the generic card is 0, the subagent composer -10).
 * @param ctx - the web client context.
 */
export function apply(ctx: ClientContext): void {
  try {
    ctx.slots.inject('conversation.composer', () => ctx.slots.register({ name: 'conversation.composer', priority: -1, select: claim }, ReviewCard))
  } catch (error) {
    console.error('dsh-governance: the review card is unavailable; review questions use the generic card', error)
  }
}
