/**
 * Bounds on model-supplied JSON values, checked iteratively (no recursion, so
 * any depth is measured without exhausting the stack) before anything walks
 * the value recursively or appends it to the session log. Pure.
 */

/** Limits of one JSON-valued argument. */
export interface JsonBounds {
  /** Deepest nesting of arrays and objects (a scalar has depth 0). */
  readonly maxDepth: number
  /** Longest serialized form, in UTF-8 bytes. */
  readonly maxBytes: number
  /** Longest string or object key, in characters. */
  readonly maxStringChars: number
  /** Most members of one object or items of one array. */
  readonly maxKeys: number
}

/** The bound a value breaks (`type` when it is not plain JSON at all) and why. */
export interface JsonBoundsViolation {
  readonly bound: keyof JsonBounds | 'type'
  readonly reason: string
}

/**
 * The first bound a value breaks, or null when it keeps every bound and is
 * plain JSON (finite numbers other than -0, plain objects, arrays, strings,
 * booleans, null).
 * @param value - any value.
 * @param bounds - the limits.
 * @returns the violation (for example `nests deeper than 32 levels`), or null.
 */
export function jsonBoundsViolation(value: unknown, bounds: JsonBounds): JsonBoundsViolation | null {
  return firstViolation(value, bounds)
}

function firstViolation(value: unknown, bounds: JsonBounds): JsonBoundsViolation | null {
  const stack: Array<{ value: unknown, depth: number }> = [{ value, depth: 0 }]
  let bytes = 0
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown, depth: number }
    switch (typeof current) {
      case 'string':
        if (current.length > bounds.maxStringChars) return { bound: 'maxStringChars', reason: `holds a string of ${current.length} characters, over ${bounds.maxStringChars}` }
        bytes += Buffer.byteLength(current, 'utf8') + 2
        break
      case 'number':
        if (!Number.isFinite(current) || Object.is(current, -0)) return { bound: 'type', reason: `holds ${String(current)}, which is not a lossless JSON number` }
        bytes += String(current).length
        break
      case 'boolean':
        bytes += 5
        break
      case 'object': {
        if (current === null) {
          bytes += 4
          break
        }
        if (depth + 1 > bounds.maxDepth) return { bound: 'maxDepth', reason: `nests deeper than ${bounds.maxDepth} levels` }
        if (Array.isArray(current)) {
          if (current.length > bounds.maxKeys) return { bound: 'maxKeys', reason: `holds an array of ${current.length} items, over ${bounds.maxKeys}` }
          bytes += 2 + current.length
          for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], depth: depth + 1 })
          break
        }
        const proto: unknown = Object.getPrototypeOf(current)
        if (proto !== Object.prototype && proto !== null) return { bound: 'type', reason: 'holds a value that is not a plain object' }
        const keys = Object.keys(current)
        if (keys.length > bounds.maxKeys) return { bound: 'maxKeys', reason: `holds an object of ${keys.length} members, over ${bounds.maxKeys}` }
        bytes += 2 + keys.length
        for (const key of keys) {
          if (key.length > bounds.maxStringChars) return { bound: 'maxStringChars', reason: `holds a key of ${key.length} characters, over ${bounds.maxStringChars}` }
          bytes += Buffer.byteLength(key, 'utf8') + 3
          stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1 })
        }
        break
      }
      default:
        return { bound: 'type', reason: `holds a ${typeof current}, which is not JSON` }
    }
    if (bytes > bounds.maxBytes) return { bound: 'maxBytes', reason: `is larger than ${bounds.maxBytes} bytes` }
  }
  return null
}
