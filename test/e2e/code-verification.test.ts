/**
 * Trusted code verification in a real dsh profile: a deployment-owned
 * `npm test` profile run through the host's sandbox and subprocess services.
 * The project's tests fail until the agent repairs the code; only the
 * governor's run certifies, never the agent's own `bash npm test`.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createProfile, makeWorkspace, readSessionLogs, SCRIPTED_USER_BUNDLE } from '../support/dsh-profile.ts'
import { toolNamesOf, wireText, type ScriptedModelServer } from '../support/model-server.ts'
import { call, say } from '../support/script.ts'
import { e2eEnv, runScripted, scriptedUserFiles } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

const PATCH = `- id: reliability-governor
  config:
    codeVerificationProfiles:
      - id: unit-tests
        description: The project's npm test suite passes
        command: npm
        args: [test]
        timeoutMs: 60000
`
const PROJECT = {
  'package.json': '{\n  "name": "calc",\n  "private": true,\n  "type": "module",\n  "scripts": { "test": "node test.mjs" }\n}\n',
  'add.mjs': 'export function add(a, b) {\n  return a - b\n}\n',
  'test.mjs': 'import { add } from \'./add.mjs\'\nconst got = add(2, 3)\nif (got !== 5) { console.error(`add(2, 3): expected 5, got ${got}`); process.exit(1) }\nconsole.log(\'add: 1 test passed\')\n',
}
const FIXED = 'export function add(a, b) {\n  return a + b\n}\n'
const CONTRACT = {
  objective: 'add(a, b) returns the sum and the project tests pass',
  claims: [{ id: 'sum', statement: 'add adds its arguments', importance: 'critical', verification: 'deterministic', check_ids: ['adds'] }],
  checks: [{ id: 'adds', kind: 'file_contains', path: 'add.mjs', text: 'a + b' }],
}

/** The oracle: the project's real test command, outside the governor. */
async function npmTestPasses(workspace: string): Promise<boolean> {
  try {
    await promisify(execFile)('npm', ['test'], { cwd: workspace })
    return true
  } catch {
    return false
  }
}

function governed(events: ReadonlyArray<{ type: string, data: unknown }>) {
  return events.filter(event => event.type.startsWith('reliability/'))
}

describe('trusted code verification in a real dsh profile', () => {
  it('the verifier fails with the tail, the agent repairs, the verifier passes and the contract certifies', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), patch: PATCH, extraBundles: [SCRIPTED_USER_BUNDLE] })
    const workspace = await makeWorkspace(PROJECT)
    const user = await scriptedUserFiles([{ option: 'Approve' }, { option: 'Approve' }])
    const { result, server } = await runScripted(profile, 'Fix add so the tests pass.', workspace, [
      call('reliability_code_profiles'),
      call('reliability_begin_code', CONTRACT),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      ({ transcript }) => {
        if (!(transcript.at(-1) ?? '').includes('add(2, 3): expected 5, got -1')) throw new Error(`no failing tail: ${transcript.at(-1) ?? ''}`)
        return call('read', { file_path: 'add.mjs' })
      },
      call('write', { file_path: 'add.mjs', content: FIXED }),
      call('reliability_code_verify', { profile_id: 'unit-tests' }),
      say('add is fixed and the verifier passes.'),
      ({ transcript }) => say(`Certified: ${/sha256:[0-9a-f]{64}/.exec(transcript.at(-1) ?? '')?.[0] ?? 'none'}`),
    ], servers, user.env)

    expect(toolNamesOf(server.requests[0]!)).toEqual(expect.arrayContaining(['reliability_code_profiles', 'reliability_begin_code', 'reliability_code_verify']))
    const listed = wireText(server.requests[1]!.messages.at(-1)!)
    expect(listed).toContain('"id": "unit-tests"')
    expect(listed).not.toContain('"command"')
    expect((await user.asked()).map(question => question.question)).toEqual(['Approve what "done" means', 'Approve how "done" will be checked'])

    const [log] = await readSessionLogs(profile.home)
    const events = governed(log!.events)
    expect(events.map(event => event.type)).toEqual(['reliability/intent-review', 'reliability/contract-review', 'reliability/contract', 'reliability/code-verification', 'reliability/code-verification', 'reliability/attempt', 'reliability/terminal'])
    const contract = events[2]!.data as { claims: Array<{ id: string, importance: string, check_ids: string[] }>, checks: unknown[] }
    expect(contract.claims).toContainEqual(expect.objectContaining({ id: 'verified-unit-tests', importance: 'critical' }))
    expect(contract.checks).toContainEqual({ id: 'verifier-unit-tests', kind: 'code_verification_succeeded', args: { profile: 'unit-tests' } })
    expect(events[3]!.data).toMatchObject({ profileId: 'unit-tests', outcome: 'failed', exitCode: 1, sandbox: { enforcement: 'full' } })
    expect(events[4]!.data).toMatchObject({ profileId: 'unit-tests', outcome: 'passed', exitCode: 0 })
    expect(JSON.stringify(events)).not.toContain('expected 5')
    const terminal = events[6]!.data as { outcome: string, receipt: string }
    expect(terminal.outcome).toBe('certified')
    expect(result.stdout).toContain(`Certified: ${terminal.receipt}`)
    expect(await readFile(join(workspace, 'add.mjs'), 'utf8')).toBe(FIXED)
    expect(await npmTestPasses(workspace)).toBe(true)
  })

  it('an agent that only runs npm test through bash never certifies, though the oracle passes', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), patch: `${PATCH}    contractReview:\n      mode: 'off'\n    maxAttempts: 2\n` })
    const workspace = await makeWorkspace(PROJECT)
    const { server } = await runScripted(profile, 'Fix add so the tests pass.', workspace, [
      call('reliability_begin_code', CONTRACT),
      call('read', { file_path: 'add.mjs' }),
      call('write', { file_path: 'add.mjs', content: FIXED }),
      call('bash', { command: 'npm test', description: 'Run the tests' }),
      ({ transcript }) => {
        if (!(transcript.at(-1) ?? '').includes('add: 1 test passed')) throw new Error(`bash npm test did not pass: ${transcript.at(-1) ?? ''}`)
        return say('npm test passes.')
      },
      call('bash', { command: 'npm test', description: 'Run the tests' }),
      say('npm test passes, I ran it.'),
      say('I stop here.'),
    ], servers)

    const steer = wireText(server.requests[5]!.messages.at(-1)!)
    expect(steer).toContain('no run of verifier unit-tests')
    const [log] = await readSessionLogs(profile.home)
    const events = governed(log!.events)
    expect(events.filter(event => event.type === 'reliability/code-verification')).toEqual([])
    expect(events.at(-1)).toMatchObject({ type: 'reliability/terminal', data: { outcome: 'exhausted' } })
    expect(await npmTestPasses(workspace)).toBe(true)
  })
})
