/**
 * Expansion details of the command classifier, pinned exactly: which text
 * bash evaluates as arithmetic is read as a plain expression and which must
 * parse, the names a value assigns when arithmetic evaluates it,
 * parenthesized arithmetic and command substitutions inside it, the
 * descriptor table across loop widening, which variables change what a
 * program runs, and the pure helpers beneath (literal merging, the segment
 * pattern of a number, short option clusters). Each expectation is what
 * bash does, or a sound superset of it where the analysis is deliberately
 * coarse.
 */
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/ieg/shell/argv.ts'
import { concat, DIGITS, lit, segmentRegex, type Pattern } from '../../src/ieg/shell/pattern.ts'
import { goldenLines } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

function pin(cases: readonly Case[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(goldenLines(command)).toEqual(lines))
}

const unparsable = (command: string): string[] => [
  '= opaque (loose globs)',
  `  opaque arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven | words [] | mentions [${JSON.stringify(command)}]`,
  '  ? arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven',
]
const unknown = (via: string, command: string): string[] => [
  `  opaque ${via}: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [${JSON.stringify(command)}]`,
  `  ? ${via}: a value the analysis does not know is evaluated as arithmetic, and it could run commands`,
]
const RM_NUMBER = ['= opaque', '  write rm "/ws/⟨n⟩" entry', '  ? rm: its target /ws/<n> is not literal (a glob)']
const RM_UNKNOWN = ['= opaque', '  write rm "⟨…⟩" entry', '  ? rm: its target … is not literal (an expansion the analysis cannot know)']

// Bash rejects each of these values as an arithmetic syntax error and runs nothing.
describe('arithmetic text that is plain or must parse', () => pin([
  ['a plain value with a stray parenthesis runs nothing', "declare -i n; v='1)'; n=$v", ['= read-only']],
  ['nor with a blank before it', "declare -i n; v='1 )'; n=$v", ['= read-only']],
  ['an unterminated quote does not parse', "x='\"'; echo $((x))", ['= opaque (loose globs)', "  opaque arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven | words [] | mentions [\"x='\\\"'; echo $((x))\"]", "  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='\\\"'; echo $((x))\"]", '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((x))","","echo",""]', '  ? arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['text closing the expansion early and adding a comment does not parse', "x='1)) # $'; echo $((x))", ['= opaque (loose globs)', "  opaque arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven | words [] | mentions [\"x='1)) # $'; echo $((x))\"]", "  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='1)) # $'; echo $((x))\"]", '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((x))","","echo",""]', '  ? arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['nor text closing it and adding a pipeline', "x='1)) | x $((1'; echo $((x))", ['= opaque (loose globs)', "  opaque arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven | words [] | mentions [\"x='1)) | x $((1'; echo $((x))\"]", "  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='1)) | x $((1'; echo $((x))\"]", '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((x))","","echo",""]', '  ? arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['nor text closing it and adding a command', "x='1)) ; : $((1'; echo $((x))", ['= opaque (loose globs)', "  opaque arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven | words [] | mentions [\"x='1)) ; : $((1'; echo $((x))\"]", "  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='1)) ; : $((1'; echo $((x))\"]", '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((x))","","echo",""]', '  ? arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['nor text closing it and opening another in the same word', "x='1))x$((2'; echo $((x))", ['= opaque (loose globs)', "  opaque arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven | words [] | mentions [\"x='1))x$((2'; echo $((x))\"]", "  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='1))x$((2'; echo $((x))\"]", '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((x))","","echo",""]', '  ? arithmetic: text evaluated as arithmetic does not parse, so what it runs cannot be proven', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
]))

describe('names a value assigns when arithmetic evaluates it', () => pin([
  ['a compound assignment with blanks assigns a number', "x='y += 2'; (( x )); rm $y", RM_NUMBER],
  ['so does a subtracting one', "x='y -= 2'; (( x )); rm $y", RM_NUMBER],
  ['a comparison assigns nothing', "x='y == 2'; (( x )); rm $y", RM_UNKNOWN],
  ['a pre-increment assigns a number', "x='++y'; (( x )); rm $y", RM_NUMBER],
  ['so does one with a blank before the name', "x='++ y'; (( x )); rm $y", RM_NUMBER],
  ['the whole name is assigned', "x='++count'; (( x )); rm $count", RM_NUMBER],
]))

