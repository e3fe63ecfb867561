/**
 * The information ledger on the real host: recording and retiring
 * information, the promotion gate (evidence through ctx.fs, confirmation
 * through the real approval service with a scripted answerer, no channel),
 * reintroduction warned or refused on real writes, the ledger in ieg_status
 * and the status line, and the ledger restored from disk in a new process.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ApprovalService from '@deepseek-ai/dsh-user-approval'
import { SessionId } from '@deepseek-ai/dsh-session'
import { afterEach, describe, expect, it } from 'vitest'
import * as ieg from '../../src/ieg/plugin.ts'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { iegFold } from '../../src/ieg/orientation/fold.ts'
import { steeredTexts, toolResults } from '../support/governed.ts'
import { createAgent, runTurn, scriptModel, type PluginModule } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { playTurns, workspaceHost, type WorkspaceHost } from '../support/workspace-host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const FILES = { 'config.json': '{ "port": 8080 }\n', 'README.md': '# svc\n\nListens on port 3000.\n' }
type Agent = ReturnType<typeof createAgent>
const play = (host: WorkspaceHost, id: string, turns: ScriptedTurn[]): Promise<Agent> => playTurns(host, id, 'work', turns)
const ledger = (agent: Agent) => agent.session.events.filter(event => event.type === 'ieg/information').map(event => event.data as Record<string, unknown>)
const recordPort = call('ieg_record_information', { id: 'port', value: '3000', provenance: 'README.md says so' })
const retirePort = call('ieg_set_information_status', { id: 'port', status: 'INVALID', disposition: 'CORRECTED' })
const recordFixed = call('ieg_record_information', { id: 'port-fixed', value: '8080', provenance: 'config.json' })

describe('the information ledger', () => {
  it('records, retires, and warns when a write brings the retired value back, not when it writes the corrected one', async () => {
    const host = await iegHost(cleanups, {}, FILES, { realTools: true })
    const agent = await play(host, 'info-warn', [
      recordPort, retirePort, recordFixed,
      call('write', { file_path: 'NOTES.md', content: 'The service listens on 3000.\n' }),
      call('write', { file_path: 'NOTES2.md', content: 'The service listens on 8080.\n' }),
      call('ieg_status'),
    ])
    expect(ledger(agent).map(record => [record['id'], record['status'], record['revision']])).toEqual([['port', 'PROVISIONAL', 1], ['port', 'INVALID', 2], ['port-fixed', 'PROVISIONAL', 1]])
    expect(await readFile(join(host.workspace, 'NOTES.md'), 'utf8')).toContain('3000')
    const warnings = steeredTexts(agent).filter(text => text.includes('information integrity warning'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('port (INVALID, CORRECTED): "3000"')
    const status = JSON.parse(toolResults(agent).at(-1)!.text) as { session: { information: Record<string, number> }, diagnosticCounts: Record<string, number> }
    expect(status.session.information).toMatchObject({ INVALID: 1, PROVISIONAL: 1, AUTHORITATIVE: 0 })
    expect(status.diagnosticCounts).toMatchObject({ 'ieg.information_reintroduced': 1, 'ieg.information_invalidated': 1 })
    expect(JSON.stringify(status)).not.toContain('listens on')
  })

  it('refuses the write when reintroduction is deny, through the shell as well, and lets reads of the old value run', async () => {
    const host = await iegHost(cleanups, { modules: { informationIntegrity: { reintroduction: 'deny' } } }, FILES, { realTools: true })
    const agent = await play(host, 'info-deny', [
      recordPort, retirePort,
      call('write', { file_path: 'NOTES.md', content: 'port: 3000\n' }),
      call('bash', { command: 'echo "port: 3000" > NOTES.md', description: 'write' }),
      call('bash', { command: 'grep -n 3000 README.md', description: 'read' }),
    ])
    const results = toolResults(agent)
    expect(results.slice(2).map(result => result.isError), results[4]?.text).toEqual([true, true, false])
    expect(results[2]?.text).toContain('brings back information recorded as no longer valid: port (INVALID, CORRECTED): "3000"')
    expect(results[3]?.text).toContain('no longer valid')
    await expect(readFile(join(host.workspace, 'NOTES.md'), 'utf8')).rejects.toThrow()
  })

  it('promotes to AUTHORITATIVE only with evidence that holds, and a refusal changes nothing', async () => {
    const host = await iegHost(cleanups, {}, FILES, { realTools: true })
    const promote = (extra: Record<string, unknown>) => call('ieg_set_information_status', { id: 'port-fixed', status: 'AUTHORITATIVE', ...extra })
    const agent = await play(host, 'info-evidence', [
      recordFixed,
      promote({}),
      promote({ evidence_path: '../outside.json' }),
      promote({ evidence_path: 'README.md' }),
      promote({ evidence_path: 'config.json' }),
    ])
    const results = toolResults(agent)
    expect(results.map(result => result.isError)).toEqual([false, true, true, true, false])
    expect(results[1]?.text).toContain('needs evidence_path or confirm: true; port-fixed stays PROVISIONAL')
    expect(results[2]?.text).toContain('resolves outside the workspace')
    expect(results[3]?.text).toContain('does not contain the recorded value')
    expect(ledger(agent).map(record => [record['status'], record['basis']])).toEqual([['PROVISIONAL', null], ['AUTHORITATIVE', { kind: 'evidence', path: 'config.json', shows: 'contains the value of port-fixed' }]])
  })

  it('promotes on the user\'s confirmation through the approval service, and says when there is no channel', async () => {
    const answers: string[] = ['rejected', 'allowed-once']
    const approver = { name: 'scripted-approver', apply: (ctx: WorkspaceHost['ctx']) => { ctx.on('approval/request', async () => answers.shift() as never) } }
    const host = await workspaceHost(cleanups, [[ieg, {}]], { files: FILES, realTools: true, before: [[ApprovalService as unknown as PluginModule, {}], [approver as unknown as PluginModule, {}]] })
    const confirm = call('ieg_set_information_status', { id: 'port-fixed', status: 'AUTHORITATIVE', confirm: true })
    const agent = await play(host, 'info-confirm', [recordFixed, confirm, confirm])
    expect(toolResults(agent).map(result => result.isError)).toEqual([false, true, false])
    expect(toolResults(agent)[1]?.text).toContain('the user did not confirm (rejected); port-fixed stays PROVISIONAL')
    expect(ledger(agent).at(-1)).toMatchObject({ status: 'AUTHORITATIVE', basis: { kind: 'user-confirmation', outcome: 'allowed-once' } })
    expect(agent.session.events.filter(event => event.type === 'approval/decided').map(event => (event.data as { outcome: string }).outcome)).toEqual(['rejected', 'allowed-once'])

    const bare = await iegHost(cleanups, {}, FILES, { realTools: true })
    const alone = await play(bare, 'info-no-channel', [recordFixed, confirm])
    expect(toolResults(alone)[1]?.text).toContain('no approval channel is mounted, so the user cannot confirm; port-fixed stays PROVISIONAL')
    expect(ledger(alone)).toHaveLength(1)
  })

  it('restores the ledger from disk in a new process, and the retired value is still caught', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-info-resume-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await iegHost(cleanups, { modules: { informationIntegrity: { reintroduction: 'deny' } } }, FILES, { persistenceRoot: root, realTools: true })
    const agent = await play(first, 'info-resume', [recordPort, retirePort, recordFixed])
    const before = readProjectionState(first.ctx.sessionProjections, agent.session, iegFold)
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()
    const second = await iegHost(cleanups, { modules: { informationIntegrity: { reintroduction: 'deny' } } }, {}, { persistenceRoot: root, workspace: first.workspace, realTools: true })
    const handle = await second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('info-resume'), agentOptions: { provider: 'mock', model: 'mock' } })
    expect(readProjectionState(second.ctx.sessionProjections, handle.agent.session, iegFold)).toEqual(before)
    scriptModel(second.ctx, [call('write', { file_path: 'NOTES.md', content: '3000\n' }), say('done')])
    await runTurn(handle.agent, 'again')
    expect(toolResults(handle.agent).at(-1)?.text).toContain('no longer valid')
  })

  it('a fork knows exactly the ledger and the instruction count at its boundary, and does not share later changes', async () => {
    const host = await iegHost(cleanups, {}, FILES, { realTools: true })
    scriptModel(host.ctx, [recordPort, retirePort, say('first done'), recordFixed, say('second done')])
    const agent = createAgent(host.ctx, 'info-fork', host.workspace)
    await runTurn(agent, 'first')
    const boundary = agent.session.events.at(-1)!.seq
    const atBoundary = readProjectionState(host.ctx.sessionProjections, agent.session, iegFold)
    await runTurn(agent, 'second')
    const child = host.ctx.sessions.fork(agent.session, boundary)
    const forked = readProjectionState(host.ctx.sessionProjections, child, iegFold)
    expect(forked.information).toEqual(atBoundary.information)
    expect(forked.information.map(record => [record.id, record.status])).toEqual([['port', 'INVALID']])
    expect(forked.instructions.sinceRound).toBe(1)
    const parent = readProjectionState(host.ctx.sessionProjections, agent.session, iegFold)
    expect(parent.information.map(record => record.id)).toEqual(['port', 'port-fixed'])
    expect(parent.instructions.sinceRound).toBe(2)
  })

  it('reports a module conflict in ieg_status and the status line, and still mounts', async () => {
    const host = await iegHost(cleanups, { preStep: { requireBeforeMutation: true }, modules: { workspaceGovernance: { enabled: false } } }, FILES)
    const agent = await play(host, 'info-conflict', [call('ieg_status')])
    const status = JSON.parse(toolResults(agent)[0]!.text) as { mounted: boolean, conflicts: string[], diagnosticCounts: Record<string, number> }
    expect(status).toMatchObject({ mounted: true, conflicts: ['$.preStep.requireBeforeMutation has no effect: $.modules.workspaceGovernance.enabled is false, so no mutation is gated'] })
    expect(status.diagnosticCounts['ieg.module_conflict']).toBe(1)
  })
})
