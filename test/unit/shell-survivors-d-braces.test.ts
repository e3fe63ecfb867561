/**
 * Brace sequences and declared read-only commands, as bash 5.2 reads them.
 *
 * Sequences: a bound is zero-padded only when it is written with a leading
 * zero (after an optional sign), steps count up and down, negative values
 * keep their sign in front of the padding, and a sequence exactly as long as
 * the bound is still expanded. Each case creates exactly the files
 * `bash -c 'touch ...'` creates.
 *
 * Declared read-only commands: only one plain foreground simple command of
 * literal words, named without a path, is accepted; anything that parses
 * with errors, runs in the background, carries assignments, redirections,
 * expansions, quotes or a leading tilde is refused with its reason.
 */
import { describe, expect, it } from 'vitest'
import { expandBraces } from '../../src/ieg/shell/braces.ts'
import { parseReadOnlyCommand } from '../../src/ieg/shell/read-only-commands.ts'
import { briefLines, pinBrief, rmWrites, writeLine } from '../support/shell-golden.ts'

const touched = (...names: string[]): string[] => ['= mutation', ...names.map(name => writeLine(`/ws/${name}`, 'touch'))]

describe('brace sequences create the files bash creates', () => {
  pinBrief([
    ['an unpadded sequence crossing a digit count is not padded', 'touch f{8..10}', touched('f8', 'f9', 'f10')],
    ['an unpadded descending sequence crossing a digit count is not padded', 'touch f{100..99}', touched('f100', 'f99')],
    ['an unpadded ascending sequence reaching a zero digit is not padded', 'touch f{99..100}', touched('f99', 'f100')],
    ['an ascending sequence with a step skips values', 'touch f{1..5..2}', touched('f1', 'f3', 'f5')],
    ['an ascending step of three stops at the last value reached', 'touch f{1..10..3}', touched('f1', 'f4', 'f7', 'f10')],
    ['a sequence through zero writes zero without a sign', 'touch f{-1..1}', touched('f-1', 'f0', 'f1')],
    ['a padded negative start keeps its sign before the zeros', 'touch f{-05..-03}', touched('f-05', 'f-04', 'f-03')],
    ['a padded negative start alone pads the sequence', 'touch f{-05..-3}', touched('f-05', 'f-04', 'f-03')],
    ['a padded start alone pads the sequence', 'touch f{05..7}', touched('f05', 'f06', 'f07')],
    ['a padded end pads every value', 'touch f{1..003}', touched('f001', 'f002', 'f003')],
    ['a padded negative end pads every negative value to its width', 'touch f{-3..-001}', touched('f-003', 'f-002', 'f-001')],
    ['a letter sequence with a step', 'touch {a..e..2}', touched('a', 'c', 'e')],
    ['a one-value sequence', 'rm f{3..3}', rmWrites('/ws/f3')],
  ])
})

describe('a padded sequence whose widest bound is negative', () => {
  // bash pads every value to the widest bound's full width, its minus sign
  // included: `touch f{-05..3}` creates f-05 … f-01 and f000 … f003 (and
  // `{-010..1}` gives -010 … -001, 0000, 0001).
  it('reports the three-digit names bash creates for the non-negative values', () => {
    expect(briefLines('touch f{-05..3}')).toEqual(touched('f-05', 'f-04', 'f-03', 'f-02', 'f-01', 'f000', 'f001', 'f002', 'f003'))
  })
})

describe('brace sequences at the expansion bound', () => {
  it('expands a sequence exactly as long as the bound', () => {
    expect(expandBraces('{1..4}', 4)).toEqual(['1', '2', '3', '4'])
    expect(expandBraces('{a..d}', 4)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('gives up on a sequence one longer than the bound', () => {
    expect(expandBraces('{1..5}', 4)).toBeNull()
  })

  it('pads negative and positive values of a padded sequence', () => {
    expect(expandBraces('{-05..-03}', 16)).toEqual(['-05', '-04', '-03'])
    expect(expandBraces('{-2..2..2}', 16)).toEqual(['-2', '0', '2'])
  })
})

describe('declared read-only commands', () => {
  it('accepts plain literal words, backslash escapes included', () => {
    expect(parseReadOnlyCommand('npm test')).toEqual(['npm', 'test'])
    expect(parseReadOnlyCommand('ls -l')).toEqual(['ls', '-l'])
    expect(parseReadOnlyCommand('npm te\\st')).toEqual(['npm', 'test'])
  })

  it('accepts a tilde that is not at the start of a word, which bash leaves alone', () => {
    expect(parseReadOnlyCommand('cat a~')).toEqual(['cat', 'a~'])
  })

  it('refuses text that does not parse, naming the parse error', () => {
    expect(parseReadOnlyCommand('npm test (')).toBe("does not parse as a command (unexpected token '(')")
  })

  it('refuses a background command', () => {
    expect(parseReadOnlyCommand('npm test &')).toBe('must be one simple command (no lists, pipes or compound commands)')
  })

  it('refuses lists, pipes and compound commands', () => {
    for (const text of ['npm test; rm x', 'a | b', 'if true; then :; fi']) {
      expect(parseReadOnlyCommand(text)).toBe('must be one simple command (no lists, pipes or compound commands)')
    }
  })

  it('refuses a command with no name, such as a bare assignment or redirection', () => {
    expect(parseReadOnlyCommand('FOO=1')).toBe('must be one simple command (no lists, pipes or compound commands)')
    expect(parseReadOnlyCommand('> x')).toBe('must be one simple command (no lists, pipes or compound commands)')
  })

  it('refuses assignments before the name and redirections', () => {
    expect(parseReadOnlyCommand('FOO=1 npm test')).toBe('must hold only words (no assignments or redirections)')
    expect(parseReadOnlyCommand('ls > x')).toBe('must hold only words (no assignments or redirections)')
  })

  it('refuses expansions, quotes, globs, braces and a leading tilde', () => {
    for (const text of ['make $T', 'npm "test"', "npm 'test'", 'cat ~/notes', 'cat ~', 'ls *.c', 'echo {a,b}']) {
      expect(parseReadOnlyCommand(text)).toBe('must be literal words (no expansions, globs or quotes that expand)')
    }
  })

  it('refuses a command named by a path', () => {
    expect(parseReadOnlyCommand('bin/ls')).toBe('must name the command without a path')
  })
})

describe('a here-document fed to a shell', () => {
  it('runs the body with a known variable substituted', () => {
    expect(briefLines('X=a; bash <<EOF\ntouch $X\nEOF')).toEqual(touched('a'))
  })

  it('substitutes a value with spaces as it is, so the shell splits it into words', () => {
    expect(briefLines('X="a  b"; bash <<EOF\ntouch $X\nEOF')).toEqual(touched('a', 'b'))
    expect(briefLines('X="a b"; bash <<EOF\ntouch "$X"\nEOF')).toEqual(touched('a b'))
  })
})
