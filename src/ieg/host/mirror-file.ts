/** Host adapter: the atomic file writer behind the opt-in diagnostics mirror. */
import { rename, writeFile } from 'node:fs/promises'
import type { AtomicWriter } from '../diagnostics/export-mirror.js'

/**
 * Write a file atomically: a temporary sibling, then rename.
 * @param file - absolute path of the mirror.
 */
export function atomicFileWriter(file: string): AtomicWriter {
  return async (text) => {
    const temporary = `${file}.${process.pid}.tmp`
    await writeFile(temporary, text, 'utf8')
    await rename(temporary, file)
  }
}
