/**
 * git's global options and environment, pinned by what git 2.39 does with
 * them: `-c` with and without a setting, `--config-env` (any key: its value
 * comes from the environment), options that redirect the repository only
 * when they start the word, the information options that exit before any
 * subcommand runs, a lone `--help`/`-h` after the subcommand, `-C`
 * directories, the variables git's handler judges itself (pagers, editors,
 * `HOME`, `GIT_*`) against the generic "set for it" rule of other commands,
 * and the trace variables whose value names a file git appends to. Also the
 * `/usr/bin/git` spelling and which subcommand options name a remote program.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, READ_ONLY, opaqueLines as opaque } from '../support/shell-golden.ts'

const control = (via: string, reason: string): string[] => ['= mutation', `  control ${via}: ${reason}`]
const PER_COMMAND = 'a per-command setting makes git run a program or read it from the environment'
const REDIRECTS = 'it redirects the repository or the programs git runs'
const cleanHere = (dir = '/ws/.'): string[] => ['= mutation', `  write git clean "${dir}" entry`]
const redirecting = (name: string): string[] => control(`${name}=… git`, `${name} redirects the repository, its configuration, or a program git runs`)
const program = (name: string): string[] => control(`${name}=… git`, `${name} names a program git runs`)

describe('per-command settings', () => {
  // `git -c` with nothing after it: git prints "-c expects a configuration string" and exits 129.
  it('reads a -c with no setting as git refusing to run', () => {
    expect(brief('git -c')).toEqual(READ_ONLY)
  })

  it('runs the subcommand after a harmless -c setting, in the -C directory', () => {
    expect(brief('git -c user.name=x status')).toEqual(READ_ONLY)
    expect(brief('git -c core.pager=less log')).toEqual(READ_ONLY)
    expect(brief('git -C sub -c user.name=x clean -f')).toEqual(cleanHere('/ws/./sub'))
    expect(brief('git --no-pager -C sub clean -f')).toEqual(cleanHere('/ws/./sub'))
  })

  it('reports a -c setting that runs a program, or one that is not literal, as repository control', () => {
    expect(brief('git -c core.pager=\'sh -c x\' log')).toEqual(control('git -c', PER_COMMAND))
    expect(brief('git -c alias.st=\'!touch x\' st')).toEqual(control('git -c', PER_COMMAND))
    expect(brief('git -c "$x" status')).toEqual(control('git -c', PER_COMMAND))
  })

  // The value of a --config-env setting is whatever the named variable holds, so even a harmless key is control.
  it('reports --config-env as repository control whatever the key, joined or separate', () => {
    expect(brief('git --config-env=user.name=NAME status')).toEqual(control('git --config-env=user.name=NAME', PER_COMMAND))
    expect(brief('git --config-env user.name=NAME status')).toEqual(control('git --config-env', PER_COMMAND))
    expect(brief('git --config-env=safe.directory=D status')).toEqual(control('git --config-env=safe.directory=D', PER_COMMAND))
    expect(brief('git --config-env')).toEqual(control('git --config-env', PER_COMMAND))
  })
})

describe('options before the subcommand', () => {
  it('reports the options that redirect the repository, joined or separate', () => {
    expect(brief('git --git-dir=/x status')).toEqual(control('git --git-dir=/x', REDIRECTS))
    expect(brief('git --work-tree=/tmp status')).toEqual(control('git --work-tree=/tmp', REDIRECTS))
    expect(brief('git --super-prefix x status')).toEqual(control('git --super-prefix', REDIRECTS))
    expect(brief('git --namespace=n status')).toEqual(control('git --namespace=n', REDIRECTS))
    expect(brief('git --attr-source=HEAD status')).toEqual(control('git --attr-source=HEAD', REDIRECTS))
    expect(brief('git --exec-path=/tmp/x status')).toEqual(control('git --exec-path=/tmp/x', REDIRECTS))
  })

  // git refuses `---git-dir=x` ("unknown option") and exits 129; only a word starting `--git-dir` redirects.
  it('does not read a redirecting option name in the middle of another word', () => {
    expect(brief('git ---git-dir=/tmp/x status')).toEqual(READ_ONLY)
    expect(brief('git -p--namespace=x status')).toEqual(READ_ONLY)
  })

  // --exec-path, --html-path, --man-path and --info-path print a path and exit; so do --version and --help.
  it('reads the information options as the whole call, whatever follows', () => {
    for (const option of ['--exec-path', '--html-path', '--man-path', '--info-path', '--version', '--help']) {
      expect(brief(`git ${option} clean -f`), option).toEqual(READ_ONLY)
    }
    expect(brief('git -p --no-pager --version clean -fd')).toEqual(READ_ONLY)
  })

  // An option git does not know makes it refuse the call; reading on to the subcommand only over-reports.
  it('skips an unknown option and judges the subcommand after it', () => {
    expect(brief('git --exec-pathx clean -f')).toEqual(cleanHere())
    expect(brief('git --html-paths clean -f')).toEqual(cleanHere())
  })

  it('reads no subcommand as nothing run, and a word that is not literal as opaque', () => {
    expect(brief('git')).toEqual(READ_ONLY)
    expect(brief('git -p')).toEqual(READ_ONLY)
    expect(brief('git "$x" status')).toEqual(opaque('git', 'a git argument before the subcommand is not literal'))
    expect(brief('git -C')).toEqual(opaque('git', 'git -C has no directory'))
  })

  it('writes in the -C directory, which may be any', () => {
    expect(brief('git -C "$d" clean -f')[1]).toBe('  write git clean "⟨…⟩" entry')
    expect(brief('git -C a -C b clean -f')).toEqual(cleanHere('/ws/./a/b'))
  })

  it('runs git named by a system path like git', () => {
    expect(brief('/usr/bin/git clean -f')).toEqual(cleanHere())
    expect(brief('/usr/local/bin/git clean -f')).toEqual(cleanHere())
    expect(brief('/opt/bin/git clean -f')).toEqual(opaque('/opt/bin/git', 'it runs a program by path, which the analysis cannot see'))
  })
})

describe('a lone help option after the subcommand', () => {
  it('reads `SUB --help` and `SUB -h` as help only', () => {
    expect(brief('git commit --help')).toEqual(READ_ONLY)
    expect(brief('git commit -h')).toEqual(READ_ONLY)
    expect(brief('git clean --help')).toEqual(READ_ONLY)
  })

  // `git clean -h -f` prints usage and exits 129: judging it as a clean over-reports only.
  it('judges the subcommand when other words come with the help option', () => {
    expect(brief('git commit -m x --help')).toEqual(['= mutation', '  history git commit'])
    expect(brief('git clean -h -f')).toEqual(cleanHere())
  })
})

describe('the environment git judges itself', () => {
  it('reports variables that redirect git as repository control', () => {
    for (const name of ['HOME', 'XDG_CONFIG_HOME', 'SSH_ASKPASS', 'LESSOPEN', 'GIT_SSH_COMMAND', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_KEY_0', 'GIT_INDEX_FILE']) {
      expect(brief(`${name}=/x git status`), name).toEqual(redirecting(name))
    }
  })

  it('allows a pager or editor that runs nothing else, and reports one that does', () => {
    expect(brief('PAGER=cat git log')).toEqual(READ_ONLY)
    expect(brief('GIT_PAGER=less git log')).toEqual(READ_ONLY)
    expect(brief('LESS=-R git log')).toEqual(READ_ONLY)
    expect(brief('EDITOR=cat git commit')).toEqual(['= mutation', '  history git commit'])
    expect(brief('PAGER=\'sh -c x\' git log')).toEqual(program('PAGER'))
    expect(brief('EDITOR=vim git commit')).toEqual(program('EDITOR'))
    expect(brief('GIT_SEQUENCE_EDITOR=vim git rebase HEAD~2')).toEqual(program('GIT_SEQUENCE_EDITOR'))
    expect(brief('LESS=+x git log')).toEqual(program('LESS'))
  })

  // Other commands are opaque with these variables set; git's handler reads them (GIT_AUTHOR_NAME only names the author).
  it('judges GIT_ variables for git, not for other commands', () => {
    expect(brief('GIT_AUTHOR_NAME=x git commit -m m')).toEqual(['= mutation', '  history git commit'])
    expect(brief('GIT_SSH=x git status')).toEqual(redirecting('GIT_SSH'))
    expect(brief('GIT_SSH=x cat f')).toEqual(opaque('cat', 'GIT_SSH is set for it, which changes what it runs or reads'))
    expect(brief('EDITOR=vi git status')).toEqual(program('EDITOR'))
    expect(brief('HOME=/x EDITOR=vi cat f')).toEqual(opaque('cat', 'HOME, EDITOR are set for it, which changes what it runs or reads'))
    expect(brief('EDITOR=cat cat f')).toEqual(READ_ONLY)
  })

  // git's trace.c: "", 0 and false (any case) are off, 1/true and a single digit are descriptors, other text is ignored unless it is an absolute path.
  it('reads trace values that name no file as no write, case-insensitively', () => {
    for (const value of ['TRUE', 'False', '0', '1', '2', '9']) expect(brief(`GIT_TRACE=${value} git status`), value).toEqual(READ_ONLY)
  })

  it('writes the file a trace variable names, and inside a GIT_TRACE2 directory', () => {
    expect(brief('GIT_TRACE_PACKFILE=/ws/p git fetch')).toEqual(['= mutation', '  write GIT_TRACE_PACKFILE=… git "/ws/p" entry', '  history git fetch'])
    expect(brief('GIT_TRACE2_EVENT=/ws/t git status')).toEqual(['= mutation', '  write GIT_TRACE2_EVENT=… git "/ws/t" entry', '  write GIT_TRACE2_EVENT=… git "/ws/t" beneath'])
    expect(brief('GIT_TRACE= GIT_TRACE_SETUP=/ws/s git status')).toEqual(['= mutation', '  write GIT_TRACE_SETUP=… git "/ws/s" entry'])
  })
})

describe('subcommand options that run another program', () => {
  it('reads --upload-pack, --receive-pack and their prefixes only in option words', () => {
    expect(brief('git fetch --upl=x origin')).toEqual(opaque('git', 'git fetch runs another program'))
    expect(brief('git push --receive-pack=x origin')).toEqual(opaque('git', 'git push runs another program'))
    expect(brief('git ls-remote -u x origin')).toEqual(opaque('git', 'git ls-remote runs another program'))
    expect(brief('git log --exec')).toEqual(READ_ONLY)
    expect(brief('git log upload-pack receive-pack')).toEqual(READ_ONLY)
    expect(brief('git fetch upl')).toEqual(['= mutation', '  history git fetch'])
  })

  it('reads submodule and bisect verbs by what they run', () => {
    expect(brief('git submodule status')).toEqual(READ_ONLY)
    expect(brief('git bisect run make')).toEqual(opaque('git', 'git bisect runs another program'))
  })
})

describe('writes of a bare repository and a hidden global option', () => {
  // git 2.39: `git init --bare` (and `git --bare init`) creates HEAD, config, hooks/, objects/ and refs/ in the directory itself, not in .git.
  it('reports the bare repository git init creates in the current directory', () => {
    expect(brief('git init --bare')).toEqual(['= mutation', '  write git init "/ws/." beneath', '  write git init "/ws/./.git" entry'])
    expect(brief('git init --ba')).toEqual(['= mutation', '  write git init "/ws/." beneath', '  write git init "/ws/./.git" entry'])
    expect(brief('git init')).toEqual(['= mutation', '  write git init "/ws/./.git" entry'])
    expect(brief('git --bare init')).toEqual(['= mutation', '  control git --bare: it redirects the repository or the programs git runs'])
  })

  // git's hidden global option --shallow-file takes the next word as its value: here git runs `clean -fd`, which deletes untracked files.
  it('reads --shallow-file as redirecting the repository', () => {
    expect(brief('git --shallow-file status clean -fd')).toEqual(['= mutation', '  control git --shallow-file: it redirects the repository or the programs git runs'])
    expect(brief('git --shallow-file=s status')).toEqual(['= mutation', '  control git --shallow-file=s: it redirects the repository or the programs git runs'])
  })
})
