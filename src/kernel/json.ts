/**
 * Lossless JSON values: the only data the session log, receipts and model-facing
 * results accept. Pure; no host imports.
 */
import { isSafeNumber, parse as parseLossless } from 'lossless-json'

/** A JSON value that round-trips exactly through the session log. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject

/** A JSON object with JSON values. */
export interface JsonObject {
  [key: string]: JsonValue
}

/**
 * Whether `value` is plain lossless JSON: finite numbers other than -0, plain
 * objects and arrays only, no `undefined` anywhere.
 * @param value - any value.
 * @returns true when the value is a {@link JsonValue}.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
    case 'object': {
      if (value === null) return true
      if (Array.isArray(value)) return value.every(isJsonValue)
      const proto: unknown = Object.getPrototypeOf(value)
      if (proto !== Object.prototype && proto !== null) return false
      return Object.values(value).every(isJsonValue)
    }
    default:
      return false
  }
}

/**
 * Canonical JSON text: object keys sorted by code unit, no whitespace.
 * @param value - the value to serialize.
 * @returns the canonical text.
 * @throws TypeError naming the path when the value is not lossless JSON.
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, '$')
}

function serialize(value: unknown, path: string): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) throw new TypeError(`${path}: ${String(value)} is not a lossless JSON number`)
    return JSON.stringify(value)
  }
  if (typeof value === 'object') {
    if (Array.isArray(value)) return `[${value.map((item, i) => serialize(item, `${path}[${i}]`)).join(',')}]`
    const proto: unknown = Object.getPrototypeOf(value)
    if (proto !== Object.prototype && proto !== null) throw new TypeError(`${path}: only plain objects are JSON`)
    const entries = Object.keys(value).sort().map((key) => {
      const member = (value as Record<string, unknown>)[key]
      return `${JSON.stringify(key)}:${serialize(member, `${path}.${key}`)}`
    })
    return `{${entries.join(',')}}`
  }
  throw new TypeError(`${path}: ${typeof value} is not JSON`)
}

/** Outcome of a strict parse: a value, or the reason the text is ambiguous or invalid. */
export type StrictParseResult =
  | { readonly ok: true, readonly value: JsonValue }
  | { readonly ok: false, readonly reason: string }

/**
 * Parse JSON text, refusing duplicate object keys and numbers that a double
 * cannot hold exactly (such text has more than one plausible meaning).
 * @param text - the JSON text.
 * @returns the parsed value, or the reason it was refused.
 */
export function parseStrictJson(text: string): StrictParseResult {
  let unsafe: string | undefined
  let raw: unknown
  try {
    raw = parseLossless(text, null, (digits: string) => {
      if (!isSafeNumber(digits) && unsafe === undefined) unsafe = digits
      return Number(digits)
    })
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
  if (unsafe !== undefined) return { ok: false, reason: `number ${unsafe} cannot be represented exactly` }
  if (!isJsonValue(raw)) return { ok: false, reason: 'value is not lossless JSON (for example -0)' }
  return { ok: true, value: raw }
}

