/**
 * Host adapter: the workspace as one attempt's checks may read it, over
 * `ctx.fs`. A file is resolved to its canonical path, which must lie inside
 * the canonical workspace root; every path entry from the root to the file
 * is read (without following links) before and after the content is read,
 * and the content counts only when all of them are the same real
 * directories and the same regular file both times, so content read through
 * a link swapped in meanwhile is refused rather than judged. Each file is
 * observed at most once per attempt, under a concurrency cap and a byte
 * budget for the whole attempt.
 */
import { isUtf8 } from 'node:buffer'
import { createHash } from 'node:crypto'
import { posix } from 'node:path'
import type { FsPathInfo, FsTarget } from '@deepseek-ai/dsh-fs'
import type { HostFs } from '../../kernel/host/host-fs.js'
import type { EntryEvidence, FileInspection, TextEvidence, Utf8Evidence, WorkspacePort } from '../checks/evidence.js'
import type { WorkspacePath } from '../checks/paths.js'
import { decodeUtf8Strict } from '../../kernel/text.js'

/** Bounds of one attempt's reads. */
export interface ReadBudget {
  readonly maxFileBytes: number
  readonly maxAttemptBytes: number
  readonly maxConcurrentReads: number
}

type Observation =
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused', readonly reason: string }
  | { readonly kind: 'file', readonly size: number, readonly bytes: Uint8Array | null }

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const CHANGED = 'changed while it was read (a path entry was replaced); its content is not judged'

/** A counting semaphore. */
class Slots {
  private free: number
  private readonly waiting: Array<() => void> = []
  constructor(count: number) {
    this.free = count
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1
    else await new Promise<void>(resolve => this.waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next === undefined) this.free += 1
      else next()
    }
  }
}

function sameEntries(before: ReadonlyArray<FsPathInfo | undefined>, after: ReadonlyArray<FsPathInfo | undefined>): boolean {
  return before.length === after.length && before.every((entry, index) => entry?.version === after[index]?.version && entry?.type === after[index]?.type)
}

/** A workspace port that also says where each path it read resolved to. */
export interface ResolvingWorkspacePort extends WorkspacePort {
  /** The workspace-relative path a read of `path` resolved to (through links), once it was read inside the workspace. */
  resolvedPath(path: WorkspacePath): string | undefined
}

/**
 * The workspace of one session as one attempt's evaluators may read it.
 * @param fs - `ctx.fs`.
 * @param cwd - the session's workspace directory (absolute).
 * @param budget - per-file size, per-attempt bytes, concurrent reads.
 * @param signal - cancels reads.
 */
