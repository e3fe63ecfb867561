/**
 * Expansion results as fields: pieces of a word (quoted text kept as it is,
 * unquoted expansion results split on blanks and read as globs) joined into
 * the fields bash passes as arguments. Pure.
 */
import { ANY, concat, type Atom, type Pattern } from './pattern.js'
import type { Values } from './state.js'

/** A piece of a word's expansion. */
export interface Piece {
  readonly pattern: Pattern
  /** Unquoted expansion result: split on whitespace and read as a glob. */
  readonly reinterpret: boolean
}

/** Each value as one unsplit or split piece (an unknown value is ANY). */
export function valuesToAlternatives(values: Values, reinterpret: boolean): Piece[][] {
  return (values ?? [ANY]).map(pattern => [{ pattern, reinterpret }])
}

/** Every combination of one alternative per list, or a single unknown piece past `max` combinations. */
export function combine(lists: readonly Piece[][][], max: number): Piece[][] {
  let out: Piece[][] = [[]]
  for (const alternatives of lists) {
    const next: Piece[][] = []
    for (const prefix of out) for (const alternative of alternatives) next.push([...prefix, ...alternative])
    if (next.length > max) return [[{ pattern: ANY, reinterpret: true }]]
    out = next
  }
  return out
}

/**
 * Split an unquoted expansion result on blanks and read glob characters as
 * globs. Every blank starts a new field; the empty fields this leaves between
 * blanks are dropped by {@link piecesToFields}, as bash drops them.
 */
function reinterpret(pattern: Pattern, ifsChanged: boolean): { fields: Atom[][], uncertain: boolean } {
  let field: Atom[] = []
  const fields: Atom[][] = [field]
  let uncertain = false
  for (const atom of pattern) {
    if (atom.t === 'any') uncertain = true
    // A number splits too when IFS may hold digits (`IFS=1; rm .git$((1))x` removes `.git`).
    if (atom.t === 'digits' && ifsChanged) {
      uncertain = true
      field.push({ t: 'any' })
      continue
    }
    if (atom.t !== 'lit') {
      field.push(atom)
      continue
    }
    if (ifsChanged) {
      uncertain = true
      field.push({ t: 'any' })
      continue
    }
    let text = ''
    const flush = (): void => {
      if (text !== '') field.push({ t: 'lit', s: text })
      text = ''
    }
    for (let i = 0; i < atom.s.length; i += 1) {
      const ch = atom.s[i] as string
      if (ch === ' ' || ch === '\t' || ch === '\n') {
        flush()
        field = []
        fields.push(field)
      } else if ('@!+*?'.includes(ch) && atom.s[i + 1] === '(' && extendedGlobEnd(atom.s, i + 1) !== -1) {
        // An extended glob (`@(a|b)`, `!(x)`) globs once extglob is on: any name, dot files included.
        flush()
        field.push({ t: 'star', dot: true })
        i = extendedGlobEnd(atom.s, i + 1)
      } else if (ch === '*' || ch === '?') {
        flush()
        field.push({ t: ch === '*' ? 'star' : 'qmark' })
      } else if (ch === '[' && atom.s.indexOf(']', i + 2) !== -1) {
        flush()
        const end = atom.s.indexOf(']', i + 2)
        field.push({ t: 'class', body: atom.s.slice(i + 1, end) })
        i = end
      } else {
        text += ch
      }
    }
    flush()
  }
  return { fields, uncertain }
}

/** The index of the `)` closing the `(` at `open`, or -1. */
function extendedGlobEnd(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1
    else if (text[i] === ')' && --depth === 0) return i
  }
  return -1
}

/**
 * Join a word's pieces into fields, as bash splits unquoted expansion results.
 * @param pieces - the word's pieces in order.
 * @param ifsChanged - whether IFS may hold other characters than blanks.
 */
export function piecesToFields(pieces: readonly Piece[], ifsChanged: boolean): { fields: Pattern[], uncertain: boolean } {
  let field: Atom[] = []
  const fields: Atom[][] = [field]
  // A field holding quoted or literal text exists even when empty (`""`); one made only of expansions does not.
  const written: boolean[] = [false]
  let uncertain = false
  for (const piece of pieces) {
    if (!piece.reinterpret) {
      written[written.length - 1] = true
      field.push(...piece.pattern)
      continue
    }
    const split = reinterpret(piece.pattern, ifsChanged)
    uncertain ||= split.uncertain
    split.fields.forEach((atoms, index) => {
      if (index > 0) {
        field = []
        fields.push(field)
        written.push(false)
      }
      field.push(...atoms)
    })
  }
  const kept = fields.map(field => concat(field)).filter((field, index) => field.length > 0 || written[index] === true)
  return { fields: kept, uncertain }
}
