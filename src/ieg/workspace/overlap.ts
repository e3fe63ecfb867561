/**
 * Document-overlap detection for a new document: body-token Jaccard
 * similarity, an identical first H1, and the filename subject against existing
 * headings with prefix matching (`AUTH.md` vs `## Authentication`). CJK text
 * is tokenized by character bigrams. Pure.
 */

/** An existing document as read from the workspace. */
export interface ExistingDocument {
  readonly path: string
  readonly text: string
}

/** Tunables of the detector. */
export interface OverlapSettings {
  /** Body similarity at or above which a document overlaps (0 to 1). */
  readonly jaccardThreshold: number
  /** Shortest word that may match another by prefix. */
  readonly minPrefixChars: number
  /** Both bodies need at least this many distinct tokens for body similarity to count. */
  readonly minBodyTokens: number
}

/** Which signal fired. */
export type OverlapSignal = 'same-title' | 'filename-subject' | 'body-similarity'

/** The first overlap found. */
export interface OverlapFinding {
  readonly existing: string
  readonly signal: OverlapSignal
  readonly detail: string
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu
const STOPWORDS = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'are', 'from', 'into', 'not', 'but', 'you', 'your', 'can', 'will', 'all', 'any', 'its', 'was', 'has', 'have', 'use', 'used', 'when', 'then', 'than', 'each', 'which', 'how', 'what'])
const GENERIC_SUBJECTS = new Set(['readme', 'notes', 'note', 'doc', 'docs', 'document', 'index', 'draft', 'new', 'copy', 'final', 'tmp', 'temp', 'misc', 'file', 'md', 'txt'])

/**
 * Word tokens: lowercase letters and digits; CJK runs become character bigrams.
 * @param text - any text.
 */
export function tokenize(text: string): string[] {
  const out: string[] = []
  for (const match of text.toLowerCase().matchAll(TOKEN)) {
    const run = match[0]
    if (CJK.test(run)) {
      const chars = [...run]
      if (chars.length === 1) out.push(run)
      for (let i = 0; i + 1 < chars.length; i += 1) out.push(`${chars[i]}${chars[i + 1]}`)
    } else {
      out.push(run)
    }
  }
  return out
}

function bodyTokens(text: string): Set<string> {
  return new Set(tokenize(text).filter(token => !STOPWORDS.has(token) && (token.length > 1 || CJK.test(token))))
}

/**
 * Jaccard similarity of two token sets.
 * @returns |A ∩ B| / |A ∪ B|, 0 for two empty sets.
 */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0
  for (const token of a) if (b.has(token)) shared += 1
  const union = a.size + b.size - shared
  return union === 0 ? 0 : shared / union
}

/** Markdown headings of a document, in order. */
export function headings(text: string): string[] {
  return [...text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gmu)].map(match => (match[1] as string).trim())
}

function firstH1(text: string): string | undefined {
  const match = /^#[ \t]+(.+?)[ \t#]*$/mu.exec(text)
  return match === null ? undefined : tokenize(match[1] as string).join(' ')
}

/**
 * Subject words of a file name: its stem split on separators and camel case,
 * lowercased, without generic words such as `readme` or `notes`.
 * @param path - the file path.
 */
export function filenameSubject(path: string): string[] {
  const base = path.slice(path.lastIndexOf('/') + 1)
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base
  const spaced = stem.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_.]+/g, ' ')
  return tokenize(spaced).filter(word => !GENERIC_SUBJECTS.has(word) && !/^v?\d+$/.test(word))
}

function wordsMatch(a: string, b: string, minPrefix: number): boolean {
  if (a === b) return a.length >= 2
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= minPrefix && long.startsWith(short)
}

/** A document reduced to what the detector compares: computed once per file version. */
export interface PreparedDocument {
  readonly path: string
  /** The first H1's words, or undefined when it has none. */
  readonly title: string | undefined
  /** Every heading, with its words. */
  readonly headings: ReadonlyArray<{ readonly text: string, readonly words: readonly string[] }>
  readonly body: ReadonlySet<string>
}

/**
 * Reduce a document to its title, heading words and body tokens.
 * @param document - path and text.
 */
export function prepareDocument(document: ExistingDocument): PreparedDocument {
  return { path: document.path, title: firstH1(document.text), headings: headings(document.text).map(text => ({ text, words: tokenize(text) })), body: bodyTokens(document.text) }
}

/**
 * Order documents as the detector visits them (by path), so the first finding does not depend on read order.
 * @param documents - prepared documents.
 */
export function inVisitOrder(documents: readonly PreparedDocument[]): PreparedDocument[] {
  return [...documents].sort((a, b) => a.path.localeCompare(b.path))
}

/**
 * The first existing document a new one would duplicate.
 * @param candidate - the new document's path and, when known, its text.
 * @param existing - documents to compare against.
 * @param settings - thresholds.
 * @returns the finding, or null when the document is distinct.
 */
export function findOverlap(candidate: { path: string, text: string | null }, existing: readonly ExistingDocument[], settings: OverlapSettings): OverlapFinding | null {
  return findOverlapIn(candidate, inVisitOrder(existing.map(prepareDocument)), settings)
}

/**
 * {@link findOverlap} over prepared documents already in visit order.
 * @param candidate - the new document's path and, when known, its text.
 * @param ordered - prepared documents, ordered by {@link inVisitOrder}.
 * @param settings - thresholds.
 */
export function findOverlapIn(candidate: { path: string, text: string | null }, ordered: readonly PreparedDocument[], settings: OverlapSettings): OverlapFinding | null {
  const subject = filenameSubject(candidate.path)
  const title = candidate.text === null ? undefined : firstH1(candidate.text)
  const body = candidate.text === null ? new Set<string>() : bodyTokens(candidate.text)
  for (const document of ordered) {
    if (document.path === candidate.path) continue
    if (title !== undefined && title !== '' && document.title === title) {
      return { existing: document.path, signal: 'same-title', detail: `both have the title "${title}"` }
    }
    if (subject.length > 0) {
      const heading = document.headings.find(({ words }) => subject.every(word => words.some(other => wordsMatch(word, other, settings.minPrefixChars))))
      if (heading !== undefined) {
        return { existing: document.path, signal: 'filename-subject', detail: `the file name's subject "${subject.join(' ')}" matches its heading "${heading.text}"` }
      }
    }
    if (body.size >= settings.minBodyTokens && document.body.size >= settings.minBodyTokens) {
      const similarity = jaccard(body, document.body)
      if (similarity >= settings.jaccardThreshold) {
        return { existing: document.path, signal: 'body-similarity', detail: `${Math.round(similarity * 100)}% of their distinct words are shared` }
      }
    }
  }
  return null
}

/**
 * Whether a path names a document by its ending.
 * @param path - any path.
 * @param extensions - configured document endings, such as `.md`.
 */
export function isDocumentPath(path: string, extensions: readonly string[]): boolean {
  const lower = path.toLowerCase()
  return extensions.some(extension => lower.endsWith(extension.toLowerCase()))
}
