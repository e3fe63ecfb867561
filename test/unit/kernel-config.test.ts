import { describe, expect, it } from 'vitest'
import Schema from '@deepseek-ai/schemastery'
import { describeConfig, resolveConfig } from '../../src/kernel/config.ts'

const Example = Schema.object({
  enabled: Schema.boolean().default(true).description('on or off'),
  limit: Schema.natural().min(1).max(10).default(3).description('a bounded count'),
  nested: Schema.object({
    mode: Schema.union(['a', 'b']).default('a').description('a mode'),
  }),
})

describe('row configuration', () => {
  it('resolves defaults', () => {
    expect(resolveConfig(Example, {} as never, 'row')).toEqual({ enabled: true, limit: 3, nested: { mode: 'a' } })
  })

  it('names the row and the key path of an out-of-range, mistyped or unknown key', () => {
    expect(() => resolveConfig(Example, { limit: 50 } as never, 'row')).toThrow('dsh-governance: row config $.limit expected number <= 10 but got 50')
    expect(() => resolveConfig(Example, { nested: { mode: 'c' } } as never, 'row')).toThrow('$.nested.mode')
    expect(() => resolveConfig(Example, { limt: 5 } as never, 'row')).toThrow('dsh-governance: row config $.limt is not a known key')
    expect(() => resolveConfig(Example, { nested: { mood: 'a' } } as never, 'row')).toThrow('$.nested.mood is not a known key (known at $.nested: mode)')
  })

  it('checks array items, reserved keys and finite numbers at every depth', () => {
    const Listed = Schema.object({ tools: Schema.array(Schema.object({ name: Schema.string(), keys: Schema.array(Schema.string()).default([]) })).default([]), ratio: Schema.number().default(0.5) })
    expect(() => resolveConfig(Listed, { tools: [{ name: 'w', kees: ['x'] }] } as never, 'row')).toThrow('$.tools[0].kees is not a known key (known at $.tools[0]: name, keys)')
    expect(() => resolveConfig(Listed, JSON.parse('{"__proto__": {"x": 1}}') as never, 'row')).toThrow('$.__proto__ is a reserved name')
    expect(() => resolveConfig(Listed, { tools: [{ name: 'w', constructor: 1 }] } as never, 'row')).toThrow('$.tools[0].constructor is a reserved name')
    expect(() => resolveConfig(Listed, { toString: 1 } as never, 'row')).toThrow('$.toString is a reserved name')
    expect(() => resolveConfig(Listed, { ratio: Number.NaN } as never, 'row')).toThrow('$.ratio must be a finite number (got NaN)')
    expect(() => resolveConfig(Listed, { ratio: Number.POSITIVE_INFINITY } as never, 'row')).toThrow('$.ratio must be a finite number')
  })

  it('describes every leaf key for the docs table', () => {
    expect(describeConfig(Example)).toEqual([
      { path: 'enabled', type: 'boolean', defaultValue: true, description: 'on or off', bounds: '' },
      { path: 'limit', type: 'integer', defaultValue: 3, description: 'a bounded count', bounds: '>= 1, <= 10' },
      { path: 'nested.mode', type: '"a" \\| "b"', defaultValue: 'a', description: 'a mode', bounds: '' },
    ])
    const Listed = Schema.object({ items: Schema.array(Schema.object({ id: Schema.string().required().description('its id'), size: Schema.natural().max(9).default(1).description('its size') })).default([]).description('the items') })
    expect(describeConfig(Listed)).toEqual([
      { path: 'items', type: 'array', defaultValue: [], description: 'the items', bounds: '' },
      { path: 'items[].id', type: 'string', defaultValue: undefined, description: 'its id', bounds: '' },
      { path: 'items[].size', type: 'integer', defaultValue: 1, description: 'its size', bounds: '>= 0, <= 9' },
    ])
  })
})
