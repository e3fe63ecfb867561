/**
 * The shell walk, pinned exactly where a small slip would go unseen: which
 * `pushd` operands name the directory stack, where `cd` alone and a
 * `CDPATH` search lead, how far `break N` reaches, options with attached
 * values (`mapfile -Ccb`, `read -pX`, `read -a` without a name), writes
 * through `/proc/self/root`, `/proc/self/cwd`, `/dev/fd/N/…` and
 * `/proc/<pid>/…`, trap actions run at exit, `for` without a word list,
 * arithmetic `for` clauses and assignments, words after a variable with two
 * values, and nesting through `command`.
 */
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { encodeAnalysis, GOLDEN_OPTIONS, goldenLines } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

function pin(cases: readonly Case[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(goldenLines(command)).toEqual(lines))
}

const rm = (scope: string, ...paths: string[]): string[] => paths.map(path => `  write rm "${path}" ${scope}`)
const UNKNOWN_DIR = ['= opaque', '  write rm "⟨…⟩/f" entry', '  ? rm: its target …/f is not literal (an expansion the analysis cannot know)']
const STAYS_OR_MOVES = (directory: string): string[] => ['= mutation', ...rm('entry', '/ws/f', `${directory}/f`)]

describe('pushd operands', () => pin([
  ['reads +N as a stack entry the analysis cannot tell', 'pushd +1; rm f', UNKNOWN_DIR],
  ['reads -N as a stack entry too', 'pushd -0; rm f', UNKNOWN_DIR],
  ['reads a many-digit +N as a stack entry', 'pushd +12; rm f', UNKNOWN_DIR],
  ['takes a plain number as a directory', 'pushd 12; rm f', STAYS_OR_MOVES('/ws/12')],
  ['takes a name with +N inside as a directory', 'pushd a+1; rm f', STAYS_OR_MOVES('/ws/a+1')],
  // bash refuses `+1x` (invalid number) and stays; moving there is the analysis's coarse extra.
  ['takes +N followed by letters as a directory', 'pushd +1x; rm f', STAYS_OR_MOVES('/ws/+1x')],
]))

describe('cd without an operand', () => {
  it('goes to the home directory, or stays when that fails', () => expect(goldenLines('cd; rm f')).toEqual(STAYS_OR_MOVES('/home/u')))
  it('goes somewhere unknown when the home directory is unknown', () => {
    expect(encodeAnalysis(analyzeShellCommand('cd; rm f', { ...GOLDEN_OPTIONS, home: null }))).toEqual(UNKNOWN_DIR)
  })
})

describe('cd with CDPATH set', () => pin([
  ['does not search for an absolute directory', 'CDPATH=/x; cd /abs; rm f', STAYS_OR_MOVES('/abs')],
  ['does not search for ./dir', 'CDPATH=/x; cd ./sub; rm f', STAYS_OR_MOVES('/ws/sub')],
  ['does not search for .', 'CDPATH=/x; cd .; rm f', ['= mutation', ...rm('entry', '/ws/f')]],
  ['does not search for .., keeping the path as written too', 'CDPATH=/x; cd ..; rm f', ['= mutation', ...rm('entry', '/ws/f', '/f', '/ws/../f')]],
  ['searches for a relative path with a slash inside', 'CDPATH=/x; cd a/b; rm f', UNKNOWN_DIR],
  ['searches for a directory that is not literal', 'CDPATH=/x; cd "$1"; rm f', UNKNOWN_DIR],
]))

describe('how far break N reaches in two nested loops', () => {
  const nested = (count: string): string => `d=a; for i in 1; do for j in 1; do d=x; break ${count}; d=z; done; rm -r $d; d=y; done; rm -r $d`
  const inner = (...values: string[]): string[] => rm('subtree', ...values.map(value => `/ws/${value}`))
  pin([
    ['break 1 leaves the inner loop only', nested('1'), ['= mutation', ...inner('a', 'x', 'z', 'a', 'y', 'x', 'z', 'a', 'y')]],
    ['break 10 leaves both loops, not to the code after the inner one', nested('10'), ['= mutation', ...inner('a', 'z', 'a', 'y', 'z', 'a', 'x', 'y')]],
    // bash breaks every loop on an out-of-range count and stops the shell on a non-number; both reach the end.
    ['break -1 may leave any loop', nested('-1'), ['= mutation', ...inner('a', 'x', 'z', 'a', 'y', 'x', 'z', 'a', 'x', 'y')]],
    ['break with a count that is not a number may leave any loop', nested('1x'), ['= mutation', ...inner('a', 'x', 'z', 'a', 'y', 'x', 'z', 'a', 'x', 'y')]],
  ])
})

