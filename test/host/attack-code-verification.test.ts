/**
 * Attacks on trusted code verification. Each test is one attack: the
 * assertions before the last show the attack took place, the last states
 * the secure behaviour. The `limit:` tests pin what the host sandbox does
 * not prevent (docs/code-verification.md, Limits), so a host that starts
 * preventing it shows up here. The host is the real one: the subprocess
 * runtime, the local sandbox (landlock here) and the sandbox policy.
 */
import { spawn as spawnChild } from 'node:child_process'
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CodeRuntime, type CodeJsonValue, type CodeRunRequest, type CodeRunResult } from '@deepseek-ai/dsh-code-runtime'
import LocalSubprocessRuntime from '@deepseek-ai/dsh-subprocess-local'
import LocalSandboxProvider from '@deepseek-ai/dsh-sandbox-local'
import SandboxPolicyService from '@deepseek-ai/dsh-sandbox-policy'
import { afterEach, describe, expect, it } from 'vitest'
import * as reliability from '../../src/reliability/plugin.ts'
import { governorEvents, toolResults } from '../support/governed.ts'
import { createAgent, mountHost, runTurn, scriptModel, type PluginModule } from '../support/host.ts'
import { call, say } from '../support/script.ts'
import { makeWorkspace, outsideTemporaryDirs } from '../support/dsh-profile.ts'
import { playTurns, workspaceHost, type WorkspaceHost } from '../support/workspace-host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

/** Outside the workspace and outside every temporary directory a workspace-write sandbox opens. */
const OUTSIDE_DIR = join(outsideTemporaryDirs(), `attack-code-${process.pid}`)
const profile = (id: string, args: string[], extra: Record<string, unknown> = {}) => ({ id, description: `${id} verifier`, command: 'node', args, ...extra })
const FILES = {
  'src.mjs': 'export const answer = 41\n',
  'test.mjs': 'import { answer } from \'./src.mjs\'\nif (answer !== 42) { console.error(`expected 42, got ${answer}`); process.exit(1) }\nconsole.log(\'1 test passed\')\n',
}
const FIXED = 'export const answer = 42\n'
const BROKEN = 'export const answer = 41\n'
const codeContract = { objective: 'answer is 42', claims: [{ id: 'c1', statement: 'src exports answer', importance: 'important', verification: 'deterministic', check_ids: ['k1'] }], checks: [{ id: 'k1', kind: 'file_exists', path: 'src.mjs' }] }

function services(extra: Array<readonly [PluginModule, unknown]> = []): Array<readonly [PluginModule, unknown]> {
  return [
    [LocalSubprocessRuntime as unknown as PluginModule, {}],
    [LocalSandboxProvider as unknown as PluginModule, {}],
    [SandboxPolicyService as unknown as PluginModule, { mode: 'workspace-write' }],
    ...extra,
  ]
}

