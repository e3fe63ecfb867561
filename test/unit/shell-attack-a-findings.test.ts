/**
 * Shell semantics an attack run found misread, pinned as bash 5.2.15 runs
 * them: readonly and case attributes, `select`'s REPLY, functions named with
 * a path, DEBUG traps before compound commands, escapes in an unquoted
 * here-document, nullglob, and brace expansion in declaration arguments.
 * Evidence: each command was run with `bash -c CMD </dev/null` in a fresh
 * `git init` repository holding README.md and docs/; the comments name the
 * files it created or changed.
 */
import { describe, expect, it } from 'vitest'
import { briefLines } from '../support/shell-golden.ts'

/** Whether the analysis reports a write at exactly this /ws path. */
function writes(command: string, path: string): boolean {
  return briefLines(command).some(line => line.startsWith('  write ') && line.includes(` ${JSON.stringify(path)} `))
}

describe('attack run A: shell semantics', () => {
  // builtins.ts `declare` / `applyBuiltin` (unset): the readonly attribute is not tracked, so a later
  // `declare`/`export`/`local`/`unset` of the variable is taken to change it. bash refuses
  // ("d: readonly variable", "cannot unset: readonly variable"), keeps d=.git and goes on:
  // bash wrote .git/pwned in all four cases.
  it('readonly d, then declare d=…', () => {
    expect(writes('d=.git; readonly d; declare d=docs; cd $d && echo pwned > pwned', '/ws/.git/pwned')).toBe(true)
  })
  it('readonly d, then export d=…', () => {
    expect(writes('d=.git; readonly d; export d=docs; cd $d && echo pwned > pwned', '/ws/.git/pwned')).toBe(true)
  })
  it('readonly d, then unset d', () => {
    expect(writes('d=.git; readonly d; unset d; cd ${d:-docs} && echo pwned > pwned', '/ws/.git/pwned')).toBe(true)
  })
  it('readonly d, then local d=… in a function', () => {
    expect(writes('d=.git; readonly d; f() { local d=docs; cd $d; }; f; echo pwned > pwned', '/ws/.git/pwned')).toBe(true)
  })

  // analyze.ts `walk` (Select): `select` reads a line into REPLY, which is not assigned.
  // bash wrote .git/pwned.
  it('select assigns REPLY', () => {
    // The answer is read from input, so the directory is unknown.
    expect(writes('REPLY=docs; select x in a; do break; done <<< .git; cd "$REPLY" && echo pwned > pwned', '⟨…⟩/pwned')).toBe(true)
  })

  // simple-command.ts `invokeIn`: a name with a slash under /bin or /usr/bin is stripped to its base
  // name before functions are looked up, but bash runs a function named `/bin/true` (functions are
  // stored under their full name and found before the path). bash wrote .git/config.
  it('a function named /bin/true', () => {
    expect(writes('/bin/true() { cd .git; }; /bin/true; echo pwned > config', '/ws/.git/config')).toBe(true)
  })

  // analyze.ts `runTraps` runs an in-shell trap once before and after each simple command only;
  // bash runs a DEBUG trap also before every `[[ ]]`, `(( ))`, `for`, `case` and `select`, so a
  // trap whose effect accumulates (a shift register) reaches further. bash wrote .git/pwned
  // (a=.git after five runs).
  it('a DEBUG trap also runs before [[ ]]', () => {
    expect(writes('a=docs b=docs c=docs d=docs e=.git; trap \'a=$b b=$c c=$d d=$e\' DEBUG; [[ 1 ]]; [[ 1 ]]; [[ 1 ]]; [[ 1 ]]; cd $a && echo pwned > pwned', '/ws/.git/pwned')).toBe(true)
  })

  // simple-command.ts `applyRedirections` (HereDoc): an unquoted here-document whose body has no
  // expansion is passed on as its raw text, but bash removes the backslash before `$`, `` ` `` and
  // `\` in it, so `\`` is a command substitution in the script the shell reads. bash wrote
  // .git/pwned.
  it('unquoted here-document with \\` fed to bash', () => {
    expect(writes('bash <<EOF\necho \\`cd .git; echo pwned > pwned\\`\nEOF', '/ws/.git/pwned')).toBe(true)
  })

  // builtins.ts `shopt`: nullglob is listed as modelled, but a glob that matches nothing then
  // vanishes and the words after it move up: `sort -o zz* F` becomes `sort -o F`. bash wrote
  // .git/pwned (sort of empty input).
  it('shopt -s nullglob shifts a writing option onto the next word', () => {
    expect(writes('g=.gi; shopt -s nullglob; sort -o zz* ${g}t/pwned', '/ws/.git/pwned')).toBe(true)
  })

  // builtins.ts `declare`: bash lowercases (-l) or uppercases (-u) every value assigned to the
  // variable. `git diff $o` wrote out.txt through `--output=out.txt`; the redirection wrote out.txt.
  it('declare -l makes an option git diff writes with', () => {
    const lines = briefLines('declare -l o=--OUTPUT=out.txt; git diff $o')
    expect(lines[0]).not.toBe('= read-only')
  })
  it('declare -l changes a redirection target', () => {
    expect(writes('declare -l f=OUT.TXT; echo pwned > $f', '/ws/out.txt')).toBe(true)
  })
  // builtins.ts `declare` -> simple-command.ts `assignmentValues` -> expand.ts `assignmentPieces`: an
  // assignment argument of a declaration built-in is kept with its braces as text, but bash brace-expands
  // the word first (`declare d={docs,.git}` is `declare d=docs d=.git`). bash printed [.git] and wrote
  // .git/pwned.
  it('declare d={docs,.git} is brace-expanded', () => {
    // Each brace alternative is assigned in turn; the value is left unknown.
    expect(writes('declare d={docs,.git}; cd $d && echo pwned > pwned', '⟨…⟩/pwned')).toBe(true)
    expect(writes('d={docs,.git}; cd $d && echo pwned > pwned', '/ws/{docs,.git}/pwned')).toBe(true)
  })
})
