/**
 * What `printf -v` and `read` store from text the analysis knows. Pure.
 */
import type { ShellState } from './state.js'

/** What `printf -v` stores for a format without conversions or escapes, or `%s` with one argument; null otherwise. */
export function printedText(words: ReadonlyArray<string | null>): string | null {
  const [format, ...args] = words
  if (format === undefined || format === null) return null
  if (args.length === 0 && !/[%\\]/.test(format)) return format
  return format === '%s' && args.length === 1 ? args[0] ?? null : null
}

/**
 * What `read NAME` stores from known input: its first line, with IFS
 * whitespace trimmed for a named variable (not REPLY). Unknown when a
 * backslash would be processed (no -r) or IFS may have changed.
 */
export function readLine(input: string | null, raw: boolean, named: boolean, state: ShellState): string | null {
  if (input === null || state.ifsChanged) return null
  const line = input.split('\n', 1)[0] as string
  if (!raw && line.includes('\\')) return null
  return named ? line.replace(/^[ \t]+|[ \t]+$/g, '') : line
}
