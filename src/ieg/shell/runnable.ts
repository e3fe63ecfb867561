/**
 * What bash runs of script text that does not parse. bash reads a script a
 * line at a time and runs each complete line before it reads the next, so
 * the lines before the one where a syntax error is found still run
 * (`rm -rf x` on the line above an unclosed `(` or a stray `)`). Pure.
 */
import { parse, type ParsedScript } from 'unbash'

/** How many lines are cut back before the part that runs counts as unknown. */
const MAX_CUTS = 16

/** An error the parser raises for its own limits, not for bash syntax: bash may run such text whole. */
const PARSER_LIMIT = /nesting depth exceeded/

/** Script text read as bash reads it. */
export type ParsedText =
  | { readonly kind: 'parsed', readonly script: ParsedScript }
  /** It does not parse: `runnable` is the complete lines before the broken one, or null when there are none. */
  | { readonly kind: 'broken', readonly error: string, readonly runnable: ParsedScript | null }
  /** It does not parse, and the part that runs could not be found. */
  | { readonly kind: 'unknown', readonly error: string }

/** Where the line holding `position` starts. */
function lineStart(source: string, position: number): number {
  return source.lastIndexOf('\n', position - 1) + 1
}

/**
 * Parse script text; when it does not parse, the longest run of complete
 * lines before the first error that parses alone. An error at the end of
 * the text (a construct left open) cuts its last line; each cut removes at
 * least one line.
 */
export function parseText(text: string): ParsedText {
  const script = parse(text)
  const error = script.errors?.[0]
  if (error === undefined) return { kind: 'parsed', script }
  if (script.errors?.some(each => PARSER_LIMIT.test(each.message)) === true) return { kind: 'unknown', error: error.message }
  let current: ParsedScript = script
  let source = text
  for (let cut = 0; cut < MAX_CUTS; cut += 1) {
    const first = Math.min(...(current.errors ?? []).map(each => each.pos))
    const start = lineStart(source, Math.min(first, source.length))
    // An error past the last line's start is found where the text ends: the last line is the broken one.
    const end = start < source.length ? start : lineStart(source, source.length - 1)
    if (end === 0) return { kind: 'broken', error: error.message, runnable: null }
    source = source.slice(0, end)
    current = parse(source)
    if ((current.errors ?? []).length === 0) return { kind: 'broken', error: error.message, runnable: current }
  }
  return { kind: 'unknown', error: error.message }
}
