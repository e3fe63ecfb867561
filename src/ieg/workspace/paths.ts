/** Lexical workspace paths for gate decisions (no filesystem access). Pure. */
import { posix } from 'node:path'

/** A target located lexically against the workspace. */
export type LocatedTarget =
  | { readonly inside: true, readonly path: string }
  | { readonly inside: false, readonly path: string }

/**
 * Locate a written path against the workspace root, resolving `.` and `..` lexically.
 * @param target - the path as the tool call names it.
 * @param root - the workspace directory (absolute).
 * @returns the workspace-relative path when inside, else the absolute path.
 */
export function locateTarget(target: string, root: string): LocatedTarget {
  const absolute = posix.isAbsolute(target) ? posix.normalize(target) : posix.join(root, target)
  const relative = posix.relative(posix.normalize(root), absolute)
  if (relative === '' ) return { inside: true, path: '.' }
  if (relative === '..' || relative.startsWith('../') || posix.isAbsolute(relative)) return { inside: false, path: absolute }
  return { inside: true, path: relative }
}

/**
 * The protected entry a workspace-relative path falls under.
 * @param path - a located, workspace-relative path.
 * @param protectedPaths - configured protected paths.
 * @returns the matching protected path, or undefined.
 */
export function protectedMatch(path: string, protectedPaths: readonly string[]): string | undefined {
  for (const raw of protectedPaths) {
    const protectedPath = posix.normalize(raw).replace(/\/+$/, '')
    if (path === protectedPath || path.startsWith(`${protectedPath}/`) || protectedPath === '.') return raw
  }
  return undefined
}

/**
 * Whether a path names a document by its ending.
 * @param path - any path.
 * @param extensions - configured document endings, such as `.md`.
 */
export function isDocumentPath(path: string, extensions: readonly string[]): boolean {
  const lower = path.toLowerCase()
  return extensions.some(extension => lower.endsWith(extension.toLowerCase()))
}
