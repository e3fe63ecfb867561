/**
 * Host adapter: read the documents a new document is compared against,
 * through `ctx.fs`, bounded in count and size, from the configured
 * directories only (not recursive).
 */
import type { FileSystem } from '@deepseek-ai/dsh-fs'
import { decodeUtf8Strict } from '../../kernel/text.js'
import { isDocumentPath, type ExistingDocument } from '../workspace/overlap.js'
import { posix } from 'node:path'

/** Bounds of the comparison set. */
export interface DocumentScan {
  readonly directories: readonly string[]
  readonly extensions: readonly string[]
  readonly maxDocuments: number
  readonly maxDocumentBytes: number
}

/**
 * The existing documents of the workspace in the scanned directories.
 * @param fs - `ctx.fs`.
 * @param root - workspace directory.
 * @param scan - directories, endings and bounds.
 */
export async function readExistingDocuments(fs: FileSystem, root: string, scan: DocumentScan, signal?: AbortSignal): Promise<ExistingDocument[]> {
  const documents: ExistingDocument[] = []
  const rootTarget = await fs.resolve(root, signal === undefined ? {} : { signal })
  for (const directory of scan.directories) {
    const target = await fs.resolve(directory, { cwd: root })
    if (!fs.contains(rootTarget, target)) continue
    const info = await fs.stat(target, signal)
    if (info?.type !== 'directory') continue
    const candidates = (await fs.listDir(target, signal))
      .map(entry => ({ entry, path: posix.normalize(posix.join(directory, entry.name)) }))
      .filter(({ entry, path }) => entry.type === 'file' && isDocumentPath(path, scan.extensions) && (entry.size ?? 0) <= scan.maxDocumentBytes && fs.contains(rootTarget, entry.target))
      .slice(0, scan.maxDocuments - documents.length)
    const texts = await Promise.all(candidates.map(({ entry }) => fs.readBytes(entry.target, signal, scan.maxDocumentBytes).then(decodeUtf8Strict, () => undefined)))
    candidates.forEach(({ path }, index) => {
      const text = texts[index]
      if (text !== undefined) documents.push({ path, text })
    })
    if (documents.length >= scan.maxDocuments) return documents
  }
  return documents
}
