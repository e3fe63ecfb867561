/**
 * Trusted code verification on the real host: the real subprocess runtime,
 * the local sandbox (landlock on these machines) and the sandbox policy.
 * Each test checks the recorded run and what certified, in the session log.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import LocalSubprocessRuntime from '@deepseek-ai/dsh-subprocess-local'
import LocalSandboxProvider from '@deepseek-ai/dsh-sandbox-local'
import SandboxPolicyService from '@deepseek-ai/dsh-sandbox-policy'
import SkillRegistry from '@deepseek-ai/dsh-skill'
import { afterEach, describe, expect, it } from 'vitest'
import * as reliability from '../../src/reliability/plugin.ts'
import { governorEvents, toolResults } from '../support/governed.ts'
import { createAgent, mountHost, type PluginModule } from '../support/host.ts'
import { call } from '../support/script.ts'
import { outsideTemporaryDirs } from '../support/dsh-profile.ts'
import { playTurns, workspaceHost, type WorkspaceHost } from '../support/workspace-host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const OUTSIDE = join(tmpdir(), `dshg-verifier-escape-${process.pid}.txt`)
/** Outside both the workspace and the temporary directories a workspace-write sandbox opens. */
const OUTSIDE_TMP = join(outsideTemporaryDirs(), `verifier-escape-${process.pid}.txt`)
const profile = (id: string, args: string[], extra: Record<string, unknown> = {}) => ({ id, description: `${id} verifier`, command: 'node', args, ...extra })
const PROFILES = [
  profile('unit-tests', ['test.mjs']),
  profile('slow', ['-e', 'setTimeout(() => {}, 20000)'], { timeoutMs: 1000, required: false }),
  profile('escape', ['-e', `require('fs').writeFileSync(${JSON.stringify(OUTSIDE)}, 'pwned')`], { required: false }),
  profile('escape-writer', ['-e', `require('fs').writeFileSync(${JSON.stringify(OUTSIDE_TMP)}, 'pwned')`], { sandboxMode: 'workspace-write', required: false }),
  profile('env-leak', ['-e', 'for (const [k, v] of Object.entries(process.env)) console.log(k + "=" + v)'], { required: false }),
  profile('formatter', ['-e', 'require("fs").writeFileSync("formatted.txt", "ok")'], { sandboxMode: 'workspace-write', required: false }),
]
const FILES = {
  'src.mjs': 'export const answer = 41\n',
  'test.mjs': 'import { answer } from \'./src.mjs\'\nif (answer !== 42) { console.error(`expected 42, got ${answer}`); process.exit(1) }\nconsole.log(\'1 test passed\')\n',
}
const codeContract = { objective: 'answer is 42', claims: [{ id: 'c1', statement: 'src exports answer', importance: 'important', verification: 'deterministic', check_ids: ['k1'] }], checks: [{ id: 'k1', kind: 'file_exists', path: 'src.mjs' }] }

