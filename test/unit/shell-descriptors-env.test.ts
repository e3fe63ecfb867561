/**
 * Descriptor paths, directory built-ins and environment variables pinned
 * exactly, checked against bash and Linux: which devices discard a write,
 * how `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self|thread-self`
 * (with `task/<tid>`), their `cwd`/`root` links and a path below a directory
 * descriptor reach files, how descriptors opened, reopened, closed and
 * joined after a branch are followed; `cd`/`pushd`/`popd` options, `CDPATH`
 * searches and `..` kept for the host; and which variables change the
 * program a command name runs or what a program reads, with the pager
 * values that run nothing else.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, LOOKUP_CHANGED as LOOKUP, pinBrief as pin } from '../support/shell-golden.ts'

const UNKNOWN = '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)'
/** A write through a path that may reach any file. */
const ANY_FILE = ['= opaque', '  write redirection > "⟨…⟩" entry', UNKNOWN]
/** Two redirections that both write `/ws/<name>`. */
const TWICE = (name: string): string[] => ['= mutation', `  write redirection > "/ws/${name}" entry`, `  write redirection > "/ws/${name}" entry`]
const ONCE = (path: string): string[] => ['= mutation', `  write redirection > "${path}" entry`]

describe('devices that discard a write', () => {
  // Linux: these are character devices; writing creates or changes no file (/dev/full fails with ENOSPC).
  for (const device of ['/dev/null', '/dev/zero', '/dev/full', '/dev/tty', '/dev/random', '/dev/urandom']) {
    it(`reads a write to ${device} as no write`, () => expect(brief(`echo hi > ${device}`)).toEqual(['= read-only']))
  }
  it('reads a write through a descriptor open on /dev/null as no write', () => expect(brief('exec 3>/dev/null; echo > /dev/fd/3')).toEqual(['= read-only']))
  it('reads a file under /dev that is no device as a file', () => expect(brief('echo hi > /dev/shm/x')).toEqual(ONCE('/dev/shm/x')))
})

describe('standard descriptor paths', () => pin([
  // bash: redirections apply left to right, so /dev/stderr reopens h.
  ['reaches the file standard error was opened on', 'echo c 2>h >/dev/stderr', TWICE('h')],
  ['reaches the file standard output was opened on', 'echo c >h 2>/dev/stdout', TWICE('h')],
  // bash: with 2<sub, /dev/stderr/x is sub/x.
  ['reaches into the directory standard error is open on', 'echo hi 2<sub >/dev/stderr/x', ONCE('/ws/sub/x')],
  ['discards a write to the tool\'s own standard output', 'echo hi >/dev/fd/1', ['= read-only']],
  ['reads a path below a descriptor not open on a file as any file', 'echo hi > /dev/fd/9/x', ANY_FILE],
]))

describe('descriptor paths under /proc', () => pin([
  ['reads /proc/thread-self/fd/N as descriptor N', 'exec 3>g; echo a > /proc/thread-self/fd/3', TWICE('g')],
  ['reads /proc/self/task/<tid>/fd/N as descriptor N', 'exec 3>g; echo b > /proc/self/task/1/fd/3', TWICE('g')],
  ['reads a descriptor number of two digits', 'exec 12>g; echo > /dev/fd/12', TWICE('g')],
  ['reads a descriptor number of two digits under /proc', 'exec 12>g; echo > /proc/self/fd/12', TWICE('g')],
  ['reads /proc/thread-self/cwd as the shell directory', 'echo r > /proc/thread-self/cwd/w3', ONCE('/ws/w3')],
  ['reads /proc/self/cwd/name below the shell directory', 'echo > /proc/self/cwd/w', ONCE('/ws/w')],
  ['reads /proc/thread-self/root as the root directory', 'echo r > /proc/thread-self/root/etc/x', ONCE('//etc/x')],
  ['reads a /proc path with the shell pid as any file', 'echo > /proc/$$/fd/1', ANY_FILE],
  ['reads a /dev path with the shell pid as any file', 'echo > /dev/$$', ANY_FILE],
  ['keeps a relative path holding proc/<pid> as written', 'echo > x/proc/$$', ['= opaque', '  write redirection > "/ws/x/proc/⟨n⟩" entry', '  ? redirection >: its target /ws/x/proc/<n> is not literal (a glob)']],
]))

