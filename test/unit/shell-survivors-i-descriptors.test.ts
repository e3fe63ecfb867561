/**
 * Readings pinned from the survivors of a mutation run of descriptors.ts,
 * each checked against bash 5.2: the special paths that reopen a descriptor
 * (their exact shape), copies of descriptors that are closed or numbered
 * from 10, standard input restored after a pipeline, and the unknown table
 * of a persistent shell.
 */
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { reachOfPath } from '../../src/ieg/shell/descriptors.ts'
import { ANY, DIGITS, lit, type Pattern } from '../../src/ieg/shell/pattern.ts'
import { encodeAnalysis, GOLDEN_OPTIONS, goldenLines, mutationLines, writeLine } from '../support/shell-golden.ts'

const UNKNOWN = '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)'
const UNKNOWN_F = '  ? redirection >: its target …/f is not literal (an expansion the analysis cannot know)'

/** The encoded analysis in a persistent shell: its descriptors and directory are unknown. */
const persistentLines = (command: string): string[] => encodeAnalysis(analyzeShellCommand(command, { ...GOLDEN_OPTIONS, persistent: true }))

describe('standard input named through /proc', () => {
  // bash: `source /proc/self/fd/0 <<< "rm f"` removes f: the path reopens the here-string.
  it('reads source /proc/self/fd/0 as the script on standard input', () => {
    expect(goldenLines('source /proc/self/fd/0 <<< "rm f"')).toEqual(mutationLines(writeLine('/ws/f')))
  })

  // bash: `source /proc/thread-self/fd/0 <<< "rm f"` removes f as well.
  it('reads source /proc/thread-self/fd/0 as the script on standard input', () => {
    expect(goldenLines('source /proc/thread-self/fd/0 <<< "rm f"')).toEqual(mutationLines(writeLine('/ws/f')))
  })
})

describe('the exact shape of a path that reopens a descriptor', () => {
  // bash: `echo hi > x/dev/fd/1` writes the file x/dev/fd/1 (a relative path is no descriptor).
  it('keeps a relative path ending in dev/fd/N as written', () => {
    expect(goldenLines('echo hi > x/dev/fd/1')).toEqual(mutationLines(writeLine('/ws/x/dev/fd/1', 'redirection >')))
  })

  // bash: `echo hi > /dev/stdout.log` creates the file /dev/stdout.log, not standard output.
  it('keeps a name that only opens like /dev/stdout as a file', () => {
    expect(goldenLines('echo hi > /dev/stdout.log')).toEqual(mutationLines(writeLine('/dev/stdout.log', 'redirection >')))
  })

  // bash: `echo hi > /proc/self/fd/1x` fails (no such file); the analysis keeps the path as written, not descriptor 1.
  it('keeps a name that only opens like /proc/self/fd/N as written', () => {
    expect(goldenLines('echo hi > /proc/self/fd/1x')).toEqual(mutationLines(writeLine('/proc/self/fd/1x', 'redirection >')))
  })

  // bash: `echo hi 2<sub >/dev/stderr/xy` creates sub/xy: the link reaches the directory standard error is open on.
  it('reaches a name of several characters below /dev/stderr', () => {
    expect(goldenLines('echo hi 2<sub >/dev/stderr/xy')).toEqual(mutationLines(writeLine('/ws/sub/xy', 'redirection >')))
  })

  // bash: `echo hi 2<sub >/proc/self/fd/2/xy` creates sub/xy as well.
  it('reaches a name of several characters below /proc/self/fd/N', () => {
    expect(goldenLines('echo hi 2<sub >/proc/self/fd/2/xy')).toEqual(mutationLines(writeLine('/ws/sub/xy', 'redirection >')))
  })

  // bash: `exec 3>g; echo b > /proc/self/task/$BASHPID/fd/3` writes g; the analysis cannot tell which task number is the shell's, so any reads as it.
  it('reads a task number of several digits as the shell\'s own thread', () => {
    expect(goldenLines('exec 3>g; echo b > /proc/self/task/12/fd/3')).toEqual(mutationLines(writeLine('/ws/g', 'redirection >'), writeLine('/ws/g', 'redirection >')))
  })
})

describe('copies of descriptors', () => {
  // bash: `exec 12>f; exec 3>&12; echo hi > /dev/fd/12` writes f: a copy without `-` leaves its source open.
  it('leaves the source of N>&M open, M of two digits', () => {
    expect(goldenLines('exec 12>f; exec 3>&12; echo > /dev/fd/12')).toEqual(mutationLines(writeLine('/ws/f', 'redirection >'), writeLine('/ws/f', 'redirection >')))
  })

  // bash: `exec 4>&7` fails (7: Bad file descriptor), so 4 and then 5 stay closed and /dev/fd/5 does not exist.
  it('reads a copy of a copy of a closed descriptor as closed', () => {
    expect(goldenLines('exec 4>&7; exec 5>&4; echo > /dev/fd/5')).toEqual(['= read-only'])
  })

  // bash: `{v}` opens 10; `exec 3>&4` fails (4: Bad file descriptor), so /dev/fd/3 does not exist.
  it('does not read a closed descriptor below 10 as a {var} descriptor', () => {
    expect(goldenLines('exec {v}>f; exec 3>&4; echo > /dev/fd/3')).toEqual(mutationLines(writeLine('/ws/f', 'redirection >')))
  })
})

