/**
 * How the walk of a command line carries state, pinned as bash 5.2 runs it:
 * what a command substitution is known to print (the working directory, an
 * `echo` of literal words, digits from `nproc`, `wc`, `seq`, `id`, `uname`,
 * `date`, and nothing known otherwise); that a background job, a subshell or
 * an earlier pipeline stage leaves the shell's variables alone; how `&&`,
 * `||`, `if`/`elif`/`else`, `case` with `;&` and `;;&`, loops with `break` and
 * `continue` at any level, function `return`s and trap actions join the
 * states they may leave; which `[[ ]]` operands and arithmetic operators
 * evaluate or assign. Each expectation is what bash does, or a sound
 * superset of it where the analysis is deliberately coarse.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, READ_ONLY, writeLine as write, rmWrites as writes, pinBrief as pin } from '../support/shell-golden.ts'

const NUMBER = ['= opaque', write('/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']
const UNKNOWN = ['= opaque', write('⟨…⟩'), '  ? rm: its target … is not literal (an expansion the analysis cannot know)']

describe('what a command substitution prints', () => pin([
  ['nproc prints a number', 'rm "$(nproc)"', NUMBER],
  ['wc counting standard input prints numbers', 'rm "$(wc -l)"', NUMBER],
  ['so does wc reading a redirected file or a here-string', 'rm "$(wc -cmw < f)"', NUMBER],
  ['wc -L is not trusted', 'rm "$(wc -L)"', UNKNOWN],
  ['wc naming a file prints its name', 'rm "$(wc -l f)"', UNKNOWN],
  ['seq of numbers prints numbers', 'rm "$(seq -1 1)"', NUMBER],
  ['seq with a format may print anything', 'rm "$(seq -f %g/x 3)"', UNKNOWN],
  ['id -u and -Gr print numbers', 'rm "$(id -Gr)"', NUMBER],
  ['id alone prints names', 'rm "$(id)"', UNKNOWN],
  ['id -un prints a name', 'rm "$(id -un)"', UNKNOWN],
  ['uname -spi prints words', 'rm "$(uname -spi)"', NUMBER],
  ['uname alone is not trusted', 'rm "$(uname)"', UNKNOWN],
  ['uname -o prints GNU/Linux, a path', 'rm "$(uname -o)"', UNKNOWN],
  ['date with a numeric format prints numbers', 'rm "$(date +%Y-%m-%d_%H:%M)"', NUMBER],
  ['a quoted argument makes the output unknown', "rm \"$(date '+%s')\"", UNKNOWN],
  ['date alone prints words', 'rm "$(date)"', NUMBER],
  ['date +%Z prints a zone name', 'rm "$(date +%Z)"', UNKNOWN],
  ['any other command prints anything', 'rm "$(cat n)"', UNKNOWN],
  ['the last command of a pipeline prints', 'rm "$(git ls-files | wc -l)"', NUMBER],
  ['a prefix assignment makes the output unknown', 'rm "$(LC_ALL=C nproc)"', UNKNOWN],
  ['an output redirection makes it unknown', 'rm "$(nproc 2>/dev/null)"', UNKNOWN],
  ['an expanded argument makes it unknown', 'rm "$(echo $x)"', UNKNOWN],
  ['a file read with $(< f) is unknown', 'rm "$(< f)"', UNKNOWN],
  ['two commands make it unknown', 'rm "$(nproc; nproc)"', UNKNOWN],
  ['a compound command makes it unknown', 'rm "$(if true; then nproc; fi)"', UNKNOWN],
  ['pwd prints each possible directory', 'cd sub; rm "$(pwd)/f"', writes('/ws/f', '/ws/f', '/ws/sub/f', '/ws/sub/f')],
  ['echo prints its words joined by one space', 'rm "$(echo a  b)"', writes('/ws/a b')],
  ['echo -n, -e or -E is not followed', 'rm "$(echo -n a)" "$(echo -E b)"', ['= opaque', write('⟨…⟩'), write('⟨…⟩'), '  ? rm: its target … is not literal (an expansion the analysis cannot know)', '  ? rm: its target … is not literal (an expansion the analysis cannot know)']],
  ['a command name that is not literal is reported', 'rm "$($c)"', ['= opaque', '  opaque command: the command name is not literal', write('⟨…⟩'), '  ? command: the command name is not literal', '  ? rm: its target … is not literal (an expansion the analysis cannot know)']],
]))

describe('what leaves the shell state alone', () => pin([
  ['a background job', 'cd sub & rm f', writes('/ws/f')],
  ['a background assignment', 'x=a; x=b & rm $x', writes('/ws/a')],
  ['a foreground cd that may fail', 'cd sub; wait; rm f', writes('/ws/f', '/ws/sub/f')],
  ['a subshell', 'x=a; (x=b; rm c); rm $x', writes('/ws/c', '/ws/a')],
  ['a brace group does not', 'x=a; { x=b; }; rm $x', writes('/ws/b')],
  ['an earlier pipeline stage', 'x=a; x=b | cat; rm $x', writes('/ws/a')],
  ['the last pipeline stage may or may not (lastpipe)', 'x=a; cat | x=b; rm $x', writes('/ws/a', '/ws/b')],
]))

describe('joins of the states a construct may leave', () => pin([
  ['&& may skip its right side', 'x=a; true && x=b; rm $x', writes('/ws/a', '/ws/b')],
  ['each || may run', 'x=a; false || x=b || x=c; rm $x', writes('/ws/a', '/ws/b', '/ws/c')],
  ['an if with else always runs a branch', 'x=a; if false; then x=b; elif false; then x=c; else x=d; fi; rm $x', writes('/ws/b', '/ws/c', '/ws/d')],
  ['an elif condition runs when the first fails', 'x=a; if false; then x=b; elif x=e; false; then x=c; fi; rm $x', writes('/ws/b', '/ws/c', '/ws/e')],
  ['a condition always runs', 'x=a; if x=b; then :; fi; rm $x', writes('/ws/b')],
  [';& falls into the next body', 'x=a; case y in y) x=b;& z) rm $x;; w) rm $x;; esac', writes('/ws/a', '/ws/b', '/ws/a')],
  [';;& goes on testing', 'x=a; case y in y) x=b;;& z) rm $x;; esac', writes('/ws/a', '/ws/b')],
  [';; does not carry into the next item', 'x=a; case y in y) x=b;; z) rm $x;; esac; rm $x', writes('/ws/a', '/ws/a', '/ws/b')],
  ['a loop body may run again with its own changes', 'x=a; while true; do rm $x; x=b; done', writes('/ws/a', '/ws/a', '/ws/b')],
  ['a for loop may run no pass', 'x=a; for i in 1 2; do rm $x; x=b; done; rm $x', writes('/ws/a', '/ws/a', '/ws/b', '/ws/a', '/ws/b')],
  ['break leaves with the state it had', 'x=a; for i in 1; do x=b; break; x=c; done; rm $x', writes('/ws/a', '/ws/b', '/ws/c')],
  ['break 2 leaves the outer loop too', 'x=a; for i in 1; do for j in 2; do x=b; break 2; done; x=c; done; rm $x', writes('/ws/a', '/ws/b', '/ws/c')],
  ['a plain break leaves only the inner loop', 'x=a; for i in 1; do for j in 2; do x=b; break; done; x=c; done; rm $x', writes('/ws/a', '/ws/c')],
  ['break past the outermost loop leaves all', 'x=a; while :; do for j in 2; do x=b; break 5; done; x=c; done; rm $x', writes('/ws/a', '/ws/b', '/ws/c')],
  ['continue 2 starts the outer loop again', 'x=a; for i in 1; do for j in 2; do x=b; continue 2; done; x=c; done; rm $x', writes('/ws/a', '/ws/c', '/ws/b')],
  ['return leaves a function with the state it had', 'f() { x=b; return; x=c; }; x=a; f; rm $x', writes('/ws/a', '/ws/c', '/ws/b')],
  ['an arithmetic for loop assigns its variable', 'x=a; for (( i = 0; i < 3; i++ )); do x=$i; done; rm $x $i', ['= opaque', write('/ws/a'), write('/ws/⟨n⟩'), write('/ws/⟨n⟩'), write('/ws/⟨n⟩'), ...Array(3).fill('  ? rm: its target /ws/<n> is not literal (a glob)')]],
]))

describe('trap actions', () => pin([
  ['an EXIT action runs, at the end among other times', "trap 'rm a' EXIT; echo hi", writes('/ws/a', '/ws/a', '/ws/a', '/ws/a')],
  ['an ERR action may change the directory of any later command', "trap 'cd sub' ERR; rm f", writes('/ws/f', '/ws/sub/f', '/ws/sub/sub/f')],
  ['an EXIT action runs in no later command', "trap 'cd sub' EXIT; rm f", writes('/ws/f')],
]))

describe('[[ ]] operands and arithmetic operators', () => pin([
  // The first evaluation runs text the analysis cannot follow, which may assign any variable: the second operand's y is unknown.
  ['numeric comparisons evaluate both operands', "y='a[$(rm g)]'; [[ $y -lt 1 && ! ( 1 -ge $y ) ]]", ['= opaque (loose globs)', '  write rm "/ws/g" entry', '  opaque arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque [[ -ge ]]: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? [[ -ge ]]: a value the analysis does not know is evaluated as arithmetic, and it could run commands']],
  ['string comparisons and unary tests do not', "y='a[$(rm g)]'; [[ $y == 1 || -n $y ]]", ['= read-only']],
  ['= assigns a number', '(( x = 5 )); rm $x', NUMBER],
  ['<<= assigns', 'x=a; (( x <<= 2 )); rm $x', NUMBER],
  ['++ and -- assign', 'x=a; (( x++ )); rm $x; y=b; (( --y )); rm $y', ['= opaque', write('/ws/⟨n⟩'), write('/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)', '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['== and <= compare', 'x=a; (( x == 5 || x <= 2 )); rm $x', writes('/ws/a')],
  ['a for header assigns before the first pass: <<=', 'i=a; for (( i <<= 1; ; )); do rm $i; break; done', NUMBER],
  ['a for header assigns before the first pass: ++', 'i=a; for (( i++; ; )); do rm $i; break; done', NUMBER],
  ['a for header assigns before the first pass: --', 'i=a; for (( --i; ; )); do rm $i; break; done', NUMBER],
  ['an element assigned in a for header may change the array', 'a=x; for (( a[1]=2; ; )); do rm $a; break; done', ['= opaque', write('/ws/x'), write('/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['an element assignment leaves other names alone', 'x=a; (( a[1] = 2, x != 3 )); rm $x; rm ${a[1]}', ['= opaque', write('/ws/a'), write('⟨…⟩'), '  ? rm: its target … is not literal (an expansion the analysis cannot know)']],
]))

// A compound command, a function call, a coprocess and `>(…)` pass on that their standard input
// is a pipe, a here-string or a file, and `exec` redirects it for every later command: a shell
// inside that reads its script from there is opaque. bash 5.2 runs `rm b` in each (verified).
describe('a shell reading its script from the input of a compound command', () => {
  const fromInput = (via: string): string[] => ['= opaque', `  opaque ${via}: it runs a script from standard input the analysis cannot see`, `  ? ${via}: it runs a script from standard input the analysis cannot see`]
  it.each([
    "echo 'rm b' | { bash; }",
    "f() { bash; }; echo 'rm b' | f",
    "echo 'rm b' | if true; then bash; fi",
    "echo 'rm b' | while true; do bash; break; done",
    "{ bash; } <<< 'rm b'",
    '{ bash; } < s.sh',
    // The coprocess's input is the pipe bash opens as descriptor 60 (`${COPROC[1]}`).
    "coproc bash; echo 'rm b' >&60",
    'exec < s.sh; bash',
    "exec 0<<<'rm b'; bash",
    "echo 'rm b' > >(bash)",
  ])('%s is opaque', (command) => {
    expect(brief(command)).toEqual(fromInput('bash'))
  })
  it('a subshell in a pipeline reads the pipe too', () => {
    expect(brief("echo 'rm b' | (sh)")).toEqual(fromInput('sh'))
  })
  it('the pipe ends with the pipeline, a closed input reads nothing, and <(…) inherits the shell\'s input', () => {
    expect(brief('ls | cat; bash')).toEqual(READ_ONLY)
    expect(brief('exec 0<&-; bash')).toEqual(READ_ONLY)
    expect(brief('cat <(bash)')).toEqual(READ_ONLY)
    expect(brief('bash <<< ls')).toEqual(READ_ONLY)
  })
  it('a plain command reading a piped script is reported', () => {
    expect(brief("echo 'rm b' | bash")).toEqual(['= opaque', '  opaque bash: it runs a script from standard input the analysis cannot see', '  ? bash: it runs a script from standard input the analysis cannot see'])
  })
})
