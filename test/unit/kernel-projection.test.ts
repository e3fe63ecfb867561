import { describe, expect, it } from 'vitest'
import { dualProjectionUnit, readProjectionState, type FoldSpec } from '../../src/kernel/projection.ts'

interface Count { n: number }
const counter: FoldSpec<Count, 'count'> = {
  key: 'count',
  stateVersion: 1,
  init: () => ({ n: 0 }),
  apply: (state, event) => (event.type === 'x/tick' ? { n: state.n + 1 } : state),
  isState: (value): value is Count => typeof value === 'object' && value !== null && typeof (value as Count).n === 'number',
}

describe('one projection unit for both host definition shapes', () => {
  const unit = dualProjectionUnit(counter)

  it('carries the rc.8 fields (schema, view) and the 0.1.1-rc.2 fields (stateSchema, wire)', () => {
    expect(unit.key).toBe('count')
    expect(unit.stateVersion).toBe(1)
    expect(unit.schema.parse({ n: 2 })).toEqual({ n: 2 })
    expect(unit.stateSchema.parse({ n: 2 })).toEqual({ n: 2 })
    expect(unit.wire.viewSchema.parse({ n: 2 })).toEqual({ n: 2 })
    expect(() => unit.stateSchema.parse({ n: 'two' })).toThrow(/invalid count projection state/)
    const state = unit.init()
    expect(unit.apply(state, { type: 'other', seq: 0, data: null })).toBe(state)
    expect(unit.view(unit.apply(state, { type: 'x/tick', seq: 1, data: null }))).toEqual({ n: 1 })
    expect(unit.wire.view({ n: 5 })).toEqual({ n: 5 })
  })

  it('reads through stateOf when the registry has it, else through the snapshot', () => {
    const session = {}
    const withStateOf = { stateOf: (_s: object, key: string) => (key === 'count' ? { n: 7 } : undefined), snapshot: () => ({ values: {} }) }
    expect(readProjectionState(withStateOf, session, counter)).toEqual({ n: 7 })
    const snapshotOnly = { snapshot: () => ({ values: { count: { n: 3 } } }) }
    expect(readProjectionState(snapshotOnly, session, counter)).toEqual({ n: 3 })
  })

  it('serves a state again while the session log has not grown, and reads afresh once it has', () => {
    const session = { seq: 4 }
    let reads = 0
    const registry = { snapshot: () => ({ values: { count: { n: (reads += 1) } } }) }
    expect(readProjectionState(registry, session, counter)).toEqual({ n: 1 })
    expect(readProjectionState(registry, session, counter)).toEqual({ n: 1 })
    session.seq = 5
    expect(readProjectionState(registry, session, counter)).toEqual({ n: 2 })
    expect(readProjectionState(registry, { seq: 5 }, counter)).toEqual({ n: 3 })
    expect(reads).toBe(3)
  })

  it('fails loudly when the unit is missing or its state is invalid', () => {
    expect(() => readProjectionState({ snapshot: () => ({ values: {} }) }, {}, counter)).toThrow('projection "count" is not registered')
    expect(() => readProjectionState({ snapshot: () => ({ values: { count: { n: 'x' } } }) }, {}, counter)).toThrow('projection "count" holds an invalid state')
  })
})
