/**
 * A workspace that is a real git repository (one commit), optionally with a
 * nested repository and symbolic links, for gate tests that attack `.git`.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, symlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { makeWorkspace } from './dsh-profile.ts'

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'test', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: '/nonexistent' }

/**
 * Run git in a directory.
 * @param cwd - the repository.
 * @param args - git arguments.
 */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/**
 * Create the repository.
 * @param files - files to commit.
 * @param options - a nested repository path and symbolic links (path to link target) added after the commit.
 * @returns the workspace directory.
 */
export async function gitWorkspace(files: Record<string, string>, options: { nested?: string, links?: Record<string, string> } = {}): Promise<string> {
  const workspace = await makeWorkspace(files)
  git(workspace, 'init', '-q', '-b', 'main')
  git(workspace, 'add', '-A')
  git(workspace, 'commit', '-q', '-m', 'initial')
  if (options.nested !== undefined) {
    await mkdir(join(workspace, options.nested), { recursive: true })
    git(join(workspace, options.nested), 'init', '-q')
  }
  for (const [path, target] of Object.entries(options.links ?? {})) {
    await mkdir(dirname(join(workspace, path)), { recursive: true })
    await symlink(target, join(workspace, path))
  }
  return workspace
}

/**
 * Give the repository a second branch `other` that diverged from `main` (one commit each side).
 * @param workspace - a repository made by `gitWorkspace`.
 */
export function divergeBranches(workspace: string): void {
  git(workspace, 'checkout', '-qb', 'other')
  git(workspace, 'commit', '-q', '--allow-empty', '-m', 'other')
  execFileSync('sh', ['-c', 'echo y > y.txt'], { cwd: workspace })
  git(workspace, 'add', 'y.txt')
  git(workspace, 'commit', '-qm', 'y')
  git(workspace, 'checkout', '-q', 'main')
  execFileSync('sh', ['-c', 'echo z > z.txt'], { cwd: workspace })
  git(workspace, 'add', 'z.txt')
  git(workspace, 'commit', '-qm', 'z')
}
