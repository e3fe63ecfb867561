/**
 * Declaration builtins (declare, typeset, local, export, readonly) as bash
 * 5.2 runs them: the options each accepts, which of them only print, the
 * names `declare -n` evaluates, operands that become assignments only after
 * quote removal, and what an operand the analysis cannot read may declare.
 *
 * An operand that is not literal may carry any options (`declare $V` with
 * `V='-r Y'`), so every variable may afterwards be readonly, cased or an
 * integer, and every function readonly; the analysis keeps what bash may
 * keep and forgets what bash may have changed.
 */
import { describe, expect, it } from 'vitest'
import { briefLines, goldenLines, mutationLines, writeLine } from '../support/shell-golden.ts'

const touch = (name: string): string => writeLine(`/ws/${name}`, 'touch')
/** The brief lines of a `touch` whose target the analysis cannot know. */
const unknownTouch = ['= opaque', writeLine('⟨…⟩', 'touch'), '  ? touch: its target … is not literal (an expansion the analysis cannot know)']
/** The line of a redirection whose target the analysis cannot know. */
const unknownRedirection = writeLine('⟨…⟩', 'redirection >')
const unknownNameReason = (via: string): string => `${via}: a value the analysis does not know is read as a variable name with a subscript, and it could run commands`

describe('the options each declaration builtin accepts', () => {
  // bash: `X=q; f() { local -u X=abc; touch $X; }; f` creates ABC.
  it('local takes the case options inside a function', () => {
    expect(briefLines('X=q; f() { local -u X=abc; touch $X; }; f')).toContain(touch('ABC'))
  })

  // bash: `export -p X=b` assigns b (only declare, typeset and local print instead).
  it('export -p still assigns', () => {
    expect(briefLines('X=a; export -p X=b; touch $X')).toEqual(mutationLines(touch('b')))
  })

  // bash: `typeset -p X=b` fails with "X=b: not found" and X stays a.
  it('typeset -p only prints, so the value stays', () => {
    expect(briefLines('X=a; typeset -p X=b; touch $X')).toEqual(mutationLines(touch('a')))
  })

  // bash: the same inside a function, where typeset would otherwise make a local.
  it('typeset -p inside a function neither assigns nor makes a local', () => {
    expect(briefLines('f() { X=q; typeset -p X=b; touch $X; }; f')).toEqual(mutationLines(touch('q'), touch('q')))
  })

  // bash: `declare -r X` takes X as a name, not as a value of -r; `declare X=b` then fails and X stays a.
  it('declare -r takes no value, so the name after it becomes readonly', () => {
    expect(briefLines('X=a; declare -r X; declare X=b; touch $X')).toContain(touch('a'))
  })
})

describe('declaring functions', () => {
  // bash: `declare -f f` only prints (nothing, as f is not defined yet); f is defined and runs afterwards.
  it('declare -f does not make the function readonly', () => {
    expect(briefLines('declare -f f; f() { touch x; }; f')).toEqual(mutationLines(touch('x'), touch('x')))
  })
})

describe('name references', () => {
  // bash: `declare -n 'ref=a[$(touch x)]'; echo $ref` runs touch x when ref is expanded.
  it('a subscript in the name a quoted operand refers to is evaluated', () => {
    expect(briefLines("declare -n 'ref=a[$(touch x)]'; echo $ref")).toContain(touch('x'))
  })

  it('a subscript in the name a typeset -n operand refers to is evaluated', () => {
    expect(briefLines("typeset -n 'target=arr[$(touch made)]'; echo $target")).toContain(touch('made'))
  })

  // bash: `declare -n ref` makes a reference with no target; `ref=y` then only sets its target.
  it('a reference operand without a target evaluates nothing', () => {
    // The assignment may reach an integer through the reference, so its (unknown) value is evaluated; declare itself evaluates nothing.
    expect(briefLines('declare -n ref; ref=y')).toEqual(['= opaque (loose globs)', '  opaque integer variable ref: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? integer variable ref: a value the analysis does not know is evaluated as arithmetic, and it could run commands'])
  })

  it('an operand that is not literal is evaluated as an unknown name by declare -n', () => {
    expect(briefLines('typeset -n "$1"')).toEqual(['= opaque (loose globs)', `  opaque ${unknownNameReason('typeset -n')}`, `  ? ${unknownNameReason('typeset -n')}`])
  })

  it('an assigned value that is not literal is evaluated as an unknown name by declare -n', () => {
    expect(briefLines('declare -n r=$1')).toEqual(['= opaque (loose globs)', `  opaque ${unknownNameReason('declare -n')}`, `  ? ${unknownNameReason('declare -n')}`])
  })
})

