/**
 * How a write effect is described in refusals and diagnostics: the target,
 * then a note for each scope other than the entry itself.
 */
import { describe, expect, it } from 'vitest'
import { describeEffect, type TargetScope } from '../../src/ieg/shell/effects.ts'
import { lit } from '../../src/ieg/shell/pattern.ts'

const described = (scope: TargetScope): string => describeEffect({ kind: 'write', via: 'cp', target: { path: lit('/ws/out'), scope } })

describe('write descriptions', () => {
  it('an entry write names only the path', () => {
    expect(described('entry')).toBe('cp writes /ws/out')
  })

  it('a write of new entries beneath a directory says so', () => {
    expect(described('beneath')).toBe('cp writes /ws/out (new entries beneath it)')
  })

  it('a write of a link copied as a link says so', () => {
    expect(described('link')).toBe('cp writes /ws/out (a link copied as a link)')
  })

  it('a write of a whole tree says so', () => {
    expect(described('subtree')).toBe('cp writes /ws/out (and everything beneath it)')
  })
})
