/** RFC 6901 JSON Pointer resolution over parsed JSON. Pure. */
import type { JsonValue } from '../../kernel/json.js'

/**
 * Whether a string is a syntactically valid JSON Pointer.
 * @param pointer - candidate pointer.
 * @returns true for "" or "/"-prefixed tokens with only ~0 and ~1 escapes.
 */
export function isJsonPointer(pointer: string): boolean {
  return pointer === '' || (pointer.startsWith('/') && !/~(?![01])/.test(pointer))
}

/**
 * Resolve a pointer.
 * @param document - the parsed document.
 * @param pointer - a valid pointer.
 * @returns the value, or the reason it does not exist.
 */
export function resolvePointer(document: JsonValue, pointer: string): { found: true, value: JsonValue } | { found: false, reason: string } {
  if (pointer === '') return { found: true, value: document }
  let current: JsonValue = document
  const tokens = pointer.slice(1).split('/').map(token => token.replaceAll('~1', '/').replaceAll('~0', '~'))
  for (const [depth, token] of tokens.entries()) {
    const at = `/${tokens.slice(0, depth + 1).join('/')}`
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= current.length) return { found: false, reason: `no array element at ${at}` }
      current = current[Number(token)] as JsonValue
    } else if (typeof current === 'object' && current !== null) {
      if (!Object.hasOwn(current, token)) return { found: false, reason: `no member at ${at}` }
      current = current[token] as JsonValue
    } else {
      return { found: false, reason: `${at} descends into a ${current === null ? 'null' : typeof current}` }
    }
  }
  return { found: true, value: current }
}
