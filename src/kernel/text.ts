/** Text rules shared by the rows: strict UTF-8 for file evidence, quoting, comparison. Pure. */

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * Decode bytes as UTF-8, refusing malformed sequences.
 * @param bytes - file content.
 * @returns the text, or undefined when the bytes are not valid UTF-8.
 */
export function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes)
  } catch {
    // A TypeError from the fatal decoder is the only failure: malformed input.
    return undefined
  }
}

/**
 * Shorten text for evidence messages, keeping it on one line.
 * @param text - any text.
 * @param max - maximum characters kept.
 * @returns JSON-quoted, shortened text.
 */
export function quote(text: string, max = 80): string {
  const shortened = text.length > max ? `${text.slice(0, max)}...` : text
  return JSON.stringify(shortened)
}

/**
 * Shorten text that is already a literal (for example canonical JSON) for evidence.
 * @param text - any text.
 * @param max - maximum characters kept.
 * @returns the text, cut with "..." when longer.
 */
export function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}...` : text
}

/**
 * Text compared by meaning-preserving form: Unicode NFKC, lower case, runs of
 * whitespace and trailing punctuation collapsed.
 * @param text - any text.
 */
export function normalizedText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/[.!?;:,\s]+$/, '')
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether a string holds no lone surrogate, so its UTF-8 encoding is exact.
 * @param text - any string.
 */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text)
}
