/**
 * The operator surface on the real host: the compatibility adapter judging
 * real assemblies (another plugin's section warns, a missing host section is
 * unsupported, the assembly itself is never changed), and an operator's
 * prompt.md changing the section the model receives at the next assembly,
 * with a refused edit keeping the previous text.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { createAgent, runTurn, scriptModel, type PluginModule } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say } from '../support/script.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

interface Status { compatibility: { verdict: string, reasons: string[], facts: { sections: string[], contexts: string[], hostHash: string, capabilities: string[] } }, prompt: { source: string, version: string, unchecked: string[], problems: string[] }, diagnosticCounts: Record<string, number> }

async function statusAfterTurns(config: Record<string, unknown>, turns: number, plugins: Array<readonly [PluginModule, unknown]> = []): Promise<{ status: Status, lines: string[] }> {
  const host = await iegHost(cleanups, config, { 'README.md': '# App\n' }, { after: plugins })
  scriptModel(host.ctx, [...Array.from({ length: turns }, () => say('ok')), call('ieg_status'), say('done')])
  const agent = createAgent(host.ctx, `compat-${Math.random().toString(36).slice(2)}`, host.workspace)
  for (let turn = 1; turn <= turns; turn += 1) await runTurn(agent, `turn ${turn}`)
  await runTurn(agent, 'status')
  const lines = agent.session.events.filter(event => event.type === 'user/message' && JSON.stringify(event.data).includes('IEG active')).map(event => JSON.stringify(event.data))
  return { status: JSON.parse(toolResults(agent).at(-1)!.text) as Status, lines }
}

const otherSection = { name: 'other-section', inject: ['systemPrompt'], apply: (ctx: Context) => { ctx.systemPrompt.section({ name: 'other:notes', order: 50, text: 'Other plugin notes.' }) } }

describe('the compatibility adapter', () => {
  it('judges real assemblies against a baseline: compatible, a new section warns, a missing host section is unsupported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dshg-compat-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const first = await statusAfterTurns({}, 1)
    const facts = first.status.compatibility.facts
    expect(facts.sections).toContain('ieg:governance')
    const baseline = { host: 'in-process', sections: facts.sections, contexts: facts.contexts, hostHash: facts.hostHash, requiredCapabilities: ['systemPrompt', 'tools', 'sessionProjections'], optionalCapabilities: ['fs'] }
    const file = join(dir, 'baseline.json')
    await writeFile(file, JSON.stringify(baseline))
    const same = await statusAfterTurns({ compatibility: { baselineFile: file } }, 1)
    expect(same.status.compatibility).toMatchObject({ verdict: 'COMPATIBLE', reasons: [] })

    const added = await statusAfterTurns({ compatibility: { baselineFile: file } }, 2, [[otherSection as unknown as PluginModule, {}]])
    expect(added.status.compatibility).toMatchObject({ verdict: 'COMPATIBLE_WITH_WARNINGS', reasons: ['a new section other:notes', 'the host\'s section text differs from the baseline'] })
    expect(added.status.diagnosticCounts['ieg.host_compatibility']).toBe(1)
    expect(added.lines.at(-1)).toContain('host COMPATIBLE_WITH_WARNINGS')

    const gone = join(dir, 'gone.json')
    await writeFile(gone, JSON.stringify({ ...baseline, sections: ['host:gone', ...baseline.sections] }))
    const removed = await statusAfterTurns({ compatibility: { baselineFile: gone } }, 2)
    expect(removed.status.compatibility).toMatchObject({ verdict: 'UNSUPPORTED', reasons: ['the host section host:gone is missing'] })
    expect(removed.lines.at(-1)).toContain('host UNSUPPORTED')
  })

  it('sees a service set or removed after the mount at the next assembly', async () => {
    const host = await iegHost(cleanups, {}, { 'README.md': '# App\n' })
    scriptModel(host.ctx, [say('ok'), call('ieg_status'), say('done'), call('ieg_status'), say('done')])
    const agent = createAgent(host.ctx, 'compat-service', host.workspace)
    const capabilities = () => (JSON.parse(toolResults(agent).at(-1)!.text) as Status).compatibility.facts.capabilities
    await runTurn(agent, 'first')
    expect(host.ctx.get('sandbox')).toBeUndefined()
    const remove = host.ctx.reflect.provide('sandbox', { kind: 'stand-in' })
    await runTurn(agent, 'status')
    expect(capabilities()).toContain('sandbox')
    remove()
    await runTurn(agent, 'status again')
    expect(capabilities()).not.toContain('sandbox')
  })

  it('mounts inert with the key path when the baseline file is not a baseline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dshg-compat-bad-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    await writeFile(join(dir, 'bad.json'), '{"host": "x"}')
    const host = await iegHost(cleanups, { compatibility: { baselineFile: join(dir, 'bad.json') } })
    scriptModel(host.ctx, [call('ieg_status'), say('done')])
    const agent = createAgent(host.ctx, 'compat-bad', host.workspace)
    await runTurn(agent, 'status')
    expect(JSON.parse(toolResults(agent)[0]!.text)).toMatchObject({ mounted: false, configError: expect.stringContaining('$.compatibility.baselineFile is not a baseline') as unknown as string })
  })
})

describe('the operator\'s prompt.md', () => {
  it('changes the section at the next assembly, is attributed, and a refused edit keeps the previous text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dshg-prompt-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const file = join(dir, 'prompt.md')
    const old = process.env['IEG_PROMPT_FILE']
    process.env['IEG_PROMPT_FILE'] = file
    cleanups.push(async () => { if (old === undefined) delete process.env['IEG_PROMPT_FILE']; else process.env['IEG_PROMPT_FILE'] = old })
    const host = await iegHost(cleanups, {}, { 'README.md': '# App\n' })
    const model = scriptModel(host.ctx, [say('one'), say('two'), say('three'), call('ieg_status'), say('done')])
    const agent = createAgent(host.ctx, 'prompt-live', host.workspace)
    await runTurn(agent, 'first')
    expect(model.requests[0]?.system).toContain('Information environment governance (IEG)')
    await writeFile(file, 'OPERATOR WORDING: keep the workspace tidy.\n')
    await runTurn(agent, 'second')
    expect(model.requests[1]?.system).toContain('OPERATOR WORDING: keep the workspace tidy.')
    expect(model.requests[1]?.system).not.toContain('Information environment governance (IEG)')
    await writeFile(file, 'BROKEN {{cwd}}\n')
    await runTurn(agent, 'third')
    expect(model.requests[2]?.system).toContain('OPERATOR WORDING')
    expect(model.requests[2]?.system).not.toContain('BROKEN')
    await runTurn(agent, 'status')
    const status = JSON.parse(toolResults(agent).at(-1)!.text) as Status
    expect(status.prompt).toMatchObject({ source: 'prompt.md', version: expect.stringMatching(/\+user:[0-9a-f]{12}$/) as unknown as string, unchecked: expect.arrayContaining(['no claim of authority over the user']) as unknown as string[] })
    expect(status.prompt.problems[0]).toContain('contains "{{"')
    expect(status.diagnosticCounts).toMatchObject({ 'ieg.prompt_override_applied': 1, 'ieg.prompt_override_rejected': 1 })
  })
})
