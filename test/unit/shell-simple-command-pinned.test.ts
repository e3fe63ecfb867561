/**
 * Simple-command decisions pinned exactly, checked against bash: which
 * names `builtin` accepts as bash built-ins, which built-ins keep the
 * assignments before them (the POSIX special built-ins) and which leave
 * an option those assignments switched on behind, which assigned
 * variables bash expands as prompts or runs, what a here-string or a
 * descriptor copy gives standard input, and when `>&` and `<&` copy a
 * descriptor rather than open a file.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, LOOKUP_CHANGED as LOOKUP, opaqueLines as opaque, READ_ONLY } from '../support/shell-golden.ts'

const STDIN_UNSEEN = 'it runs a script from standard input the analysis cannot see'
/** `rm -r d$x` when x may still be `a` or hold the `b` assigned before the command. */
const A_OR_B = ['= mutation', '  write rm "/ws/da" subtree', '  write rm "/ws/db" subtree']
/** `rm -r d$x` when x is `a` again. */
const A_ONLY = ['= mutation', '  write rm "/ws/da" subtree']
/** A script that removes f, run by bash from standard input. */
const REMOVES_F = ['= mutation', '  write rm "/ws/f" entry']

describe('builtin runs only bash built-ins', () => {
  // Each is `type -t` builtin in bash 5.2; `builtin ls` fails with "not a shell builtin".
  const calls = [':', 'true', 'false', 'echo', 'printf x', 'pwd', 'test x', '[ x ]', 'type ls', 'help', 'kill 1', 'jobs', 'times', 'dirs', 'umask', 'ulimit', 'caller', 'compgen', 'complete', 'compopt', 'disown', 'suspend', 'logout', 'history', 'unalias', 'bg', 'fg', 'exit', 'shift', 'wait', 'trap', 'return', 'break', 'continue', 'set']

  it('runs every bash built-in the command table knows, as the table reads it', () => {
    const results = calls.map(call => [call, brief(`builtin ${call}`)] as const)
    expect(results).toEqual(calls.map(call => [call, READ_ONLY]))
  })

  it('keeps what the table says a built-in writes', () => {
    expect(brief('builtin history -w h')).toEqual(['= mutation', '  write history "/ws/h" entry'])
  })

  it('is opaque about a program that is no built-in', () => {
    expect(brief('builtin ls')).toEqual(opaque('ls', 'it is not a shell built-in'))
    expect(brief('builtin mkdir d')).toEqual(opaque('mkdir', 'it is not a shell built-in'))
  })
})

describe('assignments before a POSIX special built-in may persist', () => {
  // bash --posix keeps x=b after each of these; plain bash restores a. Both stay possible.
  const special = [':', '. /dev/stdin <<< true', 'source /dev/stdin <<< true', 'eval true', 'exec', 'export y', 'readonly y', 'set -e', 'shift', 'times', 'trap - INT', 'unset y']

  it('keeps the earlier and the assigned value after each special built-in', () => {
    const results = special.map(call => [call, brief(`x=a; x=b ${call}; rm -r d$x`)] as const)
    expect(results).toEqual(special.map(call => [call, A_OR_B]))
  })

  it('keeps both after break, continue and return, which leave a loop or function', () => {
    expect(brief('x=a; for i in 1; do x=b break; done; rm -r d$x')).toEqual(A_OR_B)
    expect(brief('x=a; for i in 1; do x=b continue; done; rm -r d$x')).toEqual(A_OR_B)
    expect(brief('x=a; f() { x=b return; }; f; rm -r d$x')).toEqual(A_OR_B)
  })

  // bash restores a after these even in POSIX mode.
  it('restores the earlier value after a built-in that is not special', () => {
    for (const call of ['true', 'cd .', 'printf -v y z', 'read y <<< z', 'wait']) expect([call, brief(`x=a; x=b ${call}; rm -r d$x`)]).toEqual([call, A_ONLY])
  })
})

describe('an option switched on for one built-in', () => {
  // `PATH=/x cd .; ls` runs ls from the old PATH in bash: these built-ins run no code that could keep PATH.
  it('is off again after a built-in that changes only the names it assigns and the directory', () => {
    const plain = ['cd .', 'pushd .', 'popd', 'read y <<< a', 'getopts a o', 'printf -v y ""', 'wait', 'let y=1']
    const results = plain.map(call => [call, brief(`PATH=/x ${call}; ls`)] as const)
    expect(results).toEqual(plain.map(call => [call, READ_ONLY]))
  })

  it('is off again after test, [ and a plain printf, which are analyzed as the program', () => {
    for (const [call, name] of [['test 1', 'test'], ['[ 1 ]', '['], ['printf ""', 'printf']]) expect(brief(`PATH=/x ${call}; ls`)).toEqual(opaque(name as string, LOOKUP))
  })

  it('stays on after a built-in that runs code or changes the shell', () => {
    expect(brief('PATH=/x mapfile y < /dev/null; ls')).toEqual(opaque('ls', LOOKUP))
    expect(brief('PATH=/x eval true; ls')).toEqual(['= opaque', `  opaque true: ${LOOKUP}`, `  opaque ls: ${LOOKUP}`, `  ? true: ${LOOKUP}`, `  ? ls: ${LOOKUP}`])
  })
})

