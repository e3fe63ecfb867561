/**
 * git read as git 2.39 reads it, where a whole-run mutation pass found the
 * analysis untested: the `-e` that cancels `add -n` only as an option word,
 * flags after `--` being operands, branch listing options that take the next
 * word, remote listing options matched whole, merge strategies in every
 * spelling, and `restore --staged` as a letter of a cluster only.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines, READ_ONLY } from '../support/shell-golden.ts'

const history = (sub: string): string[] => ['= mutation', `  history git ${sub}`]
const merged = ['= mutation', '  write git merge "/ws/." entry', '  history git merge']
const runsStrategy = (words: string): string[] => ['= opaque', `  opaque git: git merge runs another program | words ${words}`]
const opaqueLines = (command: string): string[] => goldenLines(command).map(line => line.replace(/ \| mentions .*$/, '')).slice(0, 2)

describe('dry runs and operands', () => {
  // git: `git add a-e -n` only reports; `a-e` is a pathspec, not the -e that stages.
  it('reads the letter that cancels a dry run only in an option word', () => {
    expect(goldenLines('git add a-e -n')).toEqual(READ_ONLY)
    expect(goldenLines('git add -e -n')).toEqual(history('add'))
  })

  // git: `git rm -- --cached` removes the file named --cached from the work tree too.
  it('reads a flag after -- as an operand', () => {
    expect(goldenLines('git rm -- --cached')).toEqual(['= mutation', '  write git rm "/ws/./--cached" subtree'])
    expect(goldenLines('git rm --cached x')).toEqual(history('rm'))
  })
})

describe('listing forms', () => {
  // git: `git branch --format X` lists; X is the format, not a branch to create.
  it('takes the word after a valued branch listing option as its value', () => {
    expect(goldenLines("git branch --format '%(refname)'")).toEqual(READ_ONLY)
    expect(goldenLines('git branch --sort refname')).toEqual(READ_ONLY)
    expect(goldenLines('git branch topic')).toEqual(history('branch'))
  })

  // git: `git remote --x-n` is refused as an unknown option; only whole listing options list.
  it('matches remote listing options whole', () => {
    expect(goldenLines('git remote -v')).toEqual(READ_ONLY)
    expect(goldenLines('git remote --x-n')).toEqual(history('remote'))
    expect(goldenLines('git remote -vx')).toEqual(history('remote'))
  })
})

describe('merge strategies', () => {
  it('accepts every spelling of a built-in strategy', () => {
    for (const command of ['git merge -s ort', 'git merge -sort', 'git merge --strategy ort', 'git merge --strategy=ort', 'git merge --strat=recursive', 'git merge -s subtree']) expect(goldenLines(command), command).toEqual(merged)
  })

  // git: a strategy it does not build in runs the program git-merge-NAME.
  it('reads every spelling of another strategy as running a program', () => {
    expect(opaqueLines('git merge -s evil')).toEqual(runsStrategy('["/ws/merge","/ws/-s","/ws/evil"]'))
    expect(opaqueLines('git merge -sevil')).toEqual(runsStrategy('["/ws/merge","/ws/-sevil"]'))
    expect(opaqueLines('git merge --strategy evil')).toEqual(runsStrategy('["/ws/merge","/ws/--strategy","/ws/evil"]'))
    expect(opaqueLines('git merge --strategy=evil')).toEqual(runsStrategy('["/ws/merge","/ws/--strategy=evil"]'))
  })

  // git: `git merge -- -s evil` merges the commits named -s and evil.
  it('reads no strategy after --', () => {
    expect(goldenLines('git merge -- -s evil')).toEqual(merged)
  })
})

describe('restore', () => {
  const restored = ['= mutation', '  write git restore "/ws/." entry']
  // git: `git restore -qWS x` restores the index too; `a-S` is a pathspec.
  it('reads --staged as S anywhere in an option cluster, and only there', () => {
    expect(goldenLines('git restore -qWS x')).toEqual([...restored, '  history git restore'])
    expect(goldenLines('git restore --stag x')).toEqual([...restored, '  history git restore'])
    expect(goldenLines('git restore a-S')).toEqual(restored)
    expect(goldenLines('git restore x')).toEqual(restored)
  })
})
