/**
 * Expansion, arithmetic, loop and option-parsing contracts of the command
 * classifier, pinned by behaviour: which values a `${name<op>word}`
 * expansion may take, which names arithmetic assigns (post- and
 * pre-increments, decrements, ternaries, computed names), that a
 * here-document body is expanded without globbing or brace expansion, what
 * a function run with a prefix assignment may leave behind, that a
 * background command leaves the shell's directory alone, which `[[ ]]`
 * operands are evaluated as arithmetic, how long a loop keeps growing
 * values literal, options read only before the first operand, and the
 * quoting rules of brace expansion. Each expectation is what bash does, or
 * a sound superset of it where the analysis is deliberately coarse.
 */
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/ieg/shell/argv.ts'
import { expandBraces } from '../../src/ieg/shell/braces.ts'
import { lit, type Pattern } from '../../src/ieg/shell/pattern.ts'
import { literalCwds, type ShellState } from '../../src/ieg/shell/state.ts'
import { goldenLines } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

function pin(cases: readonly Case[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(goldenLines(command)).toEqual(lines))
}

const write = (via: string, target: string, scope = 'entry'): string => `  write ${via} ${JSON.stringify(target)} ${scope}`
const RM_NUMBER = ['= opaque', write('rm', '/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']

describe('values of a parameter expansion with a default, alternative or check', () => {
  it('an assigning default of a set variable is its value, or the default', () => {
    // `${x=b}` with x set expands to x's value; b is the sound superset when x may be unset or empty.
    expect(goldenLines('x=a; rm ${x=b}')).toEqual(expect.arrayContaining([write('rm', '/ws/a'), write('rm', '/ws/b')]))
  })
  pin([
    ['an unquoted default of a known value splits it into fields', "x='a b'; rm ${x:-c}", ['= mutation', write('rm', '/ws/a'), write('rm', '/ws/b')]],
    ['a quoted default of a known value keeps it one field', "x='a b'; rm \"${x:-c}\"", ['= mutation', write('rm', '/ws/a b')]],
    ['a quoted default of an empty variable is its word, unglobbed', 'x=; rm "${x:-f*}"', ['= mutation', write('rm', '/ws/f*')]],
    ['a quoted default of an empty variable is its word, unsplit', "x=; y='a b'; rm \"${x:-$y}\"", ['= mutation', write('rm', '/ws/a b')]],
    ['an alternative of a set variable is its word', 'x=1; rm ${x+b}', ['= mutation', write('rm', '/ws/b')]],
    ['an alternative of a variable that may be unset is its word or nothing', 'rm ${x+b}', ['= mutation', write('rm', '/ws/b')]],
    ['a checked expansion of a set variable is its value', 'x=a; rm ${x?b} ${x:?c}', ['= mutation', write('rm', '/ws/a'), write('rm', '/ws/a')]],
  ])
})

describe('names arithmetic expansion assigns', () => {
  pin([
    ['a post-increment assigns a number', 'y=1; echo $(( y++ )); rm $y', RM_NUMBER],
    ['a post-decrement assigns a number', 'y=1; echo $(( y-- )); rm $y', RM_NUMBER],
    ['a pre-increment assigns a number', 'y=1; echo $(( ++y )); rm $y', RM_NUMBER],
    ['a negation assigns nothing', 'y=a; echo $(( -y )); rm $y', ['= mutation', write('rm', '/ws/a')]],
    ['an increment in a branch of a ternary assigns a number', 'y=1; echo $(( 1 ? y++ : 0 )); rm $y', RM_NUMBER],
    ['an increment in the other branch does too', 'y=1; echo $(( 0 ? 0 : y-- )); rm $y', RM_NUMBER],
    // The name may be PATH or IFS: every variable, and every later lookup, is unknown after the command.
    ['an assignment to a name computed from a variable cannot be followed', 'x=y; echo $(( $x = 1 ))', ['= opaque (loose globs)', '  opaque an arithmetic assignment to a computed name: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["x=y; echo $(( $x = 1 ))"]', '  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["x=y; echo $(( $x = 1 ))"]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$(( $x = 1 ))","","echo",""]', '  ? an arithmetic assignment to a computed name: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ])
})

describe('here-document bodies run as a script', () => {
  pin([
    // The body is expanded like a double-quoted word: `*.txt` and `{b,c}` reach sh as written.
    ['a glob in the body reaches the script as written', 'x=a; sh <<EOF\nrm *.txt $x\nEOF', ['= opaque', write('rm', '/ws/⟨*⟩.txt'), write('rm', '/ws/a'), '  ? rm: its target /ws/*.txt is not literal (a glob)']],
    ['a brace expression in the body reaches the script as written', 'x=a; sh <<EOF\nrm {b,c} $x\nEOF', ['= mutation', write('rm', '/ws/b'), write('rm', '/ws/c'), write('rm', '/ws/a')]],
  ])
})

describe('variables assigned for a function or built-in call', () => {
  pin([
    // The function unsets the temporary variable and assigns the global one: bash leaves e.
    ['a value the function assigns may outlive the call', 'h() { unset x; x=e; }; x=a; x=b h; rm $x', ['= mutation', write('rm', '/ws/a'), write('rm', '/ws/b'), write('rm', '/ws/e')]],
    // printf -v assigns the variable itself, and bash keeps what it assigned (e).
    ['a value a built-in assigns may outlive the call', 'x=a; x=b printf -v x e; rm $x', ['= mutation', write('rm', '/ws/a'), write('rm', '/ws/e')]],
    ['a special built-in keeps what it assigned', 'x=a; x=b export x=e; rm $x', ['= mutation', write('rm', '/ws/a'), write('rm', '/ws/e')]],
    ['a plain command gives the earlier value back', 'x=a; x=b true; rm $x', ['= mutation', write('rm', '/ws/a')]],
  ])
})

describe('background commands', () => {
  pin([
    ['a background cd leaves the directory alone', 'cd sub & rm f', ['= mutation', write('rm', '/ws/f')]],
    ['a background cd in a list does too', 'cd sub & cd other & rm f', ['= mutation', write('rm', '/ws/f')]],
  ])
})

describe('[[ ]] operands evaluated as arithmetic under ! and ( )', () => {
  const evaluated = (command: string): string[] => [
    '= opaque (loose globs)',
    write('rm', '/ws/b'),
    `  opaque arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [${JSON.stringify(command)}]`,
    '  ? arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands',
  ]
  const negated = "x='a[$(rm b)]'; [[ ! x -eq 1 ]]"
  const grouped = "x='a[$(rm b)]'; [[ ( x -eq 1 ) ]]"
  pin([
    ['a negated comparison evaluates its operands', negated, evaluated(negated)],
    ['a parenthesized comparison evaluates its operands', grouped, evaluated(grouped)],
  ])
})

describe('a loop whose values keep changing', () => {
  it('keeps a growing value literal for maxDepth passes, then makes it unknown', () => {
    const lines = goldenLines('x=a; while read l; do rm $x; x=${x}a; done')
    expect([...new Set(lines)]).toEqual([
      '= opaque',
      ...Array.from({ length: 8 }, (_, index) => write('rm', `/ws/${'a'.repeat(index + 1)}`)),
      write('rm', '⟨…⟩'),
      '  ? rm: its target … is not literal (an expansion the analysis cannot know)',
    ])
  })
})

describe('options read only before the first operand', () => {
  const STAR: Pattern = [{ t: 'star' }]
  it('a non-literal operand ends the options', () => {
    expect(parseArgs([STAR, lit('-x')], { stopAtOperand: true })).toEqual({ options: [], operands: [STAR, lit('-x')], unreadable: true })
  })
  it('without that rule, options after it are read', () => {
    expect(parseArgs([STAR, lit('-x')])).toEqual({ options: [{ name: '-x', value: null }], operands: [STAR], unreadable: true })
  })
  it('a literal operand ends the options too', () => {
    expect(parseArgs([lit('a'), lit('-x')], { stopAtOperand: true })).toEqual({ options: [], operands: [lit('a'), lit('-x')], unreadable: false })
  })
})

describe('literal working directories', () => {
  const state = (cwd: Pattern[] | null): ShellState => ({ cwd } as unknown as ShellState)
  it('are unknown when the directory is', () => expect(literalCwds(state(null))).toBeNull())
  it('are listed when every one is literal', () => expect(literalCwds(state([lit('/ws'), lit('/ws/a')]))).toEqual(['/ws', '/ws/a']))
  it('are unknown when any is not literal', () => expect(literalCwds(state([lit('/ws'), [{ t: 'star' }]]))).toBeNull())
})

describe('brace expansion quoting', () => {
  it('a backslash inside double quotes hides the quote after it', () => {
    expect(expandBraces('{a,"x\\",y"}', 16)).toEqual(['a', '"x\\",y"'])
  })
  it('a dollar sign before a name does not hide a brace expression after it', () => {
    expect(expandBraces('$x{a,b}', 16)).toEqual(['$xa', '$xb'])
  })
  it('a parameter expansion as the first alternative stays whole', () => {
    expect(expandBraces('{${x},b}', 16)).toEqual(['${x}', 'b'])
  })
  it('a single-quoted parenthesis inside a command substitution does not close it', () => {
    expect(expandBraces("{a,$(echo ')')}", 16)).toEqual(['a', "$(echo ')')"])
  })
  it('a parenthesis inside backquotes inside a command substitution does not close it', () => {
    expect(expandBraces('{a,$(echo `case x in x) echo y;; esac`)}', 16)).toEqual(['a', '$(echo `case x in x) echo y;; esac`)'])
  })
})
