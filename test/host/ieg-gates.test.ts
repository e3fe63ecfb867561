import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Context } from '@deepseek-ai/cordis'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { toolResults } from '../support/governed.ts'
import { iegHost, SPEC_WITH_AUTH } from '../support/ieg-host.ts'
import { call, say } from '../support/script.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

function statusOf(results: Array<{ text: string }>): Record<string, unknown> {
  return JSON.parse(results.at(-1)!.text) as Record<string, unknown>
}

/** A plugin whose pre-execute listener allows everything without delegating (it runs before ieg's). */
const eagerAllow = {
  name: 'eager-allow',
  apply: (ctx: Context) => { ctx.on('tools/pre-execute', async () => ({ kind: 'allow' as const })) },
}

/** A later plugin that denies every `write`, to show an `ask` lets the rest of the chain decide. */
const denyWrites = {
  name: 'deny-writes',
  apply: (ctx: Context) => { ctx.on('tools/pre-execute', async (exec, next) => (exec.name === 'write' ? { kind: 'deny' as const, reason: 'deny-writes refuses every write' } : next())) },
}

const bash = (command: string, extra: Record<string, unknown> = {}) => call('bash', { command, description: 'run', ...extra })

describe('the workspace gate through the real tools', () => {
  it('denies a protected path with IEG\'s reason and never runs the tool body', async () => {
    const host = await iegHost(cleanups, {}, { '.git/config': '[core]\n' }, { realTools: true })
    const adapter = scriptModel(host.ctx, [
      call('write', { file_path: '.git/config', content: 'hacked' }),
      bash('echo hacked>.git/HEAD'),
      bash('echo hacked > HEAD', { workdir: '.git' }),
      say('blocked'),
    ])
    const agent = createAgent(host.ctx, 'protected', host.workspace)
    await runTurn(agent, 'edit git config')
    const results = toolResults(agent)
    expect(results[0]).toMatchObject({ isError: true, text: expect.stringContaining('write writes .git/config, which is or holds the protected path .git (workspace.protectedPaths)') })
    expect(results[1]).toMatchObject({ isError: true, text: expect.stringContaining('writes .git/HEAD, which is or holds the protected path .git') })
    expect(results[2]).toMatchObject({ isError: true, text: expect.stringContaining('.git/HEAD') })
    expect(await readFile(join(host.workspace, '.git/config'), 'utf8')).toBe('[core]\n')
    expect(existsSync(join(host.workspace, '.git/HEAD'))).toBe(false)
    expect(JSON.stringify(adapter.requests[1]!.messages.at(-1))).toContain('workspace.protectedPaths')
  })

  it('keeps denying through the guard when another listener short-circuits pre-execute', async () => {
    const host = await iegHost(cleanups, {}, { '.git/config': '[core]\n' }, { before: [[eagerAllow as never, {}]], realTools: true })
    scriptModel(host.ctx, [call('write', { file_path: '.git/config', content: 'hacked' }), bash('git config core.hooksPath /tmp/h'), say('ok')])
    const agent = createAgent(host.ctx, 'guard', host.workspace)
    await runTurn(agent, 'go')
    expect(toolResults(agent)[0]).toMatchObject({ isError: true, text: expect.stringContaining('protected path .git') })
    expect(toolResults(agent)[1]).toMatchObject({ isError: true, text: expect.stringContaining('changes the protected .git') })
    expect(await readFile(join(host.workspace, '.git/config'), 'utf8')).toBe('[core]\n')
  })

  it('lets a later plugin\'s deny win over its ask, and carries its reason when nothing can ask', async () => {
    const host = await iegHost(cleanups, { workspace: { policy: 'ask' } }, { 'a.txt': 'a\n' }, { realTools: true, after: [[denyWrites as never, {}]] })
    scriptModel(host.ctx, [call('write', { file_path: 'b.txt', content: 'b' }), bash('echo b > c.txt'), say('done')])
    const agent = createAgent(host.ctx, 'compose', host.workspace)
    await runTurn(agent, 'write')
    const results = toolResults(agent)
    expect(results[0]).toMatchObject({ isError: true, text: expect.stringContaining('deny-writes refuses every write') })
    expect(results[0]!.text).not.toContain('IEG asked for approval')
    expect(results[1]).toMatchObject({ isError: true, text: expect.stringContaining('IEG asked for approval of this call because: IEG workspace policy (workspace.policy: ask)') })
    expect(existsSync(join(host.workspace, 'b.txt'))).toBe(false)
    expect(existsSync(join(host.workspace, 'c.txt'))).toBe(false)
  })

  it('refuses a near-duplicate document naming the existing one, then lets the agent extend it', async () => {
    const host = await iegHost(cleanups, {}, { 'SPEC.md': SPEC_WITH_AUTH }, { realTools: true })
    scriptModel(host.ctx, [
      call('write', { file_path: 'AUTHENTICATION.md', content: '# Authentication\n\nTokens.\n' }),
      call('write', { file_path: 'SPEC.md', content: `${SPEC_WITH_AUTH}\nTokens expire after one hour.\n` }),
      call('write', { file_path: 'docs/CHANGELOG.md', content: '# Changelog\n\n## 1.0.0\n- first\n' }),
      call('ieg_status'),
      say('done'),
    ])
    const agent = createAgent(host.ctx, 'overlap', host.workspace)
    await runTurn(agent, 'document token expiry')
    const results = toolResults(agent)
    expect(results[0]).toMatchObject({ isError: true, text: expect.stringContaining('creating AUTHENTICATION.md would duplicate SPEC.md') })
    expect(results[0]!.text).toContain('matches its heading "Authentication"')
    expect(existsSync(join(host.workspace, 'AUTHENTICATION.md'))).toBe(false)
    expect(results[1]!.isError).toBe(false)
    expect(results[2]!.isError).toBe(false)
    expect(await readFile(join(host.workspace, 'SPEC.md'), 'utf8')).toContain('expire after one hour')
    const status = statusOf(results)
    expect(status['diagnosticCounts']).toMatchObject({ 'ieg.document_overlap_flagged': 1, 'ieg.workspace_mutation_blocked': 1, 'ieg.workspace_mutation_allowed': 2 })
  })

  it('never gates read-only work, and under deny refuses mutations and opaque commands, saying which', async () => {
    const host = await iegHost(cleanups, { workspace: { policy: 'deny' } }, { 'a.txt': 'alpha\n' }, { realTools: true })
    scriptModel(host.ctx, [
      bash('ls && cat a.txt && grep -n "a > b" a.txt || true'),
      call('read', { file_path: 'a.txt' }),
      bash("cat <<'EOF'\nrm -rf a.txt\nEOF"),
      bash('echo beta > b.txt'),
      bash('python3 -c "open(\'c.txt\', \'w\')"'),
      call('ieg_status'),
      say('done'),
    ])
    const agent = createAgent(host.ctx, 'policy', host.workspace)
    await runTurn(agent, 'look around')
    const results = toolResults(agent)
    expect(results.slice(0, 3).map(result => result.isError)).toEqual([false, false, false])
    expect(results[0]!.text).toContain('a.txt')
    expect(results[2]!.text).toContain('rm -rf a.txt')
    expect(results[3]).toMatchObject({ isError: true, text: expect.stringContaining('workspace.policy: deny) governs persistent workspace changes (mutation): redirection > b.txt') })
    expect(results[4]).toMatchObject({ isError: true, text: expect.stringContaining('changes it cannot prove (opaque): python3: python3 is not a command the analysis knows') })
    expect(existsSync(join(host.workspace, 'a.txt'))).toBe(true)
    expect(existsSync(join(host.workspace, 'b.txt'))).toBe(false)
    expect(existsSync(join(host.workspace, 'c.txt'))).toBe(false)
    const status = statusOf(results)
    const counts = status['diagnosticCounts'] as Record<string, number>
    expect(counts['ieg.workspace_mutation_allowed']).toBeUndefined()
    expect(counts['ieg.workspace_mutation_blocked']).toBe(2)
    const blocked = (status['diagnostics'] as Array<{ code: string, data: Record<string, unknown> }>).filter(entry => entry.code === 'ieg.workspace_mutation_blocked').map(entry => entry.data['outcome'])
    expect(blocked.sort()).toEqual(['mutation', 'opaque'])
  })
})

