/**
 * Host adapter: the workspace port over `ctx.fs`. Every read resolves the
 * workspace root and the target through the host filesystem (symlinks
 * followed), requires canonical containment, a regular file, the size bound,
 * and strict UTF-8.
 */
import type { FileSystem, FsTarget } from '@deepseek-ai/dsh-fs'
import type { EntryEvidence, FileInspection, TextEvidence, WorkspacePort } from '../checks/evidence.js'
import type { WorkspacePath } from '../checks/paths.js'
import { decodeUtf8Strict } from '../../kernel/text.js'

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The workspace of one session as evaluators may read it.
 * @param fs - `ctx.fs`.
 * @param cwd - the session's workspace directory (absolute).
 * @param maxFileBytes - largest file a check may read.
 * @param signal - cancels reads.
 */
export function workspacePort(fs: FileSystem, cwd: string, maxFileBytes: number, signal?: AbortSignal): WorkspacePort {
  const options = signal === undefined ? {} : { signal }
  let rootTarget: Promise<FsTarget> | undefined
  const root = (): Promise<FsTarget> => (rootTarget ??= fs.resolve(cwd, options))

  /** Resolve, require containment and a regular file; the target is reused for the read. */
  const locateFile = async (path: WorkspacePath): Promise<Exclude<FileInspection, { kind: 'file' }> | { kind: 'located', target: FsTarget, size: number }> => {
    try {
      const target = await fs.resolve(path, { cwd, ...options })
      if (!fs.contains(await root(), target)) return { kind: 'refused', reason: `resolves outside the workspace (to ${target.displayPath})` }
      const info = await fs.stat(target, signal)
      if (info === undefined) return { kind: 'missing' }
      if (info.type !== 'file') return { kind: 'refused', reason: `is a ${info.type}, not a regular file` }
      return { kind: 'located', target, size: info.size ?? 0 }
    } catch (error) {
      return { kind: 'refused', reason: `cannot be inspected: ${reason(error)}` }
    }
  }

  return {
    async inspect(path: WorkspacePath): Promise<FileInspection> {
      const found = await locateFile(path)
      return found.kind === 'located' ? { kind: 'file', size: found.size } : found
    },
    async readText(path: WorkspacePath): Promise<TextEvidence> {
      const found = await locateFile(path)
      if (found.kind !== 'located') return found
      if (found.size > maxFileBytes) return { kind: 'refused', reason: `is ${found.size} bytes, over the ${maxFileBytes}-byte limit (maxFileBytes)` }
      try {
        const text = decodeUtf8Strict(await fs.readBytes(found.target, signal, maxFileBytes))
        return text === undefined ? { kind: 'refused', reason: 'is not valid UTF-8 text' } : { kind: 'text', text }
      } catch (error) {
        return { kind: 'refused', reason: `cannot be read: ${reason(error)}` }
      }
    },
    async entry(path: WorkspacePath): Promise<EntryEvidence> {
      try {
        const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.'
        const parentTarget = await fs.resolve(parent, { cwd, ...options })
        if (!fs.contains(await root(), parentTarget)) return { kind: 'refused', reason: `its directory resolves outside the workspace (to ${parentTarget.displayPath})` }
        const info = await fs.lstat(path, { cwd }, signal)
        return info === undefined ? { kind: 'absent' } : { kind: 'present', type: info.type }
      } catch (error) {
        return { kind: 'refused', reason: `cannot be inspected: ${reason(error)}` }
      }
    },
  }
}