describe('descriptors opened, reopened, closed and joined', () => pin([
  ['replaces the file of a numbered descriptor opened again', 'exec 3>f; exec 3>g; echo > /dev/fd/3', ['= mutation', '  write redirection > "/ws/f" entry', '  write redirection > "/ws/g" entry', '  write redirection > "/ws/g" entry']],
  ['lets a later redirection of the same command replace /dev/null', 'exec 3>/dev/null 3>f; echo > /dev/fd/3', TWICE('f')],
  ['reads a descriptor opened on an unknown path as any file', 'exec 3>$x; echo > /dev/fd/3', ['= opaque', '  write redirection > "⟨…⟩" entry', '  write redirection > "⟨…⟩" entry', UNKNOWN, UNKNOWN]],
  // bash numbers {a} and {b} from 10 up: /dev/fd/11 may be either.
  ['reads a {var} descriptor as any of the {var} files', 'exec {a}>f {b}>g; echo > /dev/fd/11', ['= mutation', '  write redirection > "/ws/f" entry', '  write redirection > "/ws/g" entry', '  write redirection > "/ws/f" entry', '  write redirection > "/ws/g" entry']],
  ['reads {var} descriptors as unknown once an earlier one is', 'exec {a}>$x {b}>f; echo > /dev/fd/10', ['= opaque', '  write redirection > "⟨…⟩" entry', '  write redirection > "/ws/f" entry', '  write redirection > "⟨…⟩" entry', UNKNOWN, UNKNOWN]],
  ['reads {var} descriptors as unknown once a later one is', 'exec {a}>f {b}>$x; echo > /dev/fd/10', ['= opaque', '  write redirection > "/ws/f" entry', '  write redirection > "⟨…⟩" entry', '  write redirection > "⟨…⟩" entry', UNKNOWN, UNKNOWN]],
  ['reads a {var} copy of a descriptor that is not literal as any file', 'echo hi {v}<&$x >/dev/fd/10', ANY_FILE],
  // bash: `exec 3>&-` closes 3 only; /dev/fd/0 still reopens cfg.
  ['closes only the descriptor named by N>&-', 'exec 0<cfg; exec 3>&-; echo x > /dev/fd/0', ONCE('/ws/cfg')],
  ['joins the files of both branches', 'if test -e c; then exec 3>f; else exec 3>g; fi; echo > /dev/fd/3', ['= mutation', '  write redirection > "/ws/f" entry', '  write redirection > "/ws/g" entry', '  write redirection > "/ws/f" entry', '  write redirection > "/ws/g" entry']],
  ['reads a descriptor opened in one branch only as any file', 'test -e c && exec 3>f; echo > /dev/fd/3', ['= opaque', '  write redirection > "/ws/f" entry', '  write redirection > "⟨…⟩" entry', UNKNOWN]],
  ['reads a descriptor opened in the then branch of an if without else as any file', 'if test -e c; then exec 3>f; fi; echo > /dev/fd/3', ['= opaque', '  write redirection > "/ws/f" entry', '  write redirection > "⟨…⟩" entry', UNKNOWN]],
  ['reads a descriptor unknown in the first branch as any file', 'if test -e c; then exec 3>$x; else exec 3>f; fi; echo > /dev/fd/3', ['= opaque', '  write redirection > "⟨…⟩" entry', '  write redirection > "/ws/f" entry', '  write redirection > "⟨…⟩" entry', UNKNOWN, UNKNOWN]],
  ['reads a descriptor unknown in the second branch as any file', 'if test -e c; then exec 3>f; else exec 3>$x; fi; echo > /dev/fd/3', ['= opaque', '  write redirection > "/ws/f" entry', '  write redirection > "⟨…⟩" entry', '  write redirection > "⟨…⟩" entry', UNKNOWN, UNKNOWN]],
]))

