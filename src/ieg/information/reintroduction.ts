/**
 * Reintroduction: a write whose text brings back a value the ledger retired
 * (INVALID, SUPERSEDED). Pure. A value matches only as a whole token (not
 * inside a longer word or number). Before a retired value is searched, the
 * values of records still in use that contain it (a longer corrected value)
 * are blanked, so writing the correction is not flagged; a shorter value in
 * use never hides the retired one.
 */
import type { InformationRecord } from './ledger.js'
import { RETIRED_STATUSES } from './vocabulary.js'

const WORD = /[\p{L}\p{N}_]/u

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The value as a whole token: no letter, digit or underscore glued on either side where the value itself starts or ends with one. */
export function tokenPattern(value: string): RegExp {
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
  const live = records.filter(record => !RETIRED_STATUSES.has(record.status)).map(record => record.value)
  return retired.filter((record) => {
    const covering = live.filter(value => value.includes(record.value)).sort((a, b) => b.length - a.length)
    const pattern = tokenPattern(record.value)
    return texts.some(text => pattern.test(covering.reduce((rest, value) => rest.split(value).join(' '), text)))
  })
}
