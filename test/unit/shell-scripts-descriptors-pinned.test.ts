/**
 * Script readers and file descriptors pinned exactly, checked against GNU
 * sed, mawk and bash: how a sed address ends before its command (regular
 * expressions that open with a digit, the `I` and `M` flags, spaces around
 * the comma and before the command, `+N`/`~N` only as a second address,
 * unterminated addresses), awk programs whose lines continue with a
 * backslash or that open with a pipe, writes through `/dev/fd` and `/proc`
 * paths that are not literal, and `{var}>&N` copies and closes as the
 * descriptor table follows them, in a fresh and in a persistent shell.
 */
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { briefLines as brief, encodeAnalysis, GOLDEN_OPTIONS, opaqueLines as opaque } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

/** The same, for a shell that persists between commands (descriptors opened earlier are unknown). */
const briefPersistent = (command: string): string[] => {
  try {
    return encodeAnalysis(analyzeShellCommand(command, { ...GOLDEN_OPTIONS, persistent: true })).map(line => line.replace(/ \| words .*$/s, ''))
  } catch (error) {
    return [`! ${error instanceof Error ? error.message : String(error)}`]
  }
}

function pin(cases: readonly Case[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(brief(command)).toEqual(lines))
}

const UNKNOWN_SED = opaque('sed', 'its script holds a command the analysis does not know')
const AWK_WRITES = opaque('awk', 'its program can write files or run commands')
const SED_WRITES_OUT = ['= mutation', '  write sed w "/ws/out" entry']
/** A write through a path the analysis cannot resolve to a file. */
const UNKNOWN_TARGET = ['= opaque', '  write redirection > "⟨…⟩" entry', '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)']

describe('sed addresses before the command', () => pin([
  // GNU sed: `sed -n '/1/w out'` writes the lines holding 1 to out.
  ['reads a regular expression address that opens with a digit to its closing slash', "sed -n '/1/w out' f", SED_WRITES_OUT],
  // GNU sed: `/x/I` matches case-insensitively, `/x/M` in multi-line mode; both then run w.
  ['skips the I flag of a regular expression address', "sed -n '/x/Iw out' f", SED_WRITES_OUT],
  ['skips the M flag of a regular expression address', "sed -n '/x/Mw out' f", SED_WRITES_OUT],
  // GNU sed accepts spaces on both sides of the comma and before the command.
  ['reads a range with a space before the comma', "sed -n '1 ,3w out' f", SED_WRITES_OUT],
  ['reads a range with a space after the comma', "sed -n '1, 3w out' f", SED_WRITES_OUT],
  ['reads a range with a space before the command', "sed -n '1,3 w out' f", SED_WRITES_OUT],
  ['reads a negated address with a space before the command', "sed -n '1! w out' f", SED_WRITES_OUT],
  // GNU sed: w takes the rest of its line as the file name.
  ['reads +N and ~N as a second address', "sed -n '1,+2w out\n3,~4w out2' f", ['= mutation', '  write sed w "/ws/out" entry', '  write sed w "/ws/out2" entry']],
  // GNU sed: `invalid usage of +N or ~N as first address`.
  ['does not take +N as a first address', "sed -n '+3p' f", UNKNOWN_SED],
  ['does not take ~N as a first address', "sed -n '~2p' f", UNKNOWN_SED],
  // GNU sed: `unterminated address regex`; nothing after it is a command.
  ['is opaque when the first address does not close', "sed -n '/p' f", UNKNOWN_SED],
  ['is opaque when the second address does not close, without reading its text as commands', "sed -n '/w/p;1,/x' f", UNKNOWN_SED],
]))

describe('awk programs the write scan reads', () => pin([
  // mawk reads a backslash-newline as a space: this prints x to the file out, and runs echo.
  ['reads a print continued on the next line as a print that redirects', "awk '{ x = 1; print\\\nx > \"out\" }' f", AWK_WRITES],
  ['reads a system call continued on the next line as a call', "awk 'BEGIN { y = 1 }\n{ y\\\nsystem(\"echo RAN\") }' f", AWK_WRITES],
  // awk rejects these (`syntax error at or near |`); the scan still reads a pipe at the start.
  ['is opaque for a program that is only a pipe sign', "awk '|' f", AWK_WRITES],
  ['is opaque for a program that opens with a pipe', "awk '| \"sh\"' f", AWK_WRITES],
  ['reads a program with no pipe, redirection, library or system call', "awk '{ n += $1 } END { print n }' f", ['= read-only']],
]))

describe('writes through descriptor paths that are not literal', () => pin([
  ['keeps the path as written when it holds an expansion the analysis cannot know', 'echo hi > /dev/fd/$x', ['= opaque', '  write redirection > "/dev/fd/⟨…⟩" entry', '  ? redirection >: its target /dev/fd/… is not literal (an expansion the analysis cannot know)']],
  ['keeps a plain path with an unknown expansion as written', 'echo hi > /ws/out$x', ['= opaque', '  write redirection > "/ws/out⟨…⟩" entry', '  ? redirection >: its target /ws/out… is not literal (an expansion the analysis cannot know)']],
  // The glob may name any process's descriptor, or its cwd link.
  ['reads a glob under /proc as reaching any file', 'echo hi > /proc/*/fd/1', UNKNOWN_TARGET],
  ['reads a glob under /dev/fd as reaching any file', 'echo hi > /dev/fd/*', UNKNOWN_TARGET],
  ['keeps a glob elsewhere as written', 'echo hi > /ws/a*', ['= opaque', '  write redirection > "/ws/a⟨*⟩" entry', '  ? redirection >: its target /ws/a* is not literal (a glob)']],
]))

describe('{var} descriptors copied and closed', () => pin([
  // bash (fd 10 free): `{v}>&3` makes fd 10 a copy of 3, so /dev/fd/10 writes hi to f.
  ['makes a {var} copy of a descriptor open on a file reach that file', 'echo hi 3>f {v}>&3 >/dev/fd/10', ['= mutation', '  write redirection > "/ws/f" entry', '  write redirection > "/ws/f" entry']],
  // bash: `5: Bad file descriptor`; the command does not run.
  ['leaves the table alone for a {var} copy of a descriptor not open on a file', 'echo hi {v}>&5 >/dev/fd/10', ['= read-only']],
  // bash: `v: ambiguous redirect` with v unset; with v=0 it closes standard input. Either way fd 10 is not f.
  ['leaves the table alone for a {var} close', 'echo hi <f {v}>&- >/dev/fd/10', ['= read-only']],
  ['reads a copy to a numbered descriptor the same way', 'echo hi 5>f 4>&5 >/dev/fd/4', ['= mutation', '  write redirection > "/ws/f" entry', '  write redirection > "/ws/f" entry']],
  ['discards a write to a numbered copy of a descriptor not open on a file', 'echo hi 4>&5 >/dev/fd/4', ['= read-only']],
]))

describe('descriptor copies in a persistent shell', () => {
  // An earlier command may have run `exec 5>file`: a copy of 5 may reach any file.
  it('reads a numbered copy of a descriptor opened earlier as reaching any file', () => {
    expect(briefPersistent('echo hi 4>&5 >/dev/fd/4')).toEqual(['= opaque (loose globs)', ...UNKNOWN_TARGET.slice(1)])
  })

  it('reads a {var} copy of a descriptor opened earlier as reaching any file', () => {
    expect(briefPersistent('echo hi {v}>&5 >/dev/fd/10')).toEqual(['= opaque (loose globs)', ...UNKNOWN_TARGET.slice(1)])
  })
})
