/**
 * The installed-host harness: installs the real `dsh` CLI from npm into the
 * project cache, packs this bundle, creates throwaway `DSH_HOME` profiles with
 * `dsh plugin add file:<tarball>`, runs headless tasks against a scripted
 * loopback model, and decodes the session logs written to disk. Erasable
 * TypeScript so the demo runs it under plain Node.
 */
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decompressZstdFrames } from './zstd-frames.ts'

/** Host version the e2e tier installs. */
export const HOST_VERSION = '0.1.0-rc.8'
/** The project root. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The scripted-user bundle: it answers the host's user questions in headless runs (see its index.js). */
export const SCRIPTED_USER_BUNDLE = resolve(PROJECT_ROOT, 'scripts/scripted-user')
const CACHE = join(PROJECT_ROOT, '.cache')

/** Cordis pins that keep rc.8 bootable (newer cordis requires an HMR service). */
const HOST_OVERRIDES = {
  '@deepseek-ai/cordis': '4.0.1',
  '@deepseek-ai/cordis-plugin-hmr': '1.0.16',
  '@deepseek-ai/cordis-plugin-loader': '1.0.2',
  '@deepseek-ai/cordis-plugin-include': '1.0.6',
  '@deepseek-ai/cordis-plugin-timer': '1.1.3',
}

/** PATH with this Node (>= 22.19) and the project's pnpm first. */
export function childPath(): string {
  return [dirname(process.execPath), join(PROJECT_ROOT, 'node_modules/.bin'), process.env['PATH'] ?? ''].join(':')
}

/**
 * Install `@deepseek-ai/dsh` with pnpm under `.cache/` unless already there.
 * @returns the path of the `dsh` executable.
 */
