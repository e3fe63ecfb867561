/**
 * Word expansion contracts of the command classifier, pinned as bash 5.2
 * expands: parameters that always or usually hold a number, the directory
 * and home variables and tilde prefixes, which parts of a `${name<op>word}`
 * run or are evaluated again, which arithmetic operators assign and what an
 * element assignment leaves in the variable, how an unquoted value splits
 * and globs, what an assignment stores, the words of an unquoted default,
 * and when a word has too many alternatives to list. Each expectation is
 * what bash does, or a sound superset of it where the analysis is
 * deliberately coarse.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, writeLine as write, rmWrites as writes, rmUnknown as UNKNOWN, rmGlob as GLOB, pinBrief as pin } from '../support/shell-golden.ts'

const NUMBER = ['= opaque', write('/ws/⟨n⟩'), GLOB('/ws/<n>')]
const RM_UNKNOWN = ['= opaque', write('⟨…⟩'), UNKNOWN('…')]
const EVALUATED = (via: string): string[] => [
  '= opaque (loose globs)',
  `  opaque ${via}: a value the analysis does not know is evaluated as arithmetic, and it could run commands`,
  `  ? ${via}: a value the analysis does not know is evaluated as arithmetic, and it could run commands`,
]

describe('parameters that hold a number', () => {
  it.each(['$PPID', '$UID', '$EUID', '$$', '$!', '$?', '$#', '${#x}'])('%s is always a number', (word) => {
    expect(brief(`rm ${word}`)).toEqual(NUMBER)
  })
  it.each(['RANDOM', 'SECONDS', 'LINENO', 'BASHPID', 'SRANDOM', 'EPOCHSECONDS'])('%s is a number while it is set', (name) => {
    expect(brief(`rm $${name}`)).toEqual(NUMBER)
    // Once unset, bash treats it as an ordinary variable.
    expect(brief(`unset ${name}; ${name}=a; rm $${name}`)).toEqual(writes('/ws/a'))
  })
  it('evaluates no always-numeric parameter as arithmetic', () => {
    expect(brief('(( UID + $# + PPID ))')).toEqual(['= read-only'])
  })
})

describe('directory and home variables and tilde prefixes', () => pin([
  ['PWD is the working directory', 'rm "$PWD/f"', writes('/ws/f')],
  ['OLDPWD is the directory before a cd (or this one, if the cd failed)', 'cd sub; rm "$OLDPWD/f"', writes('/ws/f', '/ws/f')],
  ['OLDPWD of a fresh shell is unknown', 'rm "$OLDPWD/f"', ['= opaque', write('⟨…⟩/f'), UNKNOWN('…/f')]],
  ['HOME is the home directory', 'rm "$HOME/f"', writes('/home/u/f')],
  ['a bare tilde is the home directory', 'rm ~', writes('/home/u')],
  ['~/ and ~+/ start at the home and working directories', 'rm ~/f ~+/g', writes('/home/u/f', '/ws/g')],
  ['~-/ starts at the previous directory', 'cd sub; rm ~-/h', writes('/ws/h', '/ws/h')],
  ['~user/ is unknown', 'rm ~u/i', ['= opaque', write('⟨…⟩/i'), UNKNOWN('…/i')]],
  ['a tilde after a quoted part is literal', 'rm "a"~/f', writes('/ws/a~/f')],
  ['a tilde inside a word or quoted is literal', "rm a~/f '~' \"~/g\"", writes('/ws/a~/f', '/ws/~', '/ws/~/g')],
  ['an assignment expands a leading tilde', 'x=~/f; rm "$x"', writes('/home/u/f')],
  ['an assignment keeps a quoted tilde', 'x="~/f"; rm "$x"', writes('/ws/~/f')],
]))

describe('parts of a parameter expansion that run or are evaluated', () => {
  pin([
    ['a subscript is evaluated as arithmetic', 'echo ${a[$x]}', ['= opaque (loose globs)', '  opaque array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
    ['@ and * subscripts are not', 'echo ${a[@]} ${a[*]}', ['= read-only']],
    ['an element is unknown, even of a known variable', 'a=x; rm ${a[1]}', RM_UNKNOWN],
    ['an assigning default makes the variable unknown', 'x=a; : ${x:=b}; rm $x', RM_UNKNOWN],
    ['so does one that checks only for unset', 'x=a; : ${x=b}; rm $x', RM_UNKNOWN],
    ['a plain default assigns nothing', 'x=a; : ${x:-b}; rm $x', writes('/ws/a')],
    ['patterns of a removal and a case change run', 'echo ${x#$(rm f)} ${x^^$(rm g)}', writes('/ws/f', '/ws/g')],
    ['pattern and replacement of a substitution run', 'echo ${x/$(rm a)/$(rm b)}', writes('/ws/a', '/ws/b')],
    ['a substitution result is unknown', 'rm ${x/a/b}', RM_UNKNOWN],
    ['a substring offset is evaluated', 'echo ${x:$y}', ['= opaque (loose globs)', '  opaque substring offset: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? substring offset: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
    ['a substring length is evaluated', 'echo ${x:1:$y}', ['= opaque (loose globs)', '  opaque substring length: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? substring length: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
    ['@P expands the value as a prompt', "x='$(rm f)'; echo ${x@P}", writes('/ws/f')],
    ['@Q does not', "x='$(rm f)'; echo ${x@Q}", ['= read-only']],
    ['the indices of an indexed array are numbers', 'rm ${!a[@]}', NUMBER],
    ['quoted too', 'rm "${!a[*]}"', NUMBER],
    ['the keys of an associative array are unknown', 'declare -A a; rm ${!a[@]}', RM_UNKNOWN],
    ['so are those of BASH_ALIASES', 'rm ${!BASH_ALIASES[@]}', RM_UNKNOWN],
    ['and of BASH_CMDS', 'rm ${!BASH_CMDS[*]}', RM_UNKNOWN],
    ['listing names or indices evaluates no variable', "x='a[$(rm f)]'; echo ${!x*} ${!x@} ${!x[@]}", ['= read-only']],
  ])
  it('indirect expansion evaluates the value as a name', () => {
    expect(brief("x='a[$(rm f)]'; echo ${!x}")).toEqual(['= opaque (loose globs)', '  write rm "/ws/f" entry', '  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program'])
  })
})

describe('values of a default, alternative or check', () => pin([
  // bash: ${x-b} of an empty x is empty; b is the sound superset, as unset records an empty value.
  ['an empty value may take the default', 'x=; rm ${x-b}', writes('/ws/b')],
  ['a set value keeps itself', 'x=a; rm ${x:-b}', writes('/ws/a')],
  ['an alternative splits when unquoted and stays whole when quoted', "x='a b'; rm \"${x:+c d}\" ${x:+c d}", writes('/ws/c', '/ws/d', '/ws/c d', '/ws/c d', '/ws/c', '/ws/d')],
  ['a check splits the value', "x='a b'; rm ${x?} ${x:?}", writes('/ws/a', '/ws/b', '/ws/a', '/ws/b')],
]))

describe('words of an unquoted default', () => pin([
  ['a leading tilde expands', 'rm ${x:-~/f}', ['= opaque', write('⟨…⟩'), write('/home/u/f'), UNKNOWN('…')]],
  ['blanks split it', 'rm ${x:-a b}', ['= opaque', write('⟨…⟩'), write('/ws/a'), write('/ws/b'), UNKNOWN('…')]],
  ['a glob character globs', 'rm ${x:-f?}', ['= opaque', write('⟨…⟩'), write('/ws/f⟨?⟩'), UNKNOWN('…'), GLOB('/ws/f?')]],
  ['a quoted part stays whole', 'rm ${x:-"a b"}', ['= opaque', write('⟨…⟩'), write('/ws/a b'), UNKNOWN('…')]],
  ['an escaped blank is unknown', 'rm ${x:-a\\ b}', ['= opaque', write('⟨…⟩'), write('⟨…⟩'), UNKNOWN('…'), UNKNOWN('…')]],
]))

describe('arithmetic that assigns', () => {
  it.each(['=', '<<=', '>>=', '%=', '^=', '|=', '*=', '/=', '&=', '+=', '-='])('y %s 1 assigns a number', (operator) => {
    expect(brief(`y=a; (( y ${operator} 1 )); rm $y`)).toEqual(NUMBER)
  })
  it.each(['<=', '>=', '!=', '==', '<', '<<'])('y %s 1 assigns nothing', (operator) => {
    expect(brief(`y=a; (( y ${operator} 1 )); rm $y`)).toEqual(writes('/ws/a'))
  })
  pin([
    ['an element assignment keeps the old value of the variable', 'd=x; (( d[1]=1 )); rm $d', ['= opaque', write('/ws/x'), write('/ws/⟨n⟩'), GLOB('/ws/<n>')]],
    ['so does an element increment', 'd=x; (( d[1]++ )); rm $d', ['= opaque', write('/ws/x'), write('/ws/⟨n⟩'), GLOB('/ws/<n>')]],
    ['a parenthesized name is assigned', 'd=x; (( (d)=1 )); rm $d', NUMBER],
  ])
})

describe('arithmetic words', () => {
  const RAN = (via: string): string[] => ['= opaque (loose globs)', write('/ws/f'), ...EVALUATED(via).slice(1)]
  pin([
    ['numbers in any base evaluate nothing', '(( 0x1F + 0XaB + 10#12 + 2#101 + 36#zZ + 12 )); (( 64#@_ ))', ['= read-only']],
    ['a name is evaluated', "x='a[$(rm f)]'; (( x ))", RAN('arithmetic word')],
    ['an expansion is evaluated', "x='a[$(rm f)]'; (( $x ))", RAN('arithmetic word')],
    ['a subscript runs its substitutions', '(( a[$(rm f)] ))', RAN('arithmetic word')],
    ['a literal subscript is evaluated for its names', "i='a[$(rm f)]'; (( a[i] ))", ['= opaque (loose globs)', write('/ws/f'), '  opaque arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands']],
    ['an unassigned name or subscript evaluates nothing', '(( a[i] + j ))', ['= read-only']],
    ['command output is evaluated', '(( $(rm f) ))', RAN('arithmetic of command output')],
  ])
})

describe('splitting and globbing an unquoted value', () => pin([
  ['splits on blank, tab and newline', "x=$'a\\tb\\nc d'; rm $x", writes('/ws/a', '/ws/b', '/ws/c', '/ws/d')],
  ['drops leading, trailing and repeated blanks', "x='  a   b  '; rm $x", writes('/ws/a', '/ws/b')],
  ['reads * and ? as globs', "x='*'; y='?'; rm $x $y", ['= opaque', write('/ws/⟨*⟩'), write('/ws/⟨?⟩'), GLOB('/ws/*'), GLOB('/ws/?')]],
  ['reads a bracket expression as a class', "x='[a]'; rm $x", ['= opaque', write('/ws/⟨[a]⟩'), GLOB('/ws/[a]')]],
  // bash: `[]a]` matches `]` or `a`.
  ['takes a ] right after [ into the class', "x='[]a]'; rm $x", ['= opaque', write('/ws/⟨[]a]⟩'), GLOB('/ws/[]a]')]],
  ['keeps [] and an unclosed [ literal', "x='[]'; y='a[b'; rm $x $y", writes('/ws/[]', '/ws/a[b')],
  ['an empty value is no field', 'x=; rm $x', ['= read-only']],
  ['an empty value next to quotes is one empty field', "x=; rm \"\"$x ''$x", writes('/ws/', '/ws/')],
  ['quoted text joins the first field', "x='a b'; rm \"c\"$x", writes('/ws/ca', '/ws/b')],
]))

describe('globs in words', () => pin([
  ['?, [..] and * are globs', 'rm f? f[ab] f*', ['= opaque', write('/ws/f⟨?⟩'), write('/ws/f⟨[ab]⟩'), write('/ws/f⟨*⟩'), GLOB('/ws/f?'), GLOB('/ws/f[ab]'), GLOB('/ws/f*')]],
  ['an extended glob matches any name, dotted ones too', 'shopt -s extglob; rm @(a|b)', ['= opaque', write('/ws/⟨*.⟩'), GLOB('/ws/*')]],
  ['a quoted extended glob is literal', 'rm "@(a|b)"', writes('/ws/@(a|b)')],
  ['so is one in a quoted default', 'shopt -s extglob; x=; rm "${x:-@(a|b)}"', writes('/ws/@(a|b)')],
  ['and a glob in a quoted default', 'x=; rm "${x:-f*}"', writes('/ws/f*')],
  ['a process substitution is a descriptor path outside the workspace', 'rm <(true)', ['= read-only']],
]))

describe('values an assignment stores', () => pin([
  ['no pathname expansion', 'x=*; y=f?; rm "$x" "$y"', writes('/ws/*', '/ws/f?')],
  ['no brace expansion', 'x={a,b}; rm "$x"', writes('/ws/{a,b}')],
  ['no extended glob', 'x=@(a|b); rm "$x"', writes('/ws/@(a|b)')],
]))

describe('brace expansion of a word', () => pin([
  ['each alternative is a field', 'rm a{b,c}', writes('/ws/ab', '/ws/ac')],
  ['quoted text follows each alternative', 'rm a{b,c}"d e"', writes('/ws/abd e', '/ws/acd e')],
  ['more alternatives than the limit are unknown', 'rm {a,b}{c,d}{e,f}{g,h}{i,j}', RM_UNKNOWN],
]))

describe('alternatives of a word', () => {
  const x4 = 'if test -e a; then x=1; elif test -e b; then x=2; elif test -e c; then x=3; else x=4; fi'
  const y = (values: number): string => `${Array.from({ length: values }, (_, i) => `${i === 0 ? 'if' : 'elif'} test -e ${i}; then y=${i + 1}`).join('; ')}; else y=0; fi`
  it('lists up to maxAlternatives of them', () => {
    const lines = brief(`${x4}; ${y(3)}; rm $x$y`)
    expect(lines[0]).toBe('= mutation')
    expect(lines).toHaveLength(17)
    expect(lines).toContain(write('/ws/40'))
  })
  it('makes more of them unknown', () => {
    expect(brief(`${x4}; ${y(4)}; rm $x$y`)).toEqual(RM_UNKNOWN)
    expect(brief(`${x4}; ${y(4)}; rm "$x$y"`)).toEqual(RM_UNKNOWN)
  })
})
