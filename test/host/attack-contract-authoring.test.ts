/**
 * Attacks on contract authoring (`contractAuthoring.mode: auxiliary-model`,
 * `reliability_draft`, begin bound to a draft) on the real host packages
 * in-process. Each test is one attack: the assertions before the last show
 * the attack input was delivered, the last states the secure behaviour.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LlmAdapter, type GenerateOptions, type StreamChunk } from '@deepseek-ai/dsh-llm'
import { SessionId } from '@deepseek-ai/dsh-session'
import { afterEach, describe, expect, it } from 'vitest'
import * as reliability from '../../src/reliability/plugin.ts'
import { parseStrictJson } from '../../src/kernel/json.ts'
import { governorEvents, toolResults } from '../support/governed.ts'
import { createAgent, mountHost, runTurn, scriptModel } from '../support/host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { workspaceHost, type WorkspaceHost } from '../support/workspace-host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

/** One reply of the auxiliary model: any chunk stream, given the request. */
type Reply = (options: GenerateOptions) => AsyncIterable<StreamChunk>

/** The auxiliary model: plays one reply per request and records every request. */
class AuxiliaryModel extends LlmAdapter {
  readonly requests: GenerateOptions[] = []
  private readonly replies: Reply[]
  constructor(replies: Reply[]) {
    super()
    this.replies = replies
  }

  override stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    this.requests.push(options)
    const reply = this.replies.shift()
    if (reply === undefined) throw new Error('auxiliary script exhausted')
    return reply(options)
  }
}

const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))
const STOP: StreamChunk = { type: 'finish', reason: { kind: 'stop' } }
const chunks = (list: readonly StreamChunk[]): Reply => async function * () {
  for (const chunk of list) yield chunk
}
const textChunks = (body: string): StreamChunk[] => [
  { type: 'block-start', index: 0, blockType: 'text' },
  { type: 'text-delta', index: 0, text: body },
  { type: 'block-end', index: 0, block: { type: 'text', text: body } },
  { type: 'usage', usage: { inputTokens: 120, outputTokens: 80 } },
  STOP,
]
const text = (body: string): Reply => chunks(textChunks(body))

const DRAFT = {
  claims: [{ id: 'c1', statement: 'README names the project', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }],
  checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'demo' }],
}
const BODY = JSON.stringify(DRAFT)
const OBJECTIVE = 'README states the project name'
const CONTEXT = 'README.md exists; the project is called demo.'
/** maxOutputTokens 256 → an output cap of 2048 bytes; a 1 s deadline. */
const AUTHORING = { mode: 'auxiliary-model', provider: 'aux', model: 'aux-model', timeoutMs: 1000, maxOutputTokens: 256 }
const OUTPUT_CAP = 256 * 8

