/** Which workspace files are secret-like: evidence about them states sizes and hashes, never content. Pure. */
import { createHash } from 'node:crypto'

/**
 * A matcher over file names.
 * @param patterns - file-name patterns, `*` for any characters, compared without case.
 * @returns whether a workspace path's file name matches one.
 */
export function secretFileMatcher(patterns: readonly string[]): (path: string) => boolean {
  const expressions = patterns.map(pattern => new RegExp(`^${pattern.split('*').map(part => part.replace(/[\\^$.+?()[\]{}|/-]/g, '\\$&')).join('.*')}$`, 'i'))
  return (path) => {
    const name = path.slice(path.lastIndexOf('/') + 1)
    return expressions.some(expression => expression.test(name))
  }
}

/**
 * What evidence may say about a secret-like file's text.
 * @param text - the file's text.
 */
export function withheld(text: string): string {
  return `content withheld (secret-like file; ${Buffer.byteLength(text, 'utf8')} bytes, sha256:${createHash('sha256').update(text, 'utf8').digest('hex')})`
}
