/**
 * Configuration helpers over `@deepseek-ai/schemastery` schemas: the schema is
 * the single declaration of every key, its bounds, default and description.
 * Pure; schemastery is a data library, not a host service.
 */
import type Schema from '@deepseek-ai/schemastery'
import SchemaFactory from '@deepseek-ai/schemastery'

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

function items(schema: Schema): Schema | undefined {
  return schema.type === 'array' && schema.inner !== undefined ? schema.inner : undefined
}

/** Names an object inherits; as configuration keys they would reach prototype members. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype', ...Object.getOwnPropertyNames(Object.prototype)])

/**
 * The first problem schemastery does not report: a key the schema does not
 * declare (at any depth, array items included), a reserved key, or a number
 * that is not finite.
 * @param schema - the row's object schema.
 * @param value - configuration as written.
 * @param path - the key path of `value` (`$` at the root).
 * @returns a message naming the full key path, or undefined.
 */
export function findConfigProblem(schema: Schema, value: unknown, path = '$'): string | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return `${path} must be a finite number (got ${String(value)})`
  const element = items(schema)
  if (element !== undefined && Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      if (item === null || item === undefined) return `${path}[${index}] must not be empty`
      const problem = findConfigProblem(element, item, `${path}[${index}]`)
      if (problem !== undefined) return problem
    }
    return undefined
  }
  const dict = children(schema)
  if (dict === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  for (const key of Object.keys(value)) {
    if (RESERVED_KEYS.has(key)) return `${path}.${key} is a reserved name, not a configuration key`
    if (!Object.hasOwn(dict, key)) return `${path}.${key} is not a known key (known at ${path}: ${Object.keys(dict).join(', ')})`
    const problem = findConfigProblem(dict[key] as Schema, (value as Record<string, unknown>)[key], `${path}.${key}`)
    if (problem !== undefined) return problem
  }
  return undefined
}

/**
 * Resolve a row's configuration: unknown and reserved keys and non-finite
 * numbers refused at any depth, then defaults, types and bounds by the schema.
 * @param schema - the row's object schema.
 * @param raw - configuration as written in the patch.
 * @param row - row id, named in errors.
 * @returns the resolved configuration.
 * @throws Error naming the row and the key path.
 */
export function resolveConfig<T>(schema: Schema<T>, raw: T, row: string): T {
  const problem = findConfigProblem(schema, raw)
  if (problem !== undefined) throw new Error(`dsh-governance: ${row} config ${problem}`)
  try {
    return schema(raw)
  } catch (error) {
    throw new Error(`dsh-governance: ${row} config ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * The `Config` a row exports: the value as written, passed through. The host
 * resolves a row's `Config` before `apply` and that resolution drops reserved
 * keys (`__proto__`, `constructor`) without a word, so each row resolves its
 * own strict schema with {@link resolveConfig} inside `apply`, where it sees
 * exactly what the operator wrote.
 * @param schema - the row's strict schema (named for the type only).
 */
export function writtenConfig<T>(schema: Schema<T>): Schema<T> {
  void schema
  return SchemaFactory.any() as unknown as Schema<T>
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
      if (member.type === 'array' && member.inner !== undefined && children(member.inner) !== undefined) walk(member.inner, `${path}[]`)
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
