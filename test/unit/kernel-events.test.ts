import { describe, expect, it } from 'vitest'
import { GOVERNANCE_EVENT_TYPES, registerEventTypes } from '../../src/kernel/events.ts'

describe('the governance event vocabulary', () => {
  it('lists each type once, under the reliability/ and ieg/ prefixes', () => {
    expect(new Set(GOVERNANCE_EVENT_TYPES).size).toBe(GOVERNANCE_EVENT_TYPES.length)
    for (const type of GOVERNANCE_EVENT_TYPES) expect(type).toMatch(/^(reliability|ieg)\/[a-z-]+$/)
    expect(GOVERNANCE_EVENT_TYPES).toEqual(expect.arrayContaining([
      'reliability/contract', 'reliability/attempt', 'reliability/terminal', 'reliability/code-verification',
      'reliability/contract-draft', 'reliability/intent-review', 'reliability/contract-review',
    ]))
  })

  it('registers every type with a reader catalog, idempotently', () => {
    const catalog = new Set<string>(['turn/start'])
    expect(registerEventTypes(catalog, 'test')).toEqual([...GOVERNANCE_EVENT_TYPES])
    expect([...catalog]).toEqual(['turn/start', ...GOVERNANCE_EVENT_TYPES])
    expect(registerEventTypes(catalog, 'test')).toEqual([])
  })

  it('fails loudly when the catalog is missing, not a set, or refuses a type', () => {
    expect(() => registerEventTypes(undefined, 'X')).toThrow('session reader catalog X is missing')
    expect(() => registerEventTypes(['a'], 'X')).toThrow('session reader catalog X is not a Set')
    class RefusingSet extends Set<string> {
      override add(_value: string): this { return this }
    }
    expect(() => registerEventTypes(new RefusingSet(), 'X')).toThrow('refused event type "reliability/contract"')
  })
})
