/** Content receipts: `sha256:` over canonical JSON. Pure; no host imports. */
import { createHash } from 'node:crypto'
import { canonicalJson } from './json.js'

/** A content receipt string, `sha256:` followed by 64 lowercase hex digits. */
export type Receipt = `sha256:${string}`

const RECEIPT_PATTERN = /^sha256:[0-9a-f]{64}$/

/**
 * The receipt of a JSON value.
 * @param value - lossless JSON; anything else is refused.
 * @returns `sha256:<hex>` over the canonical JSON text.
 * @throws TypeError when the value is not lossless JSON.
 */
export function contentReceipt(value: unknown): Receipt {
  return `sha256:${createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex')}`
}

/**
 * Whether a string has the receipt syntax (it says nothing about what it covers).
 * @param text - candidate receipt.
 * @returns true for `sha256:` plus 64 lowercase hex digits.
 */
export function isReceipt(text: string): text is Receipt {
  return RECEIPT_PATTERN.test(text)
}

/**
 * Attach a receipt over a record's other fields.
 * @param body - the record without its receipt.
 * @returns the record with `receipt`.
 */
export function withReceipt<T extends object>(body: T): T & { receipt: Receipt } {
  return { ...body, receipt: contentReceipt(body) }
}

/**
 * Whether a stored record's receipt covers its content. A receipt proves the
 * record is consistent with itself, not who wrote it: anyone can recompute it.
 * @param stored - a record carrying `receipt`.
 * @returns true when recomputing the receipt gives the stored one.
 */
export function receiptMatches(stored: { readonly receipt: string }): boolean {
  const { receipt, ...body } = stored
  try {
    return contentReceipt(body) === receipt
  } catch {
    // contentReceipt throws TypeError only for non-JSON content, which cannot match.
    return false
  }
}
