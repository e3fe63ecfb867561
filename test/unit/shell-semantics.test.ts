/**
 * Shell-state semantics of the command classifier, pinned exactly: how
 * branch joins keep every flag, integer, associative array, trap and value
 * alternative; how prefix assignments outlive a command; loops, `break`,
 * `continue` and `return`; the state built-ins (declare, unset, read,
 * mapfile, getopts, let, trap, shopt, enable, cd/pushd/popd and `--`, and
 * what read, getopts, let and unset assign); text
 * bash evaluates again (subscripts, substrings, `[[ -eq ]]`, prompts); tilde
 * and parameter expansions;
 * nesting and parse limits; pager settings; descriptors copied, moved and
 * closed by `exec`; short options with optional
 * values; and glob bracket classes. Each expectation is what bash does, or
 * a sound superset of it where the analysis is deliberately coarse.
 */
import { describe, expect, it } from 'vitest'
import { segmentRegex, type Pattern } from '../../src/ieg/shell/pattern.ts'
import { goldenLines } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

const RM_GLOB = ['  write rm "/ws/⟨*⟩.o" entry', '  ? rm: its target /ws/*.o is not literal (a glob)']
const RM_ANY = (scope: string): string[] => [`  write rm "⟨…⟩" ${scope}`, '  ? rm: its target … is not literal (an expansion the analysis cannot know)']
const rm = (scope: string, ...paths: string[]): string[] => paths.map(path => `  write rm "/ws/${path}" ${scope}`)
const unknown = (via: string, what: string, command: string): string[] => [
  `  opaque ${via}: a value the analysis does not know is ${what}, and it could run commands | words [] | mentions [${JSON.stringify(command)}]`,
  `  ? ${via}: a value the analysis does not know is ${what}, and it could run commands`,
]
const lookupChanged = (name: string): string[] => [
  `  opaque ${name}: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/${name}"] | mentions ["${name}","","${name}"]`,
]
const LOOKUP_REASON = (name: string): string => `  ? ${name}: PATH, hashing or a startup file changed, so the command name may run another program`
const REDIRECT_UNKNOWN_DIR = ['= opaque', '  write redirection > "⟨…⟩/a" entry', '  ? redirection >: its target …/a is not literal (an expansion the analysis cannot know)']
const redirects = (...paths: string[]): string[] => ['= mutation', ...paths.map(path => `  write redirection > "${path}" entry`)]
const REDIRECT_ANY = ['= opaque', '  write redirection > "⟨…⟩" entry', '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)']

function pin(cases: readonly Case[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(goldenLines(command)).toEqual(lines))
}

