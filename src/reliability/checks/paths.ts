/**
 * Workspace-relative path syntax for file checks. Pure: containment after
 * symlink resolution is the host adapter's job; this refuses what no
 * resolution can make safe and names one source per normalized path.
 */

/** A validated, normalized workspace-relative path (`a/b/c`). */
export type WorkspacePath = string & { readonly __workspacePath: unique symbol }

/** Upper bound on a check path's length in characters. */
export const MAX_PATH_CHARS = 1024

/**
 * Validate and normalize a model-supplied relative path.
 * @param raw - the path as written.
 * @returns the normalized path, or the reason it is refused.
 */
export function parseWorkspacePath(raw: string): { ok: true, path: WorkspacePath } | { ok: false, reason: string } {
  if (raw.length === 0) return { ok: false, reason: 'must not be empty' }
  if (raw.length > MAX_PATH_CHARS) return { ok: false, reason: `must be at most ${MAX_PATH_CHARS} characters` }
  if (raw.includes('\0')) return { ok: false, reason: 'must not contain a NUL character' }
  if (raw.includes('\\')) return { ok: false, reason: 'must use / as the separator' }
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw) || raw.startsWith('~')) return { ok: false, reason: 'must be relative to the workspace, not absolute' }
  const segments = raw.split('/')
  if (segments.includes('..')) return { ok: false, reason: 'must not contain a .. segment' }
  const kept = segments.filter(segment => segment !== '' && segment !== '.')
  if (kept.length === 0) return { ok: false, reason: 'must name an entry inside the workspace, not the workspace itself' }
  return { ok: true, path: kept.join('/') as WorkspacePath }
}
