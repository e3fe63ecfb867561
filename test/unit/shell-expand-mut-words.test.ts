/**
 * Word and arithmetic expansion contracts of the command classifier, pinned
 * as bash 5.2 expands: the home directory when it is unknown, variables once
 * a name reference made every name unknown, locale strings, glob characters
 * in words bash does not glob (subscripts), defaults that may or may not
 * apply inside an assignment, arithmetic assignment targets that name no
 * variable, array subscripts in arithmetic (names of any length, subscripts
 * of any length, text that is neither a name nor a subscript), positional
 * parameters evaluated again, which unary operators assign, and the parts of
 * a ternary that are evaluated. Each expectation is what bash does, or a
 * sound superset where the analysis is deliberately coarse (over-reporting
 * a write or an opaque evaluation, never under-reporting).
 */
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { encodeAnalysis, GOLDEN_OPTIONS, pinBrief as pin, writeLine as write, rmWrites as writes, rmUnknown as UNKNOWN, rmGlob as GLOB, LOOKUP_CHANGED } from '../support/shell-golden.ts'

const NUMBER = ['= opaque', write('/ws/⟨n⟩'), GLOB('/ws/<n>')]
const reason = (via: string, text: string): string[] => [`  opaque ${via}: ${text}`, `  ? ${via}: ${text}`]
const NOT_KNOWN = (what: string): string => `a value the analysis does not know is ${what}, and it could run commands`
const ARITHMETIC = NOT_KNOWN('evaluated as arithmetic')
const TOO_DEEP = 'text is evaluated again more than 8 levels deep'
/** `x` holds text whose arithmetic evaluation runs `rm f` (bash expands a subscript inside a value). */
const INJECT = "x='a[$(rm f)]'; "
const RAN = ['= opaque (loose globs)', write('/ws/f'), ...reason('arithmetic word', ARITHMETIC)]
/**
 * {@link RAN} for `echo WORD`: the evaluation may have assigned any variable, so the command is
 * analyzed again with every variable unknown: WORD evaluates unknown text (as `via`), and echo
 * is looked up after a PATH that may have changed.
 */
function ranAgain(via: string): string[] {
  const [effect, why] = reason('arithmetic word', ARITHMETIC) as [string, string]
  const [again, againWhy] = reason(via, ARITHMETIC) as [string, string]
  const [lookup, lookupWhy] = reason('echo', LOOKUP_CHANGED) as [string, string]
  return ['= opaque (loose globs)', write('/ws/f'), effect, again, lookup, why, againWhy, lookupWhy]
}

describe('the home directory when the host does not give it', () => {
  const withoutHome = (command: string): string[] => encodeAnalysis(analyzeShellCommand(command, { ...GOLDEN_OPTIONS, home: null }))
  it('a tilde is an unknown directory', () => {
    expect(withoutHome('rm ~/f')).toEqual(['= opaque', write('⟨…⟩/f'), UNKNOWN('…/f')])
  })
  it('so is HOME', () => {
    expect(withoutHome('rm "$HOME/f"')).toEqual(['= opaque', write('⟨…⟩/f'), UNKNOWN('…/f')])
  })
  it('an assigned HOME is used either way', () => {
    expect(withoutHome('HOME=/h; : > "$HOME/f"')).toContain('  write redirection > "/h/f" entry')
  })
})

/** Two reasons as the analysis prints them: both opaque lines, then both questions. */
function interleaved(first: string[], second: string[]): string[] {
  return [first[0] as string, second[0] as string, first[1] as string, second[1] as string]
}

describe('variables after a name reference made every name unknown', () => {
  const LOOKUP = ['= opaque (loose globs)', ...reason('rm', 'PATH, hashing or a startup file changed, so the command name may run another program')]
  pin([
    ['a name that is not assigned is evaluated as unknown text', 'declare -n r=y; (( a ))', ['= opaque (loose globs)', ...reason('arithmetic', ARITHMETIC)]],
    ['so is the array of an element and the names in its subscript', 'declare -n r=y; (( a[i] ))', ['= opaque (loose globs)', '  opaque arithmetic: ' + ARITHMETIC, '  opaque array subscript: ' + ARITHMETIC, '  ? arithmetic: ' + ARITHMETIC, '  ? array subscript: ' + ARITHMETIC]],
    // x may be an integer the reference leads to: what it is assigned is evaluated too.
    ['an indirect expansion reads an unknown name', 'declare -n r=y; x=${!v}', ['= opaque (loose globs)', ...interleaved(reason('indirect expansion', NOT_KNOWN('read as a variable name with a subscript')), reason('integer variable x', NOT_KNOWN('evaluated as arithmetic')))]],
    ['a prompt expansion expands unknown text', 'declare -n r=y; x=${v@P}', ['= opaque (loose globs)', ...interleaved(reason('${…@P}', NOT_KNOWN('expanded as a prompt string')), reason('integer variable x', NOT_KNOWN('evaluated as arithmetic')))]],
    ['numbers and a number literal stay plain', 'declare -n r=y; (( 1 + 0x1f + $$ ))', ['= read-only (loose globs)']],
    ['a later command name may run anything', 'declare -n r=y; rm "$PWD/f"', LOOKUP],
  ])
})

