/**
 * Attacks on the outcome memo (checks reuse an outcome across attempts of one
 * contract): a careless or hostile agent tries to make the governor certify
 * stale content, quote a secret-like file through a link that was innocent on
 * the attempt before, or show stale evidence, by changing a file back and
 * forth, flipping a link, revising a contract under the same check ids,
 * resuming or running a second session with the same contract id, racing a
 * writer against the reads, and making an attempt throw, refuse or abort.
 * Each test fails if the memo's key drops what it names (content, secrecy),
 * if the fingerprint is not the judged read, or if it keeps what it must not
 * (an exception, a refused, aborted or missing read). The revision and
 * session tests guard the second layer: they fail when the scope (contract,
 * session) leaks together with a key that drops the arguments or the content
 * (the arguments alone are covered in test/unit/outcome-memo.test.ts).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionId } from '@deepseek-ai/dsh-session'
import { evaluateChecks } from '../../src/reliability/checks/evaluate.ts'
import type { EvaluationContext, WorkspacePort } from '../../src/reliability/checks/evidence.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'
import type { WorkspacePath } from '../../src/reliability/checks/paths.ts'
import type { CheckRecord } from '../../src/reliability/contract/records.ts'
import { workspacePort } from '../../src/reliability/host/workspace-port.ts'
import { governedHost, governorEvents } from '../support/governed.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { call, say } from '../support/script.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

type Check = { id: string, kind: string } & Record<string, unknown>
const contract = (checks: Check[], extra: Record<string, unknown> = {}) => ({
  objective: 'the files are right',
  claims: [{ id: 'c1', statement: 'the files are right', importance: 'critical', verification: 'deterministic', check_ids: checks.map(check => check.id) }],
  checks,
  ...extra,
})
type Result = { checkId: string, passed: boolean, evidence: string }
const attempts = (agent: Parameters<typeof governorEvents>[0]) => governorEvents(agent).filter(event => event.type === 'reliability/attempt').map(event => event.data as { verdict: string, contractId: string, results: Result[] })
const terminals = (agent: Parameters<typeof governorEvents>[0]) => governorEvents(agent).filter(event => event.type === 'reliability/terminal').map(event => event.data['outcome'])
const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const budget = { maxFileBytes: 4096, maxAttemptBytes: 1 << 20, maxConcurrentReads: 4 }
const context = (workspace: WorkspacePort, outcomes = createOutcomeMemo()): EvaluationContext => ({ workspace, events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: () => false, verifierReceipts: new Map(), outcomes })

describe('a check that passed is judged again when its file changes within one contract', () => {
  it('does not certify on a passing outcome of content that was since replaced, and passes again when the content returns', async () => {
    const host = await governedHost(cleanups, {}, { files: { 'README.md': 'Hello\n' } })
    const readme = join(host.workspace, 'README.md')
    scriptModel(host.ctx, [
      call('reliability_begin', contract([{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'Hello' }, { id: 'k2', kind: 'file_contains', path: 'NOTES.md', text: 'ok' }], { max_attempts: 3 })),
      say('done'),
      () => { writeFileSync(readme, 'Bye\n'); writeFileSync(join(host.workspace, 'NOTES.md'), 'ok\n'); return say('fixed the notes') },
      () => { writeFileSync(readme, 'Hello\n'); return say('restored the greeting') },
      say('certified'),
    ])
    const agent = createAgent(host.ctx, 'memo-content', host.workspace)
    await runTurn(agent, 'fix the files')
    const [first, second, third] = attempts(agent)
    expect(first?.results.map(result => result.passed)).toEqual([true, false])
    expect(second?.verdict, 'README.md no longer says Hello: the kept pass must not be recalled').toBe('fail')
    expect(second?.results[0]).toEqual({ checkId: 'k1', passed: false, evidence: 'README.md does not contain "Hello"' })
    expect(third?.verdict).toBe('pass')
    expect(third?.results[0]).toEqual(first?.results[0])
    expect(terminals(agent)).toEqual(['certified'])
  })
})

describe('secrecy is part of what an outcome was judged from', () => {
  it('withholds a secret-like file reached through a link that reached an innocent file with the same bytes on the attempt before', async () => {
    const token = 'API_TOKEN=hunter2-very-secret\n'
    const host = await governedHost(cleanups, {}, { files: { 'plain.txt': token, '.env': token } })
    const notes = join(host.workspace, 'notes.txt')
    await symlink('plain.txt', notes)
    const adapter = scriptModel(host.ctx, [
      call('reliability_begin', contract([{ id: 'k1', kind: 'file_equals', path: 'notes.txt', text: 'API_TOKEN=expected\n' }, { id: 'k2', kind: 'json_equals', path: 'notes.txt', pointer: '', value: 1 }], { max_attempts: 2 })),
      say('done'),
      () => { unlinkSync(notes); symlinkSync('.env', notes); return say('done again') },
      say('understood'),
    ])
    const agent = createAgent(host.ctx, 'memo-secret', host.workspace)
    await runTurn(agent, 'check the notes')
    const [innocent, secret] = attempts(agent)
    expect(innocent?.results[0]?.evidence, 'an innocent file is quoted, so a recalled outcome would quote the secret').toContain('hunter2')
    for (const result of secret?.results ?? []) expect(result.evidence).toContain('content withheld (secret-like file;')
    const lastSteer = adapter.requests.at(-1)?.messages.at(-1)
    expect(JSON.stringify(secret) + JSON.stringify(lastSteer)).not.toContain('hunter2')
    expect(JSON.stringify(lastSteer)).toContain('content withheld (secret-like file;')
  })
})

describe('a revised contract reuses check ids', () => {
  it('judges the revision on its own arguments, after the first contract certified under the same check id and content', async () => {
    const host = await governedHost(cleanups, {}, { files: { 'README.md': 'Hello\n' } })
    scriptModel(host.ctx, [
      call('reliability_begin', contract([{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'Hello' }])),
      say('done'),
      call('reliability_begin', contract([{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'Goodbye' }], { max_attempts: 1 })),
      say('done too'),
      say('understood'),
    ])
    const agent = createAgent(host.ctx, 'memo-revision', host.workspace)
    await runTurn(agent, 'greet, then say goodbye')
    const [first, revised] = attempts(agent)
    expect(first?.verdict).toBe('pass')
    expect(revised?.contractId).not.toBe(first?.contractId)
    expect(revised?.results).toEqual([{ checkId: 'k1', passed: false, evidence: 'README.md does not contain "Goodbye"' }])
    expect(terminals(agent)).toEqual(['certified', 'exhausted'])
  })
})

describe('sessions do not share kept outcomes', () => {
  it('a second session whose contract has the same id judges its own workspace', async () => {
    const host = await governedHost(cleanups, {}, { files: { 'README.md': 'Hello\n' } })
    const other = await mkdtemp(join(tmpdir(), 'dshg-memo-other-'))
    cleanups.push(() => rm(other, { recursive: true, force: true }))
    await writeFile(join(other, 'README.md'), 'Hello\n')
    const checks = [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'Hello' }, { id: 'k2', kind: 'file_exists', path: 'DONE' }]
    const turns = [call('reliability_begin', contract(checks, { max_attempts: 1 })), say('done'), say('understood')]
    scriptModel(host.ctx, [...turns, ...turns])
    const first = createAgent(host.ctx, 'memo-first', host.workspace)
    await runTurn(first, 'greet')
    await writeFile(join(other, 'README.md'), 'Bye\n')
    await writeFile(join(other, 'DONE'), '')
    const second = createAgent(host.ctx, 'memo-second', other)
    await runTurn(second, 'greet')
    expect(attempts(second)[0]?.contractId).toBe(attempts(first)[0]?.contractId)
    expect(attempts(first)[0]?.results.map(result => result.passed)).toEqual([true, false])
    expect(attempts(second)[0]?.results).toEqual([{ checkId: 'k1', passed: false, evidence: 'README.md does not contain "Hello"' }, { checkId: 'k2', passed: true, evidence: 'DONE exists (0 bytes)' }])
    expect(terminals(second)).toEqual(['exhausted'])
  })

  it('a session resumed in this process (a new session object over the same log) judges the content it sees now', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-memo-resume-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await governedHost(cleanups, { autoVerifyAtTurnStop: false }, { persistenceRoot: root, files: { 'README.md': 'Hello\n' } })
    const checks = [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'Hello' }, { id: 'k2', kind: 'file_exists', path: 'DONE' }]
    scriptModel(first.ctx, [call('reliability_begin', contract(checks)), call('reliability_verify'), say('later')])
    const agent = createAgent(first.ctx, 'memo-resume', first.workspace)
    await runTurn(agent, 'greet')
    expect(attempts(agent)[0]?.results.map(result => result.passed)).toEqual([true, false])
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()
    await writeFile(join(first.workspace, 'README.md'), 'Bye\n')
    await writeFile(join(first.workspace, 'DONE'), '')
    const second = await governedHost(cleanups, { autoVerifyAtTurnStop: false }, { persistenceRoot: root, workspace: first.workspace })
    scriptModel(second.ctx, [call('reliability_verify'), say('stopping')])
    const handle = await second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('memo-resume'), agentOptions: { provider: 'mock', model: 'mock' } })
    expect(handle.agent.session).not.toBe(agent.session)
    await runTurn(handle.agent, 'verify')
    const resumed = attempts(handle.agent)
    expect(resumed).toHaveLength(2)
    expect(resumed[1]?.verdict).toBe('fail')
    expect(resumed[1]?.results[0]).toEqual({ checkId: 'k1', passed: false, evidence: 'README.md does not contain "Hello"' })
  })
})

const WRITER = `
const { writeFileSync } = require('node:fs')
const [file, ms] = process.argv.slice(1)
const end = Date.now() + Number(ms)
let writes = 0
const pause = new Int32Array(new SharedArrayBuffer(4))
while (Date.now() < end) { writeFileSync(file, writes % 2 === 0 ? 'BBBB\\n' : 'AAAA\\n'); writes += 1; Atomics.wait(pause, 0, 0, writes % 7) }
process.stdout.write(String(writes))
`

describe('a writer racing the reads', () => {
  it('every outcome matches the bytes fingerprinted in its own attempt, under one memo kept across attempts', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'dshg-memo-race-'))
    cleanups.push(() => rm(workspace, { recursive: true, force: true }))
    const file = join(workspace, 'f.txt')
    await writeFile(file, 'AAAA\n')
    const host = await governedHost(cleanups, {}, { workspace })
    const writer = spawn(process.execPath, ['-e', WRITER, file, '2000'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let writes = ''
    writer.stdout.on('data', (chunk: Buffer) => { writes += chunk.toString() })
    const done = new Promise(resolve => writer.on('close', resolve))
    const memo = createOutcomeMemo()
    const checks: CheckRecord[] = [{ id: 'a', kind: 'file_contains', args: { path: 'f.txt', text: 'AAAA' } }, { id: 'b', kind: 'file_not_contains', args: { path: 'f.txt', text: 'BBBB' } }]
    // A write truncates first, so a read may see '', which lacks BBBB as truly as AAAA\n does.
    const contents = new Map(['', 'AAAA\n', 'BBBB\n'].map(text => [sha(text), text]))
    const seen = new Map<string, number>()
    try {
      const start = Date.now()
      while (Date.now() - start < 1800) {
        const port = workspacePort(host.ctx.fs, workspace, budget)
        let fingerprint: string | null | undefined
        const watched: WorkspacePort = { ...port, fingerprint: async path => (fingerprint = await port.fingerprint(path)) }
        const results = await evaluateChecks(checks, context(watched, memo))
        const text = fingerprint == null ? undefined : contents.get(fingerprint)
        expect(fingerprint === null || text !== undefined, 'the fingerprint is of a whole write').toBe(true)
        seen.set(text ?? 'refused', (seen.get(text ?? 'refused') ?? 0) + 1)
        expect(results.map(result => result.passed), `judged ${JSON.stringify(text)}`).toEqual(text === undefined ? [false, false] : [text.includes('AAAA'), !text.includes('BBBB')])
      }
    } catch (error) {
      writer.kill()
      throw error
    } finally {
      await done
    }
    expect(Number(writes)).toBeGreaterThan(100)
    expect(seen.get('AAAA\n')).toBeGreaterThan(20)
    expect(seen.get('BBBB\n')).toBeGreaterThan(20)
  }, 20_000)
})

describe('what an attempt must not keep', () => {
  const at = (path: string) => path as WorkspacePath
  it('a check whose evaluation threw is judged again on the next attempt of the same content', async () => {
    const host = await governedHost(cleanups, {}, { files: { 'a.txt': 'Hello\n' } })
    const memo = createOutcomeMemo()
    const checks: CheckRecord[] = [{ id: 'k', kind: 'file_contains', args: { path: 'a.txt', text: 'Hello' } }]
    const port = workspacePort(host.ctx.fs, host.workspace, budget)
    const throwing: WorkspacePort = { ...port, readUtf8: async () => { throw new Error('transient failure') } }
    expect(await port.fingerprint(at('a.txt'))).toBe(sha('Hello\n'))
    expect(await evaluateChecks(checks, context(throwing, memo))).toEqual([{ checkId: 'k', passed: false, evidence: 'could not be evaluated: transient failure' }])
    expect(await evaluateChecks(checks, context(workspacePort(host.ctx.fs, host.workspace, budget), memo))).toEqual([{ checkId: 'k', passed: true, evidence: 'a.txt contains "Hello"' }])
  })

  it('a refused, aborted or missing read keeps nothing: each attempt states what it saw', async () => {
    const host = await governedHost(cleanups)
    const outside = await mkdtemp(join(tmpdir(), 'dshg-memo-out-'))
    cleanups.push(() => rm(outside, { recursive: true, force: true }))
    await writeFile(join(outside, 'a.txt'), 'Hello\n')
    const memo = createOutcomeMemo()
    const checks: CheckRecord[] = [{ id: 'k', kind: 'file_contains', args: { path: 'a.txt', text: 'Hello' } }]
    const attempt = async (signal?: AbortSignal) => (await evaluateChecks(checks, context(workspacePort(host.ctx.fs, host.workspace, budget, signal), memo)))[0]?.evidence
    const link = join(host.workspace, 'a.txt')
    await symlink(join(outside, 'a.txt'), link)
    expect(await attempt()).toContain('a.txt: resolves outside the workspace')
    await unlink(link)
    await writeFile(link, 'Hello\n')
    const aborted = await attempt(AbortSignal.abort())
    expect(aborted).toMatch(/^a\.txt: cannot be read: /)
    await unlink(link)
    expect(await attempt()).toBe('a.txt does not exist')
    await writeFile(link, 'Hello\n')
    expect(await attempt()).toBe('a.txt contains "Hello"')
  })
})