async function codeHost(profiles: unknown[], config: Record<string, unknown> = {}, extra: Array<readonly [PluginModule, unknown]> = []): Promise<WorkspaceHost> {
  return workspaceHost(cleanups, [[reliability, { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' }, codeVerificationProfiles: profiles, ...config }]], { files: FILES, before: services(extra) })
}

type Agent = ReturnType<typeof createAgent>
const session = (host: WorkspaceHost, id: string, turns: ReturnType<typeof call>[]): Promise<Agent> => playTurns(host, id, 'fix the answer', turns)

const verification = (agent: Agent) => governorEvents(agent).filter(event => event.type === 'reliability/code-verification').map(event => event.data)
const terminal = (agent: Agent) => governorEvents(agent).find(event => event.type === 'reliability/terminal')?.data
const tailOf = (agent: Agent, index: number) => String((JSON.parse(toolResults(agent)[index]?.text ?? '{}') as { tail?: string }).tail)
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/**
 * A minimal CodeRuntime provider for Code Mode (`run_code`). The shipped host
 * uses `@deepseek-ai/dsh-code-runtime-worker-thread` (the `code` agent preset
 * sets `mode: code`); it is not installed in this repo, and the transport under
 * test (dsh-tools' run_code and its nested dispatch logging) is the real one.
 */
class InlineCodeRuntime extends CodeRuntime {
  static override readonly name = 'attack-inline-code-runtime'
  readonly language = 'typescript'
  readonly isolation = 'worker-thread'
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    try {
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<CodeJsonValue | undefined>
      const program = new AsyncFunction(...request.bindings.map(binding => binding.global), request.program)
      return { value: (await program(...request.bindings.map(binding => binding.functions))) ?? null, logs: [] }
    } catch (error) {
      return { logs: [], error: { kind: 'exception', message: String(error) } }
    }
  }
}

describe('attack: certification without a fresh trusted run', () => {
  it('Code Mode: a write dispatched inside run_code after the verifier makes the run stale', async () => {
    const host = await codeHost([profile('unit-tests', ['test.mjs'])], {}, [[InlineCodeRuntime as unknown as PluginModule, {}]])
    await writeFile(join(host.workspace, 'src.mjs'), FIXED)
    scriptModel(host.ctx, [
      call('reliability_begin_code', codeContract),
      call('run_code', { description: 'verify, then edit', code: `await tools.reliability_code_verify({ profile_id: 'unit-tests' }); await tools.write_file({ path: 'src.mjs', content: ${JSON.stringify(BROKEN)} }); return 'ok'` }),
      call('reliability_verify'),
      say('done'),
    ])
    const agent = createAgent(host.ctx, 'f1-code-mode', host.workspace)
    ;(agent.ctx as unknown as { tools: { presentAs(mode: string): unknown } }).tools.presentAs('both')
    await runTurn(agent, 'fix the answer')
    expect(verification(agent).map(run => run['outcome'])).toEqual(['passed'])
    expect(agent.session.events.filter(event => event.type === 'tool/code-dispatch-start').map(event => (event.data as { name: string }).name)).toEqual(['reliability_code_verify', 'write_file'])
    expect(await readFile(join(host.workspace, 'src.mjs'), 'utf8')).toBe(BROKEN)
    // secure: the write after the run makes it stale, so nothing certifies
    expect(terminal(agent)?.['outcome']).not.toBe('certified')
  })

  it('an aborted workspace-write verifier (no record) makes the earlier runs of other profiles stale', async () => {
    const formatter = profile('formatter', ['-e', `require("fs").writeFileSync("src.mjs", ${JSON.stringify(BROKEN)}); setTimeout(() => {}, 20000)`], { sandboxMode: 'workspace-write', required: false })
    const host = await codeHost([profile('unit-tests', ['test.mjs']), formatter])
    await writeFile(join(host.workspace, 'src.mjs'), FIXED)
    scriptModel(host.ctx, [
      call('reliability_begin_code', codeContract),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      call('reliability_code_verify', { profile_id: 'formatter' }),
      call('reliability_verify'),
      say('done'),
    ])
    const agent = createAgent(host.ctx, 'f2-abort', host.workspace)
    const turn = runTurn(agent, 'fix the answer')
    for (let i = 0; i < 400 && (await readFile(join(host.workspace, 'src.mjs'), 'utf8')) !== BROKEN; i++) await sleep(25)
    agent.cancel({ kind: 'user' })
    await turn
    await runTurn(agent, 'continue')
    expect(verification(agent).map(run => [run['profileId'], run['outcome']])).toEqual([['unit-tests', 'passed']])
    expect(await readFile(join(host.workspace, 'src.mjs'), 'utf8')).toBe(BROKEN)
    // secure: a workspace-write run that may have written (aborted or not) makes other profiles' runs stale
    expect(terminal(agent)?.['outcome']).not.toBe('certified')
  })

  it('a child the verifier left running in its process group is stopped before the run is recorded', async () => {
    const host = await codeHost([profile('unit-tests', ['test.mjs'], { sandboxMode: 'workspace-write' })])
    // an ordinary (non-setsid) background child: same process group, stdio closed
    const src = `import { spawn } from 'node:child_process'\nspawn('sh', ['-c', 'sleep 1; echo "export const answer = 41" > src.mjs'], { stdio: 'ignore' }).unref()\nexport const answer = 42\n`
    const agent = await session(host, 'f3-background', [
      call('reliability_begin_code', codeContract),
      call('write_file', { path: 'src.mjs', content: src }),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      call('reliability_verify'),
    ])
    await sleep(2000)
    expect(verification(agent).map(run => run['outcome'])).toEqual(['passed'])
    const certified = terminal(agent)?.['outcome'] === 'certified'
    const changedAfterRun = (await readFile(join(host.workspace, 'src.mjs'), 'utf8')) !== src
    // secure: nothing the verifier started survives its recorded run to change the certified code
    expect({ certified, changedAfterRun }).not.toEqual({ certified: true, changedAfterRun: true })
  })

  it('a bare command never resolves to an agent-written executable on a workspace PATH entry', async () => {
    const host = await codeHost([profile('unit-tests', ['test.mjs'])])
    const old = process.env['PATH']
    // dsh started from the project with a project-local bin directory on PATH (an activated .venv, node_modules/.bin)
    process.env['PATH'] = `${join(host.workspace, 'node_modules/.bin')}:${old ?? ''}`
    cleanups.push(async () => { process.env['PATH'] = old })
    const agent = await session(host, 'f4-path', [
      call('reliability_begin_code', codeContract),
      call('write_file', { path: 'node_modules/.bin/node', content: '#!/bin/sh\nexit 0\n' }),
      call('bash', { command: 'chmod +x node_modules/.bin/node' }),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      call('reliability_verify'),
    ])
    expect(await readFile(join(host.workspace, 'src.mjs'), 'utf8')).toBe(BROKEN)
    expect(await readFile(join(host.workspace, 'test.mjs'), 'utf8')).toBe(FILES['test.mjs'])
    // the real node ran the real test against the broken code
    expect(verification(agent)[0]).toMatchObject({ outcome: 'failed', exitCode: 1 })
    expect(String(verification(agent)[0]?.['executable'])).not.toContain(host.workspace)
    expect(terminal(agent)?.['outcome']).not.toBe('certified')
  })

  it('an absolute command inside the workspace is refused as configuration, naming the resolved path', async () => {
    const workspace = await makeWorkspace({ ...FILES, 'bin/check': '#!/bin/sh\nexit 0\n' })
    cleanups.push(() => rm(workspace, { recursive: true, force: true }))
    await chmod(join(workspace, 'bin/check'), 0o755)
    const config = { autoVerifyAtTurnStop: false, contractReview: { mode: 'off' }, codeVerificationProfiles: [{ ...profile('unit-tests', []), command: join(workspace, 'bin/check') }] }
    const host = await workspaceHost(cleanups, [[reliability, config]], { workspace, before: services() })
    const agent = await session(host, 'absolute-inside', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'unit-tests' }), call('reliability_verify')])
    expect(verification(agent)[0]).toMatchObject({ outcome: 'configuration', executable: expect.stringContaining('bin/check') as unknown as string, detail: expect.stringContaining('resolves inside the workspace') as unknown as string })
    expect(terminal(agent)?.['outcome']).not.toBe('certified')
  })

  it('ids reserved for a verifier profile are refused in a plain contract', async () => {
    const host = await codeHost([profile('unit-tests', ['test.mjs'])])
    const agent = await session(host, 'f11-reserved', [
      call('reliability_begin', {
        objective: 'answer is 42',
        claims: [{ id: 'verified-unit-tests', statement: 'The verifier "unit-tests verifier" passes in the host sandbox after the last change', importance: 'critical', verification: 'deterministic', check_ids: ['verifier-unit-tests'] }],
        checks: [{ id: 'verifier-unit-tests', kind: 'file_exists', path: 'src.mjs' }],
      }),
      call('reliability_verify'),
    ])
    expect(verification(agent)).toEqual([])
    // secure: ids reserved for a required profile are refused in every contract
    expect(toolResults(agent)[0]?.text).toContain('reserved for the required verifier profile unit-tests')
    expect(terminal(agent)).toBeUndefined()
  })
})