export function ensureHost(): string {
  const dir = join(CACHE, `dsh-host-${HOST_VERSION}`)
  const bin = join(dir, 'node_modules/.bin/dsh')
  const manifest = {
    name: 'dsh-host-cache',
    private: true,
    dependencies: { '@deepseek-ai/dsh': HOST_VERSION },
    pnpm: { overrides: HOST_OVERRIDES, onlyBuiltDependencies: ['@deepseek-ai/dsh-subprocess-local', 'koffi', 'node-pty'] },
  }
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`
  const manifestPath = join(dir, 'package.json')
  if (existsSync(bin) && existsSync(manifestPath) && readFileSync(manifestPath, 'utf8') === manifestText) return bin
  mkdirSync(dir, { recursive: true })
  writeFileSync(manifestPath, manifestText)
  execFileSync('pnpm', ['install', '--reporter=append-only'], { cwd: dir, stdio: 'inherit', env: { ...process.env, PATH: childPath() } })
  if (!existsSync(bin)) throw new Error(`dsh host install did not produce ${bin}`)
  return bin
}

/**
 * Build and pack this bundle into `.cache/pack/`.
 * @returns the tarball path.
 */
export function packBundle(): string {
  const out = join(CACHE, 'pack')
  mkdirSync(out, { recursive: true })
  const printed = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, PATH: childPath() } })
  const name = printed.trim().split('\n').at(-1)
  if (name === undefined || name === '') throw new Error('npm pack printed no tarball name')
  return join(out, name)
}

/** A throwaway profile. */
export interface Profile {
  readonly home: string
  readonly name: string
  readonly dsh: string
}

/** Result of one process run. */
export interface RunResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Run a command asynchronously and collect its output.
 * @param argv - command and arguments.
 * @param options - cwd, env and a timeout after which the process is killed.
 */
export function run(argv: readonly string[], options: { cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number }): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const [command, ...args] = argv
    if (command === undefined) throw new Error('empty argv')
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (data: Buffer) => { stdout += data.toString('utf8') })
    child.stderr.on('data', (data: Buffer) => { stderr += data.toString('utf8') })
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolvePromise({ code, stdout, stderr })
    })
  })
}

/**
 * Create a profile in a fresh `DSH_HOME` with dsh-base, dsh-headless and this bundle.
 * @param options - host binary, tarball, and the profile's own patch layer (YAML).
 */
export async function createProfile(options: { dsh: string, tarball: string, patch?: string, extraBundles?: readonly string[] }): Promise<Profile> {
  const home = await mkdtemp(join(tmpdir(), 'dshg-home-'))
  const profile: Profile = { home, name: 'governed', dsh: options.dsh }
  for (const source of [options.tarball, ...(options.extraBundles ?? [])]) {
    const added = await run([options.dsh, 'plugin', '--profile', profile.name, 'add', `file:${source}`], { cwd: home, env: dshEnv(profile), timeoutMs: 120_000 })
    if (added.code !== 0) throw new Error(`dsh plugin add file:${source} failed (${added.code}): ${added.stderr}${added.stdout}`)
  }
  const dir = join(home, 'profiles', profile.name)
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { dsh: { profile: { bundles: string[] } } }
  const bundles = manifest.dsh.profile.bundles
  manifest.dsh.profile.bundles = ['@deepseek-ai/dsh-base', '@deepseek-ai/dsh-headless', ...bundles.filter(bundle => bundle !== '@deepseek-ai/dsh-base')]
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  if (options.patch !== undefined) await writeFile(join(dir, 'cordis.patch.yml'), options.patch)
  return profile
}

/**
 * Environment for a dsh child: the machine's environment (registry and TLS
 * settings) with this Node first, the throwaway `DSH_HOME`, and no model
 * credentials but the scripted server's.
 */
export function dshEnv(profile: Profile, baseURL?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: childPath(), DSH_HOME: profile.home, NO_COLOR: '1' }
  delete env['DEEPSEEK_BASE_URL']
  delete env['DEEPSEEK_API_KEY']
  if (baseURL !== undefined) {
    env['DEEPSEEK_BASE_URL'] = baseURL
    env['DEEPSEEK_API_KEY'] = 'scripted-key'
  }
  return env
}

/**
 * Run one headless task.
 * @param profile - the profile.
 * @param task - the user's task.
 * @param options - workspace directory, model server address, and extra environment (the scripted user's files).
 */
export function runTask(profile: Profile, task: string, options: { cwd: string, baseURL: string, timeoutMs?: number, patchFile?: string, env?: NodeJS.ProcessEnv }): Promise<RunResult> {
  const patch = options.patchFile === undefined ? [] : ['--patch', options.patchFile]
  return run([profile.dsh, '--profile', profile.name, ...patch, task], { cwd: options.cwd, env: { ...dshEnv(profile, options.baseURL), ...options.env }, timeoutMs: options.timeoutMs ?? 120_000 })
}

/**
 * The composed profile tree as `dsh --dump-config` prints it.
 * @param profile - the profile.
 */
export async function dumpConfig(profile: Profile): Promise<string> {
  const result = await run([profile.dsh, '--profile', profile.name, '--dump-config'], { cwd: profile.home, env: dshEnv(profile), timeoutMs: 60_000 })
  if (result.code !== 0) throw new Error(`dsh --dump-config failed (${result.code}): ${result.stderr}`)
  return result.stdout
}

/** One decoded session event line. */
export interface LoggedEvent {
  readonly type: string
  readonly seq: number
  readonly data: unknown
}

/**
 * Every session log under a home, decoded (zstd frames) into events.
 * @param home - the `DSH_HOME`.
 * @returns events per session directory.
 */
export async function readSessionLogs(home: string): Promise<Array<{ path: string, events: LoggedEvent[] }>> {
  const root = join(home, 'sessions')
  if (!existsSync(root)) return []
  const logs: Array<{ path: string, events: LoggedEvent[] }> = []
  for (const project of await readdir(root)) {
    for (const id of await readdir(join(root, project))) {
      const path = join(root, project, id, 'session.jsonl.zstd')
      if (!existsSync(path)) continue
      const text = decompressZstdFrames(await readFile(path)).toString('utf8')
      const events = text.split('\n').filter(line => line.trim() !== '').map(line => JSON.parse(line) as Record<string, unknown>)
        .filter((row): row is Record<string, unknown> & LoggedEvent => typeof row['type'] === 'string' && typeof row['seq'] === 'number')
      logs.push({ path, events })
    }
  }
  return logs
}

/**
 * A fresh workspace directory with the given files.
 * @param files - relative path to content.
 */
export async function makeWorkspace(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dshg-ws-'))
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
  return dir
}

/**
 * A directory for files that must lie outside every directory a
 * `workspace-write` sandbox opens (the workspace, `/tmp`, the system
 * temporary directory): the project's `.cache`, or the user's when the
 * project itself lies in a temporary directory (a CI clone in `/tmp`).
 * @throws Error when neither qualifies, rather than testing nothing.
 */
export function outsideTemporaryDirs(): string {
  const temporary = [realpathSync('/tmp'), realpathSync(tmpdir())]
  const insideTemporary = (base: string): boolean => temporary.some(root => `${realpathSync(base)}/`.startsWith(`${root}/`))
  const candidates = [[PROJECT_ROOT, '.cache'], [homedir(), '.cache/dsh-governance-tests']] as const
  const chosen = candidates.find(([base]) => !insideTemporary(base))
  if (chosen === undefined) throw new Error(`no directory outside the temporary directories for escape tests (tried ${candidates.map(([base, dir]) => join(base, dir)).join(', ')})`)
  const dir = join(chosen[0], chosen[1])
  mkdirSync(dir, { recursive: true })
  return dir
}
