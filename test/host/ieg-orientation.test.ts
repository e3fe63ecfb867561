import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionId } from '@deepseek-ai/dsh-session'
import { iegFold } from '../../src/ieg/orientation/fold.ts'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { steeredTexts, toolResults } from '../support/governed.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say } from '../support/script.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const ORIENT = { intent: 'Document the API', objective: 'docs/API.md lists every endpoint', scope: 'docs only', plan: ['read the routes', 'write docs/API.md'] }

describe('orientation', () => {
  it('records, keeps omitted fields on a partial update, and renders the record to the model', async () => {
    const host = await iegHost(cleanups, {})
    const adapter = scriptModel(host.ctx, [call('record_orientation', ORIENT), call('record_orientation', { scope: 'docs and README' }), say('oriented')])
    const agent = createAgent(host.ctx, 'orient', host.workspace)
    await runTurn(agent, 'document the API')
    const state = readProjectionState(host.ctx.sessionProjections, agent.session, iegFold)
    expect(state.orientation).toEqual({ revision: 2, intent: 'Document the API', objective: 'docs/API.md lists every endpoint', scope: 'docs and README', terminology: [], plan: ['read the routes', 'write docs/API.md'] })
    expect(toolResults(agent)[1]!.text).toContain('Orientation recorded (revision 2).\nIntent: Document the API')
    expect(adapter.requests[0]!.system).toContain('Information environment governance (IEG) supplements the host instructions')
    expect(JSON.stringify(adapter.requests[0]!.messages)).toContain('IEG active: 3 modules; orientation not recorded')
    expect(JSON.stringify(adapter.requests[2]!.messages)).toContain('orientation recorded')
  })

  it('is per session: two agents in one process never see each other\'s orientation', async () => {
    const host = await iegHost(cleanups, {})
    scriptModel(host.ctx, [call('record_orientation', ORIENT), say('a'), say('b')])
    const first = createAgent(host.ctx, 'agent-a', host.workspace)
    const second = createAgent(host.ctx, 'agent-b', host.workspace)
    await runTurn(first, 'orient')
    await runTurn(second, 'hello')
    expect(readProjectionState(host.ctx.sessionProjections, first.session, iegFold).orientation).not.toBeNull()
    expect(readProjectionState(host.ctx.sessionProjections, second.session, iegFold).orientation).toBeNull()
  })

  it('is restored when the session is resumed from disk in a new Context', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-ieg-resume-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await iegHost(cleanups, {}, {}, { persistenceRoot: root })
    scriptModel(first.ctx, [call('record_orientation', ORIENT), say('ok')])
    const agent = createAgent(first.ctx, 'ieg-resume', first.workspace)
    await runTurn(agent, 'orient')
    const before = readProjectionState(first.ctx.sessionProjections, agent.session, iegFold)
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()
    const second = await iegHost(cleanups, {}, {}, { persistenceRoot: root, workspace: first.workspace })
    const handle = await second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('ieg-resume'), agentOptions: { provider: 'mock', model: 'mock' } })
    expect(readProjectionState(second.ctx.sessionProjections, handle.agent.session, iegFold)).toEqual(before)
  })
})

describe('orientation gates: a fresh session can always orient itself', () => {
  const mutateThenOrient = [
    call('write', { file_path: 'notes.txt', content: 'x' }),
    call('record_orientation', ORIENT),
    call('write', { file_path: 'notes.txt', content: 'x' }),
    say('done'),
  ]

  it('requireBeforeMutation refuses the first write, accepts orientation, then the write', async () => {
    const host = await iegHost(cleanups, { preStep: { requireBeforeMutation: true } })
    scriptModel(host.ctx, mutateThenOrient)
    const agent = createAgent(host.ctx, 'require', host.workspace)
    await runTurn(agent, 'take notes')
    const results = toolResults(agent)
    expect(results.map(result => result.isError)).toEqual([true, false, false])
    expect(results[0]!.text).toContain('no orientation is recorded for this session (preStep.requireBeforeMutation)')
    expect(existsSync(join(host.workspace, 'notes.txt'))).toBe(true)
    expect(steeredTexts(agent)).toEqual([])
  })

  it('reject reminds at the turn start and refuses mutations until oriented, never the step', async () => {
    const host = await iegHost(cleanups, { preStep: { orientationGate: 'reject' } })
    const adapter = scriptModel(host.ctx, mutateThenOrient)
    const agent = createAgent(host.ctx, 'reject', host.workspace)
    await runTurn(agent, 'take notes')
    expect(toolResults(agent).map(result => result.isError)).toEqual([true, false, false])
    expect(toolResults(agent)[0]!.text).toContain('preStep.orientationGate: reject')
    expect(steeredTexts(agent)).toHaveLength(1)
    expect(JSON.stringify(adapter.requests[0]!.messages.at(-1))).toContain('no orientation is recorded for this session yet')
    expect(existsSync(join(host.workspace, 'notes.txt'))).toBe(true)
  })

  it('warn reminds once per turn and refuses nothing', async () => {
    const host = await iegHost(cleanups, { preStep: { orientationGate: 'warn' } })
    scriptModel(host.ctx, [call('write', { file_path: 'notes.txt', content: 'x' }), say('done'), say('second turn')])
    const agent = createAgent(host.ctx, 'warn', host.workspace)
    await runTurn(agent, 'take notes')
    await runTurn(agent, 'again')
    expect(toolResults(agent).map(result => result.isError)).toEqual([false])
    expect(steeredTexts(agent)).toHaveLength(2)
  })

  it('off never reminds', async () => {
    const host = await iegHost(cleanups, {})
    scriptModel(host.ctx, [say('hi')])
    const agent = createAgent(host.ctx, 'off', host.workspace)
    await runTurn(agent, 'hello')
    expect(steeredTexts(agent)).toEqual([])
  })
})