describe('attack: sandbox', () => {
  it('limit: a read-only verifier can change the mode and times of files (landlock does not govern attributes)', async () => {
    await mkdir(OUTSIDE_DIR, { recursive: true })
    cleanups.push(() => rm(OUTSIDE_DIR, { recursive: true, force: true }))
    const target = join(OUTSIDE_DIR, 'victim-mode.txt')
    await writeFile(target, 'victim')
    await chmod(target, 0o600)
    const before = await stat(target)
    const script = `const fs = require('fs'); fs.chmodSync(${JSON.stringify(target)}, 0o777); fs.utimesSync(${JSON.stringify(target)}, new Date(0), new Date(0)); fs.chmodSync('test.mjs', 0o755)`
    const host = await codeHost([profile('ro', ['-e', script])])
    const agent = await session(host, 'f5-chmod', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'ro' })])
    expect(verification(agent)[0]).toMatchObject({ sandbox: { mode: 'read-only', enforcement: 'full' } })
    const after = await stat(target)
    expect(before.mode & 0o777).toBe(0o600)
    expect({ mode: after.mode & 0o777, mtimeMs: after.mtimeMs }).toEqual({ mode: 0o777, mtimeMs: 0 })
  })

  it('limit: a confined verifier can signal other processes of the same user', async () => {
    const victim = spawnChild('sleep', ['61234'], { stdio: 'ignore' })
    cleanups.push(async () => { victim.kill('SIGKILL') })
    const exited = new Promise(resolve => victim.on('exit', (_code, signal) => resolve(signal)))
    const script = 'const fs = require("fs"); for (const p of fs.readdirSync("/proc")) { if (!/^[0-9]+$/.test(p)) continue; try { if (fs.readFileSync("/proc/" + p + "/cmdline", "utf8") === "sleep\\u000061234\\u0000") process.kill(+p, "SIGKILL") } catch {} }'
    const host = await codeHost([profile('ro', ['-e', script])])
    const agent = await session(host, 'f6-signal', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'ro' })])
    expect(verification(agent)[0]).toMatchObject({ outcome: 'passed', sandbox: { mode: 'read-only', enforcement: 'full' } })
    expect(await Promise.race([exited, sleep(1500).then(() => 'alive')])).toBe('SIGKILL')
  })

  it('limit: a workspace-write verifier writes through a hard link whose other name is outside the workspace', async () => {
    await mkdir(OUTSIDE_DIR, { recursive: true })
    cleanups.push(() => rm(OUTSIDE_DIR, { recursive: true, force: true }))
    const store = join(OUTSIDE_DIR, 'store-index.js')
    await writeFile(store, 'module.exports = 1\n')
    const host = await codeHost([profile('ww', ['-e', 'require("fs").writeFileSync("node_modules/pkg/index.js", "module.exports = \\"pwned\\"\\n")'], { sandboxMode: 'workspace-write' })])
    await mkdir(join(host.workspace, 'node_modules/pkg'), { recursive: true })
    await link(store, join(host.workspace, 'node_modules/pkg/index.js'))
    const agent = await session(host, 'f7-hardlink', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'ww' })])
    expect(verification(agent)[0]).toMatchObject({ sandbox: { mode: 'workspace-write', enforcement: 'full' } })
    expect(await readFile(store, 'utf8')).toBe('module.exports = "pwned"\n')
  })
})