export function workspacePort(fs: HostFs, cwd: string, budget: ReadBudget, signal?: AbortSignal): ResolvingWorkspacePort {
  const options = signal === undefined ? {} : { signal }
  const slots = new Slots(budget.maxConcurrentReads)
  const observed = new Map<string, Promise<Observation>>()
  const resolved = new Map<string, string>()
  const fingerprints = new Map<string, Promise<string | null>>()
  let bytesLeft = budget.maxAttemptBytes
  let rootPromise: Promise<{ target: FsTarget, path: string }> | undefined
  const root = (): Promise<{ target: FsTarget, path: string }> => (rootPromise ??= fs.resolve(cwd, options).then(target => ({ target, path: fs.processPath(target) })))
  const lstatAll = (paths: readonly string[]): Promise<Array<FsPathInfo | undefined>> => Promise.all(paths.map(path => fs.lstat(path, {}, signal)))

  /** The root and every entry below it down to `canonical`. */
  const chainOf = (rootPath: string, canonical: string): string[] => {
    const relative = posix.relative(rootPath, canonical)
    const chain = [rootPath]
    for (const segment of relative === '' ? [] : relative.split('/')) chain.push(posix.join(chain.at(-1) as string, segment))
    return chain
  }

  const observe = async (path: WorkspacePath, content: boolean): Promise<Observation> => {
    const { target: rootTarget, path: rootPath } = await root()
    const target = await fs.resolve(path, { cwd, ...options })
    if (!fs.contains(rootTarget, target)) return { kind: 'refused', reason: `resolves outside the workspace (to ${target.displayPath})` }
    const canonical = fs.processPath(target)
    resolved.set(path, posix.relative(rootPath, canonical))
    const chain = chainOf(rootPath, canonical)
    const before = await lstatAll(chain)
    const last = before.at(-1)
    if (before.slice(0, -1).some(entry => entry?.type !== 'directory')) return before.slice(0, -1).some(entry => entry === undefined) && last === undefined ? { kind: 'missing' } : { kind: 'refused', reason: CHANGED }
    if (last === undefined) return { kind: 'missing' }
    if (last.type === 'symlink') return { kind: 'refused', reason: CHANGED }
    if (last.type !== 'file') return { kind: 'refused', reason: `is a ${last.type}, not a regular file` }
    const size = last.size ?? 0
    if (!content) return sameEntries(before, await lstatAll(chain)) ? { kind: 'file', size, bytes: null } : { kind: 'refused', reason: CHANGED }
    if (size > budget.maxFileBytes) return { kind: 'refused', reason: `is ${size} bytes, over the ${budget.maxFileBytes}-byte limit (maxFileBytes)` }
    if (size > bytesLeft) return { kind: 'refused', reason: `would take the attempt past its read budget of ${budget.maxAttemptBytes} bytes (evidence.maxAttemptBytes)` }
    bytesLeft -= size
    const bytes = await slots.run(() => fs.readBytes(target, signal, budget.maxFileBytes))
    return sameEntries(before, await lstatAll(chain)) && bytes.length === size ? { kind: 'file', size, bytes } : { kind: 'refused', reason: CHANGED }
  }

  /** One observation per path per attempt; a content read also answers an inspection. */
  const once = async (path: WorkspacePath, content: boolean): Promise<Observation> => {
    const known = observed.get(path)
    if (known !== undefined) {
      const found = await known
      if (!content || found.kind !== 'file' || found.bytes !== null) return found
    }
    const pending = observe(path, content).catch((error: unknown): Observation => ({ kind: 'refused', reason: `cannot be read: ${message(error)}` }))
    observed.set(path, pending)
    return pending
  }

  return {
    resolvedPath: path => resolved.get(path),
    async inspect(path: WorkspacePath): Promise<FileInspection> {
      const found = await once(path, false)
      return found.kind === 'file' ? { kind: 'file', size: found.size } : found
    },
    async readText(path: WorkspacePath): Promise<TextEvidence> {
      const found = await once(path, true)
      if (found.kind !== 'file') return found
      const text = found.bytes === null ? undefined : decodeUtf8Strict(found.bytes)
      return text === undefined ? { kind: 'refused', reason: 'is not valid UTF-8 text' } : { kind: 'text', text }
    },
    async readUtf8(path: WorkspacePath): Promise<Utf8Evidence> {
      const found = await once(path, true)
      if (found.kind !== 'file') return found
      return found.bytes !== null && isUtf8(found.bytes) ? { kind: 'utf8', bytes: found.bytes } : { kind: 'refused', reason: 'is not valid UTF-8 text' }
    },
    fingerprint(path: WorkspacePath): Promise<string | null> {
      const known = fingerprints.get(path)
      if (known !== undefined) return known
      const hashing = once(path, true).then(found => (found.kind === 'file' && found.bytes !== null ? createHash('sha256').update(found.bytes).digest('hex') : null))
      fingerprints.set(path, hashing)
      return hashing
    },
    async entry(path: WorkspacePath): Promise<EntryEvidence> {
      try {
        const { target: rootTarget, path: rootPath } = await root()
        const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.'
        const parentTarget = await fs.resolve(parent, { cwd, ...options })
        if (!fs.contains(rootTarget, parentTarget)) return { kind: 'refused', reason: `its directory resolves outside the workspace (to ${parentTarget.displayPath})` }
        const chain = [...chainOf(rootPath, fs.processPath(parentTarget)), posix.join(fs.processPath(parentTarget), posix.basename(path))]
        const entries = await lstatAll(chain)
        const parents = entries.slice(0, -1)
        if (parents.some(entry => entry !== undefined && entry.type !== 'directory')) return { kind: 'refused', reason: CHANGED }
        const info = entries.at(-1)
        return parents.some(entry => entry === undefined) || info === undefined ? { kind: 'absent' } : { kind: 'present', type: info.type }
      } catch (error) {
        return { kind: 'refused', reason: `cannot be inspected: ${message(error)}` }
      }
    },
  }
}