async function draftHost(replies: Reply[], extra: Record<string, unknown> = {}): Promise<{ host: WorkspaceHost, aux: AuxiliaryModel }> {
  const host = await workspaceHost(cleanups, [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' }, contractAuthoring: AUTHORING, ...extra }]], { files: { 'README.md': '# demo\n' } })
  const aux = new AuxiliaryModel(replies)
  host.ctx.llm.registerAdapter(['aux'], aux)
  return { host, aux }
}

type Agent = ReturnType<typeof createAgent>
/** Script with turns that may read the agent's session when they are played. */
async function playWith(host: WorkspaceHost, id: string, turns: (agent: Agent) => Array<ScriptedTurn | (() => ScriptedTurn)>): Promise<Agent> {
  const agent = createAgent(host.ctx, id, host.workspace)
  scriptModel(host.ctx, [...turns(agent).map(turn => typeof turn === 'function' ? () => turn() : turn), say('done')])
  await runTurn(agent, 'do the task')
  return agent
}
const draftCall = (kind = 'general'): ScriptedTurn => call('reliability_draft', { contract_kind: kind, objective: OBJECTIVE, context: CONTEXT })
const drafts = (agent: Agent) => governorEvents(agent).filter(event => event.type === 'reliability/contract-draft')
const contracts = (agent: Agent) => governorEvents(agent).filter(event => event.type === 'reliability/contract')
/** The nth successful draft result the agent received, as begin arguments (changed by `change`). */
function beginFrom(agent: Agent, nth: number, change: Record<string, unknown> = {}): Record<string, unknown> {
  const results = toolResults(agent).filter(result => !result.isError && result.text.includes('"draft_receipt"'))
  const draft = JSON.parse(results[nth]!.text) as Record<string, unknown>
  return { objective: draft['objective'], claims: draft['claims'], checks: draft['checks'], draft_receipt: draft['draft_receipt'], ...change }
}

describe('attack: reliability_draft records what it should not', () => {
  it('a draft whose adapter ignores the abort fails at the deadline and records nothing', async () => {
    const late: Reply = async function * () {
      yield { type: 'block-start', index: 0, blockType: 'text' }
      yield { type: 'text-delta', index: 0, text: BODY }
      await sleep(6000) // far past the 1000 ms deadline; this adapter does not listen to the signal
      yield { type: 'block-end', index: 0, block: { type: 'text', text: BODY } }
      yield STOP
    }
    const { host, aux } = await draftHost([late])
    const started = Date.now()
    const agent = await playWith(host, 'f1-late', () => [draftCall()])
    expect(aux.requests).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(4000)
    expect(toolResults(agent)[0]?.text).toContain('ran past 1000 ms')
    expect(drafts(agent)).toEqual([])
  })

  it('reasoning sent on a text block fails the draft, and reasoning never reaches the record', async () => {
    const cut = BODY.indexOf('README names')
    const { host, aux } = await draftHost([chunks([
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'text-delta', index: 0, text: BODY.slice(0, cut) },
      { type: 'reasoning-delta', index: 0, text: 'REASONING-MARKER ' },
      { type: 'text-delta', index: 0, text: BODY.slice(cut) },
      STOP,
    ])])
    const agent = await playWith(host, 'f2-reasoning', () => [draftCall()])
    expect(aux.requests).toHaveLength(1)
    expect(BODY).not.toContain('REASONING-MARKER') // the marker was streamed only as reasoning
    // Secure: reasoning is read and dropped; no governor record holds it.
    expect(JSON.stringify(governorEvents(agent))).not.toContain('REASONING-MARKER')
  })

  it('output the strict parser refuses (BOM, non-JSON Unicode spaces) fails the draft', async () => {
    const output = `\uFEFF\u00A0${BODY}\u3000\u2028`
    const { host, aux } = await draftHost([text(output)])
    const agent = await playWith(host, 'f3-bom', () => [draftCall()])
    expect(aux.requests).toHaveLength(1)
    expect(parseStrictJson(output).ok).toBe(false) // the documented reference parser refuses this text
    // Secure: output that is not exactly one strict JSON text fails the draft and records nothing.
    expect(drafts(agent)).toEqual([])
  })

  it('text streamed after the finish fails the draft', async () => {
    const { host, aux } = await draftHost([chunks([
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'text-delta', index: 0, text: BODY.slice(0, 10) },
      STOP,
      { type: 'text-delta', index: 0, text: BODY.slice(10) },
    ])])
    const agent = await playWith(host, 'f4-after-finish', () => [draftCall()])
    expect(aux.requests).toHaveLength(1)
    expect(() => JSON.parse(BODY.slice(0, 10)) as unknown).toThrow() // all that came before the finish is not a draft
    // Secure: content after the terminal finish is a malformed stream; the draft fails and records nothing.
    expect(drafts(agent)).toEqual([])
  })

  it('reasoning counts toward the output cap', async () => {
    const piece = 'r'.repeat(100_000)
    const pieces = 100
    const big: Reply = async function * () {
      yield { type: 'block-start', index: 0, blockType: 'reasoning' }
      for (let i = 0; i < pieces; i += 1) yield { type: 'reasoning-delta', index: 0, text: piece }
      yield { type: 'block-end', index: 0, block: { type: 'reasoning', text: '' } }
      yield { type: 'block-start', index: 1, blockType: 'text' }
      yield { type: 'text-delta', index: 1, text: BODY }
      yield STOP
    }
    const { host, aux } = await draftHost([big])
    const agent = await playWith(host, 'f5-reasoning-flood', () => [draftCall()])
    expect(aux.requests).toHaveLength(1)
    expect(piece.length * pieces).toBeGreaterThan(OUTPUT_CAP * 1000)
    // Secure: output past maxOutputTokens × 8 bytes fails the draft, reasoning included.
    expect(drafts(agent)).toEqual([])
  })

  it('a draft whose adapter reports malformed usage fails and records nothing', async () => {
    const { host, aux } = await draftHost([chunks([...textChunks(BODY).slice(0, 3), { type: 'usage', usage: { inputTokens: -1, outputTokens: 1.5 } }, STOP])])
    const agent = await playWith(host, 'f6-usage', () => [draftCall()])
    expect(aux.requests).toHaveLength(1)
    expect(toolResults(agent)[0]).toMatchObject({ isError: true, text: expect.stringContaining('malformed usage') as unknown as string })
    expect(drafts(agent)).toEqual([])
  })
})

