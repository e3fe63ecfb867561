/**
 * `reliability_draft` on the real host: one isolated call on the configured
 * auxiliary route (a second scripted adapter stands in for the auxiliary
 * model; the conversation has its own), every failure recording nothing and
 * naming the cause, and `reliability_begin`/`reliability_begin_code` bound to
 * the exact, latest, unused draft.
 */
import { LlmAdapter, CallId, type GenerateOptions, type StreamChunk } from '@deepseek-ai/dsh-llm'
import { afterEach, describe, expect, it } from 'vitest'
import * as reliability from '../../src/reliability/plugin.ts'
import { draftSystemPrompt } from '../../src/reliability/authoring/draft-prompt.ts'
import { governorEvents, toolResults } from '../support/governed.ts'
import { createAgent, mountHost, runTurn, scriptModel } from '../support/host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { playTurns, workspaceHost, type WorkspaceHost } from '../support/workspace-host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

/** The auxiliary model: plays one chunk list per request and records every request. */
class AuxiliaryModel extends LlmAdapter {
  readonly requests: GenerateOptions[] = []
  private readonly replies: Array<StreamChunk[] | 'hang'>
  constructor(replies: Array<StreamChunk[] | 'hang'>) {
    super()
    this.replies = replies
  }

  override async * stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    this.requests.push(options)
    const reply = this.replies.shift()
    if (reply === undefined) throw new Error('auxiliary script exhausted')
    if (reply === 'hang') {
      await new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }))
      return
    }
    for (const chunk of reply) yield chunk
  }
}

const text = (body: string, finish: StreamChunk = { type: 'finish', reason: { kind: 'stop' } }): StreamChunk[] => [
  { type: 'block-start', index: 0, blockType: 'text' },
  { type: 'text-delta', index: 0, text: body },
  { type: 'block-end', index: 0, block: { type: 'text', text: body } },
  { type: 'usage', usage: { inputTokens: 120, outputTokens: 80 } },
  finish,
]

const DRAFT = {
  claims: [{ id: 'c1', statement: 'README names the project', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }],
  checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'demo' }],
}
const OBJECTIVE = 'README states the project name'
const CONTEXT = 'README.md exists; the project is called demo. SECRET-CONTEXT-MARKER'
const AUTHORING = { mode: 'auxiliary-model', provider: 'aux', model: 'aux-model', timeoutMs: 1000, maxOutputTokens: 256 }

