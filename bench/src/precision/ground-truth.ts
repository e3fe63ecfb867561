/**
 * Executed ground truth for gate precision: every probe runs in a fresh copy
 * of a small git project, as an unprivileged user, without network (when the
 * machine allows a network namespace), under a timeout; the project tree is
 * snapshotted before and after, and the probe's truth is which paths changed.
 * No label is written by hand.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chown, cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** The project every probe starts from. */
export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'package.json': '{\n  "name": "parcel-service",\n  "version": "1.2.0",\n  "scripts": { "build": "sh scripts/build.sh", "test": "node test/run.js" }\n}\n',
  'README.md': '# Parcel service\n\nRoutes parcels between depots. Listens on port 8080.\n',
  'CHANGELOG.md': '# Changelog\n\n## 1.2.0\n- faster routing\n',
  'docs/guide.md': '# Guide\n\nStart the server with npm start.\n',
  'docs/api.md': '# API\n\nGET /parcels returns every parcel.\n',
  'src/index.ts': 'import { serve } from \'./server\'\n\nserve(8080)\n',
  'src/server.ts': 'export function serve(port: number): void {\n  // TODO: graceful shutdown\n  console.log(`listening on ${port}`)\n}\n',
  'src/util/strings.ts': 'export const slug = (s: string): string => s.toLowerCase().replace(/\\s+/g, \'-\')\n',
  'src/util/math.ts': 'export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))\n',
  'test/run.js': 'console.log(\'ok\')\n',
  'test/server.test.ts': 'import { serve } from \'../src/server\'\n\ntest(\'serve\', () => serve(0))\n',
  'scripts/build.sh': 'mkdir -p build && cp -r src build/\n',
  'config/app.json': '{ "port": 8080, "depots": ["north", "south"] }\n',
  'data/users.csv': 'id,name\n1,ada\n2,lin\n3,ada\n',
  'notes/todo.txt': 'write tests\nship it\n',
  '.gitignore': 'build/\nnode_modules/\n',
  'vendor/lib/README.md': '# lib\n',
}

/** The project's files a probe may name, by kind. */
export const SOURCE_FILES = ['src/index.ts', 'src/server.ts', 'src/util/strings.ts', 'src/util/math.ts', 'test/server.test.ts'] as const
export const TEXT_FILES = ['README.md', 'CHANGELOG.md', 'docs/guide.md', 'docs/api.md', 'config/app.json', 'data/users.csv', 'notes/todo.txt', 'package.json'] as const

/** What executing a probe changed. */
export interface ExecutedTruth {
  /** Workspace-relative paths created, changed or removed. */
  readonly changed: readonly string[]
  /** Changed paths inside a `.git` directory at any depth. */
  readonly protectedChanged: readonly string[]
  /**
   * Every protected change is git's own bookkeeping, or configuration added
   * that runs no program, and the repository is still sound (`git fsck`
   * passes): a history write.
   */
  readonly historyOnly: boolean
  readonly exitCode: number | null
  readonly timedOut: boolean
}

const GIT_ENV = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid', GIT_CONFIG_NOSYSTEM: '1' }
const NOBODY = 65534
/** Git's own bookkeeping inside `.git`, as git writes it when recording history. */
const BOOKKEEPING = /^(index|objects\/.*|refs\/.*|logs\/.*|HEAD|ORIG_HEAD|COMMIT_EDITMSG|packed-refs|FETCH_HEAD)$/
/**
 * Configuration keys that make git run a program, load other configuration or
 * move the repository, from git's own documentation (git-config(1)); kept
 * here independently of the gate's list, so the truth does not restate the
 * classifier.
 */
const EXECUTION_KEYS = /^(core\.(hookspath|fsmonitor|editor|pager|sshcommand|askpass|gitproxy|worktree|attributesfile|excludesfile)|alias\..*|include\..*|includeif\..*|filter\..*|diff\..*\.(textconv|command)|merge\..*\.driver|credential\..*|sequence\.editor|gpg\..*program|uploadpack\..*|receive\..*|remote\..*\.(uploadpack|receivepack|vcs|proxy)|protocol\..*|url\..*|http\..*proxy|pager\..*|interactive\.difffilter|browser\..*\.cmd|man\..*\.cmd|difftool\..*|mergetool\..*|sendemail\..*|submodule\..*)=/i

/** The `key=value` entries of a git configuration file, or null when git cannot read it. */
function configEntries(file: string): Set<string> | null {
  const result = spawnSync('git', ['config', '--file', file, '--list'], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() } })
  return result.status === 0 ? new Set(result.stdout.split('\n').filter(line => line !== '')) : null
}

function git(cwd: string, args: readonly string[]): void {
  const run = spawnSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV, HOME: cwd }, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed in the fixture: ${run.stderr}`)
}

/** The whole tree as path → fingerprint (type, mode, size, content or link target). */
async function snapshot(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(join(root, relative), { withFileTypes: true })) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`
      const info = await lstat(join(root, path))
      if (info.isSymbolicLink()) out.set(path, `link:${await readlink(join(root, path))}`)
      else if (info.isDirectory()) {
        out.set(path, `dir:${info.mode}`)
        await walk(path)
      } else if (info.isFile()) out.set(path, `file:${info.mode}:${createHash('sha256').update(await readFile(join(root, path))).digest('hex')}`)
      else out.set(path, `other:${info.mode}`)
    }
  }
  await walk('')
  return out
}

/** Whether this machine lets root run a command in a fresh network namespace. */
export function networkIsolation(): boolean {
  return spawnSync('unshare', ['-n', 'true']).status === 0
}

