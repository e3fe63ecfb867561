/**
 * Attacker J: confirmed bypasses of the shell analysis (wrappers, git, text
 * tools). Each case is `it.fails`: it asserts what the command really does,
 * verified with bash 5.2, GNU sed 4.9, mawk 1.3.4, procps-ng watch 4.0.2,
 * util-linux script 2.38.1, coreutils 9.1 nohup and git 2.39.5 in a scratch
 * repository.
 */
import { describe, expect, it } from 'vitest'
import { briefLines } from '../support/shell-golden.ts'

/** Whether the analysis could see the command reach `.git`: opaque, repository control, or a write at a `.git` path. */
function reachesGit(lines: readonly string[]): boolean {
  return lines[0] === '= opaque' || lines.some(line => line.startsWith('  control') || /"\/ws\/(.*\/)?\.git(\/[^"]*)?"/.test(line))
}

/** Whether the analysis says the command runs code it cannot see (opaque) or arranges for git to run a program (control). */
function runsSomething(lines: readonly string[]): boolean {
  return lines[0] === '= opaque' || lines.some(line => line.startsWith('  control'))
}

describe('attacker J findings', () => {
  // GNU sed reads `-il` as -i with the backup suffix "l" (-i takes an optional
  // attached value), so `s/x/y/` is the script and README.md is edited in place
  // with a backup README.mdl. The analysis reads -l as taking the next word
  // (the script), so README.md becomes the script (`r EADME.md`) and no file is
  // left: read-only. Real run: README.md changed to "hello y", README.mdl created.
  it('sed -il SCRIPT FILE edits FILE in place', () => {
    const lines = briefLines("sed -il 's/x/y/' README.md")
    expect(lines).toContain('  write sed -i "/ws/README.md" entry')
  })

  // Same cause, into .git: `config` parses as sed's `c` command. Real run:
  // .git/config rewritten (`git config -l` shows core.hookspath=evilhooks) and
  // .git/configl created. The analysis says `= read-only`.
  it('cd .git && sed -il edits .git/config and sets core.hooksPath', () => {
    const lines = briefLines("cd .git && sed -il 's/bare = false/bare = false\\n\\thooksPath = evilhooks/' config")
    expect(reachesGit(lines)).toBe(true)
  })

  // Same cause through a directory name that parses as a sed command (`a` =
  // append text). Real run (with a directory `a`): .git/config rewritten,
  // .git/configl created. The analysis says `= read-only`.
  it('sed -il s/x/x/ a/../.git/config', () => {
    const lines = briefLines('sed -il s/x/x/ a/../.git/config')
    expect(reachesGit(lines)).toBe(true)
  })

  // `-ie` is -i with suffix "e" for sed; once any -e is given the first operand
  // is a file, so `a/../.git/config` is edited in place (backup
  // .git/confige). The analysis reads `-e a/../.git/config` as a script (`a`
  // appends text) and reports only README.md and README.mde. Real run: .git
  // held config and confige afterwards.
  it('sed -ie FILE -e SCRIPT README.md also edits FILE', () => {
    const lines = briefLines('sed -ie a/../.git/config -e p README.md')
    expect(reachesGit(lines)).toBe(true)
  })

  // awk continues a statement after a comma and a newline, so the
  // redirection belongs to the print. printRedirects stops at the newline.
  // Real run (mawk): out.txt holds "a b"; the .git variant created .git/pwned.
  it('awk print with a comma before a newline redirects to a file', () => {
    expect(briefLines('awk \'BEGIN { print "a",\n"b" > "out.txt" }\'')[0]).not.toBe('= read-only')
    expect(reachesGit(briefLines('awk \'BEGIN { print "a",\n"b" > ".git/pwned" }\''))).toBe(true)
  })

  // watch's -d takes an optional attached value (`-d[=permanent]`, getopt
  // `d::`), so in `-dx` the x is that value, not --exec: the words are joined
  // and run by `sh -c`. The analysis reads -d and -x as flags and runs the
  // words as argv (`echo` with a literal '>'). Real run (`timeout 3 watch -n
  // 0.5 -dx echo hi '>' out3`, no tty): out3 created; with `-d -x` nothing.
  it('watch -dx runs its words through sh -c', () => {
    expect(briefLines("watch -n 0.5 -dx echo hi '>' out")[0]).not.toBe('= read-only')
    expect(reachesGit(briefLines("watch -dx echo hi '>' .git/pwned"))).toBe(true)
  })

  // git 2.39 takes GIT_TEST_FSMONITOR as the fsmonitor hook command when
  // core.fsmonitor is unset (fsmonitor-settings.c). Real run:
  // `GIT_TEST_FSMONITOR='echo FSM > .git/pwned-fsm; false' git status --short`
  // created .git/pwned-fsm; `GIT_TEST_FSMONITOR=./fsm.sh git status` ran the
  // workspace script. The analysis says `= read-only` (git's environment()
  // only knows the GIT_* names in REDIRECTING_ENV / PROGRAM_ENV / TRACE).
  it('GIT_TEST_FSMONITOR makes git status run a program', () => {
    expect(runsSomething(briefLines('GIT_TEST_FSMONITOR=./fsm.sh git status --short'))).toBe(true)
    expect(reachesGit(briefLines("GIT_TEST_FSMONITOR='echo FSM > .git/pwned-fsm; false' git status --short"))).toBe(true)
  })

  // `git apply --unsafe-paths` skips verify_path, which is what keeps git
  // apply out of .git. Real run with a patch creating .git/hooks/pre-commit
  // (mode 100755): plain `git apply` refused ("invalid path"), `--unsafe-paths`
  // created an executable .git/hooks/pre-commit that the next `git commit`
  // ran. The analysis reports a working-tree write at "/ws/." entry (the
  // `patch` command, for comparison, reports "/ws/." beneath, which holds .git).
  it('git apply --unsafe-paths can write into .git like patch', () => {
    const lines = briefLines('git apply --unsa x.patch')
    expect(lines[0] === '= opaque' || lines.includes('  write git apply "/ws/." beneath')).toBe(true)
  })

  // A merge strategy name is run as the program `git-merge-NAME`; cherry-pick,
  // revert and rebase do not check the name (git merge does), and a name with
  // a slash is a path from the working directory. Real run: with an executable
  // `git-merge-./evil` in the workspace, `git rebase -s ./evil other` and
  // `git cherry-pick --strategy ./evil other` ran it (it wrote
  // .git/pwned-strategy). The analysis reports a working-tree write only.
  it('git rebase -s ./NAME runs a workspace program', () => {
    expect(runsSomething(briefLines('git rebase -s ./evil other'))).toBe(true)
    expect(runsSomething(briefLines('git cherry-pick --strategy ./evil other'))).toBe(true)
  })

  // A directory with HEAD, objects/ and refs/ is a repository to git, and its
  // `config` is read like .git/config, but it is not a protected path. Real run
  // of this exact command: git ran the fsmonitor command from r/config, which
  // wrote .git/pwned (\056 is printf's dot). The analysis reports four plain
  // writes and a read-only `git -C r status` (alone: `= read-only`). A known limit
  // (docs/workspace-gate.md, Limits): pinned as failing until repositories
  // other than `.git` are protected.
  it.fails('a hand-made repository config makes a git reader run a program', () => {
    const command = "mkdir -p r/objects r/refs && echo 'ref: refs/heads/main' > r/HEAD && printf '[core]\\n\\trepositoryformatversion = 0\\n\\tbare = false\\n\\tworktree = ..\\n\\tfsmonitor = \"echo pwned > \\056git/pwned; false\"\\n' > r/config && git -C r status --short"
    expect(runsSomething(briefLines(command))).toBe(true)
  })

  // nohup writes nohup.out in the working directory when its standard output
  // is a terminal. Real runs: `cd .git && script -qc 'nohup true' /dev/null`
  // created .git/nohup.out (the analysis says `= read-only`); `nohup true >
  // /dev/ptmx` (a pty master is a terminal) created ./nohup.out (the analysis
  // reports only /dev/ptmx).
  it('nohup on a terminal writes nohup.out', () => {
    expect(reachesGit(briefLines("cd .git && script -qc 'nohup true' /dev/null"))).toBe(true)
    expect(briefLines('nohup true > /dev/ptmx')).toContain('  write nohup "/ws/nohup.out" entry')
  })
})
