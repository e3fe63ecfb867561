/**
 * Bash brace expansion over a word's source text: `{a,b}` alternatives and
 * `{x..y[..step]}` sequences, quote- and expansion-aware, bounded. The
 * results are source text again, to be parsed as words. Pure.
 */

interface BraceSpan {
  readonly open: number
  readonly close: number
  readonly items: string[]
}

/** Index just past a quoted or expansion construct starting at `i`, or `i` when none starts there. */
function skipConstruct(text: string, i: number): number {
  const ch = text[i]
  if (ch === '\\') return i + 2
  if (ch === '\'') {
    const end = text.indexOf('\'', i + 1)
    return end < 0 ? text.length : end + 1
  }
  if (ch === '"' || ch === '`') {
    let j = i + 1
    while (j < text.length && text[j] !== ch) j += text[j] === '\\' ? 2 : 1
    return j + 1
  }
  if (ch === '$' && (text[i + 1] === '{' || text[i + 1] === '(')) {
    const open = text[i + 1] as string
    const close = open === '{' ? '}' : ')'
    let depth = 0
    for (let j = i + 1; j < text.length; j += 1) {
      const c = text[j]
      if (c === '\\') { j += 1; continue }
      if (c === '\'' || c === '"' || c === '`') { j = skipConstruct(text, j) - 1; continue }
      if (c === open) depth += 1
      else if (c === close) {
        depth -= 1
        if (depth === 0) return j + 1
      }
    }
    return text.length
  }
  return i
}

function sequenceItems(body: string, max: number): string[] | null {
  const match = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body)
  if (match === null) return null
  const [, from = '', to = '', stepText] = match
  const numeric = /\d/.test(from) && /\d/.test(to)
  if (!numeric && (/\d/.test(from) || /\d/.test(to))) return null
  const start = numeric ? Number(from) : from.charCodeAt(0)
  const end = numeric ? Number(to) : to.charCodeAt(0)
  const step = Math.max(1, Math.abs(stepText === undefined ? 1 : Number(stepText)))
  const count = Math.floor(Math.abs(end - start) / step) + 1
  if (count > max) return []
  // A zero-padded sequence pads every item to the wider end's full text, its minus sign counted (`{-05..3}` gives -05 … 000 … 003).
  const width = numeric && (/^-?0\d/.test(from) || /^-?0\d/.test(to)) ? Math.max(from.length, to.length) : 0
  const items: string[] = []
  for (let k = 0; k < count; k += 1) {
    const value = start + (end >= start ? k * step : -k * step)
    items.push(numeric ? (value < 0 ? `-${String(-value).padStart(width - 1, '0')}` : String(value).padStart(width, '0')) : String.fromCharCode(value))
  }
  return items
}

/** The first brace expression of `text` at or after `from`, if any. */
function findBrace(text: string, from: number, max: number): BraceSpan | undefined {
  for (let i = from; i < text.length; i += 1) {
    const skipped = skipConstruct(text, i)
    if (skipped !== i) {
      i = skipped - 1
      continue
    }
    if (text[i] !== '{') continue
    let depth = 0
    const cuts: number[] = []
    for (let j = i; j < text.length; j += 1) {
      const after = skipConstruct(text, j)
      if (after !== j) {
        j = after - 1
        continue
      }
      const c = text[j]
      if (c === '{') depth += 1
      else if (c === ',' && depth === 1) cuts.push(j)
      else if (c === '}') {
        depth -= 1
        if (depth > 0) continue
        if (cuts.length > 0) {
          const bounds = [i, ...cuts, j]
          return { open: i, close: j, items: bounds.slice(1).map((end, k) => text.slice((bounds[k] as number) + 1, end)) }
        }
        const sequence = sequenceItems(text.slice(i + 1, j), max)
        if (sequence !== null) return { open: i, close: j, items: sequence }
        break
      }
    }
  }
  return undefined
}

/**
 * Expand every brace expression of a word's source text.
 * @param text - the word as written.
 * @param max - most results; more makes the result null.
 * @returns the expanded source texts, or null past the bound.
 */
export function expandBraces(text: string, max: number): string[] | null {
  const span = findBrace(text, 0, max)
  if (span === undefined) return [text]
  if (span.items.length === 0) return null
  const out: string[] = []
  for (const item of span.items) {
    const expanded = expandBraces(`${text.slice(0, span.open)}${item}${text.slice(span.close + 1)}`, max)
    if (expanded === null) return null
    out.push(...expanded)
    if (out.length > max) return null
  }
  return out
}
