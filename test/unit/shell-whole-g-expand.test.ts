/**
 * Word expansion pinned against bash 5.2: which special parameters and
 * dynamic variables are numbers, a home directory the analysis does not
 * know, indirect expansion of positional and special parameters, how an
 * unquoted `${x:-word}` operand expands, splits and globs, tildes in
 * assignment-like arguments and in assignment values, `$"…"` strings,
 * splitting an unquoted value at blanks (at its start and end too) and
 * reading its globs, empty fields, a changed IFS, arithmetic assignment
 * targets and subscripts, and brace expansion within the alternative bound.
 */
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand, type ShellAnalysisOptions } from '../../src/ieg/shell/analyze.ts'
import { encodeAnalysis, GOLDEN_OPTIONS, goldenLines, LOOKUP_CHANGED, opaqueLines, rmGlob, rmUnknown } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

const brief = (lines: readonly string[]): string[] => lines.map(line => line.replace(/ \| words .*$/s, ''))

function pin(cases: readonly Case[], options: Partial<ShellAnalysisOptions> = {}): void {
  for (const [title, command, lines] of cases) {
    it(title, () => expect(brief(encodeAnalysis(analyzeShellCommand(command, { ...GOLDEN_OPTIONS, ...options })))).toEqual(lines))
  }
}

const write = (target: string, scope = 'entry'): string => `  write rm ${JSON.stringify(target)} ${scope}`
const rm = (...targets: string[]): string[] => ['= mutation', ...targets.map(target => write(target))]
const NUMBER = ['= opaque', write('/ws/⟨n⟩'), rmGlob('/ws/<n>')]
const UNKNOWN = ['= opaque', write('⟨…⟩'), rmUnknown('…')]
// Text the analysis cannot follow may assign any variable, so globs read loosely afterwards.
const unknownValue = (via: string, kind: string): string[] => ['= opaque (loose globs)', ...opaqueLines(via, `a value the analysis does not know is ${kind}, and it could run commands`).slice(1)]
/** {@link unknownValue} in a word of `echo`: analyzed again with every variable unknown, echo is looked up after a PATH that may have changed. */
function echoUnknownValue(via: string, kind: string): string[] {
  const [head, effect, why] = unknownValue(via, kind) as [string, string, string]
  const [, lookup, lookupWhy] = opaqueLines('echo', LOOKUP_CHANGED) as [string, string, string]
  return [head, effect, lookup, why, lookupWhy]
}
const LINK_ARITY = opaqueLines('link', 'link takes exactly two literal operands')

// bash: echo $! $UID $SECONDS … each prints a number; EPOCHREALTIME holds a decimal point.
describe('parameters and dynamic variables that expand to a number', () => pin([
  ['$! is a number', 'rm $!', NUMBER],
  ['$? is a number', 'rm $?', NUMBER],
  ['$# is a number', 'rm $#', NUMBER],
  ['$$ is a number', 'rm $$', NUMBER],
  ['PPID is a number', 'rm $PPID', NUMBER],
  ['UID is a number', 'rm $UID', NUMBER],
  ['EUID is a number', 'rm $EUID', NUMBER],
  ['RANDOM is a number', 'rm $RANDOM', NUMBER],
  ['SECONDS is a number', 'rm $SECONDS', NUMBER],
  ['LINENO is a number', 'rm $LINENO', NUMBER],
  ['BASHPID is a number', 'rm $BASHPID', NUMBER],
  ['SRANDOM is a number', 'rm $SRANDOM', NUMBER],
  ['EPOCHSECONDS is a number', 'rm $EPOCHSECONDS', NUMBER],
  ['EPOCHREALTIME is not a plain number', 'rm $EPOCHREALTIME', UNKNOWN],
  // Assigning RANDOM evaluates the value and seeds the generator; the analysis keeps the value beside any number.
  ['RANDOM once assigned is a number', 'RANDOM=a; rm $RANDOM', ['= opaque', '  write rm "/ws/a" entry', '  write rm "/ws/⟨n⟩" entry', '  ? rm: its target /ws/<n> is not literal (a glob)']],
]))

