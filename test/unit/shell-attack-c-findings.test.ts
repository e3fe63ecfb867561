/**
 * git, sed, awk and wrapper behaviours an attack run found misread, pinned:
 * each case asserts what the command really does. Evidence: each command was
 * run with bash 5.2.15, git 2.39.5, GNU sed 4.9, mawk 1.3.4 and procps-ng
 * watch 4.0.2 in a scratch repository (`git init`, one commit) and the result
 * checked with ls/find/git status.
 */
import { describe, expect, it } from 'vitest'
import { briefLines } from '../support/shell-golden.ts'

/** The brief lines with `/./` folded, so `/ws/./x` and `/ws/x` compare equal. */
function lines(command: string): string[] {
  return briefLines(command).map(line => line.replaceAll('/./', '/'))
}

/** The analysis does not claim the command only reads. */
function notReadOnly(command: string): void {
  expect(lines(command)[0]).not.toBe('= read-only')
}

/** The analysis reports a write at exactly this path (or is opaque). */
function reportsWrite(command: string, path: string): void {
  const found = lines(command)
  expect(found[0] === '= opaque' || found.some(line => line.startsWith('  write ') && line.includes(` ${JSON.stringify(path)} `))).toBe(true)
}

/** The analysis reports some file write (not only a history change), or is opaque. */
function reportsSomeWrite(command: string): void {
  const found = lines(command)
  expect(found[0] === '= opaque' || found.some(line => line.startsWith('  write '))).toBe(true)
}

describe('git dry runs that git turns off again', () => {
  // git-subcommands.ts `asksDryRun`: returns at the first -n/--dry-run, but git's parse-options
  // accepts the negation --no-dry-run later on the line, and unique prefixes of valued long options.
  // bash: `touch u1; git clean -n --no-dry-run -f` printed "Removing u1" and u1 was gone.
  it('git clean -n --no-dry-run -f deletes untracked files', () => notReadOnly('git clean -n --no-dry-run -f'))
  // bash: `touch u2; git clean -f --exc -n` removed u2 (--exc is --exclude taking -n as its value).
  it('git clean -f --exc -n (prefix of --exclude swallows -n)', () => notReadOnly('git clean -f --exc -n'))
  // bash: `git rm -q -n --no-dry-run f` deleted f from the working tree and the index.
  it('git rm -n --no-dry-run deletes the file', () => notReadOnly('git rm -n --no-dry-run f'))
  // bash: `git add -n --no-dry-run h` staged h (git status: "A  h"), writing .git/index.
  it('git add -n --no-dry-run writes the index', () => notReadOnly('git add -n --no-dry-run h'))
  // bash: `git commit -q --dry-run --no-dry-run -m x` created commit "x".
  it('git commit --dry-run --no-dry-run commits', () => notReadOnly('git commit --dry-run --no-dry-run -m x'))
  // bash: `git commit -aq --mess --dry-run` created a commit whose message is "--dry-run".
  it('git commit --mess --dry-run (prefix of --message swallows --dry-run)', () => notReadOnly('git commit --mess --dry-run'))
  // bash: `git push -q -n --no-dry-run ../bare master` created master in ../bare (git -C ../bare log shows it).
  it('git push -n --no-dry-run pushes', () => notReadOnly('git push -n --no-dry-run ../bare master'))
  // bash: `git fetch -q --dry-run --no-dry-run origin` created refs/remotes/origin/master.
  it('git fetch --dry-run --no-dry-run fetches', () => notReadOnly('git fetch --dry-run --no-dry-run origin'))
})

describe('git options read by exact text where git takes prefixes or negations', () => {
  // git-subcommands.ts `runSubcommand`: reset is a working-tree write only for the exact words
  // --hard/--merge/--keep. bash: `echo dirty >> f; git reset -q --ha` restored f (dirty line gone).
  it('git reset --ha (prefix of --hard) rewrites the working tree', () => reportsSomeWrite('git reset --ha'))
  // `texts.includes('--cached')` ignores a later --no-cached. bash: `git rm -q --cached --no-cached g`
  // deleted g from the working tree.
  it('git rm --cached --no-cached deletes the file', () => reportsSomeWrite('git rm --cached --no-cached f'))
  // bash: `git apply --cached --no-cached p.diff` changed f in the working tree (git status " M f").
  it('git apply --cached --no-cached writes the working tree', () => reportsSomeWrite('git apply --cached --no-cached p.diff'))
  // `isListing` apply: looks for the exact word --apply. bash: `git apply --stat --appl p.diff`
  // printed the stat and changed f (git status " M f").
  it('git apply --stat --appl (prefix of --apply) applies the patch', () => notReadOnly('git apply --stat --appl p.diff'))
  // `texts.includes('--stdout')` ignores --no-stdout. bash: `git format-patch -q -1 --stdout --no-stdout`
  // wrote 0001-dry-run.patch in the working tree.
  it('git format-patch --stdout --no-stdout writes patch files', () => notReadOnly('git format-patch -1 --stdout --no-stdout'))
  // `texts.includes('--lost-found')`. bash: after `git hash-object -w --stdin` of a dangling blob,
  // `git fsck --lost` wrote .git/lost-found/other/<sha>.
  it('git fsck --lost (prefix of --lost-found) writes .git/lost-found', () => notReadOnly('git fsck --lost'))
  // init parses --shared as taking the next word; git's --shared takes a value only as --shared=VALUE.
  // bash: `git init -q --shared x` created x/.git (the report names ./.git).
  it('git init --shared DIR creates DIR/.git', () => reportsWrite('git init --shared x', '/ws/x/.git'))
  // GIT_ICASE_PATHSPECS is judged by git's handler but not applied to pathspecs.
  // bash: `GIT_ICASE_PATHSPECS=1 git rm -q F` deleted the tracked file f.
  it('GIT_ICASE_PATHSPECS=1 git rm F deletes f', () => {
    expect(lines('GIT_ICASE_PATHSPECS=1 git rm F').some(line => line.includes('"/ws/F" subtree'))).toBe(false)
  })
})

