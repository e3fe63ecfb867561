/**
 * More built-in and git contracts, checked against bash 5.2 and git 2.39:
 * a `for` or `select` loop over an empty word list leaves its variable as it
 * was, `set` reads an option name only after `o`, `exec` and `command` read
 * their options only from words that start with a dash and stop at the first
 * word that is none of theirs, and the directory `git clone` guesses skips
 * the scheme, the user before the host, trailing slashes and `/.git`, and a
 * port only when the source has no slash.
 */
import { describe, expect, it } from 'vitest'
import { guessedDirectory } from '../../src/ieg/shell/commands/git-subcommands.ts'
import { briefLines as brief, goldenLines } from '../support/shell-golden.ts'

const unknown = (name: string): string[] => ['= opaque', `  opaque ${name}: ${name} is not a command the analysis knows, so what it writes cannot be proven`, `  ? ${name}: ${name} is not a command the analysis knows, so what it writes cannot be proven`]

describe('loops over an empty word list', () => {
  // bash: `x=a; for x in; do :; done; echo $x` prints a; the body never runs.
  it('gives the variable no value the analysis cannot know', () => {
    for (const command of ['x=a; for x in; do :; done; rm -r d$x', 'x=a; select x in; do :; done; rm -r d$x', 'x=a; e=; for x in $e; do :; done; rm -r d$x']) {
      const lines = brief(command)
      expect(lines[0], command).toBe('= mutation')
      expect(lines, command).toContain('  write rm "/ws/da" subtree')
      expect(lines.filter(line => line.includes('?') || line.includes('⟨')), command).toEqual([])
    }
  })
})

describe('set option names', () => {
  // bash: `set -e keyword` sets $1 to keyword; `shopt -o keyword` stays off.
  it('reads the word after a cluster without o as a positional parameter, not an option name', () => {
    expect(brief('set -e keyword; ls')).toEqual(['= read-only'])
    expect(brief('set -eu keyword; ls')).toEqual(['= read-only'])
  })
})

describe('exec and command options', () => {
  // bash: `exec xa-b rm f` fails with `exec: xa-b: not found`; xa-b is the command word.
  it('takes a word that does not start with a dash as the command, even with a valued letter inside', () => {
    expect(brief('exec xa-b rm f')).toEqual(unknown('xa-b'))
  })

  // bash rejects -x (`invalid option`); the analysis reads the word from -x on as the command.
  it('stops at an option letter that is not theirs, after the options already read', () => {
    expect(brief('command -p -x rm f')).toEqual(unknown('-x'))
    expect(brief('exec -c -x rm f')).toEqual(unknown('-x'))
  })
})

describe('the directory git clone guesses, further', () => {
  it('follows git for users, ports, slashes and .git', () => {
    const cases: Array<[string, boolean, string | null]> = [
      // the user part ends at the last @ before the first slash, and only there
      ['host:u@x', false, 'x'], ['user@host:123', false, 'host'], ['@h:1', false, 'h'],
      ['https://h/o/a@b', false, 'a@b'], ['/srv/a@b', false, 'a@b'], ['ssh://u@h:22/p/q@r', false, 'q@r'],
      // the scheme is skipped before looking for the user and the port
      ['ssh://git@host:22', false, 'host'],
      // a port is stripped only when there is no slash, and only digits after the colon
      ['/srv/r:2222', false, '2222'], ['host:12x', false, '12x'], ['h:', false, 'h'],
      // every trailing slash, then /.git, then every slash before it
      ['x/.git//', false, 'x'], ['x///.git', false, 'x'], ['a/.gitx', false, '.gitx'],
    ]
    for (const [source, bare, directory] of cases) expect(guessedDirectory(source, bare), `${source} ${bare}`).toBe(directory)
  })

  it('writes the directory guessed past the user and port', () => {
    expect(goldenLines('git clone user@host:123')).toEqual(['= mutation', '  write git clone "/ws/./host" beneath', '  write git clone "/ws/./host/.git" entry'])
  })
})