/** A fixture project: the template every probe copies (a git repository with one commit, and a nested repository under vendor/lib). */
export class GroundTruth {
  private readonly template: string
  private readonly isolated: boolean

  private constructor(template: string, isolated: boolean) {
    this.template = template
    this.isolated = isolated
  }

  /** Build the template. */
  static async create(): Promise<GroundTruth> {
    const template = await mkdtemp(join(tmpdir(), 'dshg-precision-template-'))
    for (const [path, content] of Object.entries(PROJECT_FILES)) {
      await mkdir(dirname(join(template, path)), { recursive: true })
      await writeFile(join(template, path), content)
    }
    // Files older than the index, and an index that ignores what a copy changes (inode, ctime), so reading commands leave it alone.
    const past = new Date(Date.now() - 3600_000)
    for (const path of Object.keys(PROJECT_FILES)) await utimes(join(template, path), past, past)
    for (const repository of [join(template, 'vendor/lib'), template]) {
      git(repository, ['init', '-q'])
      git(repository, ['config', 'core.trustctime', 'false'])
      git(repository, ['config', 'core.checkStat', 'minimal'])
      git(repository, ['add', '.'])
      git(repository, ['commit', '-q', '-m', 'initial'])
      git(repository, ['update-index', '--refresh'])
    }
    const truth = new GroundTruth(template, networkIsolation())
    // A probe that cannot run would change nothing and read as legitimate: prove that probes run before trusting any.
    const canary = await truth.execute({ shell: 'touch canary && git status --short > /dev/null' })
    if (canary.changed.join() !== 'canary' || canary.exitCode !== 0) throw new Error(`probes do not run as uid ${NOBODY} here (a canary changed ${JSON.stringify(canary.changed)}, exit ${String(canary.exitCode)}); gate precision needs root to drop to that user`)
    return truth
  }

  /** How probes are isolated, for the report. */
  get isolation(): string {
    return `a fresh copy per probe, run as uid ${NOBODY}${this.isolated ? ' in a new network namespace' : ' (no network namespace on this machine)'}, 5 s timeout`
  }

  /** A fresh copy of the template, owned by the unprivileged user. */
  async copy(): Promise<string> {
    const workspace = await mkdtemp(join(tmpdir(), 'dshg-precision-'))
    await cp(this.template, workspace, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true })
    const own = async (path: string): Promise<void> => {
      await chown(path, NOBODY, NOBODY)
      const info = await lstat(path)
      if (info.isDirectory()) for (const name of await readdir(path)) await own(join(path, name))
    }
    await own(workspace)
    return workspace
  }

  /**
   * Execute one probe and diff the tree.
   * @param run - `bash` command text, or a file write done as the file tool would.
   */
  async execute(run: { shell: string } | { write: string, content: string }): Promise<ExecutedTruth> {
    const workspace = await this.copy()
    try {
      const before = await snapshot(workspace)
      let exitCode: number | null = 0
      let timedOut = false
      if ('shell' in run) {
        const program = ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', 'bash', '-c', run.shell]
        const result = spawnSync(this.isolated ? 'unshare' : program[0] as string, this.isolated ? ['-n', ...program] : program.slice(1), { cwd: workspace, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: workspace, LANG: 'C', ...GIT_ENV }, timeout: 5000, killSignal: 'SIGKILL', stdio: 'ignore' })
        exitCode = result.status
        timedOut = result.error !== undefined && (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT'
      } else {
        await mkdir(dirname(join(workspace, run.write)), { recursive: true }).catch(() => undefined)
        await writeFile(join(workspace, run.write), run.content).catch(() => { exitCode = 1 })
      }
      const after = await snapshot(workspace)
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter(path => before.get(path) !== after.get(path)).sort()
      const inGit = (path: string): string | null => {
        const match = /(^|\/)\.git(\/(.*))?$/i.exec(path)
        return match === null ? null : match[3] ?? ''
      }
      const protectedChanged = changed.filter(path => inGit(path) !== null)
      // Configuration git itself adds (a user name, a remote): no entry of the project's configuration removed or changed, no key that runs a program, the file's mode kept.
      const configOnly = (path: string): boolean => {
        if (inGit(path) !== 'config' || before.get(path)?.split(':')[1] !== after.get(path)?.split(':')[1]) return false
        const was = configEntries(join(this.template, path))
        const now = configEntries(join(workspace, path))
        if (was === null || now === null || [...was].some(entry => !now.has(entry))) return false
        return [...now].filter(entry => !was.has(entry)).every(entry => !EXECUTION_KEYS.test(entry) && !/^core\./i.test(entry))
      }
      const bookkeeping = protectedChanged.every(path => BOOKKEEPING.test(inGit(path) ?? '') || /(^|\/)\.git\/(objects|refs|logs)$/i.test(path) || configOnly(path))
      const sound = protectedChanged.length === 0 || (bookkeeping && spawnSync('git', ['-c', 'safe.directory=*', 'fsck', '--no-dangling', '--no-progress'], { cwd: workspace, env: { ...process.env, ...GIT_ENV, HOME: workspace }, stdio: 'ignore' }).status === 0)
      return { changed, protectedChanged, historyOnly: protectedChanged.length > 0 && bookkeeping && sound, exitCode, timedOut }
    } finally {
      await rm(workspace, { recursive: true, force: true })
    }
  }

  /** Remove the template. */
  async dispose(): Promise<void> {
    await rm(this.template, { recursive: true, force: true })
  }
}
