/**
 * The real dsh web profile for browser tests: a throwaway `DSH_HOME` with
 * the host's web template and this bundle (`dsh plugin --profile web add`),
 * `dsh --profile web` on 127.0.0.1 against a scripted model, and Debian's
 * Chromium, installed with apt when it is missing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dshEnv, run, type Profile } from './dsh-profile.ts'

/** Where Debian's chromium package puts the browser binary (the /usr/bin wrapper is a shell script). */
const CHROMIUM_PATHS = ['/usr/lib/chromium/chromium', '/usr/bin/chromium']

/**
 * The Chromium binary, installed from Debian's `chromium` package when missing.
 * @returns its path.
 * @throws Error when it is missing and cannot be installed (apt needs root).
 */
export function ensureChromium(): string {
  const found = CHROMIUM_PATHS.find(path => existsSync(path))
  if (found !== undefined) return found
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  const installed = CHROMIUM_PATHS.find(path => existsSync(path))
  if (installed === undefined) throw new Error(`chromium is not at ${CHROMIUM_PATHS.join(' or ')} after apt-get install chromium`)
  return installed
}

/**
 * A web profile with this bundle.
 * @param dsh - the host binary.
 * @param tarball - the packed bundle.
 */
export async function createWebProfile(dsh: string, tarball: string): Promise<Profile> {
  const home = await mkdtemp(join(tmpdir(), 'dshg-web-'))
  const profile: Profile = { home, name: 'web', dsh }
  const added = await run([dsh, 'plugin', '--profile', 'web', 'add', `file:${tarball}`], { cwd: home, env: dshEnv(profile), timeoutMs: 180_000 })
  if (added.code !== 0) throw new Error(`dsh plugin --profile web add failed (${added.code}): ${added.stderr}${added.stdout}`)
  await mkdir(home, { recursive: true })
  await writeFile(join(home, 'settings.yaml'), 'ui-onboarding:\n  welcomeNoticeVersion: "2026-08-13.1"\n')
  return profile
}

/** A running web server. */
export interface WebServer {
  readonly url: string
  readonly output: () => string
  stop(): Promise<void>
}

/**
 * Start `dsh --profile web` on 127.0.0.1 with a free port.
 * @param profile - the web profile.
 * @param baseURL - the scripted model server.
 */
export async function startWeb(profile: Profile, baseURL: string): Promise<WebServer> {
  const child: ChildProcess = spawn(profile.dsh, ['--profile', profile.name, '--no-open', '--host', '127.0.0.1', '--port', '0'], { cwd: profile.home, env: dshEnv(profile, baseURL), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dsh web did not start in 60 s:\n${output}`)), 60_000)
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8')
      const found = /dsh web: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      if (found !== undefined) {
        clearTimeout(timer)
        resolve(found)
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.on('exit', code => reject(new Error(`dsh web exited ${String(code)} before it served:\n${output}`)))
  })
  return {
    url,
    output: () => output,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.on('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 5000).unref()
    }),
  }
}