describe('arithmetic groups and command substitutions', () => {
  const EVALUATED = "x='a[$(rm b)]'; "
  pin([
    ['a parenthesized name is evaluated', `${EVALUATED}(( (x) + 1 ))`, ['= opaque (loose globs)', '  write rm "/ws/b" entry', ...unknown('arithmetic word', `${EVALUATED}(( (x) + 1 ))`)]],
  ])
  const deep = Array.from({ length: 8 }).reduce<string>(inner => `echo $(${inner})`, 'echo $(( $(rm a) ))')
  pin([
    ['a command substitution in arithmetic counts as a nesting level', deep, ['= opaque (loose globs)', '  opaque command substitution: nesting deeper than 8 levels | words ["⟨…⟩"] | mentions ["echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(( $(rm a) ))))))))))"]', '  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(( $(rm a) ))))))))))"]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$(( $(rm a) ))","","echo",""]', '  ? command substitution: nesting deeper than 8 levels', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ])
})

describe('variables that change what a program runs', () => pin([
  ['a name merely containing an interpreter prefix does not', 'MY_PERL=1 cat f', ['= read-only']],
  ['a name starting with CC does not', 'CCACHE_DIR=/tmp/c cat f', ['= read-only']],
  ['a name starting with CXX does not', 'CXXTEST_HOME=x cat f', ['= read-only']],
  ['CC itself does', 'CC=gcc cat f', ['= opaque', '  opaque cat: CC is set for it, which changes what it runs or reads | words ["/ws/cat","/ws/f","/ws/gcc"] | mentions ["cat","CC=gcc","f","","cat","f","gcc"]', '  ? cat: CC is set for it, which changes what it runs or reads']],
]))

describe('descriptors across a loop that keeps changing', () => {
  const LOG_UNKNOWN = ['= opaque', '  write redirection > "/ws/log" entry', '  write redirection > "⟨…⟩" entry', '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)']
  // The inner loop's text moves one variable down the chain per pass, so `eval "$c1"` first runs it on the eighth pass.
  const chain = Array.from({ length: 7 }, (_, i) => `c${i + 1}`)
  const late = `exec 4>log; y=a; ${chain.map(c => `${c}=:`).join('; ')}; while test -e f; do eval "$c1"; ${chain.slice(0, -1).map((c, i) => `${c}=$c${i + 2}`).join('; ')}; c7='while test -e g; do y=\${y}b; exec 3<$y; done'; done; echo hi >/dev/fd/4`
  pin([
    ['a descriptor the loop leaves alone keeps its file', 'exec 3>log; x=a; while test -e f; do x=${x}a; done; echo hi >/dev/fd/3', ['= mutation', '  write redirection > "/ws/log" entry', '  write redirection > "/ws/log" entry']],
    ['a table that still changes when the loop is widened becomes unknown', 'exec 4>log; x=a; while test -e f; do x=${x}a; exec 3<$x; done; echo hi >/dev/fd/4', LOG_UNKNOWN],
    ['so does one an inner loop first leaves unknown on a late pass', late, LOG_UNKNOWN],
  ])
})

describe('literal merging', () => {
  it('merges adjacent literals', () => {
    expect(concat(lit('a'), lit('b'), [{ t: 'star' }], lit('c'), lit('d'))).toEqual([{ t: 'lit', s: 'ab' }, { t: 'star' }, { t: 'lit', s: 'cd' }])
  })
  it('drops empty literals', () => {
    const empty: Pattern = [{ t: 'lit', s: '' }]
    expect(concat(empty, [{ t: 'star' }], empty)).toEqual([{ t: 'star' }])
  })
})

describe('the names a number can take in a path segment', () => {
  const regex = segmentRegex(DIGITS, { dotGlob: false, caseInsensitive: false })
  it('matches numbers and signed numbers', () => {
    expect(['42', '-1', '+7'].map(name => regex.test(name))).toEqual([true, true, true])
  })
  it('does not match a name with a dot or a slash', () => {
    expect(['a.txt', '.x', 'a/b'].map(name => regex.test(name))).toEqual([false, false, false])
  })
})

describe('short option clusters', () => {
  it('read each letter of the cluster once', () => {
    expect(parseArgs([lit('-ab')]).options).toEqual([{ name: '-a', value: null }, { name: '-b', value: null }])
  })
})