describe('options with attached values', () => pin([
  ['mapfile runs an attached -C callback', "mapfile -C'rm a' arr; rm -r \"${arr[@]}\"", ['= opaque', ...rm('entry', '/ws/a', '⟨…⟩', '⟨…⟩'), ...rm('subtree', '⟨…⟩'), ...Array<string>(3).fill('  ? rm: its target … is not literal (an expansion the analysis cannot know)')]],
  ['read assigns the name after an attached -p prompt', 'd=a; read -pX d; rm -r "$d"', ['= opaque', ...rm('subtree', '⟨…⟩'), '  ? rm: its target … is not literal (an expansion the analysis cannot know)']],
  ['read -a without a name assigns at most REPLY', 'read -a; rm -r $REPLY', ['= opaque', ...rm('subtree', '⟨…⟩'), '  ? rm: its target … is not literal (an expansion the analysis cannot know)']],
  ['read evaluates a subscript it cannot read as read', 'read "a[$1]"', [
    '= opaque (loose globs)',
    '  opaque read: a value the analysis does not know is read as a variable name with a subscript, and it could run commands | words [] | mentions ["read \\"a[$1]\\""]',
    '  ? read: a value the analysis does not know is read as a variable name with a subscript, and it could run commands',
  ]],
]))

describe('writes through descriptor and process paths', () => pin([
  ['/proc/self/root reaches the root directory', 'echo > /proc/self/root/etc/x', ['= mutation', '  write redirection > "//etc/x" entry']],
  ['/proc/self/root alone is the root directory', 'echo > /proc/self/root', ['= mutation', '  write redirection > "/" entry']],
  ['/proc/self/cwd alone is the shell directory', 'echo > /proc/self/cwd', ['= mutation', '  write redirection > "/ws" entry']],
  ['/proc/self/cwd is unknown when the directory is', 'cd -; echo > /proc/self/cwd/f', ['= opaque', '  write redirection > "⟨…⟩/f" entry', '  ? redirection >: its target …/f is not literal (an expansion the analysis cannot know)']],
  ['/dev/fd/N/name reaches into the directory descriptor N is open on', 'exec 3<sub; echo hi > /dev/fd/3/x', ['= mutation', '  write redirection > "/ws/sub/x" entry']],
  ['/proc/self/fd/N/name reaches into it too', 'exec 3<sub; echo hi > /proc/self/fd/3/x', ['= mutation', '  write redirection > "/ws/sub/x" entry']],
  ['a relative proc/<pid> path is an ordinary path', 'echo > proc/$$/fd/1', ['= opaque', '  write redirection > "/ws/proc/⟨n⟩/fd/1" entry', '  ? redirection >: its target /ws/proc/<n>/fd/1 is not literal (a glob)']],
]))

describe('trap actions', () => pin([
  // The report when it runs is the same as when it is set, and is kept once.
  ['an exit action that is not literal is reported once', 'trap "$x" EXIT', ['= opaque', '  opaque trap: the script it runs is not literal | words ["⟨…⟩"] | mentions ["trap \\"$x\\" EXIT"]', '  ? trap: the script it runs is not literal']],
]))

