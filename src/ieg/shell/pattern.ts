/**
 * The static value of a shell word: a sequence of atoms. Literal text is
 * exact; unquoted glob atoms match within one path segment; `digits` stands
 * for a value that is never a path (arithmetic, `$$`, `$(nproc)`); `any` is
 * an expansion the analysis cannot know, which may contain `/`. Pure.
 */

/** One piece of a word's value. */
export type Atom =
  | { readonly t: 'lit', readonly s: string }
  /** `dot`: an extended glob, which matches a leading dot when its pattern names one. */
  | { readonly t: 'star', readonly dot?: true }
  | { readonly t: 'qmark' }
  | { readonly t: 'class', readonly body: string }
  | { readonly t: 'digits' }
  | { readonly t: 'any' }

/** A word's value; adjacent literals are merged. */
export type Pattern = readonly Atom[]

/** The possible values of a variable or directory; null is unknown. */
export type Values = readonly Pattern[] | null

/** Pattern constructors. */
export const lit = (s: string): Pattern => (s === '' ? [] : [{ t: 'lit', s }])
export const ANY: Pattern = [{ t: 'any' }]
export const DIGITS: Pattern = [{ t: 'digits' }]

/**
 * Concatenate patterns, merging adjacent literals.
 * @param parts - patterns in order.
 */
export function concat(...parts: readonly Pattern[]): Pattern {
  const out: Atom[] = []
  for (const part of parts) {
    for (const atom of part) {
      const last = out.at(-1)
      if (atom.t === 'lit' && last?.t === 'lit') out[out.length - 1] = { t: 'lit', s: last.s + atom.s }
      else if (!(atom.t === 'lit' && atom.s === '')) out.push(atom)
    }
  }
  return out
}

/** The exact text of a pattern without glob or unknown atoms, else null. */
export function literalOf(pattern: Pattern): string | null {
  let text = ''
  for (const atom of pattern) {
    if (atom.t !== 'lit') return null
    text += atom.s
  }
  return text
}

/** Whether the pattern holds an unknown expansion. */
export function hasAny(pattern: Pattern): boolean {
  return pattern.some(atom => atom.t === 'any')
}

/** Whether the pattern starts with `/` (an absolute path). */
export function isAbsolutePattern(pattern: Pattern): boolean {
  const first = pattern[0]
  return first?.t === 'lit' && first.s.startsWith('/')
}

/** Display text: globs as written, unknown expansions as `…`. */
export function patternText(pattern: Pattern): string {
  return pattern.map((atom) => {
    switch (atom.t) {
      case 'lit': return atom.s
      case 'star': return '*'
      case 'qmark': return '?'
      case 'class': return `[${atom.body}]`
      case 'digits': return '<n>'
      case 'any': return '…'
    }
  }).join('')
}

/**
 * Join a path pattern to a directory pattern the way the kernel resolves a
 * relative path; an absolute path ignores the directory.
 * @param directory - the working directory's pattern.
 * @param path - the path as written.
 */
export function joinPattern(directory: Pattern, path: Pattern): Pattern {
  if (isAbsolutePattern(path)) return path
  if (path[0]?.t === 'any') return path
  if (directory.length === 0) return path
  const last = directory.at(-1)
  return concat(directory, last?.t === 'lit' && last.s.endsWith('/') ? [] : lit('/'), path)
}

/**
 * Split a pattern without unknown atoms into path segments.
 * @param pattern - a pattern for which {@link hasAny} is false.
 * @returns segments in order; empty segments (from `//` or a leading `/`) dropped.
 */
export function segmentsOf(pattern: Pattern): Pattern[] {
  let segment: Atom[] = []
  const segments: Atom[][] = [segment]
  for (const atom of pattern) {
    if (atom.t !== 'lit') {
      segment.push(atom)
      continue
    }
    const pieces = atom.s.split('/')
    pieces.forEach((piece, index) => {
      if (index > 0) {
        segment = []
        segments.push(segment)
      }
      if (piece !== '') segment.push({ t: 'lit', s: piece })
    })
  }
  return segments.filter(segment => segment.length > 0)
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
}

function classSource(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^')
  const inner = (negated ? body.slice(1) : body).replace(/\\/g, '\\\\').replace(/\[:(\w+):\]/g, (_m, name: string) => POSIX_CLASSES[name] ?? '\\s\\S')
  return `[${negated ? '^/' : ''}${inner}]`
}

const POSIX_CLASSES: Record<string, string> = { alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: '\\s', punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9a-fA-F', word: '\\w' }

/**
 * A regular expression matching the names one path segment can take.
 * @param segment - a segment from {@link segmentsOf}.
 * @param options - `dotGlob`: globs may match a leading dot; `caseInsensitive`.
 */
export function segmentRegex(segment: Pattern, options: { dotGlob: boolean, caseInsensitive: boolean }): RegExp {
  let source = ''
  for (const atom of segment) {
    switch (atom.t) {
      case 'lit': source += escapeRegex(atom.s); break
      case 'star': source += '[^/]*'; break
      case 'qmark': source += '[^/]'; break
      case 'class': source += classSource(atom.body); break
      case 'digits': source += '[-+0-9a-zA-Z:_ ]*'; break
      case 'any': source += '.*'; break
    }
  }
  const first = segment[0]
  const leadingGlob = first !== undefined && first.t !== 'lit' && !(first.t === 'star' && first.dot === true)
  const dotGuard = leadingGlob && !options.dotGlob ? '(?!\\.)' : ''
  return new RegExp(`^${dotGuard}${source}$`, options.caseInsensitive ? 'i' : '')
}
