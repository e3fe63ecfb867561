/**
 * Declaration builtins (declare, typeset, export, readonly) and the values
 * later words see, as bash 5.2 runs them.
 *
 * The case attributes `-u` and `-l` change the value assigned in the same
 * call and in later assignments, so a later write may land on the converted
 * name (reporting the unconverted one as well is a coarse, sound superset).
 * An operand that only becomes `NAME=value` after quote removal or
 * expansion still assigns in bash.
 */
import { describe, expect, it } from 'vitest'
import { briefLines, writeLine } from '../support/shell-golden.ts'

const touch = (name: string): string => writeLine(`/ws/${name}`, 'touch')

describe('case attributes of declare', () => {
  it('upper-cases a value assigned in the same call', () => {
    expect(briefLines('declare -u X=abc; touch $X')).toContain(touch('ABC'))
  })

  it('lower-cases a value assigned in the same call', () => {
    expect(briefLines('declare -l X=ABC; touch $X')).toContain(touch('abc'))
  })

  it('upper-cases a value assigned after the attribute is set', () => {
    expect(briefLines('declare -u X; X=abc; touch $X')).toContain(touch('ABC'))
  })

  it('upper-cases each name of the call, after an end of options', () => {
    const lines = briefLines('declare -u -- X=a Y=b; touch $X $Y')
    expect(lines).toContain(touch('A'))
    expect(lines).toContain(touch('B'))
  })

  it('still sets the attribute on a valid name after an invalid one', () => {
    expect(briefLines('declare -u 1x X; X=abc; touch $X')).toContain(touch('ABC'))
  })

  it('leaves a value assigned before the attribute as it is', () => {
    expect(briefLines('X=abc; declare -u X; touch $X')).toEqual(['= mutation', touch('abc')])
  })
})

describe('declaration operands that become assignments only after expansion', () => {
  // bash: `X=a; declare "X=b"; touch $X` creates b.
  it('a quoted NAME=value operand of declare assigns', () => {
    expect(briefLines('X=a; declare "X=b"; touch $X')).toContain(touch('b'))
  })

  // bash: `export 'X=b'` assigns X=b (and exports it).
  it('a quoted NAME=value operand of export assigns', () => {
    expect(briefLines("X=a; export 'X=b'; touch $X")).toContain(touch('b'))
  })

  // bash: the operand is expanded to X=b and then assigned.
  it('an operand whose expansion is NAME=value assigns', () => {
    expect(briefLines("X=a; V='X=b'; declare $V; touch $X")).toContain(touch('b'))
  })

  // bash: `V=X; declare "$V"=b` assigns X=b; the assigned name is not literal.
  it('an operand whose name part is an expansion assigns that name', () => {
    expect(briefLines('V=X; X=a; typeset "$V"=b; touch $X')).not.toEqual(['= mutation', touch('a')])
  })

  // bash: `V=HOME; declare $V=/etc; touch $HOME/x` creates /etc/x, not a file in the home directory.
  it('an expanded name can reassign HOME before a write under it', () => {
    expect(briefLines('V=HOME; declare $V=/etc; touch $HOME/x')).not.toEqual(['= mutation', writeLine('/home/u/x', 'touch')])
  })
})
