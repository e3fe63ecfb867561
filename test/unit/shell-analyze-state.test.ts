/**
 * The walk over a command line and the state it carries, pinned exactly:
 * which command substitutions have output the analysis can name (`pwd`,
 * plain `echo`, commands that print only digits and words), how `/proc`
 * and `/dev` paths reach what they normalize to, where a background job,
 * a subshell, a pipeline, a branch, a loop, `break`, `return` and a trap
 * leave the working directory, which arithmetic operators assign, which
 * `[[ ]]` operators evaluate arithmetic, and the bound on text evaluated
 * again.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

function pin(cases: readonly Case[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(goldenLines(command)).toEqual(lines))
}

/** `rm -r d$(…)` whose output is digits and words. */
const DIGITS = ['= opaque', '  write rm "/ws/d⟨n⟩" subtree', '  ? rm: its target /ws/d<n> is not literal (a glob)']
/** `rm -r d$(…)` whose output the analysis cannot know. */
const UNKNOWN = ['= opaque', '  write rm "/ws/d⟨…⟩" subtree', '  ? rm: its target /ws/d… is not literal (an expansion the analysis cannot know)']
const rmIn = (...dirs: string[]): string[] => ['= mutation', ...dirs.map(dir => `  write rm "${dir}/f" entry`)]
const ARITH_RUNS = 'arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands'
const ARITH_RAN = (command: string): string[] => ['= opaque (loose globs)', '  write rm "/ws/g" entry', `  opaque ${ARITH_RUNS} | words [] | mentions ${JSON.stringify([command])}`, `  ? ${ARITH_RUNS}`]

describe('command output that prints only digits and words', () => pin([
  ['nproc', 'rm -r d$(nproc)', DIGITS],
  ['wc with count options on standard input', 'rm -r d$(wc -l < f)', DIGITS],
  ['wc with a cluster of count options', 'rm -r d$(wc -lw <<< x)', DIGITS],
  ['wc with an option that is no count', 'rm -r d$(wc -L < f)', UNKNOWN],
  ['wc with a count option and more letters', 'rm -r d$(wc -lL < f)', UNKNOWN],
  ['wc with an option not at the start of its word', 'rm -r d$(wc x-l < f)', UNKNOWN],
  // wc prints the file name after the count.
  ['wc of a named file', 'rm -r d$(wc -l f)', UNKNOWN],
  ['seq of numbers', 'rm -r d$(seq 10)', DIGITS],
  ['seq of a single digit', 'rm -r d$(seq 1)', DIGITS],
  ['seq of negative numbers', 'rm -r d$(seq -3 -1)', DIGITS],
  ['seq of a decimal', 'rm -r d$(seq 1.5)', UNKNOWN],
  ['seq of a word ending in a digit', 'rm -r d$(seq x5)', UNKNOWN],
  ['seq with a word among numbers', 'rm -r d$(seq 1 x)', UNKNOWN],
  ['id -u', 'rm -r d$(id -u)', DIGITS],
  ['id -Gr', 'rm -r d$(id -Gr)', DIGITS],
  // `id` alone prints `uid=…(name) …`.
  ['id without options', 'rm -r d$(id)', UNKNOWN],
  ['id -un, a user name', 'rm -r d$(id -un)', UNKNOWN],
  ['id with an option not at the start of its word', 'rm -r d$(id x-u)', UNKNOWN],
  ['uname -m', 'rm -r d$(uname -m)', DIGITS],
  ['uname -sm', 'rm -r d$(uname -sm)', DIGITS],
  ['uname without options', 'rm -r d$(uname)', UNKNOWN],
  // -n is the host name, which may hold dots.
  ['uname -mn', 'rm -r d$(uname -mn)', UNKNOWN],
  ['uname with an option not at the start of its word', 'rm -r d$(uname x-m)', UNKNOWN],
  ['date without a format', 'rm -r d$(date)', DIGITS],
  ['date +%s', 'rm -r d$(date +%s)', DIGITS],
  ['date with numeric fields and separators', 'rm -r d$(date +%Y-%m-%d_%H:%M)', DIGITS],
  ['date with a dot in its format', 'rm -r d$(date +%Y.%m)', UNKNOWN],
  ['date with a word field', 'rm -r d$(date +%a)', UNKNOWN],
  ['date with a format not at the start of its word', 'rm -r d$(date x+%s)', ['= opaque', '  opaque date: it may set the system clock | words ["/ws/x+%s"] | mentions ["date","x+%s","","date","x+%s"]', ...UNKNOWN.slice(1, 2), '  ? date: it may set the system clock', ...UNKNOWN.slice(2)]],
  ['date with an option', 'rm -r d$(date -u)', UNKNOWN],
  ['a command the analysis does not know to print digits', 'rm -r d$(tty)', UNKNOWN],
]))