async function codeHost(config: Record<string, unknown> = {}): Promise<WorkspaceHost> {
  const services: Array<readonly [PluginModule, unknown]> = [
    [LocalSubprocessRuntime as unknown as PluginModule, {}],
    [LocalSandboxProvider as unknown as PluginModule, {}],
    [SandboxPolicyService as unknown as PluginModule, { mode: 'workspace-write' }],
  ]
  return workspaceHost(cleanups, [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' }, codeVerificationProfiles: PROFILES, ...config }]], { files: FILES, before: services })
}

const session = (host: WorkspaceHost, id: string, turns: ReturnType<typeof call>[]) => playTurns(host, id, 'fix the answer', turns)

const results = (agent: ReturnType<typeof createAgent>) => toolResults(agent).map(result => ({ ...result, json: (() => { try { return JSON.parse(result.text) as Record<string, unknown> } catch { return {} } })() }))
const verification = (agent: ReturnType<typeof createAgent>) => governorEvents(agent).filter(event => event.type === 'reliability/code-verification').map(event => event.data)
const terminal = (agent: ReturnType<typeof createAgent>) => governorEvents(agent).find(event => event.type === 'reliability/terminal')?.data

describe('code verification in the host sandbox', () => {
  it('fails with the output tail, then certifies after the repair; nothing of the output is recorded', async () => {
    const host = await codeHost()
    const agent = await session(host, 'code-pass', [
      call('reliability_begin_code', codeContract),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      call('write_file', { path: 'src.mjs', content: 'export const answer = 42\n' }),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      call('reliability_verify'),
    ])
    const [failed, passed] = verification(agent)
    expect(failed).toMatchObject({ outcome: 'failed', exitCode: 1, sandbox: { mode: 'read-only', enforcement: 'full' } })
    expect(passed).toMatchObject({ outcome: 'passed', exitCode: 0 })
    expect(results(agent)[1]?.json['tail']).toContain('expected 42, got 41')
    expect(JSON.stringify(agent.session.events.filter(event => event.type.startsWith('reliability/')))).not.toContain('expected 42')
    expect(terminal(agent)).toMatchObject({ outcome: 'certified' })
    const contract = governorEvents(agent).find(event => event.type === 'reliability/contract')?.data as { claims: Array<{ id: string, importance: string }> }
    expect(contract.claims).toContainEqual(expect.objectContaining({ id: 'verified-unit-tests', importance: 'critical' }))
  })

  it('does not certify with a result from before the last edit', async () => {
    const host = await codeHost()
    await writeFile(join(host.workspace, 'src.mjs'), 'export const answer = 42\n')
    const agent = await session(host, 'code-stale', [
      call('reliability_begin_code', codeContract),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      call('write_file', { path: 'src.mjs', content: 'export const answer = 43\n' }),
      call('reliability_verify'),
    ])
    expect(verification(agent).map(run => run['outcome'])).toEqual(['passed'])
    expect(results(agent).at(-1)?.text).toContain('no run of verifier unit-tests after seq')
    expect(terminal(agent)).toBeUndefined()
  })

  it('does not count a test run the agent made through bash', async () => {
    const host = await codeHost()
    await writeFile(join(host.workspace, 'src.mjs'), 'export const answer = 42\n')
    const agent = await session(host, 'code-bash', [
      call('reliability_begin_code', codeContract),
      call('bash', { command: 'node test.mjs' }),
      call('reliability_verify'),
    ])
    expect(results(agent)[1]?.text).toContain('1 test passed')
    expect(terminal(agent)).toBeUndefined()
  })

  it('lets a later workspace-write profile invalidate another profile\'s result', async () => {
    const host = await codeHost()
    await writeFile(join(host.workspace, 'src.mjs'), 'export const answer = 42\n')
    const agent = await session(host, 'code-writer', [
      call('reliability_begin_code', codeContract),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      call('reliability_code_verify', { profile_id: 'formatter' }),
      call('reliability_verify'),
    ])
    expect(verification(agent).map(run => [run['profileId'], run['outcome']])).toEqual([['unit-tests', 'passed'], ['formatter', 'passed']])
    expect(await readFile(join(host.workspace, 'formatted.txt'), 'utf8')).toBe('ok')
    expect(terminal(agent)).toBeUndefined()
  })

  it('stops a verifier past its time limit', async () => {
    const host = await codeHost()
    const agent = await session(host, 'code-timeout', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'slow' })])
    expect(verification(agent)[0]).toMatchObject({ outcome: 'timeout', detail: 'stopped after 1000 ms' })
  })

  it('stops a verifier that writes outside the workspace, read-only or workspace-write', async () => {
    await rm(OUTSIDE, { force: true })
    await mkdir(dirname(OUTSIDE_TMP), { recursive: true })
    await rm(OUTSIDE_TMP, { force: true })
    const host = await codeHost()
    const agent = await session(host, 'code-escape', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'escape' }), call('reliability_code_verify', { profile_id: 'escape-writer' })])
    expect(verification(agent)).toMatchObject([
      { outcome: 'failed', sandbox: { mode: 'read-only', enforcement: 'full' } },
      { outcome: 'failed', sandbox: { mode: 'workspace-write', enforcement: 'full' } },
    ])
    await expect(readFile(OUTSIDE, 'utf8')).rejects.toThrow()
    await expect(readFile(OUTSIDE_TMP, 'utf8')).rejects.toThrow()
  })

  it('gives a verifier none of the host\'s secrets', async () => {
    const secrets = { DEEPSEEK_API_KEY: 'sk-deepseek-secret', GITHUB_TOKEN: 'ghp-secret', MY_SERVICE_TOKEN: 'svc-secret', AWS_SECRET_ACCESS_KEY: 'aws-secret', UNLISTED_SETTING: 'not-allowlisted' }
    Object.assign(process.env, secrets)
    cleanups.push(async () => { for (const name of Object.keys(secrets)) delete process.env[name] })
    const host = await codeHost()
    const agent = await session(host, 'code-env', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'env-leak' })])
    const tail = String(results(agent)[1]?.json['tail'])
    expect(tail).toContain('PATH=')
    for (const value of Object.values(secrets)) expect(tail).not.toContain(value)
  })

  it('fails as infrastructure when the sandbox enforces only partially, without running the verifier', async () => {
    const host = await codeHost()
    const sandbox = host.ctx.sandbox as unknown as { internals: { probeLandlock?: () => 'full' | 'partial' | 'unusable' } }
    sandbox.internals.probeLandlock = () => 'partial'
    const agent = await session(host, 'code-partial', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'formatter' })])
    expect(verification(agent)[0]).toMatchObject({ outcome: 'infrastructure', sandbox: { enforcement: 'partial' } })
    await expect(readFile(join(host.workspace, 'formatted.txt'), 'utf8')).rejects.toThrow()
  })

  it('refuses a profile the deployment does not configure, and a reserved id, writing nothing', async () => {
    const host = await codeHost()
    const agent = await session(host, 'code-refusals', [
      call('reliability_begin_code', { ...codeContract, checks: [{ id: 'verifier-unit-tests', kind: 'file_exists', path: 'src.mjs' }], claims: [{ ...codeContract.claims[0], check_ids: ['verifier-unit-tests'] }] }),
      call('reliability_begin_code', codeContract),
      call('reliability_code_verify', { profile_id: 'rm-rf' }),
    ])
    const [reserved, , unknown] = results(agent)
    expect(reserved?.text).toContain('reserved for the required verifier profile unit-tests')
    expect(unknown?.text).toContain('profile_id: names no configured verifier profile')
    expect(verification(agent)).toEqual([])
  })

  it('does not count a run when a later call of the same step writes the code', async () => {
    const host = await codeHost()
    await writeFile(join(host.workspace, 'src.mjs'), 'export const answer = 42\n')
    const agent = await session(host, 'code-same-step', [
      call('reliability_begin_code', codeContract),
      { kind: 'tools', calls: [{ id: 'same-1', name: 'reliability_code_verify', arguments: { profile_id: 'unit-tests' } }, { id: 'same-2', name: 'write_file', arguments: { path: 'src.mjs', content: 'export const answer = 1\n' } }] },
      call('reliability_verify'),
    ])
    expect(verification(agent).map(run => run['outcome'])).toEqual(['passed'])
    expect(await readFile(join(host.workspace, 'src.mjs'), 'utf8')).toBe('export const answer = 1\n')
    expect(terminal(agent)).toBeUndefined()
  })

  it('fails the load naming the key path of a bad profile', async () => {
    for (const [profiles, path] of [
      [[profile('Unit Tests', ['test.mjs'])], '$.codeVerificationProfiles[0].id must be kebab-case'],
      [[profile('unit-tests', ['test.mjs']), profile('unit-tests', [])], '$.codeVerificationProfiles[1].id repeats "unit-tests"'],
      [[{ ...profile('unit-tests', []), command: '../bin/test' }], '$.codeVerificationProfiles[0].command must be an absolute path or a bare name'],
      [[{ ...profile('unit-tests', []), timeoutMs: 10 }], '$.codeVerificationProfiles[0].timeoutMs'],
      [[{ ...profile('unit-tests', []), sandboxMode: 'danger-full-access' }], '$.codeVerificationProfiles[0].sandboxMode'],
    ] as const) {
      const host = await mountHost({ fs: true })
      cleanups.push(() => host.dispose())
      await expect(host.ctx.plugin(reliability as never, { codeVerificationProfiles: profiles } as never) as unknown as Promise<unknown>).rejects.toThrow(path)
      expect(host.ctx.tools.get('reliability_code_verify')).toBeUndefined()
    }
  })

  it('registers the verification skill with the host\'s skill registry, and no code tools without profiles', async () => {
    const host = await mountHost({ fs: true, plugins: [[SkillRegistry as unknown as PluginModule, {}], [reliability, { codeVerificationProfiles: PROFILES }]] })
    cleanups.push(() => host.dispose())
    const skills = host.ctx.get('skills') as unknown as { get(name: string): Promise<{ content?: string } | undefined> }
    expect(JSON.stringify(await skills.get('reliability-code-verification'))).toContain('reliability_code_verify')
    const bare = await mountHost({ fs: true, plugins: [[reliability, {}]] })
    cleanups.push(() => bare.dispose())
    expect(['reliability_code_profiles', 'reliability_begin_code', 'reliability_code_verify'].map(name => bare.ctx.tools.get(name))).toEqual([undefined, undefined, undefined])
    expect(bare.ctx.tools.get('reliability_begin')).toBeDefined()
  })
})