async function draftHost(replies: Array<StreamChunk[] | 'hang'>, extra: Record<string, unknown> = {}): Promise<{ host: WorkspaceHost, aux: AuxiliaryModel }> {
  const host = await workspaceHost(cleanups, [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' }, contractAuthoring: AUTHORING, ...extra }]], { files: { 'README.md': '# demo\n' } })
  const aux = new AuxiliaryModel(replies)
  host.ctx.llm.registerAdapter(['aux'], aux)
  return { host, aux }
}

type Agent = ReturnType<typeof createAgent>
const play = (host: WorkspaceHost, id: string, turns: ScriptedTurn[]): Promise<Agent> => playTurns(host, id, 'do the task', turns)

const draftCall = (kind = 'general') => call('reliability_draft', { contract_kind: kind, objective: OBJECTIVE, context: CONTEXT })
const drafts = (agent: Agent) => governorEvents(agent).filter(event => event.type === 'reliability/contract-draft')
const resultOf = (agent: Agent, index: number) => JSON.parse(toolResults(agent)[index]!.text) as Record<string, unknown>
/** The nth successful draft result the agent received, as begin arguments (changed by `change`). */
function beginFrom(agent: Agent, nth: number, change: Record<string, unknown> = {}): Record<string, unknown> {
  const results = toolResults(agent).filter(result => !result.isError && result.text.includes('"draft_receipt"'))
  const draft = JSON.parse(results[nth]!.text) as Record<string, unknown>
  return { objective: draft['objective'], claims: draft['claims'], checks: draft['checks'], draft_receipt: draft['draft_receipt'], ...change }
}
/** Script with turns that may read the agent's session when they are played. */
async function playWith(host: WorkspaceHost, id: string, turns: (agent: Agent) => Array<ScriptedTurn | (() => ScriptedTurn)>): Promise<Agent> {
  const agent = createAgent(host.ctx, id, host.workspace)
  scriptModel(host.ctx, [...turns(agent).map(turn => typeof turn === 'function' ? () => turn() : turn), say('done')])
  await runTurn(agent, 'do the task')
  return agent
}

describe('reliability_draft', () => {
  it('makes one text-only call on the exact route, records provenance without the context, and the exact draft begins and certifies', async () => {
    const { host, aux } = await draftHost([text(JSON.stringify(DRAFT))])
    const agent = await playWith(host, 'draft-ok', self => [draftCall(), () => call('reliability_begin', beginFrom(self, 0)), call('reliability_verify')])
    expect(aux.requests).toHaveLength(1)
    const request = aux.requests[0]!
    expect({ provider: request.provider, model: request.model, tools: request.tools, maxTokens: request.maxTokens, system: request.system }).toEqual({ provider: 'aux', model: 'aux-model', tools: [], maxTokens: 256, system: draftSystemPrompt() })
    expect(request.messages).toHaveLength(1)
    expect(request.messages[0]).toMatchObject({ role: 'user', content: [{ type: 'text', text: expect.stringContaining(CONTEXT) as unknown as string }] })
    const [draft] = drafts(agent)
    expect(draft?.data).toMatchObject({ kind: 'general', provider: 'aux', model: 'aux-model', promptVersion: 1, usage: { inputTokens: 120, outputTokens: 80 } })
    expect(JSON.stringify(governorEvents(agent))).not.toContain('SECRET-CONTEXT-MARKER')
    const contract = governorEvents(agent).find(event => event.type === 'reliability/contract')
    expect(contract?.data['authorship']).toEqual({ mode: 'auxiliary-model', draftReceipt: draft?.data['receipt'] })
    expect(governorEvents(agent).find(event => event.type === 'reliability/terminal')?.data['outcome']).toBe('certified')
  })

  const failures: Array<[string, StreamChunk[] | 'hang', string]> = [
    ['a tool call', [{ type: 'block-start', index: 0, blockType: 'tool-call' }, { type: 'tool-call-delta', index: 0, id: CallId('t1'), name: 'write', argumentsDelta: '{}' }, { type: 'finish', reason: { kind: 'tool-calls' } }], 'tool-call block'],
    ['a finish at the token limit', text(JSON.stringify(DRAFT), { type: 'finish', reason: { kind: 'max-tokens' } }), 'finished max-tokens'],
    ['a stream without a finish', text(JSON.stringify(DRAFT)).slice(0, 4), 'ended without a finish'],
    ['the time limit', 'hang', 'ran past 1000 ms'],
    ['an oversized stream', text('x'.repeat(3000)), 'passed 2048 bytes'],
    ['malformed JSON', text('{"claims": ['), 'not strict JSON'],
    ['prose around the JSON', text(`Here it is: ${JSON.stringify(DRAFT)}`), 'not strict JSON'],
    ['a duplicate key', text(`{"claims": ${JSON.stringify(DRAFT.claims)}, "checks": ${JSON.stringify(DRAFT.checks)}, "checks": []}`), 'uplicate key'],
    ['an extra key', text(JSON.stringify({ ...DRAFT, objective: 'other' })), 'exactly the keys claims and checks'],
    ['an unknown check kind', text(JSON.stringify({ ...DRAFT, checks: [{ id: 'k1', kind: 'llm_judge', path: 'README.md' }] })), 'draft.checks[0].kind'],
    ['an unconfigured verifier profile', text(JSON.stringify({ ...DRAFT, checks: [{ id: 'k1', kind: 'code_verification_succeeded', profile: 'nope' }] })), 'draft.checks[0].profile'],
    ['a coverage error', text(JSON.stringify({ ...DRAFT, claims: [{ ...DRAFT.claims[0], verification: 'human-required' }] })), 'coverage is review-required'],
  ]
  for (const [name, reply, cause] of failures) {
    it(`fails on ${name}, records nothing and names the cause`, async () => {
      const { host } = await draftHost([reply])
      const agent = await play(host, `draft-${name.replaceAll(' ', '-')}`, [draftCall()])
      expect(toolResults(agent)[0]).toMatchObject({ isError: true, text: expect.stringContaining(cause) as unknown as string })
      expect(governorEvents(agent)).toEqual([])
    })
  }

  it('fails on a route the host does not have, without trying another', async () => {
    const { host, aux } = await draftHost([text(JSON.stringify(DRAFT))], { contractAuthoring: { ...AUTHORING, provider: 'nowhere' } })
    const agent = await play(host, 'draft-no-route', [draftCall()])
    expect(toolResults(agent)[0]).toMatchObject({ isError: true, text: expect.stringContaining('route nowhere') as unknown as string })
    expect(aux.requests).toEqual([])
    expect(governorEvents(agent)).toEqual([])
  })

  it('refuses input over the byte bound before any call', async () => {
    const { host, aux } = await draftHost([text(JSON.stringify(DRAFT))], { contractAuthoring: { ...AUTHORING, maxInputBytes: 1024 } })
    const agent = await play(host, 'draft-too-big', [call('reliability_draft', { contract_kind: 'general', objective: OBJECTIVE, context: 'x'.repeat(2000) })])
    expect(toolResults(agent)[0]).toMatchObject({ isError: true, text: expect.stringContaining('contractAuthoring.maxInputBytes') as unknown as string })
    expect(aux.requests).toEqual([])
  })
})

describe('begin bound to a draft', () => {
  const minimum = [{ ...DRAFT.claims[0], minimum_independent_sources: 1 }]

  it('refuses a missing receipt, a weakened draft, an older draft and a replay; accepts the exact latest draft once', async () => {
    const { host } = await draftHost([text(JSON.stringify(DRAFT)), text(JSON.stringify(DRAFT))])
    const agent = await playWith(host, 'draft-binding', self => [
      draftCall(),
      call('reliability_begin', { objective: OBJECTIVE, claims: minimum, checks: DRAFT.checks }),
      () => call('reliability_begin', beginFrom(self, 0, { claims: [{ ...minimum[0], importance: 'minor' }] })),
      draftCall(),
      () => call('reliability_begin', beginFrom(self, 1, { draft_receipt: beginFrom(self, 0)['draft_receipt'] })),
      () => call('reliability_begin', beginFrom(self, 1)),
      call('reliability_abstain', { reason: 'test' }),
      () => call('reliability_begin', beginFrom(self, 1)),
    ])
    const results = toolResults(agent)
    expect(results.map(result => result.isError)).toEqual([false, true, true, false, true, false, false, true])
    expect(results[1]?.text).toContain('draft_receipt: is required in auxiliary-model authoring mode')
    expect(results[2]?.text).toContain('claims: differ from the draft')
    expect(results[4]?.text).toContain('is not the receipt of the latest draft')
    expect(results[7]?.text).toContain('was already used (reliability/contract')
    expect(governorEvents(agent).filter(event => event.type === 'reliability/contract')).toHaveLength(1)
  })

  it('refuses a draft receipt in current-agent mode', async () => {
    const host = await workspaceHost(cleanups, [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' } }]], { files: { 'README.md': '# demo\n' } })
    const agent = await play(host, 'draft-wrong-mode', [call('reliability_begin', { objective: OBJECTIVE, claims: DRAFT.claims, checks: DRAFT.checks, draft_receipt: `sha256:${'0'.repeat(64)}` })])
    expect(toolResults(agent)[0]?.text).toContain('draft_receipt: is accepted only in auxiliary-model authoring mode')
    expect(host.ctx.tools.get('reliability_draft')).toBeUndefined()
  })

  it('injects every required verifier into a code draft before its receipt, and opens it only with reliability_begin_code', async () => {
    const profiles = [{ id: 'unit-tests', description: 'unit tests pass', command: 'node', args: ['test.mjs'] }]
    const { host } = await draftHost([text(JSON.stringify(DRAFT))], { codeVerificationProfiles: profiles })
    const agent = await playWith(host, 'draft-code', self => [
      draftCall('code'),
      () => call('reliability_begin', beginFrom(self, 0)),
      () => call('reliability_begin_code', beginFrom(self, 0)),
    ])
    const draft = resultOf(agent, 0)
    expect(draft['checks']).toContainEqual({ id: 'verifier-unit-tests', kind: 'code_verification_succeeded', profile: 'unit-tests' })
    expect(drafts(agent)[0]?.data['claims']).toContainEqual(expect.objectContaining({ id: 'verified-unit-tests', importance: 'critical' }))
    expect(toolResults(agent)[1]?.text).toContain('names a code draft; open it with reliability_begin_code')
    expect(toolResults(agent)[2]?.isError).toBe(false)
    const contract = governorEvents(agent).find(event => event.type === 'reliability/contract')
    expect((contract?.data['checks'] as Array<{ id: string }>).map(check => check.id)).toEqual(['k1', 'verifier-unit-tests'])
  })

  it('records caller-declared authorship in manual mode, with no draft tool', async () => {
    const host = await workspaceHost(cleanups, [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' }, contractAuthoring: { mode: 'manual' } }]], { files: { 'README.md': '# demo\n' } })
    const agent = await play(host, 'draft-manual', [call('reliability_begin', { objective: OBJECTIVE, claims: DRAFT.claims, checks: DRAFT.checks })])
    expect(governorEvents(agent).find(event => event.type === 'reliability/contract')?.data['authorship']).toEqual({ mode: 'manual', draftReceipt: null })
    expect(host.ctx.tools.get('reliability_draft')).toBeUndefined()
  })

  it('fails the load when auxiliary-model mode names no route', async () => {
    const host = await mountHost({ fs: true })
    cleanups.push(() => host.dispose())
    const loading = host.ctx.plugin(reliability as never, { contractAuthoring: { mode: 'auxiliary-model', model: 'm' } } as never) as unknown as Promise<unknown>
    await expect(loading).rejects.toThrow('$.contractAuthoring.provider must name the provider route')
  })
})