describe('git subcommands reported as history that write the working tree or home', () => {
  // `runSubcommand`: only `worktree add` names paths. bash: `git worktree move ../wt ../wt2` renamed
  // the directory; `git worktree remove ../wt2` deleted it.
  it('git worktree move writes the new directory', () => reportsWrite('git worktree move wt wt2', '/ws/wt2'))
  it('git worktree remove deletes the worktree', () => reportsSomeWrite('git worktree remove wt'))
  // bash: `git submodule add ../other sub` created sub/ (with a .git file) and .gitmodules;
  // `git submodule set-branch -b main sub` rewrote .gitmodules.
  it('git submodule add writes .gitmodules and the submodule', () => reportsWrite('git submodule add ../other sub', '/ws/.gitmodules'))
  it('git submodule set-branch writes .gitmodules', () => reportsWrite('git submodule set-branch -b main sub', '/ws/.gitmodules'))
  // `config`: --global/--system are not files. bash: `HOME=/tmp/h git config --global user.name x` wrote /tmp/h/.gitconfig.
  it('git config --global writes ~/.gitconfig', () => reportsWrite('git config --global user.name x', '/home/u/.gitconfig'))
})

describe('pagers that write', () => {
  // environment.ts SAFE_PROGRAM / SAFE_LESS accept `less -oFILE`, which logs its input to FILE.
  // bash (under `script` so stdout is a terminal): `GIT_PAGER='less -opglog' git log` wrote ./pglog,
  // `LESS=-opglog2 git log` wrote ./pglog2, `git -c core.pager='less -opglogx' log` wrote ./pglogx.
  it('GIT_PAGER=\'less -oFILE\' git log writes FILE', () => notReadOnly('GIT_PAGER=\'less -opglog\' git log'))
  it('LESS=-oFILE git log writes FILE', () => notReadOnly('LESS=-opglog git log'))
  it('git -c core.pager=\'less -oFILE\' log writes FILE', () => notReadOnly('git -c core.pager=\'less -opglogx\' log'))
})

describe('sed', () => {
  // text-scripts.ts `backupName`: GNU sed 4.9 replaces `*` with the whole file operand (directory
  // included) and takes the result relative to the working directory. strace:
  // `sed -i'old_*' s/a/b/ d/f` -> rename("d/f", "old_d/f"). With `.gi*` and t/config the backup is
  // .git/config: bash `sed -i'.gi*' s/x/x/ t/config` in a git repository replaced .git/config with
  // t/config (cat .git/config showed the planted hooksPath). The report names t/.giconfig.
  it('sed -i\'.gi*\' on t/config renames it onto .git/config', () => reportsWrite('sed -i\'.gi*\' s/x/x/ t/config', '/ws/.git/config'))
  it('sed -i\'old_*\' on d/f writes old_d/f', () => reportsWrite('sed -i\'old_*\' s/a/b/ d/f', '/ws/old_d/f'))
  // `inPlaceSuffix` takes the first -i; getopt keeps the last. bash: `sed -i -i.bak s/a/b/ f` wrote f.bak.
  it('sed -i -i.bak writes the backup', () => reportsWrite('sed -i -i.bak s/a/b/ f', '/ws/f.bak'))
  // `inPlaceSuffix` only knows the full `--in-place=`. bash: `sed --in-pl=.bk2 s/b/c/ f` wrote f.bk2.
  it('sed --in-pl=SUFFIX (prefix of --in-place) writes the backup', () => reportsWrite('sed --in-pl=.bak s/a/b/ f', '/ws/f.bak'))
  // `scanSedScript` trims the w file name; GNU sed keeps trailing blanks. bash: `sed -n 'w out ' f`
  // created a file named "out " (ls | cat -A shows `out $`).
  it('sed w FILE keeps trailing blanks in the name', () => reportsWrite('sed -n \'w out \' f', '/ws/out '))
})

describe('awk', () => {
  // text-scripts.ts AWK_REGEX_AFTER_WORD: `case` is a keyword only in gawk; in mawk (the system awk
  // here) it is a variable, so `/` after it divides. The scanner reads `/ 2; print "p" > "out5"; z = 1 /`
  // as a regex and drops the redirection. bash: the command below wrote out5 with mawk.
  it('awk: a variable named case before a division hides a redirection', () => notReadOnly('awk \'BEGIN { case = 4; y = case / 2; print "p" > "out5"; z = 1 / 1 }\''))
})

describe('wrappers', () => {
  // wrappers.ts `watch`: --differences is declared as taking the next word, but procps-ng watch
  // takes its value only as --differences=VALUE. bash (under `script`, TERM=xterm, timeout 3):
  // `watch -n 1 --differences touch ls out7` created ./ls and ./out7.
  it('watch --differences CMD runs CMD', () => notReadOnly('watch --differences touch ls out'))
})