describe('words', () => pin([
  ['a locale string is one field like a double-quoted one', 'rm $"a b"', writes('/ws/a b')],
  ['a locale string expands its parameters without splitting', "x='1 2'; rm $\"$x y\"", writes('/ws/1 2 y')],
  ['a command substitution splits unless quoted', 'rm "$(echo a b)" $(echo c d)', writes('/ws/a b', '/ws/c', '/ws/d')],
  ['a process substitution runs its commands', 'cat <(rm f)', writes('/ws/f')],
  ['a process substitution as an operand is a descriptor, not a workspace file', 'rm <(rm f)', writes('/ws/f')],
  ['a directory-stack tilde is unknown', 'rm ~+1/f', ['= opaque', write('⟨…⟩/f'), UNKNOWN('…/f')]],
  ['a bare user tilde is unknown', 'rm ~u', ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
  ['a bracket expression in a value is a class', "x='[ab]c'; rm $x", ['= opaque', write('/ws/⟨[ab]⟩c'), GLOB('/ws/[ab]c')]],
  ['a bracket expression in a quoted value is literal', "x='a[bc]'; rm \"$x\"", writes('/ws/a[bc]')],
  ['an empty bracket at the end of a value is literal', "x='a[]'; rm $x", writes('/ws/a[]')],
  ['a quote inside a value is literal', "x=\"a'b\"; rm $x", writes("/ws/a'b")],
  ['a value splits at a blank after the field', "x='a '; rm ${x}c", writes('/ws/a', '/ws/c')],
  // bash: with x set, `${x:-{a,b}}` is the value followed by `}`; with x empty, `{a,b}`.
  ['a brace in an unquoted default stays literal', 'rm ${x:-{a,b}}', ['= opaque', write('⟨…⟩}'), write('/ws/{a,b}'), UNKNOWN('…}')]],
  ['a case change without a pattern runs nothing', 'echo ${x^^} ${x,}', ['= read-only']],
  ['a case change result is unknown', 'x=a; rm ${x@U}', ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
  ['a removal result is unknown', 'x=a; rm ${x#a}', ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
  ['a quoted check keeps the value whole', "x='a b'; rm \"${x:?}\"", writes('/ws/a b')],
  ['a quoted unset-only default keeps a set value whole', "x='a b'; rm \"${x-c}\"", writes('/ws/a b')],
  ['an empty value takes the default', 'x=; rm ${x:-c}', writes('/ws/c')],
  ['an alternative of an unset variable may be empty', 'rm ${x+a b}', writes('/ws/a', '/ws/b')],
  ['an assigning default may keep the value or take the word', 'x=a; rm ${x:=c}', ['= opaque', write('/ws/a'), write('⟨…⟩'), write('/ws/c'), UNKNOWN('…')]],
  ['an extended glob runs the substitutions in it', 'shopt -s extglob; rm @(a|$(rm f))', ['= opaque', write('/ws/f'), write('/ws/⟨*.⟩'), GLOB('/ws/*')]],
]))

describe('glob characters where bash does not glob', () => pin([
  ['a subscript with * is evaluated as arithmetic text', INJECT + 'echo ${a[x*2]}', ranAgain('array subscript')],
  ['a subscript with ? is evaluated as arithmetic text', INJECT + 'echo ${a[x?1:2]}', ranAgain('array subscript')],
  ['a substring offset with a glob character is evaluated as arithmetic text', INJECT + 'echo ${v:x*1}', ranAgain('substring offset')],
]))

describe('a default inside an assignment', () => {
  const MAYBE = 'y=; test -e f && y=a; '
  pin([
    // bash: x is a, or the output of `cat g`.
    ['a default that may run a command makes the value unknown', MAYBE + 'x=${y:-$(cat g)}; rm "$x"', ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
    ['an alternative that may run a command makes the value unknown', MAYBE + 'x=${y:+$(cat g)}; rm "$x"', ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
    ['a subscript that may come from a command is evaluated as unknown text', MAYBE + 'echo ${a[${y:-$(cat g)}]}', ['= opaque (loose globs)', '  opaque array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque cat: PATH, hashing or a startup file changed, so the command name may run another program', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? cat: PATH, hashing or a startup file changed, so the command name may run another program', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
    ['a default of known words keeps both values', MAYBE + 'x=${y:-b}; rm "$x"', writes('/ws/a', '/ws/b')],
  ])
})

describe('arithmetic assignment targets', () => {
  // Any variable may have been assigned, so globs read loosely afterwards.
  const COMPUTED = ['= opaque (loose globs)', ...reason('an arithmetic assignment to a computed name', ARITHMETIC)]
  pin([
    ['a sum is no variable', '(( a+b = 1 ))', COMPUTED],
    ['nor is a parenthesized sum', '(( (a+b) = 1 ))', COMPUTED],
    // bash: assigns a1.
    ['a name built from an expansion is computed', 'i=1; (( a$i = 1 ))', COMPUTED],
    ['an incremented expansion is computed', 'i=1; (( a$i++ ))', COMPUTED],
    ['a negation assigns nothing', 'y=a; (( -y )); rm $y', writes('/ws/a')],
    ['nor does a logical not', 'y=a; (( !y )); rm $y', writes('/ws/a')],
    ['a prefix decrement assigns a number', 'y=a; (( --y )); rm $y', NUMBER],
    ['a postfix decrement too', 'y=a; (( y-- )); rm $y', NUMBER],
    ['a prefix increment too', 'y=a; (( ++y )); rm $y', NUMBER],
    ['a long element name is assigned as an element', 'ab=x; (( ab[1]=1 )); rm $ab', ['= opaque', write('/ws/x'), write('/ws/⟨n⟩'), GLOB('/ws/<n>')]],
  ])
})

describe('array subscripts in arithmetic', () => pin([
  ['an element of a long name evaluates nothing when nothing is assigned', '(( ab[1] + a_1[2] ))', ['= read-only']],
  ['a long subscript evaluates nothing when nothing is assigned', '(( a[10] + a[i+j] ))', ['= read-only']],
  ['a long subscript is evaluated for its names', INJECT + '(( a[x+1] ))', RAN],
  ['an element of a long name has its subscript evaluated', INJECT + '(( ab[x] ))', RAN],
  // bash: the element's value is evaluated as arithmetic, so its subscript runs `rm f`.
  ['an array whose element was assigned is evaluated as unknown text', "a[1]='b[$(rm f)]'; (( a[1] ))", ['= opaque (loose globs)', ...reason('arithmetic', ARITHMETIC)]],
  // bash: `2a[1]` and `a[1]x` are errors (no command runs); the analysis cannot prove it.
  ['text before a name is not an element', '(( 2a[1] ))', ['= opaque (loose globs)', ...reason('arithmetic', TOO_DEEP)]],
  ['text after a subscript is not an element', '(( a[1]x ))', ['= opaque (loose globs)', ...reason('arithmetic', TOO_DEEP)]],
  ['a number with a fraction is not a number', '(( 1.5 ))', ['= opaque (loose globs)', ...reason('arithmetic', TOO_DEEP)]],
]))

describe('arithmetic words evaluated again', () => pin([
  ['the consequent of a ternary', INJECT + '(( c ? x : 0 ))', RAN],
  ['the alternate of a ternary', INJECT + '(( c ? 0 : x ))', RAN],
  ['the test of a ternary', INJECT + '(( x ? 0 : 1 ))', RAN],
  ['a parenthesized name', INJECT + '(( (x) ))', RAN],
  ['the right operand', INJECT + '(( 1 + x ))', RAN],
  ['the left operand', INJECT + '(( x + 1 ))', RAN],
  ['a braced expansion', INJECT + '(( ${x} ))', RAN],
  ['a name in an arithmetic expansion', INJECT + 'y=$(( x ))', ['= opaque (loose globs)', '  write rm "/ws/f" entry', '  opaque arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands']],
  ['an indirect expansion of a positional parameter reads unknown text', 'echo ${!1}', ['= opaque (loose globs)', '  opaque indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['a prompt expansion of a positional parameter expands unknown text', 'echo ${1@P}', ['= opaque (loose globs)', '  opaque ${…@P}: a value the analysis does not know is expanded as a prompt string, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? ${…@P}: a value the analysis does not know is expanded as a prompt string, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['the shell name is never evaluated again', 'echo ${0@P} ${!0}', ['= read-only']],
]))