/** `rm f` after a change that may fail: the start directory or `dir`. */
const HERE_OR = (...dirs: string[]): string[] => ['= mutation', '  write rm "/ws/f" entry', ...dirs.map(dir => `  write rm "${dir}/f" entry`)]
const HERE = ['= mutation', '  write rm "/ws/f" entry']
const UNKNOWN_DIR = ['= opaque', '  write rm "⟨…⟩/f" entry', '  ? rm: its target …/f is not literal (an expansion the analysis cannot know)']

describe('directory built-ins', () => pin([
  // bash: pushd -n and popd -n change only the stack.
  ['leaves the directory for pushd -n', 'pushd -n /x; rm f', HERE],
  ['leaves the directory for popd -n', 'popd -n; rm f', HERE],
  ['reads popd as a change to a directory of the stack', 'popd; rm f', UNKNOWN_DIR],
  ['reads pushd +N as a rotation of the stack', 'pushd +1; rm f', UNKNOWN_DIR],
  ['reads pushd -N as a rotation of the stack', 'pushd -2; rm f', UNKNOWN_DIR],
  ['reads pushd alone as a swap with the stack', 'pushd; rm f', UNKNOWN_DIR],
  ['reads pushd dir as a change to dir', 'pushd /x; rm f', HERE_OR('/x')],
  ['reads cd -P as an option', 'cd -P /x; rm f', HERE_OR('/x')],
  ['reads cd -e as an option', 'cd -e /x; rm f', HERE_OR('/x')],
  ['reads cd -@ as an option', 'cd -@ /x; rm f', HERE_OR('/x')],
  ['reads the operand after cd -L --', 'cd -L -- /x; rm f', HERE_OR('/x')],
  ['reads cd alone as a change to HOME', 'cd; rm f', HERE_OR('/home/u')],
  ['reads cd - as a change to the previous directory', 'cd /x; cd -; rm f', HERE_OR('/x')],
  // bash searches CDPATH for a name that does not open with /, ./, ../ or is . or ..
  ['reads a plain name as searched in CDPATH', 'CDPATH=/c; cd y; rm f', UNKNOWN_DIR],
  ['reads a name opening with a dot only as searched in CDPATH', 'CDPATH=/c; cd .y; rm f', UNKNOWN_DIR],
  ['reads CDPATH set for cd alone as searched', 'CDPATH=/c cd y; rm f', UNKNOWN_DIR],
  ['does not search CDPATH for ./name', 'CDPATH=/c; cd ./y; rm f', HERE_OR('/ws/y')],
  ['does not search CDPATH for ../name', 'CDPATH=/c; cd ../y; rm f', HERE_OR('/y', '/ws/../y')],
  ['does not search CDPATH for ..', 'CDPATH=/c; cd ..; rm f', ['= mutation', '  write rm "/ws/f" entry', '  write rm "/f" entry', '  write rm "/ws/../f" entry']],
  ['does not search CDPATH for an absolute name', 'CDPATH=/c; cd /y; rm f', HERE_OR('/y')],
  // A logical cd falls back to the physical path when dir/.. does not exist lexically.
  ['keeps a path with .. as written besides its lexical form', 'cd a/../b; rm f', HERE_OR('/ws/b', '/ws/a/../b')],
  ['joins .. to a directory with a trailing slash without doubling it', 'cd /x/; cd ../b; rm f', HERE_OR('/x', '/b', '/ws/../b', '/x/../b')],
]))

const LOOKUP_CHANGED = ['= opaque', `  opaque ls: ${LOOKUP}`, `  ? ls: ${LOOKUP}`]
const SET_FOR = (name: string): string[] => ['= opaque', `  opaque ls: ${name} is set for it, which changes what it runs or reads`, `  ? ls: ${name} is set for it, which changes what it runs or reads`]

