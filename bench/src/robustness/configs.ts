/**
 * Malformed configurations, generated from each row's schema: every leaf
 * given wrong types, non-finite, fractional and out-of-range numbers and
 * values outside its enum; unknown and reserved keys at every object level
 * and inside array items; bad paths and tool entries. Each is loaded into the
 * real host: the governor must fail its load, the `ieg` row must mount inert
 * reporting the error with its key path. A configuration that loads as if
 * it were fine was accepted silently.
 */
import type Schema from '@deepseek-ai/schemastery'
import { CallId } from '@deepseek-ai/dsh-llm'
import { createAgent, mountHost, type PluginModule } from '../../../test/support/host.ts'

/** Figures of one row. */
export interface ConfigFigures {
  readonly row: string
  readonly malformed: number
  readonly acceptedSilently: string[]
  readonly withoutKeyPath: string[]
}

/** How one row's load is judged. */
export interface RowUnderTest {
  readonly name: string
  readonly plugin: PluginModule
  readonly schema: Schema
  /** Extra malformed configurations the schema cannot derive (paths, tool entries). */
  readonly extra: ReadonlyArray<Record<string, unknown>>
  /** Whether the row's load refused the configuration, and the message it gave. */
  judge(outcome: { loadError: string | null, status: Record<string, unknown> | null }): { refused: boolean, message: string }
}

function setAt(path: readonly string[], value: unknown): Record<string, unknown> {
  let node: unknown = value
  for (const key of [...path].reverse()) node = key.startsWith('[') ? [node] : { [key]: node }
  return node as Record<string, unknown>
}

function wrongValues(schema: Schema): unknown[] {
  const values: unknown[] = [{ nested: true }, ['list']]
  switch (schema.type) {
    case 'number': {
      values.push('5', true, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)
      const meta = schema.meta as { min?: number, max?: number, step?: number }
      if (meta.min !== undefined) values.push(meta.min - 1)
      if (meta.max !== undefined) values.push(meta.max + 1)
      if (meta.step === 1) values.push(1.5)
      values.push(-1e308, 1e308)
      return values
    }
    case 'string': return [...values, 5, false]
    case 'boolean': return [...values, 'true', 0]
    case 'union': return [...values, 'not-an-option', 7]
    case 'array': return [...values.filter(value => !Array.isArray(value)), 'item', [{ bad: 1 }], [Number.NaN], [null]]
    default: return values
  }
}

/**
 * Configurations derived from a schema.
 * @param schema - the row's object schema.
 */
export function malformedFrom(schema: Schema): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = []
  const walk = (node: Schema, path: string[]): void => {
    if (node.type === 'object' && node.dict !== undefined) {
      for (const key of ['unknownKey', 'Enabled', '__proto__', 'constructor', 'toString']) out.push(setAt(path, JSON.parse(`{${JSON.stringify(key)}: 1}`)))
      if (path.length > 0) for (const value of ['text', 3, true, ['list']]) out.push(setAt(path, value))
      for (const [key, child] of Object.entries(node.dict)) walk(child, [...path, key])
      return
    }
    for (const value of wrongValues(node)) out.push(setAt(path, value))
    if (node.type === 'array' && node.inner?.type === 'object' && node.inner.dict !== undefined) {
      const first = Object.keys(node.inner.dict)[0] ?? 'name'
      out.push(setAt(path, [{ [first]: 'x', unknownKey: 1 }]), setAt(path, [{ [first.toLowerCase() + 'x']: 'x' }]))
    }
  }
  walk(schema, [])
  return out
}

function textOf(content: ReadonlyArray<{ type: string, text?: string }>): string {
  return content.map(block => (block.type === 'text' ? block.text ?? '' : '')).join('')
}

/**
 * Load every malformed configuration of a row.
 * @param row - the row and how to judge its load.
 */
export async function malformedConfigs(row: RowUnderTest): Promise<ConfigFigures> {
  const configs = [...malformedFrom(row.schema), ...row.extra]
  const acceptedSilently: string[] = []
  const withoutKeyPath: string[] = []
  for (const [index, config] of configs.entries()) {
    const host = await mountHost({ fs: true })
    let loadError: string | null = null
    let status: Record<string, unknown> | null = null
    try {
      await (host.ctx.plugin(row.plugin as never, config as never) as unknown as Promise<unknown>)
      if (host.ctx.tools.get('ieg_status') !== undefined) {
        const agent = createAgent(host.ctx, `config-${index}`, '/tmp')
        const result = await host.ctx.tools.execute({ name: 'ieg_status', arguments: {}, agent, callId: CallId(`s${index}`), signal: new AbortController().signal })
        status = JSON.parse(textOf(result.content)) as Record<string, unknown>
      }
    } catch (error) {
      loadError = error instanceof Error ? error.message : String(error)
    } finally {
      await host.dispose()
    }
    const verdict = row.judge({ loadError, status })
    const shown = JSON.stringify(config, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value))
    if (!verdict.refused) acceptedSilently.push(shown)
    else if (!verdict.message.includes('$')) withoutKeyPath.push(`${shown}: ${verdict.message}`)
  }
  return { row: row.name, malformed: configs.length, acceptedSilently, withoutKeyPath }
}
