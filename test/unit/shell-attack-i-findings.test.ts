/**
 * Bypasses found by attack run I, pinned as `it.fails` until fixed: each test
 * asserts what bash and the real tool do. Evidence: each command was run with
 * bash 5.2.15 and the tools of this machine (GNU findutils 4.9.0, gzip 1.12,
 * curl 7.88.1, GNU Wget) in a scratch directory, most of them a fresh
 * `git init` repository; each comment names what the command created,
 * changed or removed there.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines } from '../support/shell-golden.ts'

/** Whether the analysis, started in `directory`, reports a write at exactly this path. */
function writes(command: string, path: string, directory = '/ws'): boolean {
  return goldenLines(command, directory).some(line => line.startsWith('  write ') && line.includes(` ${JSON.stringify(path)} `))
}

/**
 * Whether the analysis admits that the command may write a name it cannot
 * know beneath /ws: opaque, or a write to an unknown name or beneath `/ws/.`.
 */
function unknownName(command: string): boolean {
  const lines = goldenLines(command)
  return lines[0] === '= opaque' || lines.some(line => /^ {2}write .* "\/ws\/(⟨…⟩|⟨\*⟩|\.)" (beneath|subtree)/.test(line))
}

describe('attack run I: variable scopes and declarations', () => {
  // analyze.ts `inFunction` (`returns.length > 0`) is not reset for a child shell: a `bash -c`, `bash <<<`
  // or `env bash -c` script started from a function body is analyzed as if it ran in the function, so
  // builtins.ts `declare` takes its `local d=x` as assigning. bash runs the child script outside any
  // function: `local: can only be used in a function`, d keeps the exported .git, and
  // `export d=.git; f() { bash -c 'local d=x; touch $d/y'; }; f` created .git/y (no x/y). The analysis
  // reports `= mutation` with `write touch "/ws/x/y"` only.
  it('local in a bash -c script run from a function', () => {
    expect(writes('export d=.git; f() { bash -c \'local d=x; touch $d/y\'; }; f', '/ws/.git/y')).toBe(true)
  })
  it('local in a here-string script run from a function', () => {
    expect(writes('export d=.git; f() { bash <<<\'local d=x; touch $d/y\'; }; f', '/ws/.git/y')).toBe(true)
  })
  it('local in env bash -c run from a function', () => {
    expect(writes('export d=.git; f() { env bash -c \'local d=x; touch $d/y\'; }; f', '/ws/.git/y')).toBe(true)
  })

  // builtins.ts `declare`/`splitOptions`: an option letter the builtin does not accept makes bash print
  // `invalid option` and assign nothing, but the analysis still assigns. `d=.git; declare -Q d=x; touch $d/y`
  // created .git/y; so did `export -l d=x` (export takes only -f -n -p), `readonly -x d=x` (readonly takes
  // -a -A -f -p) and `local -Q d=x` in a function. The analysis reports `write touch "/ws/x/y"` only.
  it('declare with an invalid option assigns nothing', () => {
    expect(writes('d=.git; declare -Q d=x; touch $d/y', '/ws/.git/y')).toBe(true)
  })
  it('export -l (not an export option) assigns nothing', () => {
    expect(writes('d=.git; export -l d=x; touch $d/y', '/ws/.git/y')).toBe(true)
  })
  it('readonly -x (not a readonly option) assigns nothing', () => {
    expect(writes('d=.git; readonly -x d=x; touch $d/y', '/ws/.git/y')).toBe(true)
  })
  it('local with an invalid option in a function assigns nothing', () => {
    expect(writes('d=.git; f() { local -Q d=x; touch $d/y; }; f', '/ws/.git/y')).toBe(true)
  })
})

describe('attack run I: command table', () => {
  // commands/readers.ts `find` / `globalOptionsEnd`: GNU find takes `--` after its global options, and the
  // start points follow it; the analysis stops at `--` (it starts with `-`) and defaults to `.`. In sub/ of a
  // repository, `find -- .. -name description -delete` removed ../.git/description (so did
  // `find -P -- ..`), while the analysis reports a write beneath /ws/sub/. only (mutation for
  // `find -- .. -delete`).
  it('find -- START -delete', () => {
    expect(writes('find -- .. -delete', '/ws/sub/..', '/ws/sub')).toBe(true)
  })
  it('find -P -- START -delete', () => {
    expect(writes('find -P -- .. -delete', '/ws/sub/..', '/ws/sub')).toBe(true)
  })

  // commands/archives.ts `compressor`: `-N` (`--name`) while decompressing restores the file name stored in
  // the gzip header, so the output is not the operand without its suffix. A file `.git` holding
  // `gitdir: /tmp/.../evil`, compressed with `gzip -N` and renamed a.gz, was put in a linked worktree;
  // there `gunzip -fN a.gz` replaced the worktree's `.git` file (git status: `fatal: not a git
  // repository: .../evil`) and wrote no `a`. The analysis reports `= mutation` of /ws/a.gz and /ws/a.
  it('gunzip -N writes the name stored in the archive', () => {
    expect(unknownName('gunzip -fN a.gz')).toBe(true)
  })
  it('gzip -d --name writes the name stored in the archive', () => {
    expect(unknownName('gzip -d --name a.gz')).toBe(true)
  })

  // commands/files.ts `curl` and `wget`: `curl -J` (`--remote-header-name`) with -O, and
  // `wget --content-disposition` (or `--trust-server-names`), take the file name from the server's reply.
  // Against a local server answering `Content-Disposition: attachment; filename="evil.txt"`,
  // `curl -s -OJ http://127.0.0.1:18765/a` and `wget -q --content-disposition http://127.0.0.1:18765/a`
  // each created evil.txt and no `a`; the analysis reports `= mutation` of /ws/a (wget: /ws/./a).
  it('curl -OJ names the file from the reply', () => {
    expect(unknownName('curl -OJ http://example.com/a')).toBe(true)
  })
  it('wget --content-disposition names the file from the reply', () => {
    expect(unknownName('wget --content-disposition http://example.com/a')).toBe(true)
  })
})
