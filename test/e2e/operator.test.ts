/**
 * The operator surface, installed: the `dsh-ieg` binary the bundle installs
 * into a real profile, run as a subprocess with a scripted `$EDITOR`; an
 * operator's prompt.md reaching the scripted model in the profile's next
 * session; and the host's prompt inventory against the committed baseline
 * (drift needs a reviewed update of src/ieg/compatibility/baseline.ts).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASELINE } from '../../src/ieg/compatibility/baseline.ts'
import { createProfile, dshEnv, makeWorkspace, type Profile } from '../support/dsh-profile.ts'
import { observeInstalledHost } from '../support/host-observation.ts'
import { systemPromptOf, wireText, type ScriptedModelServer } from '../support/model-server.ts'
import { call, say } from '../support/script.ts'
import { e2eEnv, runScripted } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

let profile: Profile
let bin: string
let state: string
beforeAll(async () => {
  profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL') })
  bin = join(profile.home, 'profiles', profile.name, 'node_modules', '.bin', 'dsh-ieg')
  state = await mkdtemp(join(tmpdir(), 'dshg-operator-'))
})

interface Ran { code: number, stdout: string, stderr: string }
async function dshIeg(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  try {
    const { stdout, stderr } = await promisify(execFile)(bin, args, { env: { ...dshEnv(profile), IEG_PROMPT_FILE: join(state, 'prompt.md'), ...env } })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number, stdout: string, stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

async function editor(name: string, body: string): Promise<string> {
  const path = join(state, name)
  await writeFile(path, `#!/bin/sh\n${body}\n`)
  await chmod(path, 0o755)
  return path
}

describe('dsh-ieg, installed with the bundle', () => {
  it('answers --help and --version, and refuses an unknown command with exit 2', async () => {
    expect(existsSync(bin)).toBe(true)
    const manifest = JSON.parse(await readFile(join(profile.home, 'profiles', profile.name, 'node_modules', 'dsh-governance', 'package.json'), 'utf8')) as { version: string }
    expect(await dshIeg(['--version'])).toMatchObject({ code: 0, stdout: `${manifest.version}\n` })
    expect((await dshIeg(['--help'])).stdout).toContain('prompt edit')
    expect(await dshIeg(['frobnicate'])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "frobnicate"') as unknown as string })
  })

  it('prints the compiled section, stores an edit, and refuses a prompt variable or an oversized text without changing the file', async () => {
    const compiled = await dshIeg(['prompt'])
    expect(compiled).toMatchObject({ code: 0, stdout: expect.stringContaining('Information environment governance (IEG)') as unknown as string, stderr: expect.stringContaining('source compiled') as unknown as string })
    const append = await editor('append.sh', 'printf "Operators: keep generated files out of docs/.\\n" >> "$1"')
    expect(await dshIeg(['prompt', 'edit'], { EDITOR: append })).toMatchObject({ code: 0, stderr: expect.stringContaining('stored') as unknown as string })
    const stored = await readFile(join(state, 'prompt.md'), 'utf8')
    expect(stored).toContain('Operators: keep generated files out of docs/.')
    expect((await dshIeg(['prompt'])).stderr).toMatch(/version 1\.0\.0\+user:[0-9a-f]{12}, .*source prompt\.md/)

    const variable = await editor('variable.sh', 'printf "Use {{cwd}}\\n" > "$1"')
    expect(await dshIeg(['prompt', 'edit'], { EDITOR: variable })).toMatchObject({ code: 1, stderr: expect.stringContaining('refused: it contains "{{"') as unknown as string })
    const huge = await editor('huge.sh', 'head -c 9000 /dev/zero | tr "\\\\0" x > "$1"')
    expect(await dshIeg(['prompt', 'edit'], { EDITOR: huge })).toMatchObject({ code: 1, stderr: expect.stringContaining('over the 1400-byte ceiling') as unknown as string })
    expect(await readFile(join(state, 'prompt.md'), 'utf8')).toBe(stored)
  })

  it('summarizes a diagnostics mirror, and says what is missing', async () => {
    const mirror = join(state, 'mirror.json')
    await writeFile(mirror, JSON.stringify({ mounted: true, modules: ['project-governance'], configError: null, degraded: [], compatibility: { verdict: 'COMPATIBLE_WITH_WARNINGS', reasons: ['a new section other:notes'] }, prompt: { source: 'compiled', version: '1.0.0' }, diagnosticCounts: { 'ieg.mount': 1 } }))
    const ran = await dshIeg(['status', '--file', mirror])
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain('host: COMPATIBLE_WITH_WARNINGS\n  - a new section other:notes')
    expect(ran.stdout).toContain('diagnostics: ieg.mount 1')
    expect(await dshIeg(['status', '--file', join(state, 'absent.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('could not be read as a diagnostics mirror') as unknown as string })
    expect(await dshIeg(['status'])).toMatchObject({ code: 2, stderr: expect.stringContaining('status needs --file') as unknown as string })
  })

  it('the operator\'s prompt.md reaches the model in the next session, and ieg_status reports it with its attribution', async () => {
    const promptFile = join(state, 'session-prompt.md')
    await writeFile(promptFile, 'OPERATOR PROMPT: name every file you change.\n')
    const workspace = await makeWorkspace({ 'README.md': '# App\n' })
    const { server } = await runScripted(profile, 'Report the governance status.', workspace, [call('ieg_status'), say('done')], servers, { IEG_PROMPT_FILE: promptFile })
    expect(systemPromptOf(server.requests[0]!)).toContain('OPERATOR PROMPT: name every file you change.')
    expect(systemPromptOf(server.requests[0]!)).not.toContain('Information environment governance (IEG)')
    const status = JSON.parse(wireText(server.requests[1]!.messages.at(-1)!)) as { prompt: { source: string, version: string, path: string, unchecked: string[] } }
    expect(status.prompt).toMatchObject({ source: 'prompt.md', path: promptFile, version: expect.stringMatching(/^1\.0\.0\+user:[0-9a-f]{12}$/) as unknown as string })
    expect(status.prompt.unchecked.length).toBeGreaterThan(0)
  })
})

describe('the installed host against the committed baseline', () => {
  it('has the section inventory and host text the baseline records (drift needs a reviewed update: node scripts/capture-baseline.ts)', async () => {
    const observed = await observeInstalledHost(e2eEnv('DSHG_DSH_BIN'), e2eEnv('DSHG_TARBALL'))
    expect(observed.facts.sections).toEqual(BASELINE.sections)
    expect(observed.facts.contexts).toEqual(BASELINE.contexts)
    expect(observed.facts.hostHash).toBe(BASELINE.hostHash)
    expect(observed).toMatchObject({ verdict: 'COMPATIBLE', reasons: [] })
  })
})
