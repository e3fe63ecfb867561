/**
 * Field contracts of the command classifier's word expansion, pinned as
 * bash 5.2 expands: glob characters in the default of an assignment stay
 * literal, words of only literal and quoted text are their own value, how
 * an unquoted value splits next to literal and quoted text, which bracket
 * texts are classes, what brace expansion makes of quoted text and
 * expansions, and the words of an unquoted default. Cases marked as
 * failing document where the analysis disagrees with bash today.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, pinBrief as pin, writeLine as write, rmWrites as writes, rmUnknown as UNKNOWN, rmGlob as GLOB } from '../support/shell-golden.ts'

describe('glob characters in the default of an assignment', () => pin([
  // bash: an assignment does no pathname expansion, so y is `f*`.
  ['a star stays literal', 'x=; y=${x:-f*}; rm "$y"', writes('/ws/f*')],
  ['a question mark and a bracket expression stay literal', 'x=; y=${x:-f?}${x:-[ab]}; rm "$y"', writes('/ws/f?[ab]')],
  ['a set value keeps itself', 'x=a; y=${x:-f*}; rm "$y"', writes('/ws/a')],
  ['an extended glob stays literal', 'shopt -s extglob; x=; y=${x:-@(a|b)}; rm "$y"', writes('/ws/@(a|b)')],
  ['a brace expression stays literal', 'x=; y=${x:-{a,b}}; rm "$y"', writes('/ws/{a,b}')],
]))

describe('expansions whose value is not tracked', () => pin([
  // bash: `${!a[1]}` is the variable named by element 1 (here y).
  ['an indirect expansion through one element is unknown, not a number', 'a=(x y); rm ${!a[1]}', ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
  ['the indices of an array are unknown once every name is', 'declare -n r=y; > ${!a[@]}', ['= opaque (loose globs)', '  write redirection > "⟨…⟩" entry', '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)']],
  ['RANDOM is unknown text once every name is', 'declare -n r=y; (( RANDOM + 1 ))', ['= opaque (loose globs)', '  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands']],
  // bash: `$(( ))` is 0; the analysis treats the empty expression as unknown text (a sound superset).
  ['an empty arithmetic expansion is evaluated as unknown text', 'echo $(( ))', ['= opaque (loose globs)', '  opaque arithmetic expansion: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? arithmetic expansion: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
]))

describe('words of literal and quoted text', () => pin([
  ['quotes of every kind join into one field', "rm \"a\"'b'$'c'\"d\"", writes('/ws/abcd')],
  ['an escaped blank is part of the field', 'rm a\\ b', writes('/ws/a b')],
  ['punctuation that starts no expansion is literal', 'rm -- --a=b,c:d@e%f+g', writes('/ws/--a=b,c:d@e%f+g')],
  // bash: a tilde prefix holding a quoted character is not expanded (`echo ~"x" ~/"x"` prints `~x /root/x`).
  ['a tilde followed by quoted text is literal', 'rm ~"a"', writes('/ws/~a')],
  ['a tilde whose prefix ends before quoted text is the home directory', 'rm ~/"a"', writes('/home/u/a')],
  ['a quoted tilde is literal', 'rm "~"/a', writes('/ws/~/a')],
  ['a tilde after an expansion is literal', 'x=a; rm $x~/f', writes('/ws/a~/f')],
  ['an expansion inside double quotes is unknown', 'rm "a$x"', ['= opaque', write('/ws/a⟨…⟩'), UNKNOWN('/ws/a…')]],
  ['an empty quoted value is one empty field', 'x=; rm "$x"', writes('/ws/')],
  ['a quoted value keeps repeated blanks', "x='a  b'; rm \"$x\"", writes('/ws/a  b')],
  ['a quoted value does not glob', "x='*'; rm \"a$x\"", writes('/ws/a*')],
  ['an assignment after a field separator change keeps a quoted value', "IFS=:; x='a'; rm \"$x\"", writes('/ws/a')],
]))

describe('splitting an unquoted value next to other text', () => pin([
  ['two empty values are no field', 'x=; rm $x$x', ['= read-only']],
  ['two values join', 'x=a; rm $x$x', writes('/ws/aa')],
  ['the last field of one value joins the first of the next', "x='a b'; rm $x$x", writes('/ws/a', '/ws/ba', '/ws/b')],
  ['a blank value before quoted text leaves only the quoted text', "x=' '; rm $x\"a\"", writes('/ws/a')],
  ['a blank value after quoted text leaves only the quoted text', "x=' '; rm \"a\"$x", writes('/ws/a')],
  ['a newline splits', "x=$'a\\nb'; rm $x", writes('/ws/a', '/ws/b')],
  ['a lone ] is literal', "x='a]'; rm $x", writes('/ws/a]')],
  ['a class is closed once and a later [ stays literal', "x='a[b]c[d'; rm $x", ['= opaque', write('/ws/a⟨[b]⟩c[d'), GLOB('/ws/a[b]c[d')]],
  ['each star is a glob', "x='**'; rm $x", ['= opaque', write('/ws/⟨*⟩⟨*⟩'), GLOB('/ws/**')]],
  ['a changed field separator makes the split unknown', "IFS=:; x=a; rm $x", ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
  ['so is a substitution after it', 'IFS=:; rm $(echo a)', ['= opaque', write('⟨…⟩'), UNKNOWN('…')]],
]))

describe('brace expansion', () => pin([
  ['a quoted alternative stays whole', 'rm a{b,"c d"}', writes('/ws/ab', '/ws/ac d')],
  ['an alternative runs its substitution', 'rm a{b,$(echo c)}', writes('/ws/ab', '/ws/ac')],
  ['an expansion follows each alternative', 'rm {a,b}$x', ['= opaque', write('/ws/a⟨…⟩'), write('/ws/b⟨…⟩'), UNKNOWN('/ws/a…'), UNKNOWN('/ws/b…')]],
  // bash: `{a,b}$x` becomes `a$x b$x`, each split on its own.
  ['a value after each alternative splits in each', "x='1 2'; rm {a,b}$x", writes('/ws/a1', '/ws/2', '/ws/b1', '/ws/2')],
  ['an unclosed brace is literal', 'rm a{b,c', writes('/ws/a{b,c')],
  ['a sequence is expanded', 'rm {a..c}', writes('/ws/a', '/ws/b', '/ws/c')],
  ['sixteen alternatives are listed', 'rm a{b,c}{d,e}{f,g}{h,i}', ['= mutation', ...['bdfh', 'bdfi', 'bdgh', 'bdgi', 'befh', 'befi', 'begh', 'begi', 'cdfh', 'cdfi', 'cdgh', 'cdgi', 'cefh', 'cefi', 'cegh', 'cegi'].map(tail => write(`/ws/a${tail}`))]],
]))

describe('words of an unquoted default', () => pin([
  ['quoted text in the middle stays whole', 'rm ${x:-a"b c"d}', ['= opaque', write('⟨…⟩'), write('/ws/ab cd'), UNKNOWN('…')]],
  ['a set value ignores the word', 'x=a; rm ${x:-a b}', writes('/ws/a')],
  ['an unknown expansion in the word is unknown', 'rm ${x:-$y}', ['= opaque', write('⟨…⟩'), write('⟨…⟩'), UNKNOWN('…'), UNKNOWN('…')]],
  ['a known expansion in the word splits', "y='p q'; rm ${x:-$y}", ['= opaque', write('⟨…⟩'), write('/ws/p'), write('/ws/q'), UNKNOWN('…')]],
]))

describe('blanks at the edge of a value, tildes in assignments and extended globs in values', () => {
  // bash: `c$x` with x=' a' is the two fields `c` and `a` (printf '<%s>' c$x prints <c><a>).
  it('a value starting with a blank splits from the text before it', () => {
    expect(brief("x=' a'; rm c$x")).toEqual(writes('/ws/c', '/ws/a'))
  })
  it('a default starting with a blank splits from the text before it', () => {
    expect(brief("y=' p'; rm ${x:-c$y}")).toEqual(['= opaque', write('⟨…⟩'), write('/ws/c'), write('/ws/p'), UNKNOWN('…')])
  })
  // bash: the unquoted default of an assignment expands its tilde; x is the home directory.
  it('a tilde in the default of an assignment is the home directory', () => {
    expect(brief('y=; x=${y:-~}; rm -r "$x"')).toContain('  write rm "/home/u" subtree')
  })
  // bash: a tilde after `:` in an assignment is expanded (x is a:/home/u/f).
  it('a tilde after a colon in an assignment is the home directory', () => {
    expect(brief('x=a:~/f; rm "$x"')).toEqual(writes('/ws/a:/home/u/f'))
  })
  // bash: a word that looks like an assignment expands the tilde after `=` (x=/home/u/f).
  it('a tilde after = in an assignment-like argument is the home directory', () => {
    expect(brief('rm x=~/f')).toEqual(writes('/ws/x=/home/u/f'))
  })
  // bash with extglob: an unquoted `@(a|b)` from a value matches a and b.
  it('an extended glob in an unquoted value is a glob', () => {
    expect(brief("shopt -s extglob; x='@(a|b)'; rm $x")).toEqual(['= opaque', write('/ws/⟨*.⟩'), GLOB('/ws/*')])
    expect(brief("x='a(b)'; rm $x")).toEqual(writes('/ws/a(b)'))
    expect(brief("x='@(a'; rm $x")).toEqual(writes('/ws/@(a'))
  })
  it('a field of quoted text exists even when empty, one of expansions alone does not', () => {
    expect(brief("x=' a'; rm \"\"$x")).toEqual(['= mutation', write('/ws/'), write('/ws/a')])
    expect(brief("x=' '; rm $x$x")).toEqual(['= read-only'])
  })
})
