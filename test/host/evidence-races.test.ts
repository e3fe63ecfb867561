/**
 * Evidence is judged on what was read: a folder flipped between a real
 * directory and a link to an outside folder while checks run never
 * certifies outside content; each file is read once per attempt within a
 * byte budget; secret-like files are never quoted; an aborted verification
 * records nothing.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as reliability from '../../src/reliability/plugin.ts'
import { evaluateChecks } from '../../src/reliability/checks/evaluate.ts'
import type { CheckRecord } from '../../src/reliability/contract/records.ts'
import { workspacePort } from '../../src/reliability/host/workspace-port.ts'
import { toolResults } from '../support/governed.ts'
import { createAgent, mountHost, runTurn, scriptModel, type MountedHost } from '../support/host.ts'
import { call, say } from '../support/script.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'

const cleanups: Array<() => Promise<unknown>> = []
let host: MountedHost
let workspace = ''
let outside = ''
beforeAll(async () => {
  host = await mountHost({ fs: true })
  workspace = await mkdtemp(join(tmpdir(), 'dshg-race-ws-'))
  outside = await mkdtemp(join(tmpdir(), 'dshg-race-out-'))
  await mkdir(join(workspace, 'data'))
  await writeFile(join(workspace, 'data/report.txt'), '{"origin": "inside"}\n')
  await writeFile(join(outside, 'report.txt'), '{"origin": "OUTSIDE"}\n')
  cleanups.push(() => host.dispose(), () => rm(workspace, { recursive: true, force: true }), () => rm(outside, { recursive: true, force: true }))
})
afterAll(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const FLIPPER = `
const { renameSync, symlinkSync, unlinkSync } = require('node:fs')
const [dir, target, ms] = process.argv.slice(1)
const end = Date.now() + Number(ms)
let flips = 0
while (Date.now() < end) {
  renameSync(dir, dir + '.real'); symlinkSync(target, dir); unlinkSync(dir); renameSync(dir + '.real', dir); flips += 1
}
process.stdout.write(String(flips))
`

const RACED: CheckRecord[] = [
  { id: 'contains', kind: 'file_contains', args: { path: 'data/report.txt', text: 'OUTSIDE' } },
  { id: 'equals', kind: 'json_equals', args: { path: 'data/report.txt', pointer: '/origin', value: 'OUTSIDE' } },
  { id: 'exact', kind: 'file_equals', args: { path: 'data/report.txt', text: '{"origin": "OUTSIDE"}\n' } },
]

describe('evidence under a flip race', () => {
  it('never passes a check on outside content while a folder flips to a link', async () => {
    const budget = { maxFileBytes: 4096, maxAttemptBytes: 1 << 20, maxConcurrentReads: 4 }
    const flipper = spawn(process.execPath, ['-e', FLIPPER, join(workspace, 'data'), outside, '2500'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let flips = ''
    flipper.stdout.on('data', (chunk: Buffer) => { flips += chunk.toString() })
    const done = new Promise(resolve => flipper.on('close', resolve))
    let attempts = 0
    let passes = 0
    let refusedAsChanged = 0
    const start = Date.now()
    while (Date.now() - start < 2300) {
      const results = await evaluateChecks(RACED, { workspace: workspacePort(host.ctx.fs, workspace, budget), events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: () => false, verifierReceipts: new Map(), outcomes: createOutcomeMemo() })
      attempts += 1
      passes += results.filter(result => result.passed).length
      refusedAsChanged += results.filter(result => /changed while it was read|resolves outside|cannot be/.test(result.evidence)).length
    }
    await done
    expect(Number(flips)).toBeGreaterThan(100)
    expect(attempts).toBeGreaterThan(50)
    expect(refusedAsChanged).toBeGreaterThan(0)
    expect(passes).toBe(0)
  }, 20_000)
})

describe('reads within an attempt', () => {
  it('reads each file once, however many checks name it, and stops at the attempt\'s byte budget', async () => {
    await writeFile(join(workspace, 'a.txt'), 'a'.repeat(600))
    await writeFile(join(workspace, 'b.txt'), 'b'.repeat(600))
    let reads = 0
    const fs = new Proxy(host.ctx.fs, { get: (target, key) => (key === 'readBytes' ? (...args: unknown[]) => { reads += 1; return (target.readBytes as (...a: unknown[]) => unknown).apply(target, args) } : Reflect.get(target, key)) })
    const port = workspacePort(fs, workspace, { maxFileBytes: 4096, maxAttemptBytes: 1000, maxConcurrentReads: 1 })
    const results = await evaluateChecks([
      { id: 'k1', kind: 'file_contains', args: { path: 'a.txt', text: 'a' } },
      { id: 'k2', kind: 'file_not_contains', args: { path: 'a.txt', text: 'z' } },
      { id: 'k3', kind: 'file_exists', args: { path: 'a.txt' } },
      { id: 'k4', kind: 'file_contains', args: { path: 'b.txt', text: 'b' } },
    ], { workspace: port, events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: () => false, verifierReceipts: new Map(), outcomes: createOutcomeMemo() })
    const [a1, a2, a3, b] = results.map(result => result.passed)
    expect([a1, a2, a3], 'the three checks of a.txt share one read and one outcome').toEqual([a1, a1, a1])
    expect(b, 'whichever file is read first uses the budget; the other is refused').toBe(!a1)
    expect(results.filter(result => !result.passed).every(result => result.evidence.includes('read budget of 1000 bytes (evidence.maxAttemptBytes)'))).toBe(true)
    expect(reads).toBe(1)
  })
})

describe('verification in a session', () => {
  const contract = (checks: unknown[]) => ({
    objective: 'configure',
    claims: [{ id: 'c1', statement: 'configured', importance: 'critical', verification: 'deterministic', check_ids: checks.map(check => (check as { id: string }).id) }],
    checks,
  })

  it('never quotes a secret-like file in evidence, the attempt record or the steer', async () => {
    await writeFile(join(workspace, '.env'), 'API_TOKEN=hunter2-very-secret\n')
    const mounted = await mountHost({ fs: true, plugins: [[reliability, { contractReview: { mode: 'off' } }]] })
    cleanups.push(() => mounted.dispose())
    const adapter = scriptModel(mounted.ctx, [call('reliability_begin', contract([{ id: 'k1', kind: 'file_equals', path: '.env', text: 'API_TOKEN=expected\n' }])), call('reliability_verify'), say('done'), say('still not')])
    const agent = createAgent(mounted.ctx, 'secret', workspace)
    await runTurn(agent, 'check the env file')
    const attempt = agent.session.events.find(event => event.type === 'reliability/attempt')
    expect(JSON.stringify(attempt)).toContain('content withheld (secret-like file;')
    const everything = JSON.stringify(agent.session.events) + JSON.stringify(adapter.requests)
    expect(everything).not.toContain('hunter2')
  })

  it('never quotes a secret-like file read through a link with an innocent name', async () => {
    await writeFile(join(workspace, '.env'), 'API_TOKEN=hunter2-very-secret\n')
    await symlink(join(workspace, '.env'), join(workspace, 'notes.txt'))
    const mounted = await mountHost({ fs: true, plugins: [[reliability, { contractReview: { mode: 'off' } }]] })
    cleanups.push(() => mounted.dispose())
    const checks = [{ id: 'k1', kind: 'file_equals', path: 'notes.txt', text: 'API_TOKEN=expected\n' }, { id: 'k2', kind: 'json_equals', path: 'notes.txt', pointer: '', value: 1 }]
    const adapter = scriptModel(mounted.ctx, [call('reliability_begin', contract(checks)), call('reliability_verify'), say('done'), say('still not')])
    const agent = createAgent(mounted.ctx, 'secret-link', workspace)
    await runTurn(agent, 'check the notes')
    expect(JSON.stringify(agent.session.events.find(event => event.type === 'reliability/attempt'))).toContain('content withheld (secret-like file;')
    expect(JSON.stringify(agent.session.events) + JSON.stringify(adapter.requests)).not.toContain('hunter2')
  })

  it('records nothing for a verification aborted while it reads', async () => {
    const mounted = await mountHost({ fs: true, plugins: [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' } }]] })
    cleanups.push(() => mounted.dispose())
    scriptModel(mounted.ctx, [call('reliability_begin', contract([{ id: 'k1', kind: 'file_contains', path: 'a.txt', text: 'a' }])), say('opened')])
    const agent = createAgent(mounted.ctx, 'abort', workspace)
    await runTurn(agent, 'open')
    const controller = new AbortController()
    const verifying = mounted.ctx.tools.execute({ name: 'reliability_verify', arguments: {}, agent, callId: 'v1' as never, signal: controller.signal })
    controller.abort()
    const result = await verifying
    expect(result.isError).toBe(true)
    expect(agent.session.events.filter(event => event.type === 'reliability/attempt')).toEqual([])
    expect(toolResults(agent).at(-1)?.isError).toBe(false)
  })
})
