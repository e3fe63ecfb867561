/**
 * git pinned against git 2.39: how a dry run is undone by an abbreviated
 * `--no-dry-run`, which words may hide the `-n` that follows them (only a
 * long option without `=`, only the letters that take a value), the
 * per-command settings whose value decides (a pager that runs nothing else,
 * a remote URL that is an ext:: transport) with keys matched whole, and
 * the environment variables git reads, matched by their whole name.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines, READ_ONLY } from '../support/shell-golden.ts'

const history = (sub: string): string[] => ['= mutation', `  history git ${sub}`]
const SETTING = 'a per-command setting makes git run a program or read it from the environment'
const setting = ['= mutation', `  control git -c: ${SETTING}`]
const redirects = (name: string): string[] => ['= mutation', `  control ${name}=… git: ${name} redirects the repository, its configuration, or a program git runs`]

describe('dry runs and the words before -n', () => {
  // git: `git push --dry-run --no-dr origin HEAD:main` pushes; --no-dr is the unique prefix of --no-dry-run.
  it('reads the shortest unique prefix of --no-dry-run as undoing the dry run', () => {
    expect(goldenLines('git push --dry-run --no-dr')).toEqual(history('push'))
    expect(goldenLines('git push -n --no-dry-ru')).toEqual(history('push'))
    expect(goldenLines('git push --dry-run --no-dry-run')).toEqual(history('push'))
  })

  // git: `git push origin HEAD:refs/heads/a--b -n` only reports.
  it('reads a word with -- inside (not at its start) as no option, so a later -n counts', () => {
    expect(goldenLines('git push origin HEAD:refs/heads/a--b -n')).toEqual(READ_ONLY)
    expect(goldenLines('git push origin a--b -n')).toEqual(READ_ONLY)
  })

  // git: `git push --repo=origin -n` only reports; the value is attached.
  it('reads the word after a long option with an attached value again', () => {
    expect(goldenLines('git push --repo=origin -n')).toEqual(READ_ONLY)
    expect(goldenLines('git push --push-option=x -n')).toEqual(READ_ONLY)
  })

  // git: `git add -h -n g` prints usage (status 129) and stages nothing.
  it('gives git add no letter whose value could be a following -n', () => {
    expect(goldenLines('git add -h -n g')).toEqual(READ_ONLY)
    expect(goldenLines('git add -v -n g')).toEqual(READ_ONLY)
  })
})

describe('per-command settings judged by their value', () => {
  // A pager `=` is a command git runs through the shell; `less` or `cat` runs nothing else.
  it('keeps the whole pager value, an = included', () => {
    expect(goldenLines('git -c core.pager== log')).toEqual(setting)
    expect(goldenLines('git -c pager.log== log')).toEqual(setting)
    expect(goldenLines('git -c core.pager=less log')).toEqual(READ_ONLY)
  })

  // git takes `X::` as a transport helper only when X is a URL scheme: `=ext::x` is an ssh address.
  it('keeps the whole remote URL, an = included, and finds ext:: only at its start', () => {
    expect(goldenLines('git -c remote.o.url==ext::x log')).toEqual(READ_ONLY)
    expect(goldenLines('git -c remote.o.url=https://x/ext::y log')).toEqual(READ_ONLY)
    expect(goldenLines('git -c remote.o.url=ext::x log')).toEqual(setting)
    expect(goldenLines('git -c remote.o.pushurl=fd::3 log')).toEqual(setting)
  })

  it('matches the remote URL key whole', () => {
    expect(goldenLines('git -c xremote.o.url=ext::x log')).toEqual(READ_ONLY)
  })

  // Only a key that is pager.<cmd> or core.pager, or is safe.directory, is let through by its name.
  it('matches the pager and safe.directory keys whole, not as the end of another key', () => {
    for (const key of ['alias.pager.x', 'alias.core.pager', 'alias.xpager.y']) expect(goldenLines(`git -c ${key}=less log`), key).toEqual(setting)
    expect(goldenLines('git -c alias.safe.directory=x log')).toEqual(setting)
    expect(goldenLines('git -c safe.directory=x log')).toEqual(READ_ONLY)
  })
})

describe('environment git reads', () => {
  // git reads GIT_CONFIG_KEY_<n> and GIT_CONFIG_VALUE_<n> for every n below GIT_CONFIG_COUNT.
  it('reads a configuration key or value of any number as redirecting git', () => {
    for (const name of ['GIT_CONFIG_KEY_10', 'GIT_CONFIG_VALUE_10', 'GIT_CONFIG_VALUE_1', 'GIT_CONFIG_KEY_0']) expect(goldenLines(`${name}=x git log`), name).toEqual(redirects(name))
  })

  it('leaves a variable that only ends like a pager or editor variable alone', () => {
    for (const name of ['XPAGER', 'MY_EDITOR', 'NOLESS', 'XVISUAL']) expect(goldenLines(`${name}=vim git log`), name).toEqual(READ_ONLY)
  })
})
