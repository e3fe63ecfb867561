/**
 * Host adapter: resolve written paths through `ctx.fs` the way the kernel
 * opens them (symlinks followed, `..` applied to the physical parent), check
 * them against the protected paths, and expand globs against the directory
 * tree when one could land on a protected path through a link.
 */
import { posix } from 'node:path'
import type { FsTarget } from '@deepseek-ai/dsh-fs'
import type { HostFs } from '../../kernel/host/host-fs.js'
import type { TargetScope } from '../shell/effects.js'
import { literalOf, segmentRegex, segmentsOf, type Pattern } from '../shell/pattern.js'
import { entryBelow, protectedEntryOf, workspaceRelative, type ProtectionRules } from '../workspace/protected.js'

/** The canonical workspace root. */
export interface WorkspaceRoot {
  readonly target: FsTarget
  readonly path: string
}

/** A resolved write. */
export interface TargetCheck {
  /** Workspace-relative canonical path, or the absolute canonical path outside the workspace. */
  readonly path: string
  readonly inside: boolean
  readonly protectedBy: string | null
  /** Why where the write lands cannot be told, or null. */
  readonly unresolved: string | null
  /** Whether an entry exists at the path as written (checked only when asked). */
  readonly exists: boolean | null
}

/** The `{ signal }` option of a `ctx.fs` call, omitted when there is none. */
export function options(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal === undefined ? {} : { signal }
}

/**
 * The canonical workspace root of a session.
 * @param fs - `ctx.fs`.
 * @param cwd - the session's workspace directory.
 * @param signal - cancels resolution.
 */
export async function workspaceRoot(fs: HostFs, cwd: string, signal?: AbortSignal): Promise<WorkspaceRoot> {
  const target = await fs.resolve(cwd, options(signal))
  return { target, path: fs.processPath(target) }
}

/**
 * Resolve an absolute path as the kernel would open it: every `..` applies to
 * the physical parent of what precedes it.
 * @param fs - `ctx.fs`.
 * @param path - absolute path.
 * @param signal - cancels resolution.
 * @returns the canonical absolute path.
 */
export async function resolvePhysical(fs: HostFs, path: string, signal?: AbortSignal): Promise<string> {
  let base = '/'
  let pending: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment !== '..') {
      pending.push(segment)
      continue
    }
    if (pending.length > 0) base = fs.processPath(await fs.resolve(posix.join(base, ...pending), options(signal)))
    pending = []
    base = posix.dirname(base)
  }
  return fs.processPath(await fs.resolve(posix.join(base, ...pending), options(signal)))
}

async function exists(fs: HostFs, path: string, signal?: AbortSignal): Promise<boolean> {
  return (await fs.lstat(path, {}, signal).catch(() => undefined)) !== undefined
}

/**
 * Resolve one written path and check it against the protected paths. A
 * recursive or extracting write (`subtree`, `beneath`) also hits when the
 * directory holds a protected entry (directly, or it is the workspace root
 * or one of its ancestors). A path that cannot be resolved (a parent that is
 * a file, a loop) is checked as written, after lexical normalization.
 * @param fs - `ctx.fs`.
 * @param root - the canonical workspace root.
 * @param path - the written path, absolute.
 * @param scope - how much the write touches.
 * @param rules - protected paths.
 * @param signal - cancels resolution.
 * @param existence - also report whether an entry exists at the path as written.
 */
export async function checkTarget(fs: HostFs, root: WorkspaceRoot, path: string, scope: TargetScope, rules: ProtectionRules, signal?: AbortSignal, existence = false): Promise<TargetCheck> {
  signal?.throwIfAborted()
  const [canonical, entry] = await Promise.all([
    resolvePhysical(fs, path, signal).catch(() => posix.normalize(path)),
    fs.lstat(path, {}, signal).catch(() => undefined),
  ])
  const present = existence ? entry !== undefined : null
  const relative = workspaceRelative(canonical, root.path)
  const shown = relative === null ? canonical : relative === '' ? '.' : relative
  const inside = relative !== null
  if (entry?.type === 'symlink' && await danglingLink(fs, path, signal)) return { path: shown, inside, protectedBy: null, unresolved: 'a link whose target does not exist yet (creating it follows the link)', exists: present }
  const direct = relative === null ? undefined : protectedEntryOf(relative, rules)
  if (scope === 'link') return { path: shown, inside, protectedBy: entry?.type === 'symlink' ? direct?.raw ?? null : null, unresolved: null, exists: present }
  if (direct !== undefined || scope === 'entry') return { path: shown, inside, protectedBy: direct?.raw ?? null, unresolved: null, exists: present }
  const holdsRoot = relative === null && (root.path === canonical || root.path.startsWith(`${canonical === '/' ? '' : canonical}/`))
  const directory = holdsRoot ? root.path : relative === null ? null : canonical
  if (directory !== null) {
    const segments = holdsRoot || relative === null ? [] : relative.split('/').filter(segment => segment !== '')
    const found = await Promise.all(rules.entries.map(async protectedEntry => (await Promise.all(entryBelow(segments, protectedEntry, rules.caseSensitive).map(rest => exists(fs, posix.join(directory, ...rest), signal)))).includes(true)))
    const index = found.indexOf(true)
    if (index >= 0) return { path: shown, inside, protectedBy: rules.entries[index]?.raw ?? null, unresolved: null, exists: present }
  }
  return { path: shown, inside, protectedBy: null, unresolved: null, exists: present }
}

/** Whether a path that is a symbolic link points at nothing yet. */
async function danglingLink(fs: HostFs, path: string, signal?: AbortSignal): Promise<boolean> {
  const target = await fs.resolve(path, options(signal)).catch(() => undefined)
  if (target === undefined) return true
  return (await fs.stat(target, signal).catch(() => undefined)) === undefined
}

/**
 * Expand an absolute glob pattern against the directory tree.
 * @param fs - `ctx.fs`.
 * @param pattern - an absolute pattern without unknown expansions.
 * @param glob - `loose`: globs may match dot files and ignore case; `maxEntries` bounds the matches at each level (entries that do not match cannot be targets).
 * @param signal - cancels listing.
 * @returns the matching absolute paths, or null when the bound was reached.
 */
export async function expandGlob(fs: HostFs, pattern: Pattern, glob: { loose: boolean, caseInsensitive: boolean, maxEntries: number }, signal?: AbortSignal): Promise<string[] | null> {
  let paths = ['/']
  for (const segment of segmentsOf(pattern)) {
    const text = literalOf(segment)
    if (text !== null) {
      paths = paths.map(path => posix.join(path, text))
      continue
    }
    const matcher = segmentRegex(segment, { dotGlob: glob.loose, caseInsensitive: glob.loose || glob.caseInsensitive })
    const next: string[] = []
    for (const path of paths) {
      const target = await fs.resolve(path, options(signal))
      const info = await fs.stat(target, signal)
      if (info?.type !== 'directory') continue
      for (const entry of await fs.listDir(target, signal)) if (matcher.test(entry.name)) next.push(posix.join(path, entry.name))
      if (next.length > glob.maxEntries) return null
    }
    paths = next
  }
  return paths
}