describe('the descriptors after a pipeline', () => {
  // bash: after `echo x | cat`, descriptor 3 is still f, once.
  it('leaves a table the pipeline did not change as it was', () => {
    expect(goldenLines('exec 3>f; echo x | cat; echo > /dev/fd/3')).toEqual(mutationLines(writeLine('/ws/f', 'redirection >'), writeLine('/ws/f', 'redirection >')))
  })

  // bash: after `echo x | read y`, descriptor 3 is still f, once: the pipe was standard input of read alone.
  it('leaves a table a pipeline changed only in its variables as it was', () => {
    expect(goldenLines('exec 3>f; echo x | read y; echo > /dev/fd/3')).toEqual(mutationLines(writeLine('/ws/f', 'redirection >'), writeLine('/ws/f', 'redirection >')))
  })

  // bash: `{ echo x | exec 3>k; echo hi > /dev/stdin; } < s` writes hi into s: after the pipeline standard input is s again.
  it('gives standard input back to the commands after a pipeline that changed the table', () => {
    expect(goldenLines('{ echo x | exec 3>k; echo hi > /dev/stdin; } < s')).toEqual(mutationLines(writeLine('/ws/k', 'redirection >'), writeLine('/ws/s', 'redirection >'), writeLine('/ws/s', 'redirection >')))
  })
})

describe('the unknown table of a persistent shell', () => {
  // bash: an earlier command of a persistent shell may have opened 4 (`exec 4>x`), so /dev/fd/4 may be any file.
  it('keeps the table unknown after exec opens a descriptor', () => {
    expect(persistentLines('exec 3>f; echo > /dev/fd/4')).toEqual(['= opaque (loose globs)', writeLine('⟨…⟩/f', 'redirection >'), writeLine('⟨…⟩', 'redirection >'), UNKNOWN_F, UNKNOWN])
  })

  // bash: a pipeline in a persistent shell writes f in a directory the analysis does not know.
  it('keeps the table unknown through a pipeline', () => {
    expect(persistentLines('echo x | cat > f')).toEqual(['= opaque (loose globs)', writeLine('⟨…⟩/f', 'redirection >'), UNKNOWN_F])
  })

  // bash: `exec 4>&3-` in a persistent shell moves whatever 3 is; /dev/fd/5 may be open from before.
  it('keeps the table unknown after a move', () => {
    expect(persistentLines('exec 4>&3-; echo > /dev/fd/5')).toEqual(['= opaque (loose globs)', writeLine('⟨…⟩', 'redirection >'), UNKNOWN])
  })

  // bash: `read y` at the end of a pipeline changes no descriptor; /dev/fd/4 may be open from before.
  it('keeps the table unknown after a pipeline that changed the variables', () => {
    expect(persistentLines('echo x | read y; echo > /dev/fd/4')).toEqual(['= opaque (loose globs)', writeLine('⟨…⟩', 'redirection >'), UNKNOWN])
  })

  // bash: as above; the exec in the pipeline may or may not stay (lastpipe), and 4 may be open from before.
  it('keeps the table unknown after a pipeline that changed it', () => {
    expect(persistentLines('echo x | exec 3>f; echo > /dev/fd/4')).toEqual(['= opaque (loose globs)', writeLine('⟨…⟩/f', 'redirection >'), writeLine('⟨…⟩', 'redirection >'), UNKNOWN_F, UNKNOWN])
  })
})

describe('reachOfPath: where a write through a path lands', () => {
  const table = new Map<number, readonly Pattern[] | null>([[3, [lit('/dev/null')]], [4, [lit('/ws/out')]]])
  const cwd = [lit('/ws')]

  it('keeps an ordinary path, one with an unknown part and a glob outside /proc and /dev/fd as written', () => {
    expect(reachOfPath(lit('a.txt'), table, cwd)).toEqual({ kind: 'path' })
    expect(reachOfPath([...lit('/ws/'), ...ANY], table, cwd)).toEqual({ kind: 'path' })
    expect(reachOfPath([...lit('/ws/'), { t: 'star' }], table, cwd)).toEqual({ kind: 'path' })
  })

  it('discards a descriptor open on /dev/null and lands on the file of one open on a file', () => {
    expect(reachOfPath(lit('/dev/fd/3'), table, cwd)).toEqual({ kind: 'discard' })
    expect(reachOfPath(lit('/dev/fd/4'), table, cwd)).toEqual({ kind: 'paths', paths: [lit('/ws/out')] })
  })

  it('does not know a process named by a number the analysis cannot tell, nor a glob under /proc', () => {
    expect(reachOfPath([...lit('/proc/'), ...DIGITS, ...lit('/fd/1')], table, cwd)).toEqual({ kind: 'paths', paths: [ANY] })
    expect(reachOfPath([...lit('/proc/'), { t: 'star' }, ...lit('/fd/1')], table, cwd)).toEqual({ kind: 'paths', paths: [ANY] })
  })
})
