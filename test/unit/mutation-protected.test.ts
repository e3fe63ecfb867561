/**
 * Protected paths: validation of the configured entries, matching on
 * workspace-relative paths, mentions in text, the static reach of path
 * patterns, and the workspace-relative form of a canonical path.
 */
import { describe, expect, it } from 'vitest'
import { concat, lit, type Pattern } from '../../src/ieg/shell/pattern.ts'
import { mentionedEntry, parseProtectedPath, patternCouldReach, protectedEntryOf, workspaceRelative, type ProtectedEntry, type ProtectionRules } from '../../src/ieg/workspace/protected.ts'

function rulesOf(caseSensitive: boolean, ...raws: string[]): ProtectionRules {
  return { entries: raws.map(raw => parseProtectedPath(raw) as ProtectedEntry), caseSensitive }
}

/** A path pattern written with `*` for a glob star; everything else is literal. */
function glob(text: string): Pattern {
  return concat(...text.split(/(\*)/).map(part => (part === '*' ? [{ t: 'star' as const }] : lit(part))))
}

const git = rulesOf(false, '.git')
const keys = rulesOf(false, 'secrets/keys')

describe('configured protected paths', () => {
  it('refuse empty and blank entries', () => {
    expect(parseProtectedPath('')).toBe('must not be empty')
    expect(parseProtectedPath('   ')).toBe('must not be empty')
    for (const padded of [' .git', '.git ', '\t.git']) expect(parseProtectedPath(padded)).toBe('must not start or end with whitespace (it would match no real path)')
  })

  it('refuse absolute, home-relative and drive-letter paths', () => {
    const relative = 'must be relative (it is matched inside the workspace at any depth)'
    expect(parseProtectedPath('/etc/passwd')).toBe(relative)
    expect(parseProtectedPath('~/secrets')).toBe(relative)
    expect(parseProtectedPath('C:/Windows')).toBe(relative)
  })

  it('accept a tilde or a colon later in the path', () => {
    expect(parseProtectedPath('backup~')).toEqual({ raw: 'backup~', segments: ['backup~'] })
    expect(parseProtectedPath('logs/app:1')).toEqual({ raw: 'logs/app:1', segments: ['logs', 'app:1'] })
  })

  it('refuse backslashes and NUL', () => {
    const separator = 'must use / as the separator and hold no NUL'
    expect(parseProtectedPath('secrets\\keys')).toBe(separator)
    expect(parseProtectedPath('secrets\0keys')).toBe(separator)
  })

  it('refuse a .. segment and the workspace itself', () => {
    expect(parseProtectedPath('a/../b')).toBe('must not contain a .. segment')
    expect(parseProtectedPath('./')).toBe('must name an entry inside the workspace, not the workspace itself')
  })
})

describe('protected entry of a workspace-relative path', () => {
  it('matches the exact spelling under case-sensitive rules', () => {
    expect(protectedEntryOf('sub/.git/config', rulesOf(true, '.git'))?.raw).toBe('.git')
  })

  it('matches a multi-segment entry only as consecutive segments in order', () => {
    expect(protectedEntryOf('app/secrets/keys/id', keys)?.raw).toBe('secrets/keys')
    expect(protectedEntryOf('app/secrets', keys)).toBeUndefined()
    expect(protectedEntryOf('keys/secrets/id', keys)).toBeUndefined()
  })

  it('ignores empty and . segments between the parts of an entry', () => {
    expect(protectedEntryOf('secrets//keys/id', keys)?.raw).toBe('secrets/keys')
    expect(protectedEntryOf('secrets/./keys/id', keys)?.raw).toBe('secrets/keys')
  })
})

describe('mentions in text', () => {
  it('find a multi-segment entry written with its separator', () => {
    expect(mentionedEntry('cat secrets/keys/id', keys)?.raw).toBe('secrets/keys')
    expect(mentionedEntry('cat secretskeys', keys)).toBeUndefined()
  })

  it('ignore case unless the rules are case-sensitive', () => {
    expect(mentionedEntry('cat .GIT/config', git)?.raw).toBe('.git')
    expect(mentionedEntry('cat .GIT/config', rulesOf(true, '.git'))).toBeUndefined()
    expect(mentionedEntry('cat .git/config', rulesOf(true, '.git'))?.raw).toBe('.git')
  })
})