describe('command substitutions whose output is named', () => pin([
  ['pwd prints the working directory', 'cd /x; rm -r d$(pwd)', ['= mutation', '  write rm "/ws/d/ws" subtree', '  write rm "/x/d/ws" subtree', '  write rm "/ws/d/x" subtree', '  write rm "/x/d/x" subtree']],
  ['echo prints its words joined by spaces', 'rm -r d$(echo a b)', ['= mutation', '  write rm "/ws/da" subtree', '  write rm "/ws/b" subtree']],
  ['echo without words prints nothing', 'rm -r d$(echo)', ['= mutation', '  write rm "/ws/d" subtree']],
  // bash's echo prints an unknown option as a word.
  ['echo prints a word that is no echo option', 'rm -r d$(echo -x y)', ['= mutation', '  write rm "/ws/d-x" subtree', '  write rm "/ws/y" subtree']],
  ['echo -n is not followed', 'rm -r d$(echo -n x)', UNKNOWN],
  ['echo -e is not followed', 'rm -r d$(echo x -e)', UNKNOWN],
  ['the last command of a pipeline prints the output', 'rm -r d$(git ls-files | wc -l)', DIGITS],
  ['a pipeline ending in an unknown printer', 'rm -r d$(nproc | cat)', UNKNOWN],
  ['two statements', 'rm -r d$(pwd; pwd)', UNKNOWN],
  ['a prefix assignment', 'rm -r d$(X=1 nproc)', UNKNOWN],
  ['a quoted command name', 'rm -r d$("nproc")', UNKNOWN],
  ['a word that is not literal', 'rm -r d$(seq $n)', UNKNOWN],
  ['a here-document on standard input', 'rm -r d$(wc -l <<EOF\nx\nEOF\n)', DIGITS],
  ['an output redirection', 'rm -r d$(wc -l 2>/dev/null)', UNKNOWN],
  ['a substitution inside a substitution', 'rm -r d$(echo $(nproc))', UNKNOWN],
]))

describe('paths under /proc and /dev', () => pin([
  ['a /proc path reaches what it normalizes to and what it names', 'echo x > /proc/self/../self/cwd/f', ['= mutation', '  write redirection > "/ws/f" entry', '  write redirection > "/proc/self/../self/cwd/f" entry']],
  ['a path that normalizes into /proc', 'echo x > /tmp/../proc/self/cwd/f', ['= mutation', '  write redirection > "/ws/f" entry', '  write redirection > "/tmp/../proc/self/cwd/f" entry']],
  ['a proc directory elsewhere is a plain path', 'echo x > /x/proc/self/../self/cwd/f', ['= mutation', '  write redirection > "/x/proc/self/../self/cwd/f" entry']],
  ['a path outside /proc is kept as written', 'echo x > /ws/./f', ['= mutation', '  write redirection > "/ws/./f" entry']],
]))

