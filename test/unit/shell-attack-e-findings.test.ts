/**
 * Findings of attack run e on the shell analysis (shell semantics:
 * declarations, dynamic scope, descriptors, indirect expansion). Each test
 * asserts what bash 5.2 really does and fails today (`it.fails`); the
 * comment above it gives the bash evidence, checked in a scratch `git init`
 * repository with a `docs` directory.
 */
import { describe, expect, it } from 'vitest'
import { briefLines } from '../support/shell-golden.ts'

/** Whether the analysis reports a write that lands inside `/ws/.git`, or one whose target it cannot know. */
function reachesGit(command: string): boolean {
  return briefLines(command).some(line => line.startsWith('  write ') && (line.includes('"/ws/.git/') || line.includes('⟨…⟩')))
}

describe('attack e: declarations and dynamic scope', () => {
  // `local d` (or `declare d`, `local -a d`) without a value gives the function an empty,
  // unset d, whatever the caller's d holds. bash: `d=docs; f() { local d; cd .git$d && echo pwned > pwned; }; f`
  // wrote .git/pwned. The analysis keeps d=docs and reports /ws/.gitdocs/pwned.
  it('local NAME without a value empties the variable', () => {
    expect(reachesGit('d=docs; f() { local d; cd .git$d && echo pwned > pwned; }; f')).toBe(true)
  })
  it('declare NAME inside a function without a value empties the variable', () => {
    expect(reachesGit('d=docs; f() { declare d; cd .git$d && echo pwned > pwned; }; f')).toBe(true)
  })

  // `local` outside a function fails ("can only be used in a function") and assigns
  // nothing. bash: `d=.git; local d=docs 2>/dev/null; cd $d && echo pwned > pwned9` wrote
  // .git/pwned9; the analysis takes d=docs and reports /ws/pwned and /ws/docs/pwned.
  it('local outside a function assigns nothing', () => {
    expect(reachesGit('d=.git; local d=docs 2>/dev/null; cd $d && echo pwned > pwned')).toBe(true)
  })

  // Dynamic scope: `unset d` in g, called from f where d is local, removes f's local
  // and shows the global d again. bash printed `[.git]` for
  // `d=.git; g() { unset d; }; f() { local d=docs; g; echo "[$d]"; }; f`, and the command
  // below wrote .git/pwned; the analysis reports /ws/pwned, /ws/docs/pwned and /home/u/pwned.
  it('unset of a caller\'s local shows the global value again', () => {
    expect(reachesGit('d=.git; g() { unset d; }; f() { local d=docs; g; cd $d && echo pwned > pwned; }; f')).toBe(true)
  })

  // `declare -g d=docs` inside a function whose local d shadows the global changes only
  // the global: the function still sees its local d=.git. bash wrote .git/pwned; the
  // analysis reports /ws/pwned and /ws/docs/pwned.
  it('declare -g leaves a shadowing local as it is', () => {
    expect(reachesGit('d=docs; f() { local d=.git; declare -g d=docs; cd $d && echo pwned > pwned; }; f')).toBe(true)
  })

  // `declare +f NAME=value` (also typeset/local/export/readonly with +f or +F) assigns;
  // only `-f`/`-F` make the operands function names. bash: `d=docs; declare +f d=.git; echo $d`
  // printed .git and the command below wrote .git/pwned. The analysis returns early on
  // the letter f and keeps d=docs.
  it('declare +f NAME=value assigns', () => {
    expect(reachesGit('d=docs; declare +f d=.git; cd $d && echo pwned > pwned')).toBe(true)
  })

  // `export -p NAME=value` and `readonly -p NAME=value` assign (only `declare -p` just
  // prints). bash: `d=docs; export -p d=.git; cd $d && echo pwned > pwned3` wrote
  // .git/pwned3. The analysis returns early on the letter p and keeps d=docs.
  it('export -p NAME=value assigns', () => {
    expect(reachesGit('d=docs; export -p d=.git; cd $d && echo pwned > pwned')).toBe(true)
  })
  it('readonly -p NAME=value assigns', () => {
    expect(reachesGit('d=docs; readonly -p d=.git; cd $d && echo pwned > pwned')).toBe(true)
  })
})

describe('attack e: indirect expansion that assigns', () => {
  // `${!x:=word}` assigns the variable x names, not x. bash printed `[.git]` for
  // `x=d; : ${!x:=.git}; echo "[$d]"`, and the command below wrote .git/pwned6. The
  // analysis reports /ws/pwned and /home/u/pwned (plus an opaque indirect expansion
  // with no target words), and the text does not name .git.
  it('${!x:=word} assigns the variable x names', () => {
    expect(reachesGit('x=d; d=docs; unset d; : ${!x:=.gi$\'\\x74\'}; cd $d && echo pwned > pwned')).toBe(true)
  })
  // Same through CDPATH (unset in a fresh shell): bash wrote .git/info/exclude; the
  // analysis reports /ws/exclude and /ws/info/exclude.
  it('${!x:=word} may set CDPATH', () => {
    expect(reachesGit('x=CDPATH; : ${!x:=.gi$\'\\x74\'}; cd info && echo pwned > exclude')).toBe(true)
  })
})

describe('attack e: descriptors and standard input', () => {
  // `<>` on descriptor 0 gives a shell its script: with s holding
  // `echo pwned > .git/pwned4`, `bash <> s` wrote .git/pwned4 (also `sh <> s`,
  // `bash -s <> s`). The analysis reports only the write to /ws/s, as a mutation.
  it('bash <> FILE runs FILE as its script', () => {
    expect(briefLines('bash <> s')[0]).toBe('= opaque')
  })
  it('bash 0<> FILE runs FILE as its script', () => {
    expect(briefLines('bash 0<>s')[0]).toBe('= opaque')
  })

  // A `{var}` descriptor copied by its number: in a shell with fd 10 free, `{a}` is 10.
  // bash (`... 10<&-`): `exec {a}<.git/description; exec 5<&10; echo pwned > /dev/fd/5`
  // wrote pwned into .git/description, and so did `echo pwned 5<&10 > /dev/fd/5`. The
  // analysis finds no descriptor 10 in its table (the `{var}` slot is kept apart), drops
  // descriptor 5 and calls both read-only.
  it('N<&10 copies a {var} descriptor', () => {
    expect(briefLines('exec {a}<.git/description; exec 5<&10; echo pwned > /dev/fd/5')).toContain('  write redirection > "/ws/.git/description" entry')
  })
  it('N<&10 on the writing command copies a {var} descriptor', () => {
    expect(briefLines('exec {a}<.git/description; echo pwned 5<&10 > /dev/fd/5')[0]).not.toBe('= read-only')
  })
})
