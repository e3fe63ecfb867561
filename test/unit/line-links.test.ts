/**
 * Links a command line makes before a later write in it, and where a
 * directory would hold a protected entry of several segments.
 */
import { describe, expect, it } from 'vitest'
import { throughEarlierLinks, type LineWrite } from '../../src/ieg/workspace/line-links.ts'
import { entryBelow } from '../../src/ieg/workspace/protected.ts'

const write = (via: string, path: string, linkNow = false): LineWrite => ({ via, path, linkNow })

describe('writes through a link made earlier on the line', () => {
  it('finds a path running through a link ln made, also through .. and cd', () => {
    expect(throughEarlierLinks([write('ln (link to)', '/ws/deep/a/b'), write('ln', '/ws/x'), write('redirection >', '/ws/x/../../../.git/config')])).toEqual([null, null, '/ws/x'])
    expect(throughEarlierLinks([write('ln', '/ws/./x'), write('redirection >', '/ws/d/../x/h/f')])).toEqual([null, '/ws/x'])
  })

  it('ignores link targets, the link itself, and writes before the link', () => {
    expect(throughEarlierLinks([write('ln (link to)', '/ws/d'), write('touch', '/ws/d/f')])).toEqual([null, null])
    expect(throughEarlierLinks([write('touch', '/ws/x/f'), write('ln', '/ws/x'), write('ln', '/ws/x')])).toEqual([null, null, null])
  })

  it('follows a link that mv or cp carries to a new place', () => {
    const moved = [write('ln', '/ws/a/h'), write('mv', '/ws/a/h'), write('mv', '/ws/b/h'), write('redirection >', '/ws/b/h/post-commit')]
    expect(throughEarlierLinks(moved)).toEqual([null, null, null, '/ws/b/h'])
    const copied = [write('cp (copies a link)', '/ws/a/h', true), write('cp', '/ws/b/h'), write('redirection >', '/ws/b/h/x')]
    expect(throughEarlierLinks(copied)).toEqual([null, null, '/ws/b/h'])
  })

  it('counts what cp -s makes as links', () => {
    expect(throughEarlierLinks([write('cp (link to)', '/ws/deep/a/b'), write('cp', '/ws/x'), write('redirection >', '/ws/x/../../../.git/config')])).toEqual([null, null, '/ws/x'])
  })

  it('does not count a copy of plain files as a link', () => {
    expect(throughEarlierLinks([write('cp', '/ws/src'), write('cp', '/ws/dst'), write('redirection >', '/ws/dst/f')])).toEqual([null, null, null])
  })
})

describe('where a directory holds a protected entry', () => {
  const entry = { raw: 'config/secrets.json', segments: ['config', 'secrets.json'] }
  it('is the whole entry below it, and the rest below a directory that begins it', () => {
    expect(entryBelow([], entry, true)).toEqual([['config', 'secrets.json']])
    expect(entryBelow(['config'], entry, true)).toEqual([['config', 'secrets.json'], ['secrets.json']])
    expect(entryBelow(['a', 'Config'], entry, false)).toEqual([['config', 'secrets.json'], ['secrets.json']])
    expect(entryBelow(['a', 'Config'], entry, true)).toEqual([['config', 'secrets.json']])
  })
})
