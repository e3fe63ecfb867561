/**
 * Strict JSON through `lossless-json`: the parser for model-written JSON,
 * where speed matters less than reading every number from its source text.
 * Refuses what `parseStrictJson` refuses (duplicate keys, numbers a double
 * cannot hold, -0) by the same rules, so the two agree on every text. Pure.
 */
import { parse } from 'lossless-json'
import { findDuplicateKey, isExactNumberText, isJsonValue, type StrictParseResult } from './json.js'

class InexactNumber extends Error {}

/**
 * Parse JSON text strictly.
 * @param text - the JSON text.
 * @returns the value, or why it was refused.
 */
export function parseLosslessJson(text: string): StrictParseResult {
  let value: unknown
  try {
    value = parse(text, null, (source: string) => {
      if (!isExactNumberText(source)) throw new InexactNumber(`number ${source} cannot be represented exactly`)
      return Number(source)
    })
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
  const duplicate = findDuplicateKey(text)
  if (duplicate !== undefined) return { ok: false, reason: `duplicate key ${JSON.stringify(duplicate)} in one object` }
  if (!isJsonValue(value)) return { ok: false, reason: 'value is not lossless JSON (for example -0)' }
  return { ok: true, value }
}
