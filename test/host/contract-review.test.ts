/**
 * The two-stage contract review on the real host: the real user-questions
 * service, a scripted user as its provider, the governor row at its default
 * (review required). Each test checks the session log and the question the
 * user was shown.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { SessionId } from '@deepseek-ai/dsh-session'
import * as ieg from '../../src/ieg/plugin.ts'
import * as reliability from '../../src/reliability/plugin.ts'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { reliabilityFold, reliabilityPhase } from '../../src/reliability/contract/fold.ts'
import { envelopeText } from '../../src/reliability/review/envelope.ts'
import { governorEvents, readmeContract, toolResults } from '../support/governed.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { call, say } from '../support/script.ts'
import { questionEnvelope, scriptedUser, type ScriptedAnswer, type ScriptedUser } from '../support/scripted-user.ts'
import { workspaceHost, type WorkspaceHost } from '../support/workspace-host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const intent = { objective_source: 'user', constraints: [{ text: 'Keep the existing title', source: 'user' }], ambiguities: [{ text: 'Greeting wording: Hello', source: 'agent' }] }
const begin = (extra: Record<string, unknown> = {}) => call('reliability_begin', { ...readmeContract(), intent, ...extra })

async function reviewHost(answers: readonly ScriptedAnswer[], options: { provider?: boolean, ieg?: boolean } = {}): Promise<{ host: WorkspaceHost, user: ScriptedUser }> {
  const user = scriptedUser(answers)
  const host = await workspaceHost(cleanups, [[reliability, { autoVerifyAtTurnStop: false }], ...(options.ieg === true ? [[ieg, {}] as const] : [])], {
    files: { 'README.md': '# Demo\nHello\n' },
    userQuestions: true,
    ...(options.provider === false ? {} : { before: [[user.plugin, {}]] }),
  })
  return { host, user }
}

async function beginOnce(host: WorkspaceHost, id: string, turns = [begin(), say('done')]): Promise<ReturnType<typeof createAgent>> {
  scriptModel(host.ctx, turns)
  const agent = createAgent(host.ctx, id, host.workspace)
  await runTurn(agent, 'open a reviewed contract')
  return agent
}

function lastResult(agent: ReturnType<typeof createAgent>): Record<string, unknown> {
  const result = toolResults(agent).at(-1)
  if (result === undefined) throw new Error('no tool result')
  expect(result.isError, result.text).toBe(false)
  return JSON.parse(result.text) as Record<string, unknown>
}

const types = (agent: ReturnType<typeof createAgent>): string[] => governorEvents(agent).map(event => event.type)

describe('both stages approved', () => {
  it('asks the intent, then the evidence bound to it, and stores a version 5 contract that embeds both', async () => {
    const { host, user } = await reviewHost([{ kind: 'option', label: 'Approve' }, { kind: 'card', choice: 'approved' }])
    const agent = await beginOnce(host, 'review-both')
    expect(types(agent)).toEqual(['reliability/intent-review', 'reliability/contract-review', 'reliability/contract'])
    const [intentReview, contractReview, contract] = governorEvents(agent).map(event => event.data)
    expect(contract).toMatchObject({ version: 5, reviewMode: 'required', reviews: { intent: intentReview?.['receipt'], evidence: contractReview?.['receipt'] } })
    expect(user.asked.map(question => question.question)).toEqual(['Approve what "done" means', 'Approve how "done" will be checked'])
    const [first, second] = user.asked
    expect(first?.detail).toContain('Keep the existing title')
    expect(first?.detail).toContain('stated by the user')
    expect(questionEnvelope(second!).proposalReceipt).toBe((contractReview?.['proposal'] as { receipt: string }).receipt)
    expect(lastResult(agent)).toMatchObject({ contract_id: contract?.['contractId'], review: { mode: 'required' } })
    expect(reliabilityPhase(readProjectionState(host.ctx.sessionProjections, agent.session, reliabilityFold))).toBe('active')
  })
})

describe('a stage that is not approved', () => {
  const cases: Array<[string, ScriptedAnswer[], string[], string, string]> = [
    ['intent revised with feedback', [{ kind: 'text', text: 'Say Hi, not Hello' }], ['reliability/intent-review'], 'intent', 'revised'],
    ['intent rejected', [{ kind: 'option', label: 'Reject' }], ['reliability/intent-review'], 'intent', 'rejected'],
    ['intent dismissed', [{ kind: 'error', code: 'ASK_CANCELLED' }], ['reliability/intent-review'], 'intent', 'cancelled'],
    ['intent skipped', [{ kind: 'raw', answers: question => [{ id: question.id, selected: [] }] }], ['reliability/intent-review'], 'intent', 'cancelled'],
    ['intent answered with an option that was not offered', [{ kind: 'raw', answers: question => [{ id: question.id, selected: ['Approve all'] }] }], ['reliability/intent-review'], 'intent', 'invalid'],
    ['intent approved with a note (a revision)', [{ kind: 'option', label: 'Approve', custom: 'but keep the title' }], ['reliability/intent-review'], 'intent', 'revised'],
    ['evidence revised on the card', [{ kind: 'option', label: 'Approve' }, { kind: 'card', choice: 'revised', feedback: 'Also check the title' }], ['reliability/intent-review', 'reliability/contract-review'], 'evidence', 'revised'],
    ['evidence rejected on the card', [{ kind: 'option', label: 'Approve' }, { kind: 'card', choice: 'rejected' }], ['reliability/intent-review', 'reliability/contract-review'], 'evidence', 'rejected'],
    ['evidence dismissed', [{ kind: 'card', choice: 'approved' }, { kind: 'error', code: 'ASK_CANCELLED' }], ['reliability/intent-review', 'reliability/contract-review'], 'evidence', 'cancelled'],
  ]
  it.each(cases)('%s: only that stage\'s review is written, no contract', async (_name, answers, written, stage, decision) => {
    const { host } = await reviewHost(answers)
    const agent = await beginOnce(host, `review-${stage}-${decision}-${Math.random().toString(36).slice(2, 8)}`)
    expect(types(agent)).toEqual(written)
    const review = governorEvents(agent).at(-1)?.data
    expect(review?.['decision']).toBe(decision)
    expect(lastResult(agent)).toMatchObject({ contract_id: null, review: { stage, decision } })
    expect(reliabilityPhase(readProjectionState(host.ctx.sessionProjections, agent.session, reliabilityFold))).toBe('inactive')
  })

  it('returns feedback to the agent and keeps only its size and hash in the log', async () => {
    const { host } = await reviewHost([{ kind: 'text', text: 'Say Hi, not Hello' }])
    const agent = await beginOnce(host, 'review-feedback')
    expect(lastResult(agent)).toMatchObject({ review: { feedback: 'Say Hi, not Hello' } })
    const stored = JSON.stringify(agent.session.events.filter(event => event.type.startsWith('reliability/')))
    expect(stored).not.toContain('Say Hi')
    expect(governorEvents(agent)[0]?.data['feedback']).toMatchObject({ bytes: 17 })
  })
})

describe('forged and stale card answers approve nothing', () => {
  const forgeries: Array<[string, NonNullable<Extract<ScriptedAnswer, { kind: 'card' }>['tamper']>, string]> = [
    ['another proposal receipt', (action, envelope) => ({ action: { ...action, context: { ...action.context, receipt: `sha256:${'0'.repeat(64)}` } }, envelope }), 'another proposal'],
    ['another surface', (action, envelope) => ({ action: { ...action, surfaceId: 'other-surface' }, envelope }), 'another surface'],
    ['another action name', (action, envelope) => ({ action: { ...action, name: 'approve-all' }, envelope }), 'not review-answer'],
    ['another source component', (action, envelope) => ({ action: { ...action, sourceComponentId: 'title' }, envelope }), 'not an answer button'],
    ['an option that is not its button\'s', (action, envelope) => ({ action: { ...action, sourceComponentId: 'answer-reject' }, envelope }), 'not its button'],
    ['another purpose', (action, envelope) => ({ action: { ...action, context: { ...action.context, purpose: 'evidence-review' } }, envelope }), 'another purpose'],
    ['another question', (action, envelope) => ({ action: { ...action, context: { ...action.context, questionId: 'dshg-review:intent:x' } }, envelope }), 'another question'],
    ['an extra context field', (action, envelope) => ({ action: { ...action, context: { ...action.context, approvedBy: 'admin' } }, envelope }), 'exactly the review fields'],
    ['a stale card (another envelope)', (action, envelope) => ({ action, envelope: { ...envelope, surfaceId: `${envelope.surfaceId}-old` } }), 'another card'],
  ]
  it.each(forgeries)('%s', async (_name, tamper, detail) => {
    const { host } = await reviewHost([{ kind: 'card', choice: 'approved', tamper }])
    const agent = await beginOnce(host, `forged-${Math.random().toString(36).slice(2, 8)}`)
    expect(types(agent)).toEqual(['reliability/intent-review'])
    expect(governorEvents(agent)[0]?.data).toMatchObject({ decision: 'invalid', detail: expect.stringContaining(detail) })
  })

  it('refuses an oversized or malformed action', async () => {
    for (const custom of [`a2ui-action:${'x'.repeat(20_000)}`, 'a2ui-action:{"envelope":1}', 'a2ui-action:not json']) {
      const { host } = await reviewHost([{ kind: 'raw', answers: question => [{ id: question.id, selected: [], custom }] }])
      const agent = await beginOnce(host, `malformed-${Math.random().toString(36).slice(2, 8)}`)
      expect(governorEvents(agent)[0]?.data['decision']).toBe('invalid')
    }
  })
})

describe('when no user can be asked', () => {
  it('records the intent review as unavailable and names the setting for unattended mode', async () => {
    const { host, user } = await reviewHost([], { provider: false })
    const agent = await beginOnce(host, 'review-headless')
    expect(types(agent)).toEqual(['reliability/intent-review'])
    const result = lastResult(agent)
    expect(result).toMatchObject({ contract_id: null, review: { decision: 'unavailable', detail: expect.stringContaining('reliability-governor.contractReview.mode: off') } })
    expect(user.asked).toEqual([])
  })

  it('gives a delegated child agent unavailable without asking the user', async () => {
    const { host, user } = await reviewHost([{ kind: 'option', label: 'Approve' }])
    scriptModel(host.ctx, [begin(), say('done')])
    const parent = createAgent(host.ctx, 'review-parent', host.workspace)
    const child = await parent.ctx.agents.create({ sessionId: SessionId('review-child'), meta: { cwd: host.workspace, origin: 'subagent' }, agentOptions: { provider: 'mock', model: 'mock' } })
    await runTurn(child.agent, 'open a contract as a subagent')
    expect(lastResult(child.agent)).toMatchObject({ review: { decision: 'unavailable', detail: expect.stringContaining('DELEGATED_CALLER') } })
    expect(user.asked).toEqual([])
  })

  it('refuses a second review while one is waiting for the same agent, writing nothing for it', async () => {
    let answer: (value: ScriptedAnswer) => void = () => undefined
    const { host, user } = await reviewHost([{ kind: 'wait', until: new Promise<ScriptedAnswer>((resolve) => { answer = resolve }) }])
    const agent = createAgent(host.ctx, 'review-pending', host.workspace)
    const execute = (callId: string) => host.ctx.tools.execute({ name: 'reliability_begin', arguments: { ...readmeContract(), intent }, agent, callId: callId as never, signal: new AbortController().signal })
    const first = execute('c1')
    while (user.asked.length === 0) await new Promise(resolve => setTimeout(resolve, 5))
    const second = await execute('c2')
    expect(JSON.stringify(second)).toContain('already waiting')
    answer({ kind: 'option', label: 'Reject' })
    expect(JSON.stringify(await first)).toContain('rejected')
    expect(types(agent)).toEqual(['reliability/intent-review'])
    expect(user.asked).toHaveLength(1)
  })
})

describe('orientation feeds the intent', () => {
  it('starts the intent proposal from the recorded orientation and shows a mismatch', async () => {
    const { host, user } = await reviewHost([{ kind: 'option', label: 'Reject' }], { ieg: true })
    const agent = await beginOnce(host, 'review-orientation', [
      call('record_orientation', { intent: 'greet readers', objective: 'Rewrite the whole README', scope: 'README.md', plan: ['edit', 'verify'] }),
      begin(),
      say('done'),
    ])
    const detail = user.asked[0]?.detail ?? ''
    expect(detail).toContain('Starts from the orientation recorded in this session (revision 1)')
    expect(detail).toContain('Mismatch with the orientation')
    const proposal = governorEvents(agent)[0]?.data['proposal'] as { orientation: { scope: string }, mismatches: string[] }
    expect(proposal.orientation.scope).toBe('README.md')
    expect(proposal.mismatches).toHaveLength(1)
    expect(envelopeText(detail)).not.toBeNull()
  })
})

describe('review state in the status tool', () => {
  it('reports the evidence review as pending after an approved intent whose evidence review never ended', async () => {
    const { host } = await reviewHost([{ kind: 'option', label: 'Approve' }, { kind: 'error', code: 'ASK_CANCELLED' }])
    const agent = await beginOnce(host, 'review-status', [begin(), call('reliability_status'), say('done')])
    expect(lastResult(agent)).toMatchObject({ phase: 'inactive', reviewQuestionPending: false, review: { intent: { decision: 'approved' }, evidence: { decision: 'cancelled' } } })
  })
})
