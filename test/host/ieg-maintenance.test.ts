/**
 * The maintenance round and its trigger on the real host: a round over a
 * real workspace (dependency directories and link loops not traversed,
 * nothing changed, the round recorded), the reminder exactly at the seventh
 * direct instruction batch and never on tool steps, the reset after a round,
 * and the count restored from disk in a new process.
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SessionId } from '@deepseek-ai/dsh-session'
import { afterEach, describe, expect, it } from 'vitest'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { iegFold } from '../../src/ieg/orientation/fold.ts'
import { steeredTexts, toolResults } from '../support/governed.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { snapshotTree, treeChanges } from '../support/tree-snapshot.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const SETUP = '# Setup\n\nInstall the app with npm install and run npm start to serve it locally.\n'
const FILES = { 'README.md': '# App\n', 'docs/setup.md': SETUP, 'docs/setup-copy.md': SETUP, 'notes.bak': 'x', 'node_modules/dep/index.js': 'module.exports = 1\n', 'src/app.ts': 'export {}\n' }
const reminders = (agent: ReturnType<typeof createAgent>) => steeredTexts(agent).filter(text => text.includes('since the last maintenance round')).length

describe('the maintenance round', () => {
  it('proposes without changing anything, skips dependencies and link loops, and records the round', async () => {
    const host = await iegHost(cleanups, {}, FILES)
    await symlink('.', join(host.workspace, 'loop'))
    const before = await snapshotTree(host.workspace)
    scriptModel(host.ctx, [call('maintain_environment'), say('done')])
    const agent = createAgent(host.ctx, 'round', host.workspace)
    await runTurn(agent, 'tidy up')
    expect(treeChanges(before, await snapshotTree(host.workspace))).toEqual([])
    const result = JSON.parse(toolResults(agent)[0]!.text) as { round: number, files: number, classes: Record<string, number>, findings: Array<{ dimension: string }>, plan: Array<{ action: string, needsHumanDecision: boolean }> }
    expect(result).toMatchObject({ round: 1, files: 5, classes: { dependency: 0, documentation: 3, scratch: 1 } })
    expect(result.findings.map(finding => finding.dimension)).toEqual(expect.arrayContaining(['duplicate-documents', 'scratch-files', 'versioned-copies', 'missing-orientation']))
    expect(result.plan.filter(item => item.action === 'delete-file').every(item => item.needsHumanDecision)).toBe(true)
    expect(agent.session.events.filter(event => event.type === 'ieg/maintenance')).toHaveLength(1)
  })
})

describe('the seven-instruction trigger', () => {
  it('reminds exactly at the seventh direct instruction batch, not on tool steps, and resets after a round', async () => {
    const host = await iegHost(cleanups, {}, { 'README.md': '# App\n' })
    const script: ScriptedTurn[] = []
    for (let turn = 1; turn <= 15; turn += 1) {
      if (turn % 2 === 0) script.push(call('read', { path: 'README.md' }), call('read', { path: 'README.md' }))
      if (turn === 8) script.push(call('maintain_environment'))
      script.push(say(`turn ${turn} done`))
    }
    scriptModel(host.ctx, script)
    const agent = createAgent(host.ctx, 'trigger', host.workspace)
    const counts: number[] = []
    for (let turn = 1; turn <= 15; turn += 1) {
      await runTurn(agent, `instruction ${turn}`)
      counts.push(reminders(agent))
    }
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2])
    expect(readProjectionState(host.ctx.sessionProjections, agent.session, iegFold).instructions.sinceRound).toBe(7)
  })

  it('keeps the count across a reload from disk', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-trigger-resume-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await iegHost(cleanups, {}, { 'README.md': '# App\n' }, { persistenceRoot: root })
    scriptModel(first.ctx, Array.from({ length: 4 }, () => say('ok')))
    const agent = createAgent(first.ctx, 'trigger-resume', first.workspace)
    for (let turn = 1; turn <= 4; turn += 1) await runTurn(agent, `instruction ${turn}`)
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()
    const second = await iegHost(cleanups, {}, {}, { persistenceRoot: root, workspace: first.workspace })
    const handle = await second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('trigger-resume'), agentOptions: { provider: 'mock', model: 'mock' } })
    expect(readProjectionState(second.ctx.sessionProjections, handle.agent.session, iegFold).instructions.sinceRound).toBe(4)
    scriptModel(second.ctx, Array.from({ length: 3 }, () => say('ok')))
    const counts: number[] = []
    for (let turn = 5; turn <= 7; turn += 1) {
      await runTurn(handle.agent, `instruction ${turn}`)
      counts.push(reminders(handle.agent))
    }
    expect(counts).toEqual([0, 0, 1])
  })
})