describe('joining the states of two branches', () => pin([
  ['keeps loose globs switched on in one branch', 'if test -e a; then shopt -s dotglob; fi; rm -f *.o', ['= opaque (loose globs)', ...RM_GLOB]],
  ['adds no loose globs, and no unknown names, when neither branch has them', 'if test -e a; then x=1; fi; cd sub; rm -f *.o', ['= opaque', '  write rm "/ws/⟨*⟩.o" entry', '  write rm "/ws/sub/⟨*⟩.o" entry', '  ? rm: its target /ws/*.o is not literal (a glob)', '  ? rm: its target /ws/sub/*.o is not literal (a glob)']],
  ['keeps aliases switched on in one branch', 'if test -e a; then shopt -s expand_aliases; fi; ls', ['= opaque (loose globs)', '  opaque ls: aliases, history expansion or a changed built-in may make it any command | words ["/ws/ls"] | mentions ["ls","","ls"]', '  ? ls: aliases, history expansion or a changed built-in may make it any command']],
  ['keeps a PATH changed in one branch', 'if test -e a; then PATH=/x; fi; ls', ['= opaque', ...lookupChanged('ls'), LOOKUP_REASON('ls')]],
  ['keeps an IFS changed in one branch', 'f="a b"; if test -e a; then IFS=x; fi; rm $f', ['= opaque', ...RM_ANY('entry')]],
  ['keeps unknown names and PATH from a name reference in one branch', 'if test -e a; then declare -n r=x; fi; cd sub; echo > f', ['= opaque (loose globs)', '  write redirection > "⟨…⟩/f" entry', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["⟨…⟩/echo"] | mentions ["echo","f","","echo"]', '  ? redirection >: its target …/f is not literal (an expansion the analysis cannot know)', LOOKUP_REASON('echo')]],
  ['keeps an integer declared in the then branch', 'if test -e a; then declare -i n; fi; n=$1', ['= opaque (loose globs)', ...unknown('integer variable n', 'evaluated as arithmetic', 'if test -e a; then declare -i n; fi; n=$1')]],
  ['keeps an integer declared in the else branch', 'if test -e a; then x=1; else declare -i n; fi; n=$1', ['= opaque (loose globs)', ...unknown('integer variable n', 'evaluated as arithmetic', 'if test -e a; then x=1; else declare -i n; fi; n=$1')]],
  ['keeps integers declared in both branches', 'if test -e a; then declare -i m; else declare -i n; fi; n=$1', ['= opaque (loose globs)', ...unknown('integer variable n', 'evaluated as arithmetic', 'if test -e a; then declare -i m; else declare -i n; fi; n=$1')]],
  ['evaluates nothing for a variable never declared integer', 'n=$1', ['= read-only']],
  ['keeps an associative array declared in one branch: its keys are any text', 'if test -e a; then declare -A m; fi; rm -- "${!m[@]}"', ['= opaque', ...RM_ANY('entry')]],
  ['keeps associative arrays declared in both branches', 'if test -e a; then declare -A m; else declare -A k; fi; rm -- "${!k[@]}"', ['= opaque', ...RM_ANY('entry')]],
  ['reads the keys of an indexed array as numbers', 'rm -- "${!m[@]}"', ['= opaque', '  write rm "/ws/⟨n⟩" entry', '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['keeps a trap set in the else branch', "if test -e a; then x=1; else trap 'rm b' EXIT; fi", ['= mutation', ...rm('entry', 'b', 'b')]],
  ['keeps the traps of both branches', "if test -e a; then trap 'rm a' EXIT; else trap 'rm b' EXIT; fi", ['= mutation', ...rm('entry', 'a', 'b', 'a', 'b')]],
  ['keeps the function bodies of both branches', 'f() { rm a; }; if test -e b; then f() { rm b; }; fi; f', ['= mutation', ...rm('entry', 'a', 'b', 'b', 'a')]],
]))

describe('prefix assignments after the command', () => pin([
  ['restore the earlier value after a plain command', 'd=a; d=b true; rm -r $d', ['= mutation', ...rm('subtree', 'a')]],
  ['leave a variable the command line never assigned to the environment', 'x=1 true; echo $((x))', ['= read-only']],
  ['may persist before a special built-in (POSIX mode)', 'd=a; d=b :; rm -r $d', ['= mutation', ...rm('subtree', 'a', 'b')]],
  ['may persist before a function, with what the function assigned', 'f() { d=c; }; d=a; d=b f; rm -r $d', ['= mutation', ...rm('subtree', 'a', 'b', 'c')]],
  ['restore IFS after a plain command', 'f="a b"; IFS=x true; rm $f', ['= mutation', ...rm('entry', 'a', 'b')]],
  ['restore GLOBIGNORE after a plain command', 'GLOBIGNORE=x true; rm -f *.o', ['= opaque', ...RM_GLOB]],
  ['leave loose globs that were on before', 'shopt -s dotglob; GLOBIGNORE=x true; rm -f *.o', ['= opaque (loose globs)', ...RM_GLOB]],
  ['leave loose globs the command itself may have switched on', "GLOBIGNORE=x command eval 'shopt -s nocaseglob'; rm -f *.o", ['= opaque (loose globs)', ...RM_GLOB]],
  ['leave a changed built-in the command itself loaded', "PATH=/usr/bin command eval 'enable -f ./evil.so ls'; ls", ['= opaque (loose globs)', '  opaque enable: it loads or changes shell built-ins | words ["/ws/-f","/ws/./evil.so","/ws/ls"] | mentions ["enable","-f","./evil.so","ls","","enable","-f","./evil.so","ls"]', '  opaque ls: aliases, history expansion or a changed built-in may make it any command | words ["/ws/ls"] | mentions ["ls","","ls"]', '  ? enable: it loads or changes shell built-ins', '  ? ls: aliases, history expansion or a changed built-in may make it any command']],
]))

describe('loops and leaving them', () => pin([
  ['run a loop body again with the values its last pass left', 'd=a; while test -e f; do rm -r $d; d=b; done', ['= mutation', ...rm('subtree', 'a', 'a', 'b')]],
  ['carry the state at `continue` into the next pass', 'd=a; while test -e f; do rm -r $d; if test -e g; then d=b; continue; fi; d=a; done', ['= mutation', ...rm('subtree', 'a', 'a', 'b')]],
  ['reach a fixed point at once when a pass changes nothing', 'd=a; while test -e f; do rm -r $d; if test -e g; then d=b; fi; d=a; done', ['= mutation', ...rm('subtree', 'a')]],
  ['let `break` leave only the innermost loop', 'd=a; for i in 1; do for j in 1; do d=x; break; done; d=y; done; rm -r $d', ['= mutation', ...rm('subtree', 'a', 'y')]],
  ['let `break 2` leave the outer loop', 'd=a; for i in 1; do for j in 1; do d=x; break 2; done; d=y; done; rm -r $d', ['= mutation', ...rm('subtree', 'a', 'x', 'y')]],
  ['let `break $n` leave any enclosing loop', 'd=a; for i in 1; do for j in 1; do d=x; break $n; d=z; done; rm -r $d; done', ['= mutation', ...rm('subtree', 'a', 'x', 'z', 'a', 'x', 'z')]],
  // bash leaves d=x; y (code after `return`) and a (a `local` is restored) are the analysis's coarse extras.
  ['join the state at `return` to the end of the function', 'f() { d=x; return; d=y; }; d=a; f; rm -r $d', ['= mutation', ...rm('subtree', 'a', 'y', 'x')]],
]))

describe('state built-ins', () => pin([
  ['read `--` as the end of options', 'x=a; declare -- -n; rm -r $x', ['= mutation', ...rm('subtree', 'a')]],
  ['read a word with a dash inside as an operand, not an option cluster', 'x=a; declare y-n; rm -r $x', ['= mutation', ...rm('subtree', 'a')]],
  ['read no options after the first operand', 'x=a; declare y -n; rm -r $x', ['= mutation', ...rm('subtree', 'a')]],
  ['let `unset` of a non-function keep the functions', 'f() { rm a; }; unset x; f', ['= mutation', ...rm('entry', 'a', 'a')]],
  ['assign the array mapfile names', 'x=a; mapfile x < in; rm -r $x', ['= opaque', ...RM_ANY('subtree')]],
  ['assign the array readarray names', 'x=a; readarray -t x < in; rm -r $x', ['= opaque', ...RM_ANY('subtree')]],
  ['assign MAPFILE when mapfile names no array', 'MAPFILE=a; mapfile < in; rm -r $MAPFILE', ['= opaque', ...RM_ANY('subtree')]],
  ['run a mapfile callback in the shell', 'f() { cd /; }; mapfile -C f -c 1 arr < in; rm x', ['= mutation', '  write rm "/ws/x" entry', '  write rm "/x" entry']],
  ['assign what typeset and readonly assign', 'x=a; typeset x=b; readonly x=c; rm -r $x', ['= mutation', ...rm('subtree', 'c')]],
  ['assign the `wait -p` variable', 'x=a; wait -p x; rm -r $x', ['= opaque', ...RM_ANY('subtree')]],
  ['report a mapfile callback that is not literal', 'mapfile -C "$1" -c 1 arr < in', ['= opaque', '  opaque mapfile -C: the script it runs is not literal | words ["⟨…⟩ ⟨…⟩ ⟨…⟩"] | mentions ["mapfile -C \\"$1\\" -c 1 arr < in"]', '  ? mapfile -C: the script it runs is not literal']],
  ['assign the getopts variable', 'opt=a; getopts xy opt; rm -r $opt', ['= opaque', ...RM_ANY('subtree')]],
  ['assign OPTARG from getopts', 'OPTARG=a; getopts o: opt; rm -r "$OPTARG"', ['= opaque', ...RM_ANY('subtree')]],
  ['assign a number from let', 'x=a; let x=1; rm -r $x', ['= opaque', '  write rm "/ws/⟨n⟩" subtree', '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['assign the printf -v variable', 'x=a; printf -v x %s b; rm -r $x', ['= mutation', '  write rm "/ws/b" subtree']],
  ['assign what printf -v formats as unknown', 'x=a; printf -v x %s%s b c; rm -r $x', ['= opaque', ...RM_ANY('subtree')]],
  ['assign read names but not the prompt', 'x=a; y=b; read -p x y; rm -r $x $y', ['= opaque', ...rm('subtree', 'a'), ...RM_ANY('subtree')]],
  ['assign REPLY from a bare read', 'REPLY=a; read; rm -r $REPLY', ['= opaque', ...RM_ANY('subtree')]],
  ['evaluate the subscript of `[ -v ]`', "x=a; [ -v 'b[$(rm y)]' ]; rm -r $x", ['= opaque (loose globs)', ...rm('entry', 'y'), `  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [${JSON.stringify("x=a; [ -v 'b[$(rm y)]' ]; rm -r $x")}]`, '  opaque rm: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/rm","/ws/-r","⟨…⟩"] | mentions ["rm","-r","$x","","rm","-r",""]', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? rm: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['trust commands after `hash -r`, `set -e`, a bare `enable` or `enable -a`', 'hash -r; set -e; enable; enable -a; ls', ['= read-only']],
  ['trust no command after `hash -p`', 'hash -p /tmp/evil ls; ls', ['= opaque', ...lookupChanged('ls'), LOOKUP_REASON('ls')]],
  ['trust no command after `set -k`', 'set -k; ls', ['= opaque', ...lookupChanged('ls'), LOOKUP_REASON('ls')]],
  ['trust no command after `enable -f`', 'enable -f ./x.so foo; ls', ['= opaque (loose globs)', '  opaque enable: it loads or changes shell built-ins | words ["/ws/-f","/ws/./x.so","/ws/foo"] | mentions ["enable","-f","./x.so","foo","","enable","-f","./x.so","foo"]', '  opaque ls: aliases, history expansion or a changed built-in may make it any command | words ["/ws/ls"] | mentions ["ls","","ls"]', '  ? enable: it loads or changes shell built-ins', '  ? ls: aliases, history expansion or a changed built-in may make it any command']],
  ['report a shell option the analysis does not model', 'shopt -s nosuch; ls', ['= opaque', '  opaque shopt: it sets a shell option the analysis does not model | words ["/ws/nosuch"] | mentions ["shopt","-s","nosuch","","shopt","-s","nosuch"]', '  ? shopt: it sets a shell option the analysis does not model']],
  ['loosen no glob when an option is switched off', 'shopt -u dotglob; rm -f *.o', ['= opaque', ...RM_GLOB]],
  ['analyze a trap action after `--`', "trap -- 'rm a' EXIT", ['= mutation', ...rm('entry', 'a', 'a')]],
  ['set no trap with `-`, `-p` or a lone argument', "trap - EXIT; trap -p; trap 'rm a'", ['= read-only']],
  ['let an EXIT trap change no state of later commands', "trap 'cd /' EXIT; rm x", ['= mutation', ...rm('entry', 'x')]],
  ['let a DEBUG trap (any case) run before every command, in the shell', "trap 'cd /' debug; rm a", ['= mutation', '  write rm "/ws/a" entry', '  write rm "/a" entry']],
]))

describe('the working directory', () => pin([
  ['`popd -n` leaves the directory', 'popd -n; echo > a', redirects('/ws/a')],
  ['`popd` goes where the stack says', 'popd; echo > a', REDIRECT_UNKNOWN_DIR],
  ['`pushd -n` leaves the directory', 'pushd -n sub; echo > a', redirects('/ws/a')],
  ['`cd -P` and `cd -LP` read options, and a failed cd stays', 'cd -P sub; cd -LP sub; echo > a', redirects('/ws/a', '/ws/sub/a', '/ws/sub/sub/a')],
  ['`cd x-L` is a directory, not an option', 'cd x-L; echo > a', redirects('/ws/a', '/ws/x-L/a')],
  ['`cdable_vars` makes any name a directory', 'shopt -s cdable_vars; cd x; echo > a', REDIRECT_UNKNOWN_DIR],
]))

describe('text bash evaluates again', () => pin([
  ['`${a[@]}` and `${a[*]}` are no subscripts', 'echo "${a[@]}" "${a[*]}"', ['= read-only']],
  ['an unknown subscript is arithmetic', 'echo "${a[$1]}"', ['= opaque (loose globs)', '  opaque array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["echo \\"${a[$1]}\\""]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","\\"${a[$1]}\\"","","echo",""]', '  ? array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['a value with a subscript runs its command substitution', "x='a[$(rm y)]'; echo $((x))", ['= opaque (loose globs)', '  write rm "/ws/y" entry', "  opaque arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='a[$(rm y)]'; echo $((x))\"]", "  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='a[$(rm y)]'; echo $((x))\"]", '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((x))","","echo",""]', '  ? arithmetic word: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  // The loop's second pass sees every variable unknown after the first evaluated text it could not follow.
  ['a file name from a glob is arithmetic', 'for f in *.txt; do echo $((f)); done', ['= opaque (loose globs)', '  opaque arithmetic: a value with a glob is evaluated as arithmetic | words [] | mentions ["for f in *.txt; do echo $((f)); done"]', '  opaque arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["for f in *.txt; do echo $((f)); done"]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","$((f))","","echo",""]', '  ? arithmetic: a value with a glob is evaluated as arithmetic', '  ? arithmetic: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['an unknown substring offset is arithmetic', 'echo "${x:$1}"', ['= opaque (loose globs)', '  opaque substring offset: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["echo \\"${x:$1}\\""]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","\\"${x:$1}\\"","","echo",""]', '  ? substring offset: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['an unknown substring length is arithmetic', 'echo "${x:0:$1}"', ['= opaque (loose globs)', '  opaque substring length: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["echo \\"${x:0:$1}\\""]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","\\"${x:0:$1}\\"","","echo",""]', '  ? substring length: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['literal substring bounds are safe', 'echo "${x:1:2}"', ['= read-only']],
  ['an unknown prompt string', 'x=$1; echo "${x@P}"', ['= opaque (loose globs)', '  opaque ${…@P}: a value the analysis does not know is expanded as a prompt string, and it could run commands | words [] | mentions ["x=$1; echo \\"${x@P}\\""]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","\\"${x@P}\\"","","echo",""]', '  ? ${…@P}: a value the analysis does not know is expanded as a prompt string, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['an unknown name for `test -v`', 'test -v "$1"', ['= opaque (loose globs)', ...unknown('test -v', 'read as a variable name with a subscript', 'test -v "$1"')]],
  ['`[[ -eq ]]` operands are arithmetic', '[[ $1 -eq 0 ]]', ['= opaque (loose globs)', ...unknown('[[ -eq ]]', 'evaluated as arithmetic', '[[ $1 -eq 0 ]]')]],
  ['so is the right operand', '[[ 0 -ne $1 ]]', ['= opaque (loose globs)', ...unknown('[[ -ne ]]', 'evaluated as arithmetic', '[[ 0 -ne $1 ]]')]],
  ['`[[ == ]]` operands are not', '[[ $1 == x ]]', ['= read-only']],
  ['`[[ && ]]` checks each operand', '[[ -n x && $1 -lt 2 ]]', ['= opaque (loose globs)', ...unknown('[[ -lt ]]', 'evaluated as arithmetic', '[[ -n x && $1 -lt 2 ]]')]],
  ['`${d:=b}` and `${d=b}` assign', 'd=a; : "${d:=b}" "${d=c}"; rm -r "$d"', ['= opaque', ...RM_ANY('subtree')]],
  ['`${d=b}` alone assigns', 'd=a; : "${d=b}"; rm -r "$d"', ['= opaque', ...RM_ANY('subtree')]],
  ['other default operators do not', 'd=a; echo "${d:-b}" "${d-b}" "${d:+c}" "${d:?e}"; rm -r "$d"', ['= mutation', ...rm('subtree', 'a')]],
  ['case operators without a pattern', 'x=a; echo "${x^^}" "${x,}"', ['= read-only']],
  ['a removal pattern is analyzed', 'echo "${x#$(rm y)}"', ['= mutation', ...rm('entry', 'y')]],
]))

/** `echo $(echo $(… $(rm a)))`, `levels` substitutions deep. */
const nested = (levels: number): string => Array.from({ length: levels }).reduce<string>(inner => `echo $(${inner})`, 'rm a')

describe('limits and parse errors', () => pin([
  ['analyzes 8 nested substitutions', nested(8), ['= mutation', ...rm('entry', 'a')]],
  ['stops at 9', nested(9), ['= opaque', `  opaque command substitution: nesting deeper than 8 levels | words ["⟨…⟩"] | mentions [${JSON.stringify(nested(9))}]`, '  ? command substitution: nesting deeper than 8 levels']],
  ['reports text that does not parse', "eval 'if then'", ['= opaque', `  opaque eval: the text does not parse as bash (expected command after 'if') | words [] | mentions [${JSON.stringify("eval 'if then'")}]`, "  ? eval: the text does not parse as bash (expected command after 'if')"]],
  ['word splitting gives `link` its two operands', 'f="a b"; link $f', ['= mutation', '  write link (link to) "/ws/a" entry', '  write link "/ws/b" entry']],
  ['an unknown word may be any number of operands', 'link a $1', ['= opaque', '  opaque link: link takes exactly two literal operands | words ["/ws/a","⟨…⟩"] | mentions ["link","a","$1","","link","a",""]', '  ? link: link takes exactly two literal operands']],
  ['so may a word split by a changed IFS', 'IFS=:; f=a:b; link x $f', ['= opaque', '  opaque link: link takes exactly two literal operands | words ["/ws/x","⟨…⟩"] | mentions ["link","x","$f","","link","x",""]', '  ? link: link takes exactly two literal operands']],
  ['a descriptor path of a process number is unknown', 'echo x > /dev/$$', ['= opaque', '  write redirection > "⟨…⟩" entry', '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)']],
]))

describe('pager and editor settings', () => {
  it('are harmless when they run nothing else', () => {
    for (const command of ['PAGER=less git log', "PAGER='less -R' git log", "PAGER='less -FRX' git log", 'MANPAGER=cat ls', 'GIT_PAGER=cat ls', 'EDITOR=true ls', 'VISUAL=: ls', 'GIT_EDITOR=cat ls', 'GIT_SEQUENCE_EDITOR=true ls', 'LESS=-R ls', 'LESS=FRX ls']) {
      expect(goldenLines(command), command).toEqual(['= read-only'])
    }
  })
  pin([
    ['a LESS with a start command is not', "LESS='+!rm -rf x' ls", ['= opaque', `  opaque ls: LESS is set for it, which changes what it runs or reads | words ["/ws/ls","/ws/+!rm -rf x"] | mentions ["ls",${JSON.stringify("LESS='+!rm -rf x'")},"","ls","+!rm -rf x"]`, '  ? ls: LESS is set for it, which changes what it runs or reads']],
    ['an editor is not', 'EDITOR=vim ls', ['= opaque', '  opaque ls: EDITOR is set for it, which changes what it runs or reads | words ["/ws/ls","/ws/vim"] | mentions ["ls","EDITOR=vim","","ls","vim"]', '  ? ls: EDITOR is set for it, which changes what it runs or reads']],
  ])
})

const RM_A = ['= mutation', '  write rm "/ws/a" entry']
const F_UNKNOWN = ['  opaque f: f is not a command the analysis knows, so what it writes cannot be proven | words ["/ws/f"] | mentions ["f","","f"]', '  ? f: f is not a command the analysis knows, so what it writes cannot be proven']
describe('what read, getopts, let and unset assign', () => pin([
  ['read -a assigns its array', 'x=a; read -a x; rm -r $x', ['= opaque', ...RM_ANY('subtree')]],
  ['read assigns only its names', 'x=a; read -r y; rm -r $x', ['= mutation', '  write rm "/ws/a" subtree']],
  ['read with no name assigns REPLY', 'REPLY=a; read; rm $REPLY', ['= opaque', ...RM_ANY('entry')]],
  ...['p', 'd', 'i', 'n', 'N', 't', 'u'].map((letter): Case => [`read -${letter} takes a value, not a name`, `x=a; read -${letter} x y; rm $x`, RM_A]),
  ['read -p with no name assigns REPLY, not the prompt', 'x=a; read -p x; rm $x', RM_A],
  ['getopts assigns its name', 'x=a; getopts ab x; rm $x', ['= opaque', ...RM_ANY('entry')]],
  ['getopts assigns OPTARG', 'OPTARG=a; getopts ab x; rm $OPTARG', ['= opaque', ...RM_ANY('entry')]],
  ['getopts assigns OPTIND a number', 'OPTIND=a; getopts ab x; rm $OPTIND', ['= opaque', '  write rm "/ws/⟨n⟩" entry', '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['getopts does not assign its option string', 'x=a; getopts x y; rm $x', RM_A],
  ['getopts does not evaluate its option string', "getopts 'a[$(rm b)]' x", ['= read-only']],
  ['getopts evaluates the subscript of its name', "getopts ab 'x[$(rm b)]'", ['= opaque (loose globs)', '  write rm "/ws/b" entry', ...unknown('arithmetic of command output', 'evaluated as arithmetic', "getopts ab 'x[$(rm b)]'")]],
  ['mapfile leaves its later operands', 'y=a; mapfile -t x y < in; rm $y', RM_A],
  ['let assigns a number', 'x=a; let x=1; rm $x', ['= opaque', '  write rm "/ws/⟨n⟩" entry', '  ? rm: its target /ws/<n> is not literal (a glob)']],
  ['let assigns only its names', 'x=a; let y=1; rm $x', RM_A],
  ['unset -v keeps a function', 'f() { rm a; }; unset -v f; f', ['= mutation', '  write rm "/ws/a" entry', '  write rm "/ws/a" entry']],
  ['unset -f removes a function', 'f() { rm a; }; unset -f f; f', ['= opaque', '  write rm "/ws/a" entry', ...F_UNKNOWN]],
  ['unset of a name that may be a function may remove it', 'f() { rm a; }; unset f; f', ['= opaque', '  write rm "/ws/a" entry', '  write rm "/ws/a" entry', ...F_UNKNOWN]],
]))

const RM_DIGITS = ['= opaque', '  write rm "/ws/⟨n⟩" entry', '  ? rm: its target /ws/<n> is not literal (a glob)']
// Bash evaluates a variable's value as an expression where arithmetic reads it, so a value holding a subscript with a substitution runs it.
const EVALUATED = 'x=\'a[$(rm b)]\'; '
const arithmeticRuns = (command: string, via = 'arithmetic word'): Case => [`${via} runs what ${command} evaluates`, command, ['= opaque (loose globs)', '  write rm "/ws/b" entry', ...unknown(via, 'evaluated as arithmetic', command)]]
/**
 * {@link arithmeticRuns} for `echo WORD`: bash may have assigned any variable while evaluating, so the
 * command is analyzed again with every variable unknown: WORD evaluates unknown text (as `via`), and
 * the name echo is looked up after a PATH that may have changed.
 */
const echoRuns = (word: string, via: string): Case => {
  const command = `${EVALUATED}echo ${word}`
  const [effect, reason] = unknown('arithmetic word', 'evaluated as arithmetic', command)
  const [again, againReason] = unknown(via, 'evaluated as arithmetic', command)
  const lookup = `  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ${JSON.stringify(['echo', word, '', 'echo', ''])}`
  return [`arithmetic word runs what ${command} evaluates`, command, ['= opaque (loose globs)', '  write rm "/ws/b" entry', effect as string, again as string, lookup, reason as string, againReason as string, LOOKUP_REASON('echo')]]
}
describe('arithmetic evaluates values again', () => pin([
  ['numbers in any base are read-only', '(( 5 + 0x1f + 10#09 + 2#101 ))', ['= read-only']],
  ['a variable of the environment is not evaluated', '(( x ))', ['= read-only']],
  ['a number assigned earlier is read-only', 'x=1; (( x ))', ['= read-only']],
  ['a special parameter is a number', '(( $# ))', ['= read-only']],
  arithmeticRuns(`${EVALUATED}(( x ))`),
  arithmeticRuns(`${EVALUATED}(( x + 1 ))`),
  arithmeticRuns(`${EVALUATED}(( $x ))`),
  arithmeticRuns('(( a[$(rm b)] ))'),
  arithmeticRuns('i=\'$(rm b)\'; (( a[i] ))', 'arithmetic of command output'),
  arithmeticRuns('y=\'z[$(rm b)]\'; x=y; (( x ))'),
  echoRuns('${y:x}', 'substring offset'),
  echoRuns('$(( x ))', 'arithmetic'),
  arithmeticRuns(`${EVALUATED}[[ x -eq 1 ]]`),
  arithmeticRuns(`${EVALUATED}declare -i y; y=x`),
  arithmeticRuns(`${EVALUATED}let y=x`),
]))

describe('prompts and indirect names evaluate values again', () => pin([
  ['a prompt runs its command substitutions', "x='`rm a`'; echo \"${x@P}\"", RM_A],
  ['a prompt holding the here-document delimiter still runs them', "x=$'DSHG_PROMPT\\n$(rm a)'; echo \"${x@P}\"", RM_A],
  ['a prompt without $ or ` runs nothing', "x='plain'; echo \"${x@P}\"", ['= read-only']],
  ['an indirect name evaluates its subscript', "x='a[$(rm b)]'; echo ${!x}", ['= opaque (loose globs)', '  write rm "/ws/b" entry', "  opaque arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions [\"x='a[$(rm b)]'; echo ${!x}\"]", "  opaque indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands | words [] | mentions [\"x='a[$(rm b)]'; echo ${!x}\"]", '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","${!x}","","echo",""]', '  ? arithmetic of command output: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? indirect expansion: a value the analysis does not know is read as a variable name with a subscript, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['an indirect name without a subscript evaluates nothing', "x='a[1]'; echo ${!x}; y='b'; echo ${!y}", ['= read-only']],
  ['an indirect name that is no name runs nothing', "x='$(rm b)'; echo ${!x}", ['= read-only']],
]))

const STDIN_UNSEEN = (body: string): string[] => ['= opaque', `  opaque bash: it runs a script from standard input the analysis cannot see | words [] | mentions ["bash",${JSON.stringify(body)},"","bash"]`, '  ? bash: it runs a script from standard input the analysis cannot see']
describe('a here-document fed to a shell', () => pin([
  ['is the script it runs', 'bash <<EOF\nrm a\nEOF', RM_A],
  ['expands its variables first', 'x=b; bash <<EOF\nrm $x\nEOF', ['= mutation', '  write rm "/ws/b" entry']],
  ['keeps its quotes as script text', 'x=b; sh <<EOF\nrm "$x"c\nEOF', ['= mutation', '  write rm "/ws/bc" entry']],
  ['is not expanded with a quoted delimiter', "bash <<'EOF'\nrm $x\nEOF", ['= opaque', ...RM_ANY('entry')]],
  ['is unseen when a substitution expands in it', 'bash <<EOF\nrm $(cat f)\nEOF', STDIN_UNSEEN('rm $(cat f)\n')],
  ['is unseen when a variable of the environment expands in it', 'bash <<EOF\nrm $y\nEOF', STDIN_UNSEEN('rm $y\n')],
]))

describe('word splitting of an unquoted value', () => pin([
  ['splits on blanks, tabs and newlines, dropping empty fields', "x=$' a \\t b\\n'; rm $x", ['= mutation', '  write rm "/ws/a" entry', '  write rm "/ws/b" entry']],
  ['reads * and ? as globs', "x='a*'; rm $x", ['= opaque', '  write rm "/ws/a⟨*⟩" entry', '  ? rm: its target /ws/a* is not literal (a glob)']],
  ['reads a closed bracket as a class', "x='a[bc]'; rm $x", ['= opaque', '  write rm "/ws/a⟨[bc]⟩" entry', '  ? rm: its target /ws/a[bc] is not literal (a glob)']],
  ['reads an unclosed bracket as text', "x='a[b'; rm $x", ['= mutation', '  write rm "/ws/a[b" entry']],
]))

describe('tilde and parameter expansions', () => pin([
  ['a quoted tilde is literal', 'rm "~/x"', ['= mutation', '  write rm "/ws/~/x" entry']],
  ['~ is HOME', 'rm ~/x', ['= mutation', '  write rm "/home/u/x" entry']],
  ['~ alone is HOME', 'rm ~', ['= mutation', '  write rm "/home/u" entry']],
  ['~+ is PWD', 'rm ~+/x', ['= mutation', '  write rm "/ws/x" entry']],
  ['~- is OLDPWD', 'cd sub; rm ~-/x', ['= mutation', '  write rm "/ws/x" entry', '  write rm "/ws/x" entry']],
  ['~user is unknown', 'rm ~bob/x', ['= opaque', '  write rm "⟨…⟩/x" entry', '  ? rm: its target …/x is not literal (an expansion the analysis cannot know)']],
  ['the indices of an indexed array are numbers', 'a=(x); rm ${!a[@]}', RM_DIGITS],
  ['the keys of an associative array are any text', 'declare -A a; rm ${!a[@]}', ['= opaque', ...RM_ANY('entry')]],
  ['the keys of BASH_ALIASES are any text', 'rm ${!BASH_ALIASES[@]}', ['= opaque', ...RM_ANY('entry')]],
  ['a length is a number', 'rm ${#x}', RM_DIGITS],
  ['${x:=} assigns x', 'x=b; : ${x:=a}; rm $x', ['= opaque', ...RM_ANY('entry')]],
  ['${x:-} does not assign x', 'x=b; : ${x:-a}; rm $x', ['= mutation', '  write rm "/ws/b" entry']],
  ['${x@P} runs what the prompt holds', "x='$(rm a)'; echo \"${x@P}\"", RM_A],
  ['a substring offset is arithmetic', 'echo ${x:$(rm a):1}', ['= opaque (loose globs)', '  write rm "/ws/a" entry', '  opaque substring offset: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["echo ${x:$(rm a):1}"]', '  opaque rm: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/rm","/ws/a"] | mentions ["rm","a","","rm","a"]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","${x:$(rm a):1}","","echo",""]', '  ? substring offset: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? rm: PATH, hashing or a startup file changed, so the command name may run another program', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['an array subscript is arithmetic', 'echo ${x[$(rm a)]}', ['= opaque (loose globs)', '  write rm "/ws/a" entry', '  opaque array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands | words [] | mentions ["echo ${x[$(rm a)]}"]', '  opaque rm: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/rm","/ws/a"] | mentions ["rm","a","","rm","a"]', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program | words ["/ws/echo","⟨…⟩"] | mentions ["echo","${x[$(rm a)]}","","echo",""]', '  ? array subscript: a value the analysis does not know is evaluated as arithmetic, and it could run commands', '  ? rm: PATH, hashing or a startup file changed, so the command name may run another program', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program']],
  ['a replacement pattern runs its substitutions', 'echo ${x/$(rm a)/b}', RM_A],
  ['a removed prefix runs its substitutions', 'echo ${x#$(rm a)}', RM_A],
  ['every element is read-only', 'echo ${x[@]}', ['= read-only']],
  ['a default is not used for a set, non-empty value', 'x=a; rm ${x:-b}', RM_A],
  ['a default is used for an empty value', 'x=; rm ${x:-b}', ['= mutation', '  write rm "/ws/b" entry']],
  ['a default is used for an unset one', 'unset x; rm ${x-b}', ['= mutation', '  write rm "/ws/b" entry']],
  ['a default may be used for a value the environment holds', 'rm ${x:-b}', ['= opaque', '  write rm "⟨…⟩" entry', '  write rm "/ws/b" entry', '  ? rm: its target … is not literal (an expansion the analysis cannot know)']],
  ['an alternate value is used for a set one', 'x=a; rm ${x:+b}', ['= mutation', '  write rm "/ws/b" entry']],
  ['${x:?} is the value', 'x=a; rm ${x:?msg}', RM_A],
  ['a quoted default is one field', 'x=a; rm "${x:-b c}"', RM_A],
  ['a removed suffix is unknown', 'x=a; rm ${x%.c}', ['= opaque', ...RM_ANY('entry')]],
  ['an element is unknown', 'x=a; rm ${x[1]}', ['= opaque', ...RM_ANY('entry')]],
]))

// A descriptor opened for reading is written through when /dev/fd/N reopens it.
describe('descriptors copied, moved and closed by exec', () => pin([
  ['a copy reaches the file of its source', 'exec 3<cfg; exec 4<&3; echo x > /dev/fd/4', redirects('/ws/cfg')],
  ['a move closes its source and keeps the file', 'exec 3<cfg; exec 4<&3-; echo x > /dev/fd/3', ['= read-only']],
  ['a moved descriptor reaches the file', 'exec 3<cfg; exec 4<&3-; echo x > /dev/fd/4', redirects('/ws/cfg')],
  ['a move into a {var} descriptor closes its source', 'exec 3<cfg; exec {v}<&3-; echo x > /dev/fd/3', ['= read-only']],
  ['a move onto itself closes nothing', 'exec 3<cfg; exec 3<&3-; echo x > /dev/fd/3', redirects('/ws/cfg')],
  ['closing forgets the file', 'exec 3<cfg; exec 3<&-; echo x > /dev/fd/3', ['= read-only']],
  ['a copy of a descriptor that is not open is closed', 'exec 3<cfg; exec 4<&9; echo x > /dev/fd/4', ['= read-only']],
  ['a copy of an unknown descriptor may be any open one', 'exec 3<cfg; exec 4<&$f; echo x > /dev/fd/4', REDIRECT_ANY],
  ['a {var} descriptor is 10 or above', 'exec {v}<cfg; echo x > /dev/fd/9', ['= read-only']],
  ['closing one {var} descriptor closes none for sure', 'exec {v}<cfg; exec {v}<&-; echo x > /dev/fd/10', redirects('/ws/cfg')],
  ['exec through command or builtin keeps what it opened', 'command -p exec 3<cfg; echo x > /dev/fd/3', redirects('/ws/cfg')],
  ['exec through builtin keeps what it opened', 'builtin exec 3<cfg; echo x > /dev/fd/3', redirects('/ws/cfg')],
  ['exec through command command keeps what it opened', 'command command exec 3<cfg; echo x > /dev/fd/3', redirects('/ws/cfg')],
  ['a command run by exec closes its own redirections', 'exec true 3<cfg; echo x > /dev/fd/3', ['= read-only']],
  ['a plain command closes its own redirections', 'true 3<cfg; echo x > /dev/fd/3', ['= read-only']],
]))

describe('short options', () => pin([
  ['a lone `-` is an operand', 'cp a -', ['= mutation', '  write cp "/ws/-/a" entry', '  write cp "/ws/-" entry']],
  ['an optional value is the rest of the cluster (`xargs -iNAME`)', 'find . | xargs -iNAME rm NAME.bak', ['= opaque', ...RM_ANY('entry')]],
  ['and never the next word (`xargs -id echo d`)', 'find . | xargs -id echo d', ['= read-only']],
  ['`script -tFILE` writes its timing file', 'script -tt.log -c true out.txt', ['= mutation', '  write script log "/ws/t.log" entry', '  write script "/ws/out.txt" entry']],
]))

describe('glob bracket classes', () => {
  const matches = (body: string, name: string): boolean => segmentRegex([{ t: 'class', body }] as Pattern, { dotGlob: false, caseInsensitive: false }).test(name)
  it('negate with a leading `!` or `^` only', () => {
    expect([matches('!a', 'a'), matches('!a', 'b'), matches('!a', '!'), matches('^a', 'a'), matches('^a', 'b')]).toEqual([false, true, true, false, true])
    expect([matches('a!', '!'), matches('a!', 'b'), matches('a^', '^'), matches('a^', 'b')]).toEqual([true, false, true, false])
    expect(matches('\\\\', '\\'), 'an escaped backslash matches a backslash').toBe(true)
  })
  it('read POSIX classes', () => {
    const table: Array<[string, string, string]> = [['alpha', 'Q', '1'], ['digit', '7', 'x'], ['alnum', 'z', '-'], ['upper', 'A', 'a'], ['lower', 'a', 'A'], ['space', ' ', 'x'], ['punct', '~', 'x'], ['xdigit', 'f', 'g'], ['word', '_', '-']]
    for (const [name, yes, no] of table) expect([matches(`[:${name}:]`, yes), matches(`[:${name}:]`, no)], name).toEqual([true, false])
    expect([matches('![:digit:]', 'x'), matches('![:digit:]', '5'), matches('[:digit:]x', 'x')]).toEqual([true, false, true])
    expect(matches('[:nosuch:]', 'q'), 'a class bash may not know matches anything').toBe(true)
  })
})

describe('traps and mapfile', () => {
  // Bash runs a signal trap in the shell itself when the signal arrives
  // (`trap 'cd /' USR1; kill -USR1 $$; pwd` prints /), so the trap may change
  // the directory of every later command.
  it('a signal trap runs in the shell and may change its directory', () => {
    expect(goldenLines("trap 'cd /' USR1; kill -USR1 $$; rm x")).toEqual(['= mutation', '  write rm "/ws/x" entry', '  write rm "/x" entry'])
    expect(goldenLines("trap 'cd /' EXIT; rm x")).toEqual(['= mutation', '  write rm "/ws/x" entry'])
  })
  // mapfile/readarray assign the first operand and ignore the rest (bash 5.2:
  // `mapfile -t x y <<< q` sets x, leaves y).
  it('mapfile assigns its first operand', () => {
    expect(goldenLines('x=a; mapfile -t x y < in; rm -r $x')).toEqual(['= opaque', ...RM_ANY('subtree')])
  })
})