describe('loops over what the analysis must compute', () => {
  const ARITHMETIC_OUTPUT = (command: string): string[] => [
    `  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [${JSON.stringify(command)}]`,
    '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands',
  ]
  const testClause = 'for ((i=0; i<$(rm a); i++)); do :; done'
  const updateClause = 'for ((i=0; i<1; i+=$(rm b))); do :; done'
  pin([
    ['for without a word list runs over the unknown positional parameters', 'for i; do rm -r "$i"; done', ['= opaque', ...rm('subtree', '⟨…⟩'), '  ? rm: its target … is not literal (an expansion the analysis cannot know)']],
    ['the test clause of an arithmetic for runs its substitutions', testClause, ['= opaque (loose globs)', '  write rm "/ws/a" entry', '  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["for ((i=0; i<$(rm a); i++)); do :; done"]', '  opaque :: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/:"] | mentions [":","",":"]', '  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["for ((i=0; i<$(rm a); i++)); do :; done"]', '  opaque rm: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/rm","/ws/a"] | mentions ["rm","a","","rm","a"]', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? :: PATH, hashing or a startup file changed, so the command name may run another program', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? rm: PATH, hashing or a startup file changed, so the command name may run another program']],
    ['the update clause of an arithmetic for runs its substitutions', updateClause, ['= opaque (loose globs)', '  write rm "/ws/b" entry', '  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["for ((i=0; i<1; i+=$(rm b))); do :; done"]', '  opaque :: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/:"] | mentions [":","",":"]', '  opaque rm: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/rm","/ws/b"] | mentions ["rm","b","","rm","b"]', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? :: PATH, hashing or a startup file changed, so the command name may run another program', '  ? rm: PATH, hashing or a startup file changed, so the command name may run another program']],
  ])
})

describe('arithmetic assignments', () => pin([
  ['an assignment leaves a number', 'd=a; (( d = 5 )); rm -r $d', ['= opaque', ...rm('subtree', '/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['an increment leaves a number', 'd=a; (( d++ )); rm -r $d', ['= opaque', ...rm('subtree', '/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['the initializer of an arithmetic for assigns before the first pass', 'd=a; for ((d=5; d<9; )); do rm -r $d; done', ['= opaque', ...rm('subtree', '/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['an increment in the initializer assigns before the first pass', 'd=a; for ((d++; d<9; )); do rm -r $d; done', ['= opaque', ...rm('subtree', '/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['a comparison in the initializer assigns nothing', 'd=a; for ((d==1; ; )); do rm -r $d; done', ['= mutation', ...rm('subtree', '/ws/a')]],
]))

describe('words after a variable with two values', () => pin([
  ['a literal word follows each value', 'if test -e a; then d=x; else d=y; fi; rm -r $d sub', ['= mutation', ...rm('subtree', '/ws/x', '/ws/sub', '/ws/y', '/ws/sub')]],
  ['an expanded word with one value follows each value', 'if test -e a; then d=x; else d=y; fi; e=z; rm -r $d "$e"', ['= mutation', ...rm('subtree', '/ws/x', '/ws/z', '/ws/y', '/ws/z')]],
]))

describe('nesting through command', () => pin([
  ['seven wrappers still reach the command', 'command command command command command command command env rm a', ['= mutation', ...rm('entry', '/ws/a')]],
  ['eight wrappers are deeper than the analysis goes', 'command command command command command command command command env rm a', [
    '= opaque',
    `  opaque env: nesting deeper than 8 levels | words ["⟨…⟩","/ws/rm","/ws/a"] | mentions ${JSON.stringify([...Array<string>(8).fill('command'), 'env', 'rm', 'a', '', ...Array<string>(8).fill('command'), 'env', 'rm', 'a'])}`,
    '  ? env: nesting deeper than 8 levels',
  ]],
]))

const ELEMENT_KEEPS = ['= opaque', ...rm('subtree', '/ws/a', '/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']

describe('arithmetic assignments to an array element', () => pin([
  // bash: `d` becomes ([0]=a [1]=1), so `$d` is still `a` (a 0 subscript would make it the number).
  ['keep the value of the variable possible in (( ))', 'd=a; (( d[1] = 1 )); rm -r $d', ELEMENT_KEEPS],
  ['keep it through let', "d=a; let 'd[1]=1'; rm -r $d", ELEMENT_KEEPS],
  ['keep it through ++', 'd=a; (( d[1]++ )); rm -r $d', ELEMENT_KEEPS],
  ['keep it in an arithmetic for clause', 'd=a; for ((d[1]=5; 0; )); do :; done; rm -r $d', ELEMENT_KEEPS],
  ['replace it when the whole variable is assigned', 'd=a; (( d = 1 )); rm -r $d', ['= opaque', ...rm('subtree', '/ws/⟨n⟩'), '  ? rm: its target /ws/<n> is not literal (a glob)']],
]))
