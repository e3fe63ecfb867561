/**
 * A scripted human for in-process tests: a plugin that registers the
 * user-questions provider and answers each question from a queue (an option,
 * free text, a click on the review card, a raw answer, or an error such as a
 * dismissal), recording every request it was asked.
 */
import type { Context } from '@deepseek-ai/cordis'
import { UserQuestionError } from '@deepseek-ai/dsh-user-questions'
import type { AskUserQuestionAnswer, AskUserQuestionItem } from '@deepseek-ai/dsh-user-questions'
import { buttonAction, cardAnswerText, type CardAction } from '../../src/reliability/review/card-action.ts'
import { decodeEnvelope, envelopeText, type ReviewEnvelope } from '../../src/reliability/review/envelope.ts'
import type { ReviewChoice } from '../../src/reliability/review/vocabulary.ts'

/** One scripted answer. */
export type ScriptedAnswer =
  | { readonly kind: 'option', readonly label: string, readonly custom?: string }
  | { readonly kind: 'text', readonly text: string }
  | { readonly kind: 'card', readonly choice: ReviewChoice, readonly feedback?: string, readonly tamper?: (action: CardAction, envelope: ReviewEnvelope) => { action: CardAction, envelope: ReviewEnvelope } }
  | { readonly kind: 'raw', readonly answers: (question: AskUserQuestionItem) => unknown }
  | { readonly kind: 'error', readonly code: string }
  /** Hold the question open until the promise gives the answer. */
  | { readonly kind: 'wait', readonly until: Promise<ScriptedAnswer> }

/** A scripted user and what it was asked. */
export interface ScriptedUser {
  readonly plugin: { readonly name: string, readonly inject: string[], apply(ctx: Context): void }
  readonly asked: AskUserQuestionItem[]
  readonly queue: ScriptedAnswer[]
}

/** The envelope of a review question, decoded (it must be valid). */
export function questionEnvelope(question: AskUserQuestionItem): ReviewEnvelope {
  const text = envelopeText(question.detail ?? '')
  if (text === null) throw new Error(`question ${question.id} carries no card`)
  const decoded = decodeEnvelope(text, { questionId: question.id })
  if (!decoded.ok) throw new Error(`question ${question.id} carries an invalid card: ${decoded.reason}`)
  return decoded.envelope
}

async function answerOf(answer: ScriptedAnswer, question: AskUserQuestionItem): Promise<AskUserQuestionAnswer> {
  switch (answer.kind) {
    case 'wait': return answerOf(await answer.until, question)
    case 'option': return { answers: [{ id: question.id, selected: [answer.label], ...(answer.custom === undefined ? {} : { custom: answer.custom }) }] }
    case 'text': return { answers: [{ id: question.id, selected: [], custom: answer.text }] }
    case 'card': {
      const envelope = questionEnvelope(question)
      const clicked = buttonAction(envelope, answer.choice, answer.feedback ?? '', new Date().toISOString())
      const sent = answer.tamper === undefined ? { action: clicked, envelope } : answer.tamper(clicked, envelope)
      return { answers: [{ id: question.id, selected: [], custom: cardAnswerText(sent.envelope, sent.action) }] }
    }
    case 'raw': return { answers: answer.answers(question) } as unknown as AskUserQuestionAnswer
    case 'error': throw new UserQuestionError(`scripted ${answer.code}`, answer.code)
  }
}

/**
 * A scripted user answering from a queue; an empty queue dismisses the question.
 * @param answers - answers in the order questions arrive.
 */
export function scriptedUser(answers: readonly ScriptedAnswer[] = []): ScriptedUser {
  const asked: AskUserQuestionItem[] = []
  const queue = [...answers]
  return {
    asked,
    queue,
    plugin: {
      name: 'scripted-user',
      inject: ['userQuestions'],
      apply(ctx: Context) {
        ctx.userQuestions.registerProvider({
          async ask(request) {
            const question = request.questions[0]
            if (question === undefined) throw new Error('no question')
            asked.push(question)
            return answerOf(queue.shift() ?? { kind: 'error', code: 'ASK_CANCELLED' }, question)
          },
        })
      },
    },
  }
}