describe('a shell whose variables the analysis does not know', () => {
  pin([
    ['RANDOM may hold anything', 'rm "$RANDOM"', ['= opaque (loose globs)', write('⟨…⟩'), rmUnknown('…')]],
    ['PWD may hold anything', 'rm "$PWD/x"', ['= opaque (loose globs)', write('⟨…⟩/x'), rmUnknown('…/x')]],
    ['$$ is still a number, in a directory the analysis does not know', 'rm "$$"', ['= opaque (loose globs)', write('⟨…⟩/⟨n⟩'), rmUnknown('…/<n>')]],
    ['an indirect expansion reads a name the analysis does not know', 'echo ${!x}', echoUnknownValue('indirect expansion', 'read as a variable name with a subscript')],
  ], { persistent: true })
})

describe('a home directory the analysis does not know', () => pin([
  ['$HOME is unknown', 'rm $HOME/x', ['= opaque', write('⟨…⟩/x'), rmUnknown('…/x')]],
  ['a tilde is unknown', 'rm ~/x', ['= opaque', write('⟨…⟩/x'), rmUnknown('…/x')]],
  ['a tilde in an assignment is unknown', 'x=~/a; rm "$x"', UNKNOWN],
], { home: null }))

describe('known directories and the home directory', () => pin([
  ['$PWD is the working directory', 'rm $PWD/x', rm('/ws/x')],
  ['$HOME is the home directory', 'rm $HOME/x', rm('/home/u/x')],
  ['~+ is the working directory', 'rm ~+/x', rm('/ws/x')],
  ['a lone tilde is the home directory', 'rm ~', rm('/home/u')],
  ['a tilde inside a word is text', 'rm a~b', rm('/ws/a~b')],
  ['a quoted tilde is text', "rm '~' \"~\"", rm('/ws/~', '/ws/~')],
  ['a tilde before a user name is unknown', 'rm ~x', UNKNOWN],
]))