describe('attack: misconfiguration', () => {
  it('a profile id too long for its derived claim and check ids fails the load', async () => {
    const id = 'a'.repeat(60)
    let loadError: string | null = null
    let host: WorkspaceHost | null = null
    try {
      host = await codeHost([profile(id, ['test.mjs'])])
    } catch (error) {
      loadError = String(error)
    }
    expect(host).toBeNull()
    expect(loadError).toContain('$.codeVerificationProfiles[0].id must be kebab-case, 1 to 55 characters')
  })

  it('two required workspace-write profiles fail the load', async () => {
    let loadError: string | null = null
    let host: WorkspaceHost | null = null
    try {
      host = await codeHost([profile('fmt-a', ['-e', '0'], { sandboxMode: 'workspace-write' }), profile('fmt-b', ['-e', '0'], { sandboxMode: 'workspace-write' })], { maxAttempts: 5 })
    } catch (error) {
      loadError = String(error)
    }
    expect(host).toBeNull()
    expect(loadError).toContain('$.codeVerificationProfiles[1].sandboxMode: at most one required profile may have workspace-write')
  })

  it('a command with whitespace (a shell command line) fails the load', async () => {
    const host = await mountHost({ fs: true })
    cleanups.push(() => host.dispose())
    const loading = host.ctx.plugin(reliability as never, { codeVerificationProfiles: [{ ...profile('unit-tests', []), command: 'npm test' }] } as never) as unknown as Promise<unknown>
    const outcome = await loading.then(() => host.ctx.tools.get('reliability_code_verify') === undefined ? 'loaded without code tools' : 'loaded with code tools', (error: unknown) => String(error))
    // secure: refused at load, naming the field
    expect(outcome).toContain('$.codeVerificationProfiles[0].command')
  })
})

describe('attack: environment and records', () => {
  it('allowlisted names that look like credentials never reach the verifier', async () => {
    const secrets = { DB_PASS: 'v-db-pass-5521', MYSQL_PWD: 'v-mysql-pwd-5521', GPG_PASSPHRASE: 'v-gpg-5521', CI_JOB_JWT: 'v-jwt-5521', PRIVATE_PEM: 'v-pem-5521' }
    Object.assign(process.env, secrets)
    cleanups.push(async () => { for (const name of Object.keys(secrets)) delete process.env[name] })
    const host = await codeHost([profile('env-leak', ['-e', 'for (const [k, v] of Object.entries(process.env)) console.log(k + "=" + v)'])], { codeVerification: { environmentAllowlist: ['PATH', ...Object.keys(secrets)] } })
    const agent = await session(host, 'f12-env', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'env-leak' })])
    const tail = tailOf(agent, 1)
    expect(tail).toContain('PATH=')
    // secure: "never a name that looks like a credential even when allowlisted"
    expect(Object.entries(secrets).filter(([, value]) => tail.includes(value)).map(([name]) => name)).toEqual([])
  })

  it('limit: output digests cover the decoded text, so invalid UTF-8 may count more bytes than the cap', async () => {
    const host = await codeHost([profile('flood', ['-e', 'process.stdout.write(Buffer.alloc(5000, 0xff))'], { maxOutputBytes: 1024 })])
    const agent = await session(host, 'f13-utf8', [call('reliability_begin_code', codeContract), call('reliability_code_verify', { profile_id: 'flood' })])
    const stdout = verification(agent)[0]?.['stdout'] as { bytes: number, truncated: boolean }
    expect(stdout.truncated).toBe(true)
    expect(stdout.bytes).toBe(3 * 1024)
  })
})
