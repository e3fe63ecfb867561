/**
 * Attack round on the IEG information-integrity ledger, the reintroduction
 * check, the promotion gate, the maintenance round and the seven-instruction
 * trigger, on the real host in-process (the host's own write/edit/bash
 * tools, the real approval service with a scripted answerer, real ctx.fs).
 *
 * Each test is one attack; its last assertion states the secure behaviour.
 * The `limit:` tests pin what docs/ieg.md lists as not protected, so a change
 * there shows up here.
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createUserMessage } from '@deepseek-ai/dsh-llm'
import ApprovalService from '@deepseek-ai/dsh-user-approval'
import { afterEach, describe, expect, it } from 'vitest'
import * as ieg from '../../src/ieg/plugin.ts'
import { iegFold } from '../../src/ieg/orientation/fold.ts'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { steeredTexts, toolResults } from '../support/governed.ts'
import { createAgent, runTurn, scriptModel, type PluginModule } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say, type ScriptEntry, type ScriptedTurn } from '../support/script.ts'
import { playTurns, workspaceHost, type WorkspaceHost } from '../support/workspace-host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

type Agent = ReturnType<typeof createAgent>
let sessions = 0
const play = (host: WorkspaceHost, turns: ScriptedTurn[]): Promise<Agent> => playTurns(host, `attack-info-${++sessions}`, 'work', turns)

const DENY = { modules: { informationIntegrity: { reintroduction: 'deny' } } }
const FILES = { 'config.json': '{ "port": 8080 }\n', 'README.md': '# svc\n\nListens on port 3000.\n' }
const recordPort = call('ieg_record_information', { id: 'port', value: '3000', provenance: 'README.md says so' })
const retirePort = call('ieg_set_information_status', { id: 'port', status: 'INVALID', disposition: 'CORRECTED' })
const bash = (command: string): ScriptedTurn => call('bash', { command, description: 'write a config file' })
const contentOf = (host: WorkspaceHost, file: string): Promise<string | null> => readFile(join(host.workspace, file), 'utf8').catch(() => null)
const ledger = (agent: Agent) => agent.session.events.filter(event => event.type === 'ieg/information').map(event => event.data as Record<string, unknown>)
const reintroduced = (agent: Agent) => steeredTexts(agent).filter(text => text.includes('no longer valid'))
const reminders = (agent: Agent) => steeredTexts(agent).filter(text => text.includes('since the last maintenance round')).length
const RETIRED_3000 = /(?<![\p{L}\p{N}_])3000(?![\p{L}\p{N}_])/u

describe('reintroduction under deny', () => {
  it('a shorter value in use that is part of the retired one does not hide it', async () => {
    const host = await iegHost(cleanups, DENY, FILES, { realTools: true })
    const agent = await play(host, [
      recordPort, retirePort,
      // any PROVISIONAL record, here "300", is blanked out of the text before the retired "3000" is looked for
      call('ieg_record_information', { id: 'port-prefix', value: '300', provenance: 'a guess' }),
      call('write', { file_path: 'service.conf', content: 'port 3000\n' }),
    ])
    const results = toolResults(agent)
    expect(ledger(agent).find(record => record['id'] === 'port' && record['revision'] === 2)).toMatchObject({ status: 'INVALID' })
    expect(await contentOf(host, 'service.conf')).toBeNull()
    expect(results[3]?.text).toContain('no longer valid')
  })

  it('bringing a retired record back into use needs evidence or confirmation, so it cannot be un-retired to write the value', async () => {
    const host = await iegHost(cleanups, DENY, FILES, { realTools: true })
    const agent = await play(host, [
      recordPort, retirePort,
      call('ieg_set_information_status', { id: 'port', status: 'PROVISIONAL' }),
      call('write', { file_path: 'service.conf', content: 'port 3000\n' }),
      call('ieg_set_information_status', { id: 'port', status: 'INVALID', disposition: 'CORRECTED' }),
    ])
    const results = toolResults(agent)
    expect(results[2]).toMatchObject({ isError: true, text: expect.stringContaining('bringing INVALID information back to PROVISIONAL needs evidence_path or confirm: true') as unknown as string })
    expect(results[3]?.isError).toBe(true)
    expect(await contentOf(host, 'service.conf')).toBeNull()
    expect(ledger(agent).map(record => record['status'])).toEqual(['PROVISIONAL', 'INVALID', 'INVALID'])
  })

  it('limit: an edit that assembles the retired value from pieces already in the file is not seen', async () => {
    const host = await iegHost(cleanups, DENY, FILES, { realTools: true })
    const agent = await play(host, [
      recordPort, retirePort,
      call('write', { file_path: 'service.conf', content: 'port 30_00\n' }),
      call('edit', { file_path: 'service.conf', old_string: '_', new_string: '' }),
    ])
    const results = toolResults(agent)
    expect(results.slice(2).map(result => result.isError)).toEqual([false, false])
    expect(reintroduced(agent)).toEqual([])
    expect(await contentOf(host, 'service.conf')).toMatch(RETIRED_3000)
  })

  it('limit: shell quoting that splits the value is not seen', async () => {
    const host = await iegHost(cleanups, DENY, FILES, { realTools: true })
    const agent = await play(host, [recordPort, retirePort, bash('echo "port 30""00" > service.conf')])
    expect(toolResults(agent)[2]?.isError).toBe(false)
    expect(reintroduced(agent)).toEqual([])
    expect(await contentOf(host, 'service.conf')).toMatch(RETIRED_3000)
  })

  it('with shell classification off, deny does not cover shell writes, and the conflict is reported', async () => {
    const host = await iegHost(cleanups, { ...DENY, workspace: { classifyShellCommands: false } }, FILES, { realTools: true })
    const agent = await play(host, [recordPort, retirePort, bash('echo "port: 3000" > service.conf'), call('ieg_status')])
    const results = toolResults(agent)
    const status = JSON.parse(results[3]!.text) as { mounted: boolean, conflicts: string[] }
    expect(status.mounted).toBe(true)
    expect(results[2]?.isError).toBe(false)
    expect(await contentOf(host, 'service.conf')).toBe('port: 3000\n')
    expect(status.conflicts).toContain('$.modules.informationIntegrity.reintroduction (deny) does not cover shell writes: $.workspace.classifyShellCommands is false')
  })
})

describe('the promotion gate', () => {
  it('limit: evidence may be a file the agent just wrote (evidence shows presence, not truth)', async () => {
    const host = await iegHost(cleanups, {}, FILES, { realTools: true })
    const agent = await play(host, [
      call('ieg_record_information', { id: 'sky', value: 'the sky is green', provenance: 'my belief' }),
      call('write', { file_path: 'evidence.txt', content: 'the sky is green\n' }),
      call('ieg_set_information_status', { id: 'sky', status: 'AUTHORITATIVE', evidence_path: 'evidence.txt' }),
    ])
    const results = toolResults(agent)
    expect(results.map(result => result.isError)).toEqual([false, false, false])
    expect(ledger(agent).at(-1)).toMatchObject({ status: 'AUTHORITATIVE', basis: { kind: 'evidence', path: 'evidence.txt' } })
  })

  it('evidence must hold the value as a whole token: "808" is not shown by a file that says 8080', async () => {
    const host = await iegHost(cleanups, {}, FILES, { realTools: true })
    const agent = await play(host, [
      call('ieg_record_information', { id: 'port-guess', value: '808', provenance: 'a guess' }),
      call('ieg_set_information_status', { id: 'port-guess', status: 'AUTHORITATIVE', evidence_path: 'config.json' }),
    ])
    const results = toolResults(agent)
    expect(await contentOf(host, 'config.json')).toContain('8080')
    expect(results[1]).toMatchObject({ isError: true, text: expect.stringContaining('does not contain the recorded value') as unknown as string })
    expect(ledger(agent)).toHaveLength(1)
  })

  it('the value is quoted unambiguously in the approval prompt, so it cannot forge the prompt\'s wording', async () => {
    const reasons: string[] = []
    const approver = { name: 'scripted-approver', apply: (ctx: WorkspaceHost['ctx']) => { ctx.on('approval/request', async (request: { reason?: string }) => { reasons.push(String(request.reason)); return 'allowed-once' as never }) } }
    const host = await workspaceHost(cleanups, [[ieg, {}]], { files: FILES, realTools: true, before: [[ApprovalService as unknown as PluginModule, {}], [approver as unknown as PluginModule, {}]] })
    const value = '8080" (port, from config.json) is authoritative.\n\nThis only confirms the port already read from config.json. Allow?'
    const agent = await play(host, [
      call('ieg_record_information', { id: 'port', value, provenance: 'x' }),
      call('ieg_set_information_status', { id: 'port', status: 'AUTHORITATIVE', confirm: true }),
    ])
    expect(ledger(agent).at(-1)).toMatchObject({ status: 'AUTHORITATIVE', basis: { kind: 'user-confirmation' } })
    expect(reasons[0]).not.toContain('\n')
    expect(reasons[0]).toContain(JSON.stringify(value))
  })
})

describe('the maintenance round', () => {
  it('a symlink loop is skipped and named, and the round completes', async () => {
    const host = await iegHost(cleanups, {}, { 'README.md': '# App\n', 'docs/setup.md': '# Setup\n' })
    await symlink('b', join(host.workspace, 'a'))
    await symlink('a', join(host.workspace, 'b'))
    const agent = await play(host, [call('maintain_environment')])
    const result = toolResults(agent)[0]!
    expect(result.isError).toBe(false)
    expect(result.text).toContain('ELOOP')
    expect(agent.session.events.filter(event => event.type === 'ieg/maintenance')).toHaveLength(1)
  })

  it('a symlink to a nested .git directory is not followed into it', async () => {
    const host = await iegHost(cleanups, {}, { 'README.md': '# App\n', 'lib/.git/config': '[remote "origin"]\n  url = https://api.old.example/repo\n', 'lib/.git/HEAD': 'ref: refs/heads/main\n' })
    await symlink('lib/.git', join(host.workspace, 'gitdir'))
    const agent = await play(host, [
      call('ieg_record_information', { id: 'host', value: 'api.old.example', provenance: 'old docs' }),
      call('ieg_set_information_status', { id: 'host', status: 'SUPERSEDED', disposition: 'REPLACED' }),
      call('maintain_environment'),
    ])
    const round = JSON.parse(toolResults(agent)[2]!.text) as { files: number, findings: Array<{ dimension: string, paths: string[] }> }
    const paths = round.findings.flatMap(finding => finding.paths)
    expect(round.files).toBe(1)
    expect(paths.filter(path => path.startsWith('gitdir/'))).toEqual([])
  })

  it('the overlap diagnosis compares a bounded number of documents, so many documents do not block the host', async () => {
    const maxMs = 6000
    const host = await iegHost(cleanups, { maintenance: { maxMs } }, {})
    await mkdir(join(host.workspace, 'docs'))
    const words = (index: number) => Array.from({ length: 40 }, (_, k) => `w${index}x${k}`).join(' ')
    for (let index = 0; index < 1500; index += 1) await writeFile(join(host.workspace, 'docs', `d${index}.md`), `# Doc ${index}\n\n${words(index)}\n`)
    const started = performance.now()
    const agent = await play(host, [call('maintain_environment')])
    const elapsed = performance.now() - started
    const round = JSON.parse(toolResults(agent)[0]!.text) as { files: number, truncated: boolean }
    expect(round).toMatchObject({ files: 1500, truncated: false })
    expect(elapsed).toBeLessThan(4 * maxMs)
  }, 120_000)
})

describe('the seven-instruction trigger', () => {
  it('the 7th direct instruction is reminded at the step it arrives, also inside a turn a plugin started', async () => {
    const host = await iegHost(cleanups, {}, { 'README.md': '# App\n' })
    let agent: Agent | undefined
    const script: ScriptEntry[] = []
    for (let turn = 1; turn <= 6; turn += 1) script.push(say(`turn ${turn} done`))
    script.push(() => {
      agent!.steer(createUserMessage({ content: [{ type: 'text', text: 'and also update the changelog' }], source: { kind: 'user' } }))
      return call('read', { path: 'README.md' })
    })
    script.push(say('turn 7 done'))
    for (let turn = 8; turn <= 13; turn += 1) script.push(say(`turn ${turn} done`))
    scriptModel(host.ctx, script)
    agent = createAgent(host.ctx, 'attack-trigger-steer', host.workspace)
    const counts: number[] = []
    for (let turn = 1; turn <= 6; turn += 1) {
      await runTurn(agent, `instruction ${turn}`)
      counts.push(reminders(agent))
    }
    agent.followup(createUserMessage({ content: [{ type: 'text', text: 'continue with the plan' }], source: { kind: 'plugin', plugin: 'other-row' } }))
    await agent.whenIdle()
    counts.push(reminders(agent))
    const afterSeventh = readProjectionState(host.ctx.sessionProjections, agent.session, iegFold).instructions.sinceRound
    for (let turn = 8; turn <= 13; turn += 1) {
      await runTurn(agent, `instruction ${turn}`)
      counts.push(reminders(agent))
    }
    expect(afterSeventh).toBe(7)
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1])
  })

  it('a user follow-up sent while a turn runs becomes its own turn and counts (as documented)', async () => {
    const host = await iegHost(cleanups, {}, { 'README.md': '# App\n' })
    let agent: Agent | undefined
    const script: ScriptEntry[] = [() => {
      agent!.followup(createUserMessage({ content: [{ type: 'text', text: 'then run the tests too' }], source: { kind: 'user' } }))
      return call('read', { path: 'README.md' })
    }]
    for (let index = 0; index < 12; index += 1) script.push(say(`reply ${index}`))
    scriptModel(host.ctx, script)
    agent = createAgent(host.ctx, 'attack-trigger-followup', host.workspace)
    const counts: number[] = []
    for (let turn = 1; turn <= 7; turn += 1) {
      await runTurn(agent, `instruction ${turn}`)
      counts.push(reminders(agent))
    }
    expect(counts.slice(0, 5)).toEqual([0, 0, 0, 0, 0])
    expect(counts[5]).toBe(1)
    expect(readProjectionState(host.ctx.sessionProjections, agent.session, iegFold).instructions.sinceRound).toBe(8)
  })
})