describe('operands that name no variable', () => {
  // The loop body leaves the state as it found it, so one pass is enough and each write is reported once.
  it('a declaration whose operand is not a name leaves a loop state unchanged', () => {
    expect(briefLines('while true; do declare -i 1x; touch a; done')).toEqual(mutationLines(touch('a')))
  })

  it('an associative declaration of an invalid name leaves a loop state unchanged too', () => {
    expect(briefLines('until false; do declare -A 9; echo > c; done')).toEqual(mutationLines(writeLine('/ws/c', 'redirection >')))
  })
})

describe('quoted operands that assign', () => {
  // bash: `declare 1x=b` fails ("not a valid identifier"); x keeps a.
  it('an operand that does not start with a name assigns nothing', () => {
    expect(briefLines('x=a; declare 1x=b; touch $x')).toEqual(mutationLines(touch('a')))
  })

  // bash: `declare 'X[00]=b'` stores b at index 0, so $X is b.
  it('an element assignment with a longer subscript changes the value', () => {
    expect(briefLines("X=a; declare 'X[00]=b'; touch $X")).toEqual(unknownTouch)
  })

  // bash: `declare 'X[1]=b'` leaves X[0], so $X stays a.
  it('an element assignment does not store its value as the whole variable', () => {
    expect(briefLines("X=a; declare 'X[1]=b'; touch $X")).toEqual(unknownTouch)
  })

  // bash: `declare 'X+=b'` appends, so $X is ab.
  it('an appending operand does not store only the appended text', () => {
    expect(briefLines("X=a; declare 'X+=b'; touch $X")).toEqual(unknownTouch)
  })
})

describe('an operand the analysis cannot read', () => {
  // bash: `f() { touch a; }; V='-rf f'; declare $V; f() { touch b; }; f` runs touch a: f is readonly and keeps its body.
  it('declare may make a function readonly, so the old body may still run', () => {
    const lines = goldenLines('f() { touch a; }; declare $V; f() { touch b; }; f')
    expect(lines.filter(line => line.startsWith('  opaque touch:') && line.includes('"/ws/a"'))).toHaveLength(1)
  })

  // bash: `X=/etc/passwd; V='-r X'; declare $V; X=5 eval 'echo > "$X"'` writes /etc/passwd: eval runs, the assignment fails.
  it('declare may make any variable readonly or a reference, so a value assigned for eval is not known', () => {
    const lines = briefLines(`X=/etc/passwd; declare $V; X=5 eval 'echo > "$X"'`)
    expect(lines).toContain(unknownRedirection)
    expect(lines).not.toContain(writeLine('/ws/5', 'redirection >'))
  })

  // bash: `Y=/etc/passwd; V=Y; readonly $V; declare Y=b; echo > "$Y"` writes /etc/passwd.
  it('readonly may make any variable readonly, so a later value is not known', () => {
    const lines = briefLines('Y=/etc/passwd; readonly $V; declare Y=b; echo > "$Y"')
    expect(lines).toContain(unknownRedirection)
    expect(lines).not.toContain(writeLine('/ws/b', 'redirection >'))
  })

  // bash: readonly cannot set the integer attribute, so the value is stored as text and nothing runs.
  it('readonly does not make a variable an integer', () => {
    expect(goldenLines("readonly $V; Y='a[$(touch z)]'")).toEqual(['= read-only (loose globs)'])
  })
})