describe('variables that change which program a name runs', () => {
  // Assigned in the shell, these reach every later command or shell; PATH, EXECIGNORE, BASH_CMDS and BASH_ALIASES change the shell's own lookup.
  for (const name of ['PATH', 'BASH_ENV', 'ENV', 'BASH_LOADABLES_PATH', 'EXECIGNORE', 'SHELLOPTS', 'BASHOPTS', 'BASH_CMDS', 'LD_X', 'DYLD_X']) {
    it(`reads ${name} assigned in the shell as changing lookup`, () => expect(brief(`${name}=x; ls`)).toEqual(LOOKUP_CHANGED))
  }
  it('reads BASH_ALIASES assigned in the shell as an alias, which expands in POSIX mode', () => {
    const reason = 'aliases, history expansion or a changed built-in may make it any command'
    expect(brief('BASH_ALIASES[x]=y; ls')).toEqual(['= opaque (loose globs)', `  opaque ls: ${reason}`, `  ? ls: ${reason}`])
  })
  for (const name of ['PATH', 'EXECIGNORE', 'BASH_CMDS', 'BASH_ALIASES']) {
    it(`reads ${name} set for one command as changing its own lookup`, () => expect(brief(`${name}=x ls`)).toEqual(LOOKUP_CHANGED))
  }
  for (const name of ['BASH_ENV', 'ENV', 'BASH_LOADABLES_PATH', 'SHELLOPTS', 'BASHOPTS', 'LD_PRELOAD', 'DYLD_X']) {
    it(`reads ${name} set for one command as changing what it runs, not its lookup`, () => expect(brief(`${name}=x ls`)).toEqual(SET_FOR(name)))
  }
  it('reads a name that only opens like LD_ as harmless', () => expect(brief('LDX=x; ls')).toEqual(['= read-only']))
})

describe('variables a program reads as code or options', () => {
  for (const name of ['HOME', 'XDG_CONFIG_HOME', 'INPUTRC', 'LESSOPEN', 'TAR_OPTIONS', 'GREP_OPTIONS', 'NODE_OPTIONS', 'JAVA_TOOL_OPTIONS', 'PS4', 'MAKEFLAGS', 'PYTHONSTARTUP', 'PERL5OPT', 'GIT_DIR', 'NPM_CONFIG_PREFIX', 'CARGO_HOME', 'RUSTC_WRAPPER', 'RUSTFLAGS', 'CC', 'CXX', 'CFLAGS', 'LDFLAGS', 'CPPFLAGS', 'CFLAGSX']) {
    it(`reads ${name} set for a command as changing what it runs`, () => expect(brief(`${name}=x ls`)).toEqual(SET_FOR(name)))
  }
  for (const name of ['CCX', 'CXXY', 'XCC', 'XGIT_DIR', 'TERM']) {
    it(`reads ${name} as harmless`, () => expect(brief(`${name}=x ls`)).toEqual(['= read-only']))
  }
})

describe('pager and editor values that run nothing else', () => {
  const control = (name: string): string[] => ['= mutation', `  control ${name}=… git: ${name} names a program git runs`]
  for (const value of ['cat', 'less', 'more', 'true', 'false', ':', '', '"less -R"', '"less -R -X"']) {
    it(`reads PAGER=${value} as harmless`, () => expect(brief(`PAGER=${value} git log`)).toEqual(['= read-only']))
  }
  for (const value of ['vim', 'cat2', 'xcat', '"less R"', '"less -R +x"', '$p']) {
    it(`reads PAGER=${value} as a program git runs`, () => expect(brief(`PAGER=${value} git log`)).toEqual(control('PAGER')))
  }
  for (const name of ['GIT_PAGER', 'MANPAGER', 'EDITOR', 'VISUAL', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR']) {
    it(`reads ${name}=cat as harmless`, () => expect(brief(`${name}=cat git log`)).toEqual(['= read-only']))
  }
  for (const value of ['-R', '-R#', 'R', '-RX~']) {
    it(`reads LESS=${value} as options`, () => expect(brief(`LESS=${value} git log`)).toEqual(['= read-only']))
  }
  for (const value of ['+x', '-R+G', '"-R x"']) {
    it(`reads LESS=${value} as running less commands`, () => expect(brief(`LESS=${value} git log`)).toEqual(control('LESS')))
  }
})
