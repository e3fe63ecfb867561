/**
 * Lossless JSON values: the only data the session log, receipts and model-facing
 * results accept. Pure; no host imports.
 */

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
      if (Array.isArray(value)) {
        // Indexed, not `every`, which skips the holes of a sparse array.
        for (let i = 0; i < value.length; i += 1) if (!isJsonValue(value[i])) return false
        return true
      }
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
  return serialize(value, [])
}

// Loops with string appends (map/join measured about a third slower), and the
// path kept as a stack of segments that becomes text only in an error: receipts
// serialize every record a fold verifies.
function serialize(value: unknown, path: Array<string | number>): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) throw new TypeError(`${pathText(path)}: ${String(value)} is not a lossless JSON number`)
      return JSON.stringify(value)
    case 'object': {
      if (Array.isArray(value)) {
        let out = '['
        for (let i = 0; i < value.length; i += 1) {
          path.push(i)
          out += `${i === 0 ? '' : ','}${serialize(value[i], path)}`
          path.pop()
        }
        return `${out}]`
      }
      const proto: unknown = Object.getPrototypeOf(value)
      if (proto !== Object.prototype && proto !== null) throw new TypeError(`${pathText(path)}: only plain objects are JSON`)
      const keys = Object.keys(value).sort()
      let out = '{'
      for (let i = 0; i < keys.length; i += 1) {
        const key = keys[i] as string
        path.push(key)
        out += `${i === 0 ? '' : ','}${quotedKey(key)}:${serialize((value as Record<string, unknown>)[key], path)}`
        path.pop()
      }
      return `${out}}`
    }
    default:
      throw new TypeError(`${pathText(path)}: ${typeof value} is not JSON`)
  }
}

const QUOTED_KEYS = new Map<string, string>()

/** A key as JSON text; records repeat a few keys, so their quoted forms are kept (up to a bound). */
function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key)
  if (quoted === undefined) {
    quoted = JSON.stringify(key)
    if (QUOTED_KEYS.size < 1024) QUOTED_KEYS.set(key, quoted)
  }
  return quoted
}

/** `$`, then `.key` or `[index]` per segment. */
function pathText(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((text, segment) => typeof segment === 'number' ? `${text}[${segment}]` : `${text}.${segment}`, '$')
}

/** Outcome of a strict parse: a value, or the reason the text is ambiguous or invalid. */
export type StrictParseResult =
  | { readonly ok: true, readonly value: JsonValue }
  | { readonly ok: false, readonly reason: string }

const QUOTE = 34
const BACKSLASH = 92

/** The closing quote of the string starting at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let end = start + 1
  for (;;) {
    end = text.indexOf('"', end)
    if (end < 0) return -1
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1
    if (backslashes % 2 === 0) return end
    end += 1
  }
}

/**
 * The first object key that repeats within one object of syntactically valid
 * JSON text (keys compare after unescaping).
 * @param text - JSON text that `JSON.parse` accepted.
 * @returns the repeated key, or undefined.
 */
export function findDuplicateKey(text: string): string | undefined {
  const objects: Array<Set<string> | null> = []
  let expectKey = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      if (end < 0) return undefined
      const keys = objects.at(-1)
      if (expectKey && keys !== undefined && keys !== null) {
        const key = JSON.parse(text.slice(i, end + 1)) as string
        if (keys.has(key)) return key
        keys.add(key)
        expectKey = false
      }
      i = end
    } else if (c === 123) {
      objects.push(new Set())
      expectKey = true
    } else if (c === 91) {
      objects.push(null)
    } else if (c === 125 || c === 93) {
      objects.pop()
      expectKey = false
    } else if (c === 44) {
      expectKey = objects.at(-1) instanceof Set
    }
  }
  return undefined
}

/** The significant digits of number text, without sign, exponent, point and outer zeros. */
function significantDigits(source: string): string {
  return source.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '')
}

/**
 * Whether JSON number text reads as one double without loss of meaning: it
 * is finite, does not underflow to zero, and has at most 15 significant
 * digits or exactly the digits of the double's shortest form. Both strict
 * parsers use this rule.
 * @param source - the number's source text.
 */
export function isExactNumberText(source: string): boolean {
  const value = Number(source)
  if (!Number.isFinite(value)) return false
  const digits = significantDigits(source)
  if (value === 0) return digits === ''
  return digits.length <= 15 || significantDigits(String(value)) === digits
}

/**
 * Parse JSON text, refusing duplicate object keys and numbers that a double
 * cannot hold exactly (such text has more than one plausible meaning).
 * Uses the native parser with source-text access, so large files stay fast.
 * @param text - the JSON text.
 * @returns the parsed value, or the reason it was refused.
 */
export function parseStrictJson(text: string): StrictParseResult {
  let inexact: string | undefined
  let value: unknown
  try {
    value = (JSON.parse as (text: string, reviver: (key: string, value: unknown, context: { source?: string }) => unknown) => unknown)(text, (_key, member, context) => {
      if (typeof member === 'number' && inexact === undefined && context.source !== undefined && !isExactNumberText(context.source)) inexact = context.source
      return member
    })
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
  if (inexact !== undefined) return { ok: false, reason: `number ${inexact} cannot be represented exactly` }
  const duplicate = findDuplicateKey(text)
  if (duplicate !== undefined) return { ok: false, reason: `duplicate key ${JSON.stringify(duplicate)} in one object` }
  if (!isJsonValue(value)) return { ok: false, reason: 'value is not lossless JSON (for example -0)' }
  return { ok: true, value }
}
