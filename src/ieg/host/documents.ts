/**
 * Host adapter: the documents a new document is compared against, read
 * through `ctx.fs` from the configured directories only (not recursive),
 * bounded in count and size, and kept as an index: a directory's names are
 * reused while the directory's version is unchanged (each name is still
 * resolved and contained again, in parallel, since a link may be re-pointed
 * without changing the directory), and a document is read and prepared again
 * only when its file version (device, inode, size, modification and change
 * times) changed. Between the containment check and the read a path can still
 * be swapped, as with any read by path; the overlap check is a hygiene gate,
 * and evidence reads use the workspace port's checked reads instead.
 */
import type { FsTarget, FsVersion } from '@deepseek-ai/dsh-fs'
import type { HostFs } from '../../kernel/host/host-fs.js'
import { decodeUtf8Strict } from '../../kernel/text.js'
import { inVisitOrder, isDocumentPath, prepareDocument, type PreparedDocument } from '../workspace/overlap.js'
import { posix } from 'node:path'
import { options } from './target-resolution.js'

/** Bounds of the comparison set. */
export interface DocumentScan {
  readonly directories: readonly string[]
  readonly extensions: readonly string[]
  readonly maxDocuments: number
  readonly maxDocumentBytes: number
}

/** A listed document candidate: its workspace path and resolved target. */
interface Candidate {
  readonly path: string
  readonly target: FsTarget
  /** The version the listing reported, when it did. */
  readonly version: FsVersion | undefined
  readonly size: number | undefined
}

interface Listing {
  readonly version: FsVersion
  readonly candidates: readonly Candidate[]
}

interface IndexedDocument {
  readonly version: FsVersion
  readonly prepared: PreparedDocument
}

/** Directory listings kept (several sessions of one mount may scan different workspaces). */
const MAX_LISTINGS = 64

/** The document index of one mount. */
export class DocumentIndex {
  private readonly listings = new Map<string, Listing>()
  private readonly documents = new Map<string, IndexedDocument>()

  /**
   * The existing documents of the workspace in the scanned directories, in visit order.
   * @param fs - `ctx.fs`.
   * @param root - workspace directory.
   * @param scan - directories, endings and bounds.
   * @param signal - cancels the scan.
   */
  async read(fs: HostFs, root: string, scan: DocumentScan, signal?: AbortSignal): Promise<PreparedDocument[]> {
    const rootTarget = await fs.resolve(root, options(signal))
    const found: PreparedDocument[] = []
    const seen = new Set<string>()
    for (const directory of scan.directories) {
      const candidates = await this.candidates(fs, rootTarget, root, directory, scan, signal)
      // Batches as large as the room left, so a skipped candidate (oversized, not UTF-8, gone) gives its place to the next.
      for (let offset = 0; offset < candidates.length && found.length < scan.maxDocuments;) {
        const batch = candidates.slice(offset, offset + scan.maxDocuments - found.length)
        offset += batch.length
        const documents = await Promise.all(batch.map(candidate => this.document(fs, candidate, scan, signal)))
        for (const [index, document] of documents.entries()) {
          seen.add((batch[index] as Candidate).target.targetKey)
          if (document !== undefined) found.push(document)
        }
      }
      if (found.length >= scan.maxDocuments) break
    }
    for (const key of this.documents.keys()) if (!seen.has(key)) this.documents.delete(key)
    return inVisitOrder(found)
  }

  /** The document candidates of one directory: the kept listing while the directory is unchanged, else a new one. */
  private async candidates(fs: HostFs, rootTarget: FsTarget, root: string, directory: string, scan: DocumentScan, signal: AbortSignal | undefined): Promise<readonly Candidate[]> {
    const target = await fs.resolve(directory, { cwd: root, ...options(signal) })
    if (!fs.contains(rootTarget, target)) return []
    const info = await fs.stat(target, signal)
    if (info?.type !== 'directory') {
      this.listings.delete(target.targetKey)
      return []
    }
    const kept = this.listings.get(target.targetKey)
    if (kept?.version === info.version) {
      // The names are unchanged, but what a name resolves to may not be (a link, or a directory on its path, re-pointed): resolve and contain each again.
      const again = await Promise.all(kept.candidates.map(async (candidate): Promise<Candidate | undefined> => {
        const resolved = await fs.resolve(candidate.path, { cwd: root, ...options(signal) }).catch(() => undefined)
        return resolved !== undefined && fs.contains(rootTarget, resolved) ? { path: candidate.path, target: resolved, version: undefined, size: undefined } : undefined
      }))
      return again.filter((candidate): candidate is Candidate => candidate !== undefined)
    }
    const candidates = (await fs.listDir(target, signal))
      .filter(entry => entry.type === 'file' && fs.contains(rootTarget, entry.target))
      .map(entry => ({ path: posix.normalize(posix.join(directory, entry.name)), target: entry.target, version: entry.version, size: entry.size }))
      .filter(candidate => isDocumentPath(candidate.path, scan.extensions))
    this.listings.delete(target.targetKey)
    this.listings.set(target.targetKey, { version: info.version, candidates })
    if (this.listings.size > MAX_LISTINGS) this.listings.delete(this.listings.keys().next().value as string)
    return candidates
  }

  /** One candidate, prepared: from the index when its version is unchanged. */
  private async document(fs: HostFs, candidate: Candidate, scan: DocumentScan, signal: AbortSignal | undefined): Promise<PreparedDocument | undefined> {
    const key = candidate.target.targetKey
    let version = candidate.version
    let size = candidate.size
    if (version === undefined) {
      const info = await fs.stat(candidate.target, signal).catch(() => undefined)
      if (info?.type !== 'file') return this.forget(key)
      version = info.version
      size = info.size
    }
    if ((size ?? 0) > scan.maxDocumentBytes) return this.forget(key)
    const known = this.documents.get(key)
    if (known?.version === version && known.prepared.path === candidate.path) return known.prepared
    const text = await fs.readBytes(candidate.target, signal, scan.maxDocumentBytes).then(decodeUtf8Strict, () => undefined)
    if (text === undefined) return this.forget(key)
    const prepared = prepareDocument({ path: candidate.path, text })
    this.documents.set(key, { version, prepared })
    return prepared
  }

  private forget(key: string): undefined {
    this.documents.delete(key)
    return undefined
  }
}
