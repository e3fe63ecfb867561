/**
 * How an unquoted expansion's value splits and globs, pinned against bash
 * 5.2: runs of blanks leave no empty field, an extended glob starts only at
 * `(` right after its operator and ends at its own `)`, a glob character
 * stays a glob once IFS changed, and a word with more brace alternatives
 * than the analysis follows is any text.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines } from '../support/shell-golden.ts'

const removes = (...targets: string[]): string[] => targets.map(target => `  write rm ${JSON.stringify(target)} entry`)
const glob = (target: string, shown: string): string[] => ['= opaque', ...removes(target), `  ? rm: its target ${shown} is not literal (a glob)`]

describe('splitting at blanks', () => {
  // bash: `v='a  b'; printf '<%s>' $v` prints <a><b>; so does a leading blank.
  it('leaves no empty field between or before blanks', () => {
    expect(goldenLines("v='a  b'; rm $v")).toEqual(['= mutation', ...removes('/ws/a', '/ws/b')])
    expect(goldenLines("v=' a'; rm $v")).toEqual(['= mutation', ...removes('/ws/a')])
    expect(goldenLines("v=$'a\\t\\n b'; rm $v")).toEqual(['= mutation', ...removes('/ws/a', '/ws/b')])
  })
})

describe('extended globs in a value', () => {
  // bash with extglob: `*x(y)` is a star, then the text x(y); no operator stands right before the `(`.
  it('start only where the operator stands right before the parenthesis', () => {
    expect(goldenLines("v='*x(y)'; rm $v")).toEqual(glob('/ws/⟨*⟩x(y)', '/ws/*x(y)'))
  })

  // bash with extglob: `@(a|@(b))x` matches ax and bx; the pattern ends at the outer `)`.
  it('end at the parenthesis that closes them, past nested ones', () => {
    expect(goldenLines("v='@(a|@(b))x'; rm $v")).toEqual(glob('/ws/⟨*.⟩x', '/ws/*x'))
  })
})

describe('a changed IFS', () => {
  it('keeps a glob from a loop word a glob', () => {
    expect(goldenLines('IFS=x; for f in *; do rm $f; done')).toEqual(glob('/ws/⟨*⟩', '/ws/*'))
  })
})

describe('words whose number of fields is not known', () => {
  const opaqueLink = ['= opaque', '  opaque link: link takes exactly two literal operands', '  ? link: link takes exactly two literal operands']
  const brief = (command: string): string[] => goldenLines(command).map(line => line.replace(/ \| words .*$/s, ''))

  // bash: with IFS=1, `$((2))` is one field, `$((11))` two empty ones and `$((121))` two: the digits decide.
  it('counts a number as any number of fields once IFS may hold digits', () => {
    expect(brief('IFS=1; link a $((1))')).toEqual(opaqueLink)
  })

  it('counts a word with more alternatives than the analysis follows as any number of fields', () => {
    expect(brief('if test -e c; then v=a; else v=b; fi; link a $v$v$v$v$v')).toEqual(opaqueLink)
  })
})