describe('where the working directory is after each construct', () => pin([
  ['a background job leaves it', 'cd /x & rm f', rmIn('/ws')],
  ['a later statement sees a cd that may fail', 'cd /x; rm f', rmIn('/ws', '/x')],
  ['&& may follow a failed cd', 'cd /x && rm f', rmIn('/ws', '/x')],
  ['a subshell leaves it', '(cd /x); rm f', rmIn('/ws')],
  ['a brace group keeps its cd', '{ cd /x; }; rm f', rmIn('/ws', '/x')],
  ['a pipeline command before the last runs in a subshell', 'cd /x | cat; rm f', rmIn('/ws')],
  ['the last pipeline command may run in the shell', 'echo | cd /x; rm f', rmIn('/ws', '/x')],
  ['if, elif and their conditions', 'if cd /x; then cd /y; elif cd /z; then cd /q; fi; rm f', rmIn('/ws', '/x', '/y', '/z', '/q')],
  ['if with else', 'if true; then cd /y; else cd /z; fi; rm f', rmIn('/ws', '/y', '/z')],
  ['if without else may skip its branch', 'if true; then cd /y; fi; rm f', rmIn('/ws', '/y')],
  ['for over literal words', 'for d in /x /y; do cd $d; done; rm f', rmIn('/ws', '/x', '/y')],
  ['select over literal words', 'select d in /x /y; do cd $d; done; rm f', rmIn('/ws', '/x', '/y')],
  ['an arithmetic for', 'for ((i=0;i<3;i++)); do cd /x; done; rm f', rmIn('/ws', '/x')],
  ['while, its condition and its body', 'while cd /x; do cd /y; done; rm f', rmIn('/ws', '/x', '/y')],
  ['a case item ending in ;; does not fall through', 'case $v in a) cd /x;; b) rm f;; esac', rmIn('/ws')],
  ['a case item ending in ;& falls through', 'case $v in a) cd /x;& b) rm f;; esac', rmIn('/ws', '/x')],
  ['a case item ending in ;;& tests the next', 'case $v in a) cd /x;;& b) rm f;; esac', rmIn('/ws', '/x')],
  ['the end of a loop after continue', 'for i in 1; do cd /x; continue; done; rm f', rmIn('/ws', '/x')],
  ['the end of a loop after break', 'while true; do cd /x; break; done; rm f', rmIn('/ws', '/x')],
  ['a function return joins the end of the call', 'f() { cd /x; return; cd /y; }; f; rm f', rmIn('/ws', '/x', '/y')],
  ['a function body runs only when called', 'f() { cd /x; }; rm f', rmIn('/ws')],
  ['a coprocess leaves it', 'coproc cd /x; rm f', rmIn('/ws')],
  ['a trap that runs in the shell may run before a later command', "trap 'cd /x' DEBUG; rm f", rmIn('/ws', '/x')],
  ['an EXIT trap runs only at the end', "trap 'cd /x' EXIT; rm f", rmIn('/ws')],
]))

describe('what a loop exit reaches', () => {
  it('break 2 leaves both loops', () => expect(goldenLines('for i in 1; do for j in 1; do cd /x; break 2; done; cd /y; done; rm f')).toEqual(rmIn('/ws', '/x', '/y')))
  it('the body of a while loop is walked', () => expect(goldenLines('while false; do rm g; done')).toEqual(['= mutation', '  write rm "/ws/g" entry']))
  it('the EXIT trap action is walked at the end', () => expect(goldenLines("trap 'rm g' EXIT").filter(line => line.includes('/ws/g')).length).toBeGreaterThanOrEqual(1))
})

describe('arithmetic assignment', () => {
  const number = ['= opaque', '  write rm "/ws/d⟨n⟩" subtree', '  ? rm: its target /ws/d<n> is not literal (a glob)']
  const kept = ['= mutation', '  write rm "/ws/da" subtree']
  pin([
    ['= assigns', 'x=a; (( x = 3 )); rm -r d$x', number],
    ['+= assigns', 'x=a; (( x += 3 )); rm -r d$x', number],
    ['<<= assigns', 'x=a; (( x <<= 3 )); rm -r d$x', number],
    ['>>= assigns', 'x=a; (( x >>= 3 )); rm -r d$x', number],
    ['++ assigns', 'x=a; (( x++ )); rm -r d$x', number],
    ['-- assigns', 'x=a; (( --x )); rm -r d$x', number],
    ['== compares', 'x=a; (( x == 3 )); rm -r d$x', kept],
    ['!= compares', 'x=a; (( x != 3 )); rm -r d$x', kept],
    ['<= compares', 'x=a; (( x <= 3 )); rm -r d$x', kept],
    ['>= compares', 'x=a; (( x >= 3 )); rm -r d$x', kept],
    ['an assignment to an element keeps the scalar value possible', 'x=a; (( x[1] = 3 )); rm -r d$x', ['= opaque', '  write rm "/ws/da" subtree', '  write rm "/ws/d⟨n⟩" subtree', '  ? rm: its target /ws/d<n> is not literal (a glob)']],
    ['an assignment inside a nested expression', 'x=a; (( 1 + (x = 3) )); rm -r d$x', number],
    ['the arithmetic for initializer, test and update', 'x=a; for (( x = 0; x < 1; x++ )); do :; done; rm -r d$x', number],
    ['an assignment in an arithmetic for body', 'x=a; for (( ; ; )); do (( x = 1 )); done; rm -r d$x', ['= opaque', '  write rm "/ws/da" subtree', '  write rm "/ws/d⟨n⟩" subtree', '  ? rm: its target /ws/d<n> is not literal (a glob)']],
  ])
})

