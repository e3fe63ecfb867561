/**
 * One simple command, pinned as bash runs it: which absolute program paths
 * count as the command of the same name, a lone --help or --version, every
 * redirection operator that writes, which names `builtin` accepts as bash
 * built-ins, the prompt variables bash expands, and which prefix
 * assignments may outlive the command (special built-ins and functions).
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, opaqueLines as opaque, mutationLines as writes, READ_ONLY, writeLine } from '../support/shell-golden.ts'

const w = (via: string, target: string, scope = 'entry'): string => writeLine(target, via, scope)

describe('a program named by its path', () => {
  it('is the command of that name in /bin, /sbin, /usr/bin, /usr/sbin and /usr/local', () => {
    for (const path of ['/bin', '/sbin', '/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']) expect(goldenLines(`${path}/rm a`), path).toEqual(writes(w('rm', '/ws/a')))
  })

  it('is opaque anywhere else', () => {
    for (const path of ['/opt/bin/rm', '/x/usr/bin/rm', '/usr/bin/rm/x', '/usr/bin/x/rm', '/usr/lib/rm', './rm', 'bin/rm']) {
      expect(brief(`${path} a`), path).toEqual(opaque(path, 'it runs a program by path, which the analysis cannot see'))
    }
  })
})

describe('a lone --help or --version', () => {
  it('only prints', () => {
    expect(goldenLines('rm --help')).toEqual(READ_ONLY)
    expect(goldenLines('rm --version')).toEqual(READ_ONLY)
    expect(goldenLines('frobnicate --help')).toEqual(READ_ONLY)
    expect(goldenLines('frobnicate --version')).toEqual(READ_ONLY)
  })

  it('counts only as the one argument', () => {
    const unknown = opaque('frobnicate', 'frobnicate is not a command the analysis knows, so what it writes cannot be proven')
    expect(brief('frobnicate --help x')).toEqual(unknown)
    expect(brief('frobnicate --helpx')).toEqual(unknown)
    expect(brief('frobnicate')).toEqual(unknown)
  })
})

describe('redirections that write', () => {
  it('writes the target of >, >>, >|, &>, &>>, <> and >& with a file', () => {
    for (const operator of ['>', '>>', '>|', '&>', '&>>', '<>', '>&']) expect(goldenLines(`echo ${operator} f`), operator).toEqual(writes(w(`redirection ${operator}`, '/ws/f')))
    expect(goldenLines('echo 2> f')).toEqual(writes(w('redirection >', '/ws/f')))
  })

  it('writes nothing for <, a here-string or a copied descriptor', () => {
    for (const command of ['echo < f', 'cat <<< f', 'echo 2>&1', 'echo >&2', 'echo 3>&-', 'cat <&3']) expect(goldenLines(command), command).toEqual(READ_ONLY)
  })
})

describe('builtin', () => {
  it('runs each bash built-in the command table knows', () => {
    for (const name of [':', 'true', 'false', 'echo', 'printf', 'pwd', 'test', '[', 'type', 'help', 'kill', 'wait', 'jobs', 'times', 'dirs', 'umask', 'ulimit', 'caller', 'compgen', 'complete', 'compopt', 'disown', 'suspend', 'logout', 'history', 'unalias', 'bg', 'fg', 'trap', 'exit', 'return', 'break', 'continue', 'shift', 'set']) {
      expect(brief(`builtin ${name}`).join('\n'), name).not.toContain('it is not a shell built-in')
    }
  })

  it('is opaque for a name that is not a bash built-in', () => {
    expect(brief('builtin rm a')).toEqual(opaque('rm', 'it is not a shell built-in'))
  })
})

describe('prompt variables', () => {
  it('analyzes PS0, PS1, PS2 and PS4 as prompt strings, not PS3', () => {
    for (const name of ['PS0', 'PS1', 'PS2', 'PS4']) expect(goldenLines(`${name}='$(rm a)'`), name).toEqual(writes(w('rm', '/ws/a')))
    expect(goldenLines("PS3='$(rm a)'")).toEqual(READ_ONLY)
  })

  it('analyzes PROMPT_COMMAND as a script', () => {
    expect(goldenLines("PROMPT_COMMAND='rm a'")).toEqual(writes(w('rm', '/ws/a')))
  })
})

describe('prefix assignments that may outlive the command', () => {
  // `X=b; X=a :; echo $X` prints a in POSIX mode and b otherwise.
  it('keeps both values after a special built-in or a function', () => {
    for (const command of ['X=a :', 'X=a eval true', 'X=a export Y', 'X=a set --', 'X=a shift 0', 'f() { :; }; X=a f']) {
      expect(goldenLines(`X=b; ${command}; rm "$X"`), command).toEqual(writes(w('rm', '/ws/b'), w('rm', '/ws/a')))
    }
  })

  it('keeps the old value after any other command', () => {
    for (const command of ['X=a true', 'X=a read Y', 'X=a cd /ws', 'X=a printf x', 'X=a echo']) {
      expect(goldenLines(`X=b; ${command}; rm "$X"`), command).toEqual(writes(w('rm', '/ws/b')))
    }
  })

  // `X=b; f() { :; }; X=a command f; echo $X` prints b: command skips the function.
  it('keeps the old value when command skips a function of that name', () => {
    expect(brief('X=b; f() { :; }; X=a command f; rm "$X"')).toContain(w('rm', '/ws/b'))
    expect(brief('X=b; f() { :; }; X=a command f; rm "$X"')).not.toContain(w('rm', '/ws/a'))
  })
})

describe('a PATH set for one built-in', () => {
  // `PATH=/x cd /ws; rm a` runs /usr/bin/rm: the PATH applied to cd alone.
  it('does not change what later commands run after cd, read or printf', () => {
    expect(goldenLines('PATH=/x cd /ws; rm a')).toEqual(writes(w('rm', '/ws/a')))
    expect(goldenLines('PATH=/x read Y; rm a')).toEqual(writes(w('rm', '/ws/a')))
    const printf = 'printf: PATH, hashing or a startup file changed, so the command name may run another program'
    expect(brief('PATH=/x printf x; rm a')).toEqual(['= opaque', `  opaque ${printf}`, w('rm', '/ws/a'), `  ? ${printf}`])
  })
})