// bash: set -- 'a[$(touch p)]'; echo ${!1}  runs touch; ${!0} reads the shell's name, ${!#} a number.
describe('indirect expansion of special and positional parameters', () => pin([
  ['$0 is not evaluated as a name', 'echo ${!0}', ['= read-only']],
  ['a positional parameter holds text the analysis does not know', 'echo ${!1}', echoUnknownValue('indirect expansion', 'read as a variable name with a subscript')],
  ['so does a many-digit positional parameter', 'echo ${!12}', echoUnknownValue('indirect expansion', 'read as a variable name with a subscript')],
  ['a name ending in a digit is an ordinary variable from the environment', 'echo ${!a1}', ['= read-only']],
  ['a numeric special parameter names a positional parameter', 'echo ${!#}', ['= read-only']],
  ['an assigned name is evaluated', "x='a[$(rm f)]'; echo ${!x}", ['= opaque (loose globs)', '  write rm "/ws/f" entry', '  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
]))

// bash: x=ab; y='p q'; link ${x/ab/$y} b  passes three operands; quoted it is one.
describe('the result of an operation the analysis does not follow', () => pin([
  ['splits when unquoted', 'link ${x#a} b', LINK_ARITY],
  ['splits when unquoted (replacement)', 'link ${x/a/b} b', LINK_ARITY],
  ['is one field when quoted', 'link "${x#a}" b', ['= opaque', '  write link (link to) "⟨…⟩" entry', '  write link "/ws/b" entry', '  ? link (link to): its target … is not literal (an expansion the analysis cannot know)']],
]))

// bash: u=; echo ${u:-~/x} "${u:-~/x}"  prints /home/u/x ~/x; printf '<%s>' ${u:-a b}  prints <a><b>.
describe('the word of an unquoted ${x:-word}', () => pin([
  ['expands a leading tilde', 'rm ${u:-~/x}', ['= opaque', write('⟨…⟩'), write('/home/u/x'), rmUnknown('…')]],
  ['keeps the tilde when quoted', 'rm "${u:-~/x}"', ['= opaque', write('⟨…⟩'), write('/ws/~/x'), rmUnknown('…')]],
  ['splits at blanks', 'rm ${u:-a b}', ['= opaque', write('⟨…⟩'), write('/ws/a'), write('/ws/b'), rmUnknown('…')]],
  ['does not split when quoted', 'rm "${u:-a b}"', ['= opaque', write('⟨…⟩'), write('/ws/a b'), rmUnknown('…')]],
  ['is unknown when it holds a backslash', 'rm ${u:-a\\ b}', ['= opaque', write('⟨…⟩'), write('⟨…⟩'), rmUnknown('…'), rmUnknown('…')]],
]))

// bash: echo x=~/y --x=~/y x=~/a"b":~/c  prints x=/home/u/y --x=~/y x=/home/u/ab:/home/u/c.
describe('an argument that looks like an assignment', () => pin([
  ['expands the tilde after =', 'rm x=~/y', rm('/ws/x=/home/u/y')],
  ['expands the tilde after +=', 'rm x+=~/y', rm('/ws/x+=/home/u/y')],
  ['does not when the name starts with a digit', 'rm 1x=~/y', rm('/ws/1x=~/y')],
  ['does not when the word does not start with a name', 'rm -- --x=~/y', rm('/ws/--x=~/y')],
  ['expands after a colon in a later literal part', 'rm x=~/a"b":~/c', rm('/ws/x=/home/u/ab:/home/u/c')],
  ['keeps an expansion after the tilde', 'rm x=~/$y', ['= opaque', write('/ws/x=/home/u/⟨…⟩'), rmUnknown('/ws/x=/home/u/…')]],
]))

// bash: x=a:~/b; echo "$x"  prints a:/home/u/b; x="a"~/b gives a~/b; x=~/a:b~/c gives /home/u/a:b~/c.
describe('tildes in an assignment value', () => pin([
  ['expand after a colon', 'x=a:~/b; rm "$x"', rm('/ws/a:/home/u/b')],
  ['do not expand after quoted text', 'x="a"~/b; rm "$x"', rm('/ws/a~/b')],
  ['do not expand inside a segment', 'x=~/a:b~/c; rm "$x"', rm('/home/u/a:b~/c')],
  // bash stores ~/a; the analysis leaves escaped text holding a tilde unknown.
  ['leave an escaped value unknown', 'x=\\~/a; rm "$x"', UNKNOWN],
]))

// bash: x=f; echo $"$x"  prints f.
describe('locale strings', () => pin([
  ['expand like double quotes', 'x=f; rm $"$x"', rm('/ws/f')],
  ['do not split', 'rm $"a b"', rm('/ws/a b')],
]))

// bash: x=' a'; printf '<%s>' z$x  prints <z><a>; x='[]' is no bracket expression.
describe('splitting and globbing an unquoted value', () => pin([
  ['splits at a space', "x='a b'; rm $x", rm('/ws/a', '/ws/b')],
  ['splits at a tab', "x='a\tb'; rm $x", rm('/ws/a', '/ws/b')],
  ['splits at a newline', "x=$'a\\nb'; rm $x", rm('/ws/a', '/ws/b')],
  ['a trailing blank leaves no empty field', "x='a '; rm $x", rm('/ws/a')],
  ['a leading blank ends the text before the expansion', "x=' a'; rm z$x", rm('/ws/z', '/ws/a')],
  ['a trailing blank starts a new field', "x='a '; rm ${x}z", rm('/ws/a', '/ws/z')],
  ['a lone blank separates its neighbours', "x=' '; rm z${x}y", rm('/ws/z', '/ws/y')],
  ['reads * and ? as globs', "x='a?b*c'; rm $x", ['= opaque', write('/ws/a⟨?⟩b⟨*⟩c'), rmGlob('/ws/a?b*c')]],
  ['reads a bracket expression', "x='[ab]c'; rm $x", ['= opaque', write('/ws/⟨[ab]⟩c'), rmGlob('/ws/[ab]c')]],
  ['reads a bracket expression after text', "x='[a]'; rm z$x", ['= opaque', write('/ws/z⟨[a]⟩'), rmGlob('/ws/z[a]')]],
  ['keeps empty brackets as text', "x='[]'; rm $x", rm('/ws/[]')],
  ['reads an extended glob as any name', "x='@(a|b)'; rm $x", ['= opaque', write('/ws/⟨*.⟩'), rmGlob('/ws/*')]],
  ['reads a negated extended glob before text', "x='!(a)z'; rm $x", ['= opaque', write('/ws/⟨*.⟩z'), rmGlob('/ws/*z')]],
  ['keeps an unclosed extended glob as text', "x='+(a'; rm $x", rm('/ws/+(a')],
  ['keeps parentheses without an operator as text', "x='a(b)'; rm $x", rm('/ws/a(b)')],
]))

describe('a changed IFS', () => pin([
  ['leaves an unquoted value unknown', 'IFS=:; x=a; rm $x', UNKNOWN],
  ['leaves an unquoted number unknown', 'IFS=1; rm .git$((1))x', ['= opaque', write('/ws/.git⟨…⟩x'), rmUnknown('/ws/.git…x')]],
]))

// bash: x=; printf '<%s>' "" $x z $x""  prints <><z><>.
describe('empty fields', () => pin([
  ['a quoted empty word is a field, an empty expansion is none', "x=''; rm \"\" $x z", rm('/ws/', '/ws/z')],
  ['an empty expansion next to quotes is a field', "x=''; rm $x\"\"", rm('/ws/')],
]))

describe('arithmetic', () => pin([
  ['a command substitution\'s output is evaluated', 'echo $(( $(cat f) ))', ['= opaque (loose globs)', '  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque cat: PATH, hashing or a startup file changed, so the command name may run another program', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? cat: PATH, hashing or a startup file changed, so the command name may run another program', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['a word starting with a digit is a malformed number, not a name', '(( 1x ))', ['= read-only']],
  // bash: echo $(( 64#@_ ))  prints 4095.
  ['a based number may use @ and _ as digits', 'echo $(( 64#@_ ))', ['= read-only']],
  ['an assignment target with blanks around it is a name', '(( x = 1 )); rm $x', NUMBER],
  // Any variable may have been assigned, so globs read loosely afterwards.
  ['an assignment to a computed name is evaluated text', '(( (x+y) = 1 ))', ['= opaque (loose globs)', ...unknownValue('an arithmetic assignment to a computed name', 'evaluated as arithmetic').slice(1)]],
  ['an element subscript is evaluated', 'c=$y; (( ab[c] ))', unknownValue('array subscript', 'evaluated as arithmetic')],
  ['a longer element subscript is evaluated', 'cd=$y; (( ab[cd] ))', unknownValue('array subscript', 'evaluated as arithmetic')],
  // bash: i='a[$(touch p)]'; (( b[i] ))  runs touch.
  ['a subscript naming a variable evaluates its value', "i='a[$(rm f)]'; (( b[i] ))", ['= opaque (loose globs)', write('/ws/f'), ...unknownValue('arithmetic word', 'evaluated as arithmetic').slice(1)]],
  ['an element\'s array value is evaluated', "b='a[$(rm g)]'; (( b[0] ))", ['= opaque (loose globs)', write('/ws/g'), ...unknownValue('arithmetic word', 'evaluated as arithmetic').slice(1)]],
]))

// bash: declare -i n; : ${n:='a[$(touch f)]'}  runs touch; ${x:o} evaluates o; ${x@P} runs what x holds.
describe('words inside parameter operations', () => {
  pin([
    [':- does not assign', 'u=a; : ${u:-b}; rm $u', rm('/ws/a')],
    ['- does not assign', 'u=a; : ${u-b}; rm $u', rm('/ws/a')],
    [':= assigns', 'u=; : ${u:=b}; rm "$u"', UNKNOWN],
    ['= assigns', 'u=; : ${u=b}; rm "$u"', UNKNOWN],
    [':- does not evaluate its word for an integer variable', "declare -i n; : ${n:-'a[$(rm f)]'}", ['= read-only']],
    [':= evaluates nothing for an ordinary variable', "n=1; : ${n:='a[$(rm f)]'}", ['= read-only']],
    ['a removal pattern runs its command substitution', 'echo ${x#$(rm f)}', rm('/ws/f')],
    ['a case modification pattern runs its command substitution', 'echo ${x^^$(rm f)}', rm('/ws/f')],
    ['a replacement runs both its words', 'echo ${x/$(rm f)/$(rm g)}', rm('/ws/f', '/ws/g')],
    ['a substring offset is evaluated', 'o=$y; echo ${x:o}', echoUnknownValue('substring offset', 'evaluated as arithmetic')],
    ['a substring length is evaluated', 'l=$y; echo ${x:1:l}', echoUnknownValue('substring length', 'evaluated as arithmetic')],
    ['@P expands the value as a prompt', "x='$(rm f)'; echo ${x@P}", rm('/ws/f')],
    ['@Q does not', "x='$(rm f)'; echo ${x@Q}", ['= read-only']],
  ])
  it(':= evaluates its word for an integer variable', () => {
    const lines = brief(goldenLines("declare -i n; : ${n:='a[$(rm f)]'}"))
    expect(lines[0]).toBe('= opaque (loose globs)')
    expect(lines).toContain(write('/ws/f'))
    expect(lines).toContain(unknownValue('arithmetic word', 'evaluated as arithmetic')[2])
  })
})

describe('lengths, indirection and indices', () => pin([
  ['a length is a number', 'rm ${#x}', NUMBER],
  ['a quoted length is a number', 'rm "${#x}"', NUMBER],
  ['an indirect expansion evaluates the name it reads', 'x=$y; echo ${!x}', echoUnknownValue('indirect expansion', 'read as a variable name with a subscript')],
  ['a name prefix list evaluates nothing', 'x=$y; echo ${!x*}', ['= read-only']],
  ['an index list evaluates nothing', 'x=$y; echo ${!x[@]}', ['= read-only']],
  ['the indices of an indexed array are numbers', 'a=(1 2); rm ${!a[@]}', NUMBER],
  ['so are they with [*]', 'a=(1 2); rm ${!a[*]}', NUMBER],
  ['the keys of an associative array are text', 'declare -A a; rm ${!a[@]}', UNKNOWN],
  ['the keys of BASH_ALIASES are text', 'rm ${!BASH_ALIASES[@]}', UNKNOWN],
  ['the keys of BASH_CMDS are text', 'rm ${!BASH_CMDS[@]}', UNKNOWN],
  ['an indirect element is text', 'rm ${!a[1]}', UNKNOWN],
]))

// bash: u=a; echo ${u:-b} ${u:+c} ${u:?}  prints a c a; u=; echo ${u:-b}  prints b.
describe('default, alternative and error operators', () => pin([
  ['a set value is kept', 'u=a; rm ${u:-b}', rm('/ws/a')],
  ['an empty value takes the word', 'u=; rm ${u:-b}', rm('/ws/b')],
  ['an alternative may be the word', 'rm ${u:+a}', rm('/ws/a')],
  // bash: cd ${u:+x}  with u unset runs a bare cd, which goes home.
  ['an alternative may also be no field at all', 'cd ${u:+x}; rm f', rm('/ws/f', '/home/u/f', '/ws/x/f')],
  [':? keeps the value', 'u=a; rm ${u:?}', rm('/ws/a')],
  ['? keeps the value', 'u=a; rm ${u?x}', rm('/ws/a')],
  ['quoted :? keeps the value', 'u=a; rm "${u:?}"', rm('/ws/a')],
]))

describe('substitutions', () => pin([
  ['an empty arithmetic expansion is reported', 'echo $(( ))', echoUnknownValue('arithmetic expansion', 'evaluated as arithmetic')],
  ['a quoted arithmetic expansion is a number', 'rm "$(( 1 ))"', NUMBER],
  ['an output process substitution runs its command', 'cat >(rm f)', rm('/ws/f')],
  ['an input process substitution reads the shell\'s own standard input', 'cat <(bash)', ['= read-only']],
  ['an output process substitution reads a pipe', 'cat >(bash)', opaqueLines('bash', 'it runs a script from standard input the analysis cannot see')],
  ['a process substitution is a descriptor path outside the workspace', 'rm <(true)', ['= read-only']],
]))

describe('brace expansion', () => {
  pin([
    ['gives each alternative', 'rm {a,b}', rm('/ws/a', '/ws/b')],
    ['multiplies two expressions', 'rm {a,b}{c,d}', rm('/ws/ac', '/ws/ad', '/ws/bc', '/ws/bd')],
    ['expands a sequence', 'rm {1..3}', rm('/ws/1', '/ws/2', '/ws/3')],
    ['keeps a quoted alternative whole', 'rm {a,"b c"}', rm('/ws/a', '/ws/b c')],
    ['expands a tilde before the braces', 'rm ~/{a,b}', rm('/home/u/a', '/home/u/b')],
    // bash: echo {-05..3} {99..100} {1..03} {1..5..2} {5..1..2} {c..a..2}
    ['pads a zero-padded sequence with its minus sign counted', 'rm -- {-05..-3} {-1..1}', rm('/ws/-05', '/ws/-04', '/ws/-03', '/ws/-1', '/ws/0', '/ws/1')],
    ['pads to the wider end', 'rm {1..03}', rm('/ws/01', '/ws/02', '/ws/03')],
    ['pads from the start', 'rm {01..3}', rm('/ws/01', '/ws/02', '/ws/03')],
    ['does not pad a sequence without a leading zero', 'rm {8..10} {99..100}', rm('/ws/8', '/ws/9', '/ws/10', '/ws/99', '/ws/100')],
    ['steps up', 'rm {1..5..2}', rm('/ws/1', '/ws/3', '/ws/5')],
    ['steps down', 'rm {5..1..2}', rm('/ws/5', '/ws/3', '/ws/1')],
    ['steps through letters', 'rm {c..a..2}', rm('/ws/c', '/ws/a')],
    ['expands an alternative holding an expansion', 'rm x{a,$y}', ['= opaque', write('/ws/xa'), write('/ws/x⟨…⟩'), rmUnknown('/ws/x…')]],
  ])
  pin([
    ['gives up past the bound of alternatives', 'rm {a,b}{c,d}', UNKNOWN],
    ['gives up when one expression passes the bound', 'rm {a,b,c}', UNKNOWN],
    ['keeps alternatives within the bound', 'rm {a,b}', rm('/ws/a', '/ws/b')],
    ['keeps a sequence within the bound', 'rm {1..2}', rm('/ws/1', '/ws/2')],
    ['gives up on a sequence past the bound', 'rm {1..3}', UNKNOWN],
  ], { maxAlternatives: 2 })
})

describe('plain and quoted words', () => {
  it('reads every plain punctuation character as text', () => expect(goldenLines('rm -- a:b@c%d+e,f=g.h_i-j/k')).toEqual(rm('/ws/a:b@c%d+e,f=g.h_i-j/k')))
  it('joins quoted parts', () => expect(goldenLines("rm 'a b'\"c\"$'d'")).toEqual(rm('/ws/a bcd')))
})