describe('[[ ]] operands evaluated as arithmetic', () => {
  for (const operator of ['-eq', '-ne', '-lt', '-le', '-gt', '-ge']) {
    const command = `x='a[$(rm g)]'; [[ $x ${operator} 0 ]]`
    it(`${operator} evaluates its left operand`, () => expect(goldenLines(command)).toEqual(ARITH_RAN(command)))
  }
  const right = "x='a[$(rm g)]'; [[ 1 -lt $x ]]"
  it('evaluates the right operand', () => expect(goldenLines(right)).toEqual(ARITH_RAN(right)))
  it('a string comparison evaluates nothing', () => expect(goldenLines("x='a[$(rm g)]'; [[ $x == 0 ]]")).toEqual(['= read-only']))
  it('a unary test other than -v evaluates nothing', () => expect(goldenLines("x='a[$(rm g)]'; [[ -n $x ]]")).toEqual(['= read-only']))
  const nested = "x='a[$(rm g)]'; [[ ! ( 1 -lt $x || 2 -gt 1 ) ]]"
  it('looks inside !, groups and ||', () => expect(goldenLines(nested)).toEqual(ARITH_RAN(nested)))
})

describe('text evaluated again', () => {
  const chain = (length: number): string => `${Array.from({ length }, (_, index) => `a${index + 1}=a${index + 2}`).join('; ')}; a${length + 1}=1; echo $((a1))`
  it('follows eight names evaluated one after another', () => expect(goldenLines(chain(7))).toEqual(['= read-only']))
  it('is opaque past eight', () => {
    const command = chain(8)
    const reason = 'arithmetic: text is evaluated again more than 8 levels deep'
    expect(goldenLines(command)).toEqual(['= opaque (loose globs)', '  opaque arithmetic: text is evaluated again more than 8 levels deep | words [] | mentions ["a1=a2; a2=a3; a3=a4; a4=a5; a5=a6; a6=a7; a7=a8; a8=a9; a9=1; echo $((a1))"]', '  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["a1=a2; a2=a3; a3=a4; a4=a5; a5=a6; a6=a7; a7=a8; a8=a9; a9=1; echo $((a1))"]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((a1))","","echo",""]', '  ? arithmetic: text is evaluated again more than 8 levels deep', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program'])
  })
})

describe('echo options, checked against bash', () => pin([
  ['a cluster of echo options is not followed', 'rm -r d$(echo -ne x)', UNKNOWN],
  // bash prints `-nx y`: x is no echo option, so the word is printed.
  ['a cluster with a letter that is no echo option is printed', 'rm -r d$(echo -nx y)', ['= mutation', '  write rm "/ws/d-nx" subtree', '  write rm "/ws/y" subtree']],
  ['a word ending in -n is printed', 'rm -r d$(echo a-n)', ['= mutation', '  write rm "/ws/da-n" subtree']],
]))

describe('single paths and single commands', () => pin([
  ['a /proc path already normal is written once', 'echo x > /proc/self/cwd/f', ['= mutation', '  write redirection > "/ws/f" entry']],
  // bash runs a negated command in the shell: x is b after it.
  ['a negated assignment runs in the shell', 'x=a; ! x=b; rm -r d$x', ['= mutation', '  write rm "/ws/db" subtree']],
  // bash runs the last pipeline command in a subshell (x stays a) unless lastpipe is on.
  ['the last pipeline command may or may not keep its assignment', 'x=a; echo | x=b; rm -r d$x', ['= mutation', '  write rm "/ws/da" subtree', '  write rm "/ws/db" subtree']],
]))

describe('traps', () => {
  // bash runs the DEBUG trap before `true` with x=b.
  it('a DEBUG trap sees the state between later commands', () => expect(goldenLines("trap 'rm -r d$x' DEBUG; x=b; true; x=c")).toContain('  write rm "/ws/db" subtree'))
})

describe('arithmetic for updates assign within the loop', () => {
  const update = (expression: string): string => `x=a; for (( ; ; ${expression} )); do rm -r d$x; done`
  const lines = ['= opaque', '  write rm "/ws/da" subtree', '  write rm "/ws/da" subtree', '  write rm "/ws/d⟨n⟩" subtree', '  ? rm: its target /ws/d<n> is not literal (a glob)']
  for (const expression of ['x++', '--x', 'x <<= 1', 'x >>= 1', 'x[1]++']) it(expression, () => expect(goldenLines(update(expression))).toEqual(lines))
})