describe('attack: begin opens something other than the recorded draft', () => {
  it('a begin with another attempt budget than the draft\'s is refused', async () => {
    const { host } = await draftHost([text(BODY)])
    const agent = await playWith(host, 'f7-budget', self => [draftCall(), () => call('reliability_begin', beginFrom(self, 0, { max_attempts: 1 }))])
    const draft = drafts(agent)[0]
    expect(draft?.data['maxAttempts']).toBe(3)
    // Secure: a contract bound to a draft carries exactly the draft's budget (or begin is refused naming max_attempts).
    expect(contracts(agent).map(contract => contract.data['maxAttempts'])).toEqual(contracts(agent).map(() => draft?.data['maxAttempts']))
  })

  it('a draft from a route the deployment no longer configures is refused after a resume', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-authoring-attack-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const workspace = await mkdtemp(join(tmpdir(), 'dshg-authoring-attack-ws-'))
    cleanups.push(() => rm(workspace, { recursive: true, force: true }))
    await writeFile(join(workspace, 'README.md'), '# demo\n')
    const row = (authoring: Record<string, unknown>) => [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' }, contractAuthoring: authoring }]] as const
    const first = await workspaceHost(cleanups, row(AUTHORING), { workspace, persistenceRoot: root })
    first.ctx.llm.registerAdapter(['aux'], new AuxiliaryModel([text(BODY)]))
    const agent = await playWith(first, 'f8-reroute', () => [draftCall()])
    const args = beginFrom(agent, 0)
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()

    const second = await workspaceHost(cleanups, row({ ...AUTHORING, provider: 'aux-v2', model: 'aux-model-v2' }), { workspace, persistenceRoot: root })
    second.ctx.llm.registerAdapter(['aux-v2'], new AuxiliaryModel([]))
    const handle = await second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('f8-reroute'), agentOptions: { provider: 'mock', model: 'mock' } })
    scriptModel(second.ctx, [call('reliability_begin', args), say('done')])
    await runTurn(handle.agent, 'open it')
    expect(drafts(handle.agent)[0]?.data).toMatchObject({ provider: 'aux', model: 'aux-model' })
    // Secure: only a draft from the configured route and model (and prompt version) binds a contract.
    expect(contracts(handle.agent)).toEqual([])
  })
})

describe('attack: contractAuthoring misconfiguration loads', () => {
  it('an invisible or padded provider fails the load with the key path', async () => {
    const provider = '\u200B'
    expect(provider.trim()).not.toBe('') // String.trim keeps U+200B ZERO WIDTH SPACE
    expect(/^\p{Cf}+$/u.test(provider)).toBe(true) // it is a format character: the field looks empty
    const host = await mountHost({ fs: true })
    cleanups.push(() => host.dispose())
    let outcome = 'loaded'
    try {
      await (host.ctx.plugin(reliability as never, { contractAuthoring: { ...AUTHORING, provider } } as never) as unknown as Promise<unknown>)
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error)
    }
    // Secure: a provider route with no visible character fails the load naming the key path.
    expect(outcome).toContain('$.contractAuthoring.provider')
  })
})
