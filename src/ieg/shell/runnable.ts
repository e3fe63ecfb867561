/**
 * What bash runs of script text that does not parse. bash reads a script a
 * line at a time and runs each complete line before it reads the next, so
 * the lines before the one where the broken command begins still run
 * (`rm -rf x` on the line above an unclosed `(`). Pure.
 */
import { parse, type ParsedScript } from 'unbash'

/** How many times a prefix is cut back before the runnable part counts as unknown. */
const MAX_CUTS = 4

/** Script text read as bash reads it. */
export type ParsedText =
  | { readonly kind: 'parsed', readonly script: ParsedScript }
  /** It does not parse: `runnable` is the part before the broken line, or null when there is none. */
  | { readonly kind: 'broken', readonly error: string, readonly runnable: ParsedScript | null }
  /** It does not parse, and the part that runs could not be found. */
  | { readonly kind: 'unknown', readonly error: string }

/** Parse script text, and when it does not parse, the complete lines before the broken one. */
export function parseText(text: string): ParsedText {
  const script = parse(text)
  const error = script.errors?.[0]
  if (error === undefined) return { kind: 'parsed', script }
  let current: ParsedScript = script
  let source = text
  for (let cut = 0; cut < MAX_CUTS; cut += 1) {
    const first = Math.min(...(current.errors ?? []).map(each => each.pos))
    // The broken command is the last one that begins before the first error.
    const broken = current.commands.filter(statement => statement.command.pos <= first).at(-1)?.command.pos ?? first
    const lineStart = source.lastIndexOf('\n', broken - 1) + 1
    if (lineStart === 0) return { kind: 'broken', error: error.message, runnable: null }
    source = source.slice(0, lineStart)
    current = parse(source)
    if ((current.errors ?? []).length === 0) return { kind: 'broken', error: error.message, runnable: current }
  }
  return { kind: 'unknown', error: error.message }
}