describe('variables bash expands or runs when assigned', () => {
  // bash expands PS4 under set -x and the others in an interactive shell.
  it('expands PS0, PS1, PS2 and PS4 as prompts, whose command substitutions run', () => {
    for (const name of ['PS0', 'PS1', 'PS2', 'PS4']) expect([name, brief(`${name}='$(rm f)'`)]).toEqual([name, REMOVES_F])
  })

  // PS3 is printed by select as it is, without expansion.
  it('leaves PS3 unexpanded', () => {
    expect(brief(`PS3='$(rm f)'`)).toEqual(READ_ONLY)
  })

  it('runs PROMPT_COMMAND, and is opaque when its value is an append or an array', () => {
    expect(brief(`PROMPT_COMMAND='rm f'`)).toEqual(REMOVES_F)
    expect(brief(`PROMPT_COMMAND+='rm f'`)).toEqual(opaque('PROMPT_COMMAND', 'the script it runs is not literal'))
    expect(brief(`PROMPT_COMMAND=('rm f')`)).toEqual(opaque('PROMPT_COMMAND', 'the script it runs is not literal'))
  })
})

describe('standard input from a here-string', () => {
  it('runs the here-string bash reads as its script, on descriptor 0 by default or by number', () => {
    expect(brief(`bash <<< 'rm f'`)).toEqual(REMOVES_F)
    expect(brief(`bash 0<<< 'rm f'`)).toEqual(REMOVES_F)
  })

  // `bash 3<<< 'touch g' </dev/null` touches nothing: bash reads its script from descriptor 0.
  it('gives standard input nothing from a here-string on another descriptor', () => {
    expect(brief(`bash 3<<< 'rm f'`)).toEqual(READ_ONLY)
  })

  it('is opaque about a here-string whose text is unknown', () => {
    expect(brief('bash <<< $x')).toEqual(opaque('bash', STDIN_UNSEEN))
    expect(brief('bash <<< "$x"')).toEqual(opaque('bash', STDIN_UNSEEN))
  })
})

describe('standard input from a descriptor copy', () => {
  // `bash 3<<< 'touch j' <&3` and `… 0<&3` both touch j.
  it('is unknown after <& or 0<&', () => {
    expect(brief('bash <&3')).toEqual(opaque('bash', STDIN_UNSEEN))
    expect(brief('bash 0<&3')).toEqual(opaque('bash', STDIN_UNSEEN))
    expect(brief(`bash 3<<< 'rm f' <&3`)).toEqual(opaque('bash', STDIN_UNSEEN))
  })

  it('is left alone by a copy made onto another descriptor', () => {
    expect(brief('bash 1<&3')).toEqual(READ_ONLY)
    expect(brief('bash >&2')).toEqual(READ_ONLY)
    for (const copy of ['>&2', '2>&1', '1>&2']) expect([copy, brief(`bash <<< 'rm f' ${copy}`)]).toEqual([copy, REMOVES_F])
  })
})

describe('>& and <& copy a descriptor or open a file', () => {
  it('copies, moves or closes a descriptor for a number, a number with a dash, or a dash', () => {
    // `ls >& 10` creates no file named 10.
    for (const target of ['2', '10', '12-', '-']) expect([target, brief(`ls >& ${target}`)]).toEqual([target, READ_ONLY])
  })

  // bash writes the files 1x and x1: only a whole number is a descriptor.
  it('opens a file for a word that only starts or ends with digits', () => {
    expect(brief('ls >& 1x')).toEqual(['= mutation', '  write redirection >& "/ws/1x" entry'])
    expect(brief('ls >& x1')).toEqual(['= mutation', '  write redirection >& "/ws/x1" entry'])
  })

  it('writes the file an unknown target of >& names', () => {
    const unknown = ['= opaque', '  write redirection >& "⟨…⟩" entry', '  ? redirection >&: its target … is not literal (an expansion the analysis cannot know)']
    expect(brief('ls >& $f')).toEqual(unknown)
    expect(brief('ls >& "$f"')).toEqual(unknown)
  })

  // With x=f, bash writes f; with x=1, it copies descriptor 1.
  it('writes every file a target that may be a number or a name may open', () => {
    expect(brief('if [ -e a ]; then x=1; else x=f; fi; ls >& $x')).toEqual(['= mutation', '  write redirection >& "/ws/1" entry', '  write redirection >& "/ws/f" entry'])
  })
})
