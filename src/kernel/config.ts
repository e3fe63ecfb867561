/**
 * Configuration helpers over `@deepseek-ai/schemastery` schemas: the schema is
 * the single declaration of every key, its bounds, default and description.
 * Pure; schemastery is a data library, not a host service.
 */
import type Schema from '@deepseek-ai/schemastery'

/** One documented configuration key, derived from a schema. */
export interface ConfigKeyDoc {
  readonly path: string
  readonly type: string
  readonly defaultValue: unknown
  readonly description: string
  readonly bounds: string
}

function children(schema: Schema): Record<string, Schema> | undefined {
  return schema.type === 'object' && schema.dict !== undefined ? schema.dict : undefined
}

/**
 * Reject keys the schema does not declare (schemastery keeps them silently).
 * @param schema - the row's object schema.
 * @param value - the resolved configuration.
 * @param row - row id, named in the error.
 * @throws Error naming the row and the `$.path` of the first unknown key.
 */
export function assertKnownKeys(schema: Schema, value: unknown, row: string): void {
  const unknownPath = findUnknownKey(schema, value, '$')
  if (unknownPath !== undefined) {
    throw new Error(`dsh-governance: ${row} config ${unknownPath} is not a known key (known: ${Object.keys(children(schema) ?? {}).join(', ')})`)
  }
}

function findUnknownKey(schema: Schema, value: unknown, path: string): string | undefined {
  const dict = children(schema)
  if (dict === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  for (const [key, member] of Object.entries(value)) {
    const memberSchema = dict[key]
    if (memberSchema === undefined) return `${path}.${key}`
    const nested = findUnknownKey(memberSchema, member, `${path}.${key}`)
    if (nested !== undefined) return nested
  }
  return undefined
}

/**
 * Resolve a row's configuration: defaults, types and bounds by the schema,
 * unknown keys refused.
 * @param schema - the row's object schema.
 * @param raw - configuration as written in the patch.
 * @param row - row id, named in errors.
 * @returns the resolved configuration.
 * @throws Error naming the row and the key path.
 */
export function resolveConfig<T>(schema: Schema<T>, raw: T, row: string): T {
  let resolved: T
  try {
    resolved = schema(raw)
  } catch (error) {
    throw new Error(`dsh-governance: ${row} config ${error instanceof Error ? error.message : String(error)}`)
  }
  assertKnownKeys(schema, raw, row)
  return resolved
}

/**
 * Every leaf key of a schema with its default, bounds and description, for docs.
 * @param schema - the row's object schema.
 * @returns keys in declaration order.
 */
export function describeConfig(schema: Schema): readonly ConfigKeyDoc[] {
  const out: ConfigKeyDoc[] = []
  const walk = (node: Schema, prefix: string): void => {
    for (const [key, member] of Object.entries(children(node) ?? {})) {
      const path = prefix === '' ? key : `${prefix}.${key}`
      if (children(member) !== undefined) {
        walk(member, path)
        continue
      }
      out.push({
        path,
        type: describeType(member),
        defaultValue: member.meta.default,
        description: String(member.meta.description ?? ''),
        bounds: describeBounds(member),
      })
    }
  }
  walk(schema, '')
  return out
}

function describeType(node: Schema): string {
  if (node.type === 'union' && node.list !== undefined) return node.list.map(item => JSON.stringify(item.value)).join(' \\| ')
  if (node.type === 'number' && node.meta.step === 1) return 'integer'
  return node.type
}

function describeBounds(node: Schema): string {
  const parts: string[] = []
  if (node.meta.min !== undefined) parts.push(`>= ${node.meta.min}`)
  if (node.meta.max !== undefined) parts.push(`<= ${node.meta.max}`)
  return parts.join(', ')
}
