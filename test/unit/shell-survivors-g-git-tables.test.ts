/**
 * The git subcommand tables walked name by name with their effect: readers
 * read, history commands write only the repository (also in the forms that
 * leave their listing), working-tree commands write the working tree (and
 * history, except clean, checkout-index and restore), programs-running
 * subcommands are opaque, and `--exec`/`-u` name a remote program only for
 * the subcommands where git reads them so.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, READ_ONLY } from '../support/shell-golden.ts'

const READERS = ['status', 'log', 'show', 'blame', 'annotate', 'ls-files', 'ls-tree', 'ls-remote', 'rev-parse', 'rev-list', 'describe', 'shortlog', 'cat-file', 'name-rev', 'for-each-ref', 'merge-base', 'count-objects', 'fsck', 'whatchanged', 'var', 'check-ignore', 'check-attr', 'check-mailmap', 'check-ref-format', 'show-ref', 'show-branch', 'diff-tree', 'diff-files', 'diff-index', 'range-diff', 'cherry', 'verify-commit', 'verify-tag', 'verify-pack', 'help', 'version', 'get-tar-commit-id', 'column', 'request-pull', 'diff', 'grep']
/** History commands with arguments that leave any listing form they have. */
const HISTORY: readonly (readonly [sub: string, args: string])[] = [
  ...['add', 'commit', 'fetch', 'push', 'update-ref', 'update-index', 'gc', 'prune', 'repack', 'pack-refs', 'commit-tree', 'mktag', 'mktree', 'write-tree', 'replace', 'rerere', 'unpack-objects', 'index-pack', 'fast-import', 'prune-packed', 'commit-graph', 'multi-pack-index', 'tag', 'branch', 'notes', 'remote', 'symbolic-ref', 'reset', 'submodule', 'maintenance', 'worktree', 'bundle'].map(sub => [sub, 'x y'] as const),
  ['reflog', 'expire'], ['hash-object', '-w x'], ['apply', '--cached x'],
]
const WORKTREE_WITH_HISTORY = ['checkout', 'switch', 'am', 'merge', 'rebase', 'cherry-pick', 'revert', 'pull', 'read-tree', 'sparse-checkout', 'stash', 'bisect', 'apply']
const WORKTREE_ONLY = ['restore', 'clean', 'checkout-index']
const RUNS_PROGRAMS = ['difftool', 'mergetool', 'send-email', 'daemon', 'instaweb', 'web--browse', 'filter-branch', 'p4', 'svn', 'cvsimport', 'cvsexportcommit', 'cvsserver', 'quiltimport', 'shell', 'upload-pack', 'receive-pack', 'credential', 'credential-store', 'credential-cache', 'remote-ext', 'archimport', 'gui', 'citool', 'gitk']

const runs = (sub: string): string[] => ['= opaque', `  opaque git: git ${sub} runs another program`, `  ? git: git ${sub} runs another program`]

describe('subcommands by effect', () => {
  it('reads with every reader', () => {
    for (const sub of READERS) expect(goldenLines(`git ${sub} x y`), sub).toEqual(READ_ONLY)
  })

  it('writes only history with every history command', () => {
    for (const [sub, args] of HISTORY) expect(goldenLines(`git ${sub} ${args}`), sub).toEqual(['= mutation', `  history git ${sub}`])
  })

  it('writes the working tree and history with every working-tree command that moves HEAD or the index', () => {
    for (const sub of WORKTREE_WITH_HISTORY) expect(goldenLines(`git ${sub} x y`), sub).toEqual(['= mutation', `  write git ${sub} "/ws/." entry`, `  history git ${sub}`])
  })

  it('writes only the working tree with clean, checkout-index and restore', () => {
    for (const sub of WORKTREE_ONLY) expect(goldenLines(`git ${sub} x y`), sub).toEqual(['= mutation', `  write git ${sub} "/ws/." entry`])
  })

  it('is opaque for every subcommand that runs another program', () => {
    for (const sub of RUNS_PROGRAMS) expect(brief(`git ${sub} x`), sub).toEqual(runs(sub))
  })

  it('is opaque for a name in no table', () => {
    expect(brief('git frob x')).toEqual(['= opaque', '  opaque git: git frob is not a known subcommand (it may be an alias)', '  ? git: git frob is not a known subcommand (it may be an alias)'])
  })
})

describe('options naming the program run on the remote', () => {
  // git push and git ls-remote take --exec for the receive-pack or upload-pack program; git clone -u is --upload-pack.
  it('reads --exec and clone -u as a remote program', () => {
    for (const command of ['git push --exec=x origin', 'git ls-remote --exec=x origin', 'git ls-remote --exe x origin']) expect(brief(command), command).toEqual(runs(command.split(' ')[1] as string))
    expect(brief('git clone -u x src')).toEqual(runs('clone'))
  })

  it('reads --upload-pack and --receive-pack, at any prefix, as a program for any subcommand', () => {
    for (const command of ['git log --upload-pack=x', 'git log --receive-p=x', 'git frob --upload-pack']) expect(brief(command), command).toEqual(runs(command.split(' ')[1] as string))
  })

  it('leaves --exec and -u alone for subcommands that reach no remote, and words that only contain an option', () => {
    for (const command of ['git log -u', 'git diff --exec=x', 'git status --exec=x', 'git log x--upload-pack']) expect(goldenLines(command), command).toEqual(READ_ONLY)
  })
})
