/**
 * Reintroduction: a write whose text brings back a value the ledger retired
 * (INVALID, SUPERSEDED). Pure. A value matches only as a whole token (not
 * inside a longer word or number), and the values of records still in use
 * are blanked first, so writing a corrected value that contains the old one
 * is not flagged.
 */
import type { InformationRecord } from './ledger.js'
import { RETIRED_STATUSES } from './vocabulary.js'

const WORD = /[\p{L}\p{N}_]/u

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The value as a whole token: no letter, digit or underscore glued on either side where the value itself starts or ends with one. */
function tokenPattern(value: string): RegExp {
  const before = WORD.test(value.at(0) ?? '') ? '(?<![\\p{L}\\p{N}_])' : ''
  const after = WORD.test(value.at(-1) ?? '') ? '(?![\\p{L}\\p{N}_])' : ''
  return new RegExp(`${before}${escapeRegExp(value)}${after}`, 'u')
}

/**
 * The retired records whose value appears in written text.
 * @param texts - the text a call would write (file content, shell command).
 * @param records - the ledger.
 */
export function reintroducedRecords(texts: readonly string[], records: readonly InformationRecord[]): InformationRecord[] {
  const retired = records.filter(record => RETIRED_STATUSES.has(record.status))
  if (retired.length === 0) return []
  const live = records.filter(record => !RETIRED_STATUSES.has(record.status)).map(record => record.value).sort((a, b) => b.length - a.length)
  const blanked = texts.map(text => live.reduce((rest, value) => rest.split(value).join(' '), text))
  return retired.filter(record => blanked.some(text => tokenPattern(record.value).test(text)))
}