describe('diagnostics per session', () => {
  it('shows a session only its own diagnostics and the mount record, while the mirror keeps them all', async () => {
    const host = await iegHost(cleanups, { workspace: { policy: 'deny' } }, { '.git/config': '[core]\n' }, { realTools: true })
    scriptModel(host.ctx, [bash('echo secret-target > .git/hooks-leak'), say('first done'), call('ieg_status'), say('second done')])
    const first = createAgent(host.ctx, 'first-session', host.workspace)
    await runTurn(first, 'try')
    const second = createAgent(host.ctx, 'second-session', host.workspace)
    await runTurn(second, 'status')
    const status = JSON.parse(toolResults(second).at(-1)!.text) as { diagnostics: Array<{ code: string, sessionId: string | null }>, diagnosticCounts: Record<string, number>, mounted: boolean }
    expect(status.mounted).toBe(true)
    expect(JSON.stringify(status)).not.toContain('hooks-leak')
    expect(status.diagnosticCounts['ieg.workspace_mutation_blocked']).toBeUndefined()
    expect(status.diagnostics.every(entry => entry.sessionId === null || entry.sessionId === 'second-session')).toBe(true)
  })
})

describe('a bad configuration', () => {
  it('mounts an inert surface whose ieg_status names the key path, with no section and no gate', async () => {
    const host = await iegHost(cleanups, { workspace: { policy: 'maybe' } }, { '.git/config': '[core]\n' })
    const adapter = scriptModel(host.ctx, [call('ieg_status'), call('write', { file_path: '.git/config', content: 'x' }), say('ok')])
    const agent = createAgent(host.ctx, 'inert', host.workspace)
    await runTurn(agent, 'status')
    const status = JSON.parse(toolResults(agent)[0]!.text) as Record<string, unknown>
    expect(status).toMatchObject({ mounted: false, configError: expect.stringContaining('$.workspace.policy') })
    expect(toolResults(agent)[1]!.isError).toBe(false)
    const system = adapter.requests[0]!.system ?? ''
    expect(JSON.stringify(system)).not.toContain('Information environment governance')
    expect(JSON.stringify(adapter.requests[0]!.messages)).toContain('IEG inert: configuration refused')
  })

  it('refuses a protected path padded with whitespace, naming its key path, instead of protecting nothing', async () => {
    const host = await iegHost(cleanups, { workspace: { protectedPaths: [' .git'] } }, { '.git/config': '[core]\n' })
    scriptModel(host.ctx, [call('ieg_status'), say('ok')])
    const agent = createAgent(host.ctx, 'padded', host.workspace)
    await runTurn(agent, 'status')
    expect(JSON.parse(toolResults(agent)[0]!.text)).toMatchObject({ mounted: false, configError: expect.stringContaining('$.workspace.protectedPaths[0] must not start or end with whitespace') })
  })
})

describe('the diagnostics mirror', () => {
  it('writes a bounded JSON snapshot to the configured file once enabled, and nothing by default', async () => {
    const { mkdtemp, readFile: read, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dir = await mkdtemp(join(tmpdir(), 'dshg-mirror-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const file = join(dir, 'ieg-diagnostics.json')
    const host = await iegHost(cleanups, { diagnosticsExport: { file, limit: 2, intervalMs: 100 } }, { 'a.txt': 'a\n' })
    scriptModel(host.ctx, [call('write', { file_path: 'b.txt', content: 'b' }), call('write', { file_path: 'c.txt', content: 'c' }), say('done')])
    await runTurn(createAgent(host.ctx, 'mirror', host.workspace), 'write')
    await new Promise(resolve => setTimeout(resolve, 250))
    const mirror = JSON.parse(await read(file, 'utf8')) as { schema: number, mounted: boolean, diagnostics: Array<{ code: string }> }
    expect(mirror.schema).toBe(1)
    expect(mirror.mounted).toBe(true)
    expect(mirror.diagnostics).toHaveLength(2)
    expect(mirror.diagnostics[0]!.code).toBe('ieg.workspace_mutation_allowed')
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false)
  })
})
