/**
 * Host adapter: ask the session's user one review question through
 * `ctx.userQuestions` (the exact live root agent only; the host refuses a
 * delegated agent) and read the answer. The question carries the readable
 * Markdown and, after it, the sealed A2UI card the web client renders.
 * Errors never escape: every way the question can fail is a decision.
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import type {} from '@deepseek-ai/dsh-user-questions'
import { canonicalJson } from '../../kernel/json.js'
import type { Receipt } from '../../kernel/receipts.js'
import { readReviewAnswer } from '../review/answer.js'
import { decodeEnvelope, envelopeReceipt, questionDetail, reviewEnvelope } from '../review/envelope.js'
import { proposalMarkdown, type ProposalSection } from '../review/markdown.js'
import type { StageOutcome } from '../review/review-records.js'
import { REVIEW_OPTIONS, REVIEW_STAGES, type ReviewStage } from '../review/vocabulary.js'

/** The setting that opens contracts without review, named in every refusal that needs it. */
export const UNATTENDED_SETTING = 'reliability-governor.contractReview.mode: off'

/** Question errors that mean the question was answered by no one. */
const CANCELLED_CODES = new Set(['ASK_CANCELLED', 'ASK_ABORTED'])

function unavailable(detail: string): StageOutcome {
  return { decision: 'unavailable', questionId: null, presentation: null, feedback: null, detail }
}

function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' ? code : 'ERROR'
}

/** Why no user could be asked, with what to do about it. */
function unavailableDetail(code: string, message: string): string {
  switch (code) {
    case 'NO_PROVIDER': return `no question provider is mounted (${code}), as in a headless run; review needs the web UI or a bundle that answers questions, or an operator setting ${UNATTENDED_SETTING} in cordis.patch.yml`
    case 'DELEGATED_CALLER': return `a delegated agent cannot ask the user (${code}); open the contract from the root agent`
    default: return `the user could not be asked (${code}: ${message})`
  }
}

/**
 * Ask one review stage.
 * @param ctx - the row's context (`userQuestions` is read at call time; it may be absent).
 * @param agent - the calling agent, which must be the live root agent.
 * @param stage - which stage.
 * @param sections - the proposal's blocks.
 * @param receipt - the proposal's receipt.
 * @param maxFeedbackChars - longest feedback accepted.
 * @param signal - the tool call's signal.
 */
export async function askReviewStage(ctx: Context, agent: Agent, stage: ReviewStage, sections: readonly ProposalSection[], receipt: Receipt, maxFeedbackChars: number, signal: AbortSignal): Promise<StageOutcome> {
  const questions = ctx.get('userQuestions')
  if (questions === undefined) return unavailable(`the host mounts no user-questions service; an operator can set ${UNATTENDED_SETTING} in cordis.patch.yml`)
  const envelope = reviewEnvelope(stage, receipt, sections)
  const selfCheck = decodeEnvelope(canonicalJson(envelope), { questionId: envelope.questionId })
  if (!selfCheck.ok) throw new Error(`the ${stage} review card failed its own check (${selfCheck.reason})`)
  const title = REVIEW_STAGES[stage].title
  const presentation = { format: 'a2ui+markdown' as const, surfaceId: envelope.surfaceId, envelope: envelopeReceipt(envelope) }
  try {
    const answer = await questions.ask({
      agent,
      signal,
      questions: [{
        id: envelope.questionId,
        header: 'Contract review',
        question: title,
        detail: questionDetail(proposalMarkdown(title, sections, receipt), envelope),
        options: Object.values(REVIEW_OPTIONS).map(option => ({ label: option.label, description: option.description })),
      }],
    })
    const read = readReviewAnswer(answer.answers, envelope, maxFeedbackChars)
    return { decision: read.decision, questionId: envelope.questionId, presentation, feedback: read.feedback, detail: read.detail }
  } catch (error) {
    const code = errorCode(error)
    const message = error instanceof Error ? error.message : String(error)
    if (CANCELLED_CODES.has(code)) return { decision: 'cancelled', questionId: envelope.questionId, presentation, feedback: null, detail: `the question was closed without an answer (${code})` }
    return unavailable(unavailableDetail(code, message))
  }
}