describe('static reach of a path pattern', () => {
  it('reads a glob segment case-insensitively unless the rules are case-sensitive', () => {
    expect(patternCouldReach(glob('/ws/.G*/config'), '/ws', git, false)?.raw).toBe('.git')
    expect(patternCouldReach(glob('/ws/.G*/config'), '/ws', rulesOf(true, '.git'), false)).toBeUndefined()
  })

  it('lets loose globs ignore case, but not literal names', () => {
    const exact = rulesOf(true, '.git')
    expect(patternCouldReach(glob('/ws/.G*/config'), '/ws', exact, true)?.raw).toBe('.git')
    expect(patternCouldReach(glob('/ws/.GIT/config'), '/ws', exact, true)).toBeUndefined()
  })

  it('needs every part of a multi-segment entry, in order', () => {
    expect(patternCouldReach(glob('/ws/secrets/*'), '/ws', keys, false)?.raw).toBe('secrets/keys')
    expect(patternCouldReach(glob('/ws/secrets/other'), '/ws', keys, false)).toBeUndefined()
    expect(patternCouldReach(glob('/ws/*/secrets'), '/ws', keys, false)).toBeUndefined()
    expect(patternCouldReach(glob('/ws/keys/secrets'), '/ws', keys, false)).toBeUndefined()
  })

  it('resolves . and .. in the literal part before matching', () => {
    expect(patternCouldReach(glob('/ws/docs/../notes.md'), '/ws', git, false)).toBeUndefined()
    expect(patternCouldReach(glob('/ws/.git/../README.md'), '/ws', git, false)).toBeUndefined()
    expect(patternCouldReach(glob('/ws/secrets/./keys/*'), '/ws', keys, false)?.raw).toBe('secrets/keys')
  })

  it('could reach anything once a .. follows a glob', () => {
    expect(patternCouldReach(glob('/tmp/*/../../ws/.git/config'), '/ws', git, false)?.raw).toBe('.git')
  })

  it('never reaches from outside the workspace', () => {
    expect(patternCouldReach(glob('/tmp/.git/config'), '/ws', git, false)).toBeUndefined()
    expect(patternCouldReach(glob('/home/other/proj/.git/config'), '/home/u/ws', git, false)).toBeUndefined()
  })

  it('matches only what lies below the root, not the root\'s own directories', () => {
    expect(patternCouldReach(glob('/srv/secrets/keys/notes.md'), '/srv/secrets/keys', keys, false)).toBeUndefined()
    expect(patternCouldReach(glob('/home/*/ws/notes.md'), '/home/u/ws', git, true)).toBeUndefined()
  })

  it('aligns a glob above the root with the root\'s directories, case-sensitively', () => {
    expect(patternCouldReach(glob('/home/*/ws/.git/config'), '/home/u/ws', git, false)?.raw).toBe('.git')
    expect(patternCouldReach(glob('/home/*/WS/.git/config'), '/home/u/ws', git, false)).toBeUndefined()
    expect(patternCouldReach(glob('/home/*/other/.git/config'), '/home/u/ws', git, false)).toBeUndefined()
    expect(patternCouldReach(glob('/tmp/*/ws/.git/config'), '/home/u/ws', git, false)).toBeUndefined()
    expect(patternCouldReach(glob('/home/*'), '/home/u/ws', git, false)).toBeUndefined()
  })
})

describe('workspace-relative paths', () => {
  it('are empty for the root, relative inside, and null outside', () => {
    expect(workspaceRelative('/ws', '/ws')).toBe('')
    expect(workspaceRelative('/ws/docs/a.md', '/ws')).toBe('docs/a.md')
    expect(workspaceRelative('/ws/..notes', '/ws')).toBe('..notes')
    expect(workspaceRelative('/', '/ws')).toBeNull()
    expect(workspaceRelative('/tmp/x', '/ws')).toBeNull()
  })
})
