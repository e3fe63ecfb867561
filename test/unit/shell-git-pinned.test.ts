/**
 * git subcommands pinned by what real git does with them: dry runs and the
 * option values that hide a `-n` or `--dry-run`, `git config` actions and
 * the unique prefixes of its flags, the listing forms of branch, tag, remote,
 * reflog, notes, stash, worktree, submodule, symbolic-ref, hash-object,
 * bisect, bundle, apply and merge-tree, the options that run programs, ext::
 * and fd:: URLs, the files named by options (--output, -o,
 * --build-fake-ancestor, --export-marks, --prefix, bundle create, clone and
 * worktree directories), and which working-tree commands also write history.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, READ_ONLY } from '../support/shell-golden.ts'

const history = (sub: string): string[] => ['= mutation', `  history git ${sub}`]
/** A working-tree command: the working tree of -C (here none), then history unless `historyToo` is false. */
const worktree = (sub: string, scope = 'entry', historyToo = true): string[] => ['= mutation', `  write git ${sub} "/ws/." ${scope}`, ...(historyToo ? [`  history git ${sub}`] : [])]
const opaque = (reason: string): string[] => ['= opaque', `  opaque git: ${reason}`, `  ? git: ${reason}`]
const runs = (sub: string): string[] => opaque(`git ${sub} runs another program`)
const control = (via: string, reason: string): string[] => ['= mutation', `  control ${via}: ${reason}`]
const TEMPLATES = 'it sets templates, hooks or configuration of a repository'
const CONTROL_KEY = 'this setting makes git run a program or trust other files'
const EXT_URL = 'an ext:: or fd:: URL runs a program'

describe('dry runs', () => {
  it('reads -n and --dry-run as a report only where git does', () => {
    for (const command of ['git add -n a.txt', 'git add --dry-run a.txt', 'git mv -n a b', 'git rm -n a', 'git push -n', 'git push --dry-run', 'git fetch --dry-run', 'git clean -n']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    expect(goldenLines('git mv a b')).toEqual(['= mutation', '  write git mv "/ws/./a" subtree', '  write git mv "/ws/./b" subtree'])
  })

  // git's option parser gives a valued option the next word, even one that starts with a dash.
  it('reads the word after a valued long option as its value, not as a dry run', () => {
    expect(goldenLines('git clean -f --exclude -n')).toEqual(worktree('clean', 'entry', false))
    expect(goldenLines('git add --pathspec-from-file -n')).toEqual(history('add'))
    expect(goldenLines('git add --chmod -n a.txt')).toEqual(history('add'))
    for (const option of ['--message', '--file', '--reuse-message', '--reedit-message', '--author', '--date', '--cleanup', '--template', '--trailer', '--fixup', '--squash', '--pathspec-from-file']) {
      expect(goldenLines(`git commit ${option} --dry-run`), option).toEqual(history('commit'))
    }
    for (const option of ['--depth', '--deepen', '--shallow-since', '--shallow-exclude', '--refmap', '--server-option', '--negotiation-tip', '--jobs', '--filter']) {
      expect(goldenLines(`git fetch ${option} --dry-run`), option).toEqual(history('fetch'))
    }
    for (const option of ['--repo', '--push-option']) expect(goldenLines(`git push ${option} -n`), option).toEqual(history('push'))
  })

  it('reads the word after a valued short option ending a cluster as its value', () => {
    for (const letter of ['m', 'F', 'C', 'c', 't']) expect(goldenLines(`git commit -${letter} --dry-run`), letter).toEqual(history('commit'))
    expect(goldenLines('git commit -am --dry-run')).toEqual(history('commit'))
    for (const letter of ['o', 'j']) expect(goldenLines(`git fetch -${letter} --dry-run`), letter).toEqual(history('fetch'))
    expect(goldenLines('git push -o -n')).toEqual(history('push'))
    expect(goldenLines('git clean -f -e -n')).toEqual(worktree('clean', 'entry', false))
    expect(goldenLines('git clean -fe -n')).toEqual(worktree('clean', 'entry', false))
  })

  it('reads the next word again when the valued letter carries its value', () => {
    expect(goldenLines('git commit -mx --dry-run')).toEqual(READ_ONLY)
    expect(goldenLines('git push -ox -n')).toEqual(READ_ONLY)
  })

  it('finds -n only in words that start with a dash followed by a letter', () => {
    expect(goldenLines('git clean -f x-n')).toEqual(worktree('clean', 'entry', false))
    expect(goldenLines('git push --no-verify')).toEqual(history('push'))
    expect(goldenLines('git clean -f -- -n')).toEqual(worktree('clean', 'entry', false))
  })
})

describe('git config', () => {
  it('reads unique prefixes of its flags as the flag, and ambiguous ones as nothing', () => {
    expect(brief('git config --ed')).toEqual(opaque('git config --edit opens an editor'))
    expect(goldenLines('git config --e')).toEqual(READ_ONLY)
    expect(goldenLines('git config --l a.b c')).toEqual(['= mutation', '  history git config a.b'])
    for (const command of ['git config --li a.b c', 'git config --get-a user.name x', 'git config --get-r user x', 'git config --get-u http https://x', 'git config --get-colorb color.ui x', 'git config --get-color color.x y']) {
      expect(goldenLines(command), command).toEqual(READ_ONLY)
    }
    expect(goldenLines('git config --rem a b')).toEqual(['= mutation', '  history git config a'])
    expect(goldenLines('git config --rena a b')).toEqual(['= mutation', '  history git config --rename-section a'])
    for (const command of ['git config --rep a.b c', 'git config --ad a.b c', 'git config --unset-a a.b', 'git config --add a.b c', 'git config --replace-all a.b c']) {
      expect(goldenLines(command), command).toEqual(['= mutation', '  history git config a.b'])
    }
  })

  it('takes the action from a verb, else from the options, else from the operand count', () => {
    for (const command of ['git config a.b', 'git config get a.b', 'git config list', 'git config --get', 'git config -l', 'git config --list', 'git config --get-regexp a b', 'git config --get-urlmatch a b', 'git config --get-colorbool a b', 'git config core.hooksPath']) {
      expect(goldenLines(command), command).toEqual(READ_ONLY)
    }
    for (const command of ['git config a.b c', 'git config set a.b c', 'git config unset a.b', 'git config --unset a.b']) expect(goldenLines(command), command).toEqual(['= mutation', '  history git config a.b'])
    for (const command of ['git config edit', 'git config --edit', 'git config -e']) expect(brief(command), command).toEqual(opaque('git config --edit opens an editor'))
    expect(goldenLines('git config remove-section a')).toEqual(['= mutation', '  history git config a'])
    expect(goldenLines('git config rename-section a b')).toEqual(['= mutation', '  history git config --rename-section a'])
    expect(brief('git config --unset')).toEqual(opaque('git config names no literal key'))
  })

  it('is control for a key that runs a program, whether set, added or unset', () => {
    for (const command of ['git config set core.hooksPath x', 'git config unset core.hooksPath', 'git config --add core.hooksPath x']) {
      expect(goldenLines(command), command).toEqual(control('git config core.hooksPath', CONTROL_KEY))
    }
    expect(goldenLines('git config unset core.hooksPathx')).toEqual(['= mutation', '  history git config core.hooksPathx'])
    expect(goldenLines('git config --remove-section alias')).toEqual(['= mutation', '  history git config alias'])
  })

  it('is control when a section is renamed into one that runs programs or to nothing readable', () => {
    const renames = 'it renames a section into one whose keys make git run a program'
    expect(goldenLines('git config --rename-section a alias')).toEqual(control('git config --rename-section a', renames))
    expect(goldenLines('git config --rename-section a')).toEqual(control('git config --rename-section a', renames))
    expect(goldenLines('git config --rename-section a b')).toEqual(['= mutation', '  history git config --rename-section a'])
  })

  it('writes the file of -f/--file and reads the values of its valued options as values', () => {
    const written = ['= mutation', '  write git config --file "/ws/./x.cfg" entry', '  history git config a.b']
    for (const command of ['git config --file x.cfg a.b c', 'git config -fx.cfg a.b c', 'git config --file=x.cfg a.b c']) expect(goldenLines(command), command).toEqual(written)
    for (const command of ['git config --blob HEAD:x a.b', 'git config --type bool a.b', 'git config --default x a.b']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const command of ['git config --comment x a.b c', 'git config --value x a.b c', 'git config --type=bool a.b c']) {
      expect(goldenLines(command), command).toEqual(['= mutation', '  history git config a.b'])
    }
  })
})

describe('listing forms of branch', () => {
  it('lists with no operand, with list flags, or with an option that filters', () => {
    for (const command of ['git branch', 'git branch -a', 'git branch -r', 'git branch -vv', 'git branch -q', 'git branch -avl', 'git branch --list', "git branch --list 'f*'", "git branch -l 'f*'", "git branch -al 'f*'", 'git branch -vl x', 'git branch x -l']) {
      expect(goldenLines(command), command).toEqual(READ_ONLY)
    }
    for (const option of ['--all', '--remotes', '--verbose', '--quiet', '--no-column', '--no-color', '--ignore-case', '--omit-empty', '--show-current', '--abbrev=7', '--color=always', '--column=always', '--sort=-committerdate', '--format=%\\(refname\\)']) {
      expect(goldenLines(`git branch ${option}`), option).toEqual(READ_ONLY)
    }
  })

  it('gives the filtering options the next word, and lists with them even with a pattern', () => {
    for (const option of ['--format', '--sort', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']) expect(goldenLines(`git branch ${option} V`), option).toEqual(READ_ONLY)
    for (const option of ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at']) {
      expect(goldenLines(`git branch ${option} HEAD x`), option).toEqual(READ_ONLY)
      expect(goldenLines(`git branch ${option}=HEAD x`), option).toEqual(READ_ONLY)
    }
    expect(goldenLines('git branch --show-current x')).toEqual(READ_ONLY)
    expect(goldenLines('git branch --format V x')).toEqual(history('branch'))
    expect(goldenLines('git branch --sort=x x')).toEqual(history('branch'))
  })

  // git branch -v x creates x: only -l, --list and the filters make a pattern a pattern.
  it('creates, deletes or configures otherwise', () => {
    for (const command of ['git branch x', 'git branch fix-a', 'git branch -v x', 'git branch -a x', 'git branch --all x', 'git branch -d x', 'git branch -m a b', 'git branch --abbrev 7', 'git branch --list=x', 'git branch -quorigin/main', 'git branch --set-upstream-to origin/main', 'git branch --edit-description', 'git branch --list -d x']) {
      expect(goldenLines(command), command).toEqual(history('branch'))
    }
    for (const command of ['git branch -ax', 'git branch --allx', 'git branch --show-currentx', 'git branch --verbosex', 'git branch --sortx', 'git branch x--all']) {
      expect(goldenLines(command), command).toEqual(history('branch'))
    }
  })
})

describe('listing forms of tag, remote, reflog, notes, stash, worktree, submodule and sparse-checkout', () => {
  it('tag lists with no operand, a list or filter option, or only -n, --sort, --format and --column', () => {
    for (const command of ['git tag', 'git tag -l', 'git tag --list', 'git tag -v v1', 'git tag --verify v1', 'git tag --contains HEAD', 'git tag --points-at HEAD', 'git tag --merged HEAD', 'git tag --no-merged HEAD', 'git tag -n', 'git tag -n5', 'git tag --sort=v:refname', 'git tag --format=x', 'git tag --column', 'git tag -n --sort=x --format=y --column']) {
      expect(goldenLines(command), command).toEqual(READ_ONLY)
    }
    for (const command of ['git tag v1', 'git tag -d v1', 'git tag -a v1 -m x', 'git tag -f v1', 'git tag -n v1', 'git tag --columnx', 'git tag x-l', 'git tag x-n']) expect(goldenLines(command), command).toEqual(history('tag'))
  })

  it('remote lists with show and get-url, and before a verb only with -v', () => {
    for (const command of ['git remote', 'git remote -v', 'git remote -vv', 'git remote --verbose', 'git remote show origin', 'git remote show -n origin', 'git remote get-url origin', 'git remote get-url --push origin', 'git remote get-url --all origin', 'git remote -v show origin']) {
      expect(goldenLines(command), command).toEqual(READ_ONLY)
    }
    for (const command of ['git remote add x y', 'git remote remove x', 'git remote prune origin', 'git remote update', 'git remote show origin -x', 'git remote -vx', 'git remote --pushx', 'git remote x-v', 'git remote show --verbosex']) {
      expect(goldenLines(command), command).toEqual(history('remote'))
    }
  })

  it('reflog writes only to expire, delete or drop', () => {
    for (const command of ['git reflog', 'git reflog show', 'git reflog exists HEAD']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const verb of ['expire --all', 'delete HEAD@{1}', 'drop']) expect(goldenLines(`git reflog ${verb}`), verb).toEqual(history('reflog'))
  })

  it('notes lists with list, show and get-ref, after --ref and its value', () => {
    for (const command of ['git notes', 'git notes list', 'git notes show', 'git notes get-ref', 'git notes --ref x list']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const command of ['git notes add -m x', 'git notes --ref list add', 'git notes remove', 'git notes prune']) expect(goldenLines(command), command).toEqual(history('notes'))
  })

  it('stash lists with list and show and otherwise writes the working tree', () => {
    for (const command of ['git stash list', 'git stash show', 'git stash show -p']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const command of ['git stash', 'git stash pop', 'git stash push', 'git stash -q']) expect(goldenLines(command), command).toEqual(worktree('stash'))
  })

  it('worktree, submodule and sparse-checkout list with their listing verbs', () => {
    expect(goldenLines('git worktree list')).toEqual(READ_ONLY)
    for (const command of ['git worktree prune', 'git worktree lock x']) expect(goldenLines(command), command).toEqual(history('worktree'))
    expect(goldenLines('git worktree remove x')).toEqual(['= mutation', '  write git worktree "/ws/./x" subtree', '  history git worktree'])
    for (const command of ['git submodule', 'git submodule status', 'git submodule summary', 'git submodule --quiet status']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const command of ['git submodule init', 'git submodule sync', 'git submodule absorbgitdirs']) expect(goldenLines(command), command).toEqual(history('submodule'))
    expect(goldenLines('git submodule add u p')).toEqual(['= mutation', '  write git submodule "/ws/./p" beneath', '  write git submodule "/ws/./.gitmodules" entry', '  history git submodule'])
    expect(goldenLines('git sparse-checkout list')).toEqual(READ_ONLY)
    for (const verb of ['set a', 'init', 'disable']) expect(goldenLines(`git sparse-checkout ${verb}`), verb).toEqual(worktree('sparse-checkout'))
  })
})

describe('listing forms of symbolic-ref, hash-object, bisect, bundle, apply and merge-tree', () => {
  it('symbolic-ref reads one ref and writes with two or with -d', () => {
    for (const command of ['git symbolic-ref HEAD', 'git symbolic-ref -q HEAD', 'git symbolic-ref --short HEAD']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const command of ['git symbolic-ref HEAD refs/heads/x', 'git symbolic-ref -d HEAD', 'git symbolic-ref --delete HEAD', 'git symbolic-ref -m x HEAD refs/heads/y']) {
      expect(goldenLines(command), command).toEqual(history('symbolic-ref'))
    }
  })

  it('hash-object writes with -w, alone or in a cluster', () => {
    for (const command of ['git hash-object a.txt', 'git hash-object --literally a.txt', 'git hash-object x-w']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const command of ['git hash-object -w a.txt', 'git hash-object --stdin -w', 'git hash-object -tw a.txt']) expect(goldenLines(command), command).toEqual(history('hash-object'))
  })

  it('bisect reads with log, visualize, view and terms, runs with run, and otherwise checks out', () => {
    for (const verb of ['log', 'visualize', 'view', 'terms']) expect(goldenLines(`git bisect ${verb}`), verb).toEqual(READ_ONLY)
    for (const command of ['git bisect', 'git bisect good', 'git bisect reset', 'git bisect start run', 'git bisect replay f']) expect(goldenLines(command), command).toEqual(worktree('bisect'))
    expect(brief('git bisect run make')).toEqual(runs('bisect'))
  })

  it('bundle reads with verify and list-heads, and create writes the named file', () => {
    for (const verb of ['verify', 'list-heads']) expect(goldenLines(`git bundle ${verb} b`), verb).toEqual(READ_ONLY)
    for (const command of ['git bundle unbundle b', 'git bundle']) expect(goldenLines(command), command).toEqual(history('bundle'))
    for (const command of ['git bundle create b.bundle HEAD', 'git bundle create --version 3 b.bundle HEAD', 'git bundle create --version=3 b.bundle HEAD', 'git bundle create -q b.bundle HEAD']) {
      expect(goldenLines(command), command).toEqual(['= mutation', '  write git bundle "/ws/./b.bundle" entry'])
    }
    expect(brief('git bundle create')).toEqual(opaque('git bundle create names no file'))
  })

  it('apply only reports with --check, --stat, --numstat or --summary, unless --apply', () => {
    for (const option of ['--check', '--stat', '--numstat', '--summary']) expect(goldenLines(`git apply ${option} p`), option).toEqual(READ_ONLY)
    expect(goldenLines('git apply --check --cached p')).toEqual(READ_ONLY)
    expect(goldenLines('git apply --include x --stat p')).toEqual(READ_ONLY)
    for (const command of ['git apply --stat --apply p', 'git apply p', 'git apply --index p', 'git apply --whitespace fix p']) expect(goldenLines(command), command).toEqual(worktree('apply'))
    for (const command of ['git apply --cached p', 'git apply --index --cached p']) expect(goldenLines(command), command).toEqual(history('apply'))
  })

  it('merge-tree reads in its trivial three-tree form and is unknown when it writes a tree', () => {
    for (const command of ['git merge-tree a b c', 'git merge-tree --trivial-merge a b c', 'git merge-tree --trivial-merge a b', 'git merge-tree -z a b c']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    const unknown = opaque('git merge-tree is not a known subcommand (it may be an alias)')
    for (const command of ['git merge-tree a b', 'git merge-tree --write-tree a b', 'git merge-tree --write-tree a b c', 'git merge-tree a b c d']) expect(brief(command), command).toEqual(unknown)
  })
})

describe('options and subcommands that run programs', () => {
  it('--upload-pack and --receive-pack and their unique prefixes, on any subcommand', () => {
    for (const command of ['git fetch --upload-pack x origin', 'git fetch --upl=x origin', 'git fetch --up x origin']) expect(brief(command), command).toEqual(runs('fetch'))
    expect(brief('git log --upload-pack=x')).toEqual(runs('log'))
    for (const command of ['git push --receive-pack=x origin', 'git push --rec=x origin', 'git push --exec=x origin', 'git push --exe=x origin']) expect(brief(command), command).toEqual(runs('push'))
    expect(brief('git send-pack --receive-pack=x o')).toEqual(runs('send-pack'))
    // git refuses an ambiguous prefix; reading it as the option only over-reports a call git never runs.
    expect(brief('git push --re=x origin')).toEqual(runs('push'))
  })

  it('--exec on the subcommands that reach a remote, -u only where it names the upload program', () => {
    for (const sub of ['ls-remote', 'clone']) expect(brief(`git ${sub} -u x origin`), sub).toEqual(runs(sub))
    expect(brief('git clone -qu x origin')).toEqual(runs('clone'))
    // `push -u` sets the upstream and `fetch -u` allows updating HEAD: the subcommand as without it.
    for (const sub of ['push', 'fetch', 'pull', 'archive']) expect(brief(`git ${sub} -u x origin`), sub).toEqual(brief(`git ${sub} x origin`))
    for (const sub of ['push', 'fetch', 'ls-remote', 'pull', 'clone', 'archive']) expect(brief(`git ${sub} --exec=x origin`), sub).toEqual(runs(sub))
    expect(brief('git archive --exec=x HEAD')).toEqual(runs('archive'))
    expect(goldenLines('git commit -u')).toEqual(history('commit'))
    expect(goldenLines('git status -u')).toEqual(READ_ONLY)
    expect(goldenLines('git log --exec=x')).toEqual(READ_ONLY)
  })

  it('rebase with -x, -i, --exec or --interactive, in clusters and by prefix', () => {
    for (const command of ['git rebase -x make main', 'git rebase -ix make main', 'git rebase -i main', 'git rebase --exec make main', 'git rebase --ex make main', 'git rebase --interactive main', 'git rebase --int main', 'git rebase --e main', 'git rebase --i main']) {
      expect(brief(command), command).toEqual(runs('rebase'))
    }
    for (const command of ['git rebase main', 'git rebase x-i', 'git rebase --onto x y', 'git rebase -Xours main']) expect(goldenLines(command), command).toEqual(worktree('rebase'))
  })

  it('grep with -O or --open-files-in-pager, notes edit, and the program-running subcommands', () => {
    for (const command of ['git grep -O x', 'git grep -iO x', 'git grep --open x', 'git grep --ope x']) expect(brief(command), command).toEqual(runs('grep'))
    // git refuses an ambiguous prefix; reading it as the option only over-reports a call git never runs.
    expect(brief('git grep --o x')).toEqual(runs('grep'))
    for (const command of ['git notes edit', 'git notes --ref r edit']) expect(brief(command), command).toEqual(runs('notes'))
    expect(goldenLines('git notes add edit')).toEqual(history('notes'))
    for (const sub of ['difftool', 'mergetool', 'send-email', 'filter-branch', 'gui', 'credential', 'p4']) expect(brief(`git ${sub}`), sub).toEqual(runs(sub))
  })

  it('submodule foreach analyzes its command, without the foreach options, in an unknown directory', () => {
    expect(brief("git submodule foreach 'rm -rf x'")).toEqual(['= opaque', '  write rm "⟨…⟩/x" subtree', '  ? rm: its target …/x is not literal (an expansion the analysis cannot know)'])
    const touch = ['= opaque', '  write touch "⟨…⟩/y" entry', '  ? touch: its target …/y is not literal (an expansion the analysis cannot know)']
    expect(brief('git submodule foreach --recursive touch y')).toEqual(touch)
    expect(brief('git submodule --quiet foreach --quiet touch y')).toEqual(touch)
    for (const command of ['git submodule foreach', 'git submodule foreach --recursive', 'git submodule foreach echo --quiet']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    expect(goldenLines('git submodule update')).toEqual(worktree('submodule'))
  })
})

describe('ext:: and fd:: URLs', () => {
  it('are control as an operand or as the value of a long option', () => {
    expect(goldenLines('git clone ext::sh d')).toEqual(control('git clone', EXT_URL))
    expect(goldenLines('git fetch fd::3')).toEqual(control('git fetch', EXT_URL))
    expect(goldenLines('git remote add o --mirror=ext::x')).toEqual(control('git remote', EXT_URL))
    expect(goldenLines('git remote add --x=fd::1 a b')).toEqual(control('git remote', EXT_URL))
  })

  it('are not found inside a word or after an option name git could not have', () => {
    for (const command of ['git remote set-url origin x-ext::y', 'git remote add o EXT::sh', 'git remote add --X=fd::1 a b', 'git remote add --x_y=fd::1 a b', 'git remote add o -x=ext::y']) {
      expect(goldenLines(command), command).toEqual(history('remote'))
    }
  })
})

describe('files named by options', () => {
  it('--output, separate or attached, on any subcommand, each time it is given', () => {
    expect(goldenLines('git diff --output o.txt')).toEqual(['= mutation', '  write git diff --output "/ws/./o.txt" entry'])
    expect(goldenLines('git show --output=a --output b')).toEqual(['= mutation', '  write git show --output "/ws/./a" entry', '  write git show --output "/ws/./b" entry'])
    expect(goldenLines("git diff --output=$'a\\nb'")).toEqual(['= mutation', '  write git diff --output "/ws/./a\\nb" entry'])
    expect(goldenLines('git diff --output= x')).toEqual(READ_ONLY)
  })

  it('apply --build-fake-ancestor, whatever else apply does', () => {
    const ancestor = (file: string): string => `  write git apply --build-fake-ancestor "/ws/./${file}" entry`
    for (const command of ['git apply --build-fake-ancestor anc p', 'git apply --build-fake-ancestor=anc p', 'git apply -p1 --build-fake-ancestor anc p', 'git apply --exclude x --build-fake-ancestor anc p', 'git apply --include x --build-fake-ancestor anc p']) {
      expect(goldenLines(command), command).toEqual(['= mutation', ancestor('anc'), '  write git apply "/ws/." entry', '  history git apply'])
    }
    expect(goldenLines('git apply --check --build-fake-ancestor anc p')).toEqual(['= mutation', ancestor('anc')])
    expect(goldenLines('git apply --cached --build-fake-ancestor anc p')).toEqual(['= mutation', ancestor('anc'), '  history git apply'])
    for (const option of ['--directory', '--whitespace']) expect(goldenLines(`git apply ${option} --build-fake-ancestor p`), option).toEqual(worktree('apply'))
  })

  // fast-import takes its values only as --name=value; a separate word belongs to the option before it.
  it('fast-import --export-marks and --export-pack-edges', () => {
    for (const command of ['git fast-import --export-marks=m.txt', 'git fast-import --export-marks m.txt']) expect(goldenLines(command), command).toEqual(['= mutation', '  write git fast-import "/ws/./m.txt" entry', '  history git fast-import'])
    expect(goldenLines('git fast-import --export-pack-edges=e.txt')).toEqual(['= mutation', '  write git fast-import "/ws/./e.txt" entry', '  history git fast-import'])
    for (const option of ['--import-marks', '--import-marks-if-exists', '--date-format', '--max-pack-size', '--big-file-threshold', '--depth', '--active-branches', '--cat-blob-fd', '--done', '--rewrite-submodules-from', '--rewrite-submodules-to']) {
      expect(goldenLines(`git fast-import ${option} --export-marks x`), option).toEqual(history('fast-import'))
    }
  })

  it('rm --pathspec-from-file and its prefixes may remove anything', () => {
    const anything = ['= opaque', '  write git rm --pathspec-from-file "⟨…⟩" subtree', '  ? git rm --pathspec-from-file: its target … is not literal (an expansion the analysis cannot know)']
    for (const command of ['git rm --pathspec-from-file=list.txt', 'git rm --pathspec-from-f list.txt', 'git rm --pathspec-f list.txt']) expect(goldenLines(command), command).toEqual(anything)
    // git refuses an ambiguous prefix; reading it as the option only over-reports a call git never runs.
    expect(goldenLines('git rm --pathspec x')).toEqual(anything)
    for (const command of ['git rm --cached a.txt', 'git rm -r --cached d']) expect(goldenLines(command), command).toEqual(history('rm'))
    expect(goldenLines("git mv 'a*' b")).toEqual(['= mutation', '  write git mv "/ws/./a*" subtree', '  write git mv "/ws/./b" subtree'])
  })

  it('archive -o and --output, and --remote by prefix', () => {
    expect(goldenLines('git archive HEAD')).toEqual(READ_ONLY)
    expect(goldenLines('git archive -oout.tar HEAD')).toEqual(['= mutation', '  write git archive -o "/ws/./out.tar" entry'])
    for (const command of ['git archive --format zip -o out.tar HEAD', 'git archive --prefix p/ -o out.tar HEAD']) expect(goldenLines(command), command).toEqual(['= mutation', '  write git archive -o "/ws/./out.tar" entry'])
    expect(goldenLines('git archive --output=out.tar HEAD')).toEqual(['= mutation', '  write git archive --output "/ws/./out.tar" entry', '  write git archive -o "/ws/./out.tar" entry'])
    expect(brief('git archive --rem r HEAD')).toEqual(opaque('git archive --remote runs a remote program'))
  })

  it('checkout-index --prefix=, empty meaning the current directory', () => {
    expect(goldenLines('git checkout-index --prefix=out/ -a')).toEqual(['= mutation', '  write git checkout-index "/ws/./out/" beneath'])
    expect(goldenLines('git checkout-index --prefix= -a')).toEqual(['= mutation', '  write git checkout-index "/ws/./." beneath'])
    expect(goldenLines("git checkout-index -a --prefix=$'x\\ny/'")).toEqual(['= mutation', '  write git checkout-index "/ws/./x\\ny/" beneath'])
    expect(goldenLines('git checkout-index -a')).toEqual(worktree('checkout-index', 'entry', false))
  })

  it('format-patch writes NNNN-*.patch into -o or the current directory, or nothing with --stdout', () => {
    const patches = (dir: string): string[] => ['= opaque', `  write git format-patch "${dir}/⟨*⟩.patch" entry`, `  ? git format-patch: its target ${dir}/*.patch is not literal (a glob)`]
    for (const command of ['git format-patch -o out HEAD~1', 'git format-patch -oout HEAD~1', 'git format-patch --output-directory out HEAD~1', 'git format-patch --output-directory=out HEAD~1']) {
      expect(goldenLines(command), command).toEqual(patches('/ws/./out'))
    }
    for (const option of ['-v', '--subject-prefix', '--in-reply-to', '--to', '--cc', '--from']) expect(goldenLines(`git format-patch ${option} -o HEAD~1`), option).toEqual(patches('/ws/.'))
    expect(goldenLines('git -C sub format-patch HEAD~1')).toEqual(patches('/ws/./sub'))
    expect(goldenLines('git format-patch --stdout HEAD~1')).toEqual(READ_ONLY)
  })

  it('interpret-trailers --in-place writes its files; mailinfo writes its first two operands', () => {
    for (const option of ['--trailer', '--where', '--if-exists', '--if-missing']) {
      expect(goldenLines(`git interpret-trailers --in-place ${option} x msg.txt`), option).toEqual(['= mutation', '  write git interpret-trailers "/ws/./msg.txt" entry'])
    }
    expect(brief('git interpret-trailers msg.txt')).toEqual(opaque('git interpret-trailers is not a known subcommand (it may be an alias)'))
    expect(goldenLines('git mailinfo -k msg patch extra')).toEqual(['= mutation', '  write git mailinfo "/ws/./msg" entry', '  write git mailinfo "/ws/./patch" entry'])
    expect(goldenLines('git mailinfo -u msg')).toEqual(['= mutation', '  write git mailinfo "/ws/./msg" entry'])
    expect(goldenLines('git mailinfo')).toEqual(READ_ONLY)
  })
})

describe('fsck, maintenance, init, clone and worktree add', () => {
  it('fsck writes history only with --lost-found; maintenance schedules jobs only with start or register first', () => {
    for (const command of ['git fsck', 'git fsck --lost-foundx']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    for (const command of ['git maintenance unregister', 'git maintenance stop', 'git maintenance run start', 'git maintenance']) expect(goldenLines(command), command).toEqual(history('maintenance'))
  })

  it('init writes the new directory and its .git, and controls with a template or separate git dir', () => {
    for (const command of ['git init r', 'git init -q r', 'git init -b main r', 'git init --initial-branch main r', 'git init --object-format sha256 r', 'git init --ref-format files r', 'git init --shared=group r', 'git init --shared r']) {
      expect(goldenLines(command), command).toEqual(['= mutation', '  write git init "/ws/./r" beneath', '  write git init "/ws/./r/.git" entry'])
    }
    expect(goldenLines('git init')).toEqual(['= mutation', '  write git init "/ws/./.git" entry'])
    for (const command of ['git init --temp=/t', 'git init --te=/t', 'git init --separate-git-dir /g', 'git init --sep=/g', 'git init -cx']) expect(goldenLines(command), command).toEqual(control('git init', TEMPLATES))
    expect(goldenLines('git init x-c')).toEqual(['= mutation', '  write git init "/ws/./x-c" beneath', '  write git init "/ws/./x-c/.git" entry'])
  })

  it('clone writes the directory named or guessed from the URL, skipping option values', () => {
    const into = (dir: string): string[] => ['= mutation', `  write git clone "/ws/./${dir}" beneath`, `  write git clone "/ws/./${dir}/.git" entry`]
    expect(goldenLines('git clone u d')).toEqual(into('d'))
    for (const command of ['git clone https://h/o/repo.git', 'git clone https://h/o/repo.git/', 'git clone https://h/o/repo//', 'git clone /srv/repo.git']) expect(goldenLines(command), command).toEqual(into('repo'))
    for (const option of ['-o', '-b', '-j', '--origin', '--branch', '--upload-pack', '--reference', '--reference-if-able', '--depth', '--jobs', '--filter', '--server-option', '--shallow-since', '--shallow-exclude', '--bundle-uri', '--ref-format']) {
      if (option === '--upload-pack') continue
      expect(goldenLines(`git clone ${option} V u`), option).toEqual(into('u'))
    }
    expect(goldenLines('git clone x-c')).toEqual(into('x-c'))
    for (const command of ['git clone', 'git clone $U', 'git clone u $D']) expect(brief(command), command).toEqual(opaque('git clone names no literal directory'))
  })

  it('clone controls with a template, a separate git dir or configuration, by prefix or in a cluster', () => {
    for (const command of ['git clone --template=/t u', 'git clone --temp /t u', 'git clone --separate-git-dir /g u', 'git clone --sep=/g u', 'git clone --config a=b u', 'git clone --conf a=b u', 'git clone -c a=b u', 'git clone -qc a=b u']) {
      expect(goldenLines(command), command).toEqual(control('git clone', TEMPLATES))
    }
    // git refuses an ambiguous prefix; reading it as the option only over-reports a call git never runs.
    expect(goldenLines('git clone --co u d')).toEqual(control('git clone', TEMPLATES))
  })

  it('worktree add writes the new working tree and its .git file, skipping -b, -B and --reason values', () => {
    const added = ['= mutation', '  write git worktree "/ws/./../w" beneath', '  write git worktree "/ws/./../w/.git" entry', '  history git worktree']
    for (const command of ['git worktree add ../w', 'git worktree add ../w br', 'git worktree add -b nb ../w', 'git worktree add -B nb ../w', 'git worktree add --reason r --lock ../w', 'git worktree --x add ../w']) {
      expect(goldenLines(command), command).toEqual(added)
    }
    expect(brief('git worktree add')).toEqual(opaque('git worktree add names no literal path'))
  })

  it('submodule deinit writes each submodule, or all of them', () => {
    const all = ['= mutation', '  write git submodule "/ws/." subtree', '  history git submodule']
    for (const command of ['git submodule deinit', 'git submodule deinit --all', 'git submodule deinit --all lib']) expect(goldenLines(command), command).toEqual(all)
    expect(goldenLines('git submodule -q deinit -f lib other')).toEqual(['= mutation', '  write git submodule "/ws/./lib" subtree', '  write git submodule "/ws/./other" subtree', '  history git submodule'])
    expect(goldenLines("git submodule deinit -- 'l*'")).toEqual(['= opaque', '  write git submodule "/ws/./l⟨*⟩" subtree', '  history git submodule', '  ? git submodule: its target /ws/./l* is not literal (a glob)'])
  })
})

describe('working-tree commands', () => {
  it('write the working tree and history, except those that only write files or the index', () => {
    for (const sub of ['checkout', 'switch', 'am', 'merge', 'cherry-pick', 'revert', 'pull']) expect(goldenLines(`git ${sub} x`), sub).toEqual(worktree(sub))
    for (const sub of ['restore', 'checkout-index']) expect(goldenLines(`git ${sub} x`), sub).toEqual(worktree(sub, 'entry', false))
    expect(goldenLines('git read-tree x')).toEqual(worktree('read-tree'))
    for (const option of ['--hard', '--merge', '--keep']) expect(goldenLines(`git reset ${option}`), option).toEqual(worktree('reset'))
    for (const command of ['git reset', 'git reset --soft', 'git reset --mixed', 'git reset HEAD~1 -- a.txt']) expect(goldenLines(command), command).toEqual(history('reset'))
    for (const command of ['git submodule update --remote', 'git submodule update --init']) expect(goldenLines(command), command).toEqual(worktree('submodule'))
  })

  // git clean -ff also removes untracked nested repositories, whole.
  it('clean forced twice writes whole subtrees', () => {
    for (const command of ['git clean -ff', 'git clean -f -f', 'git clean --force --force', 'git clean -fdf', 'git clean --force -f', 'git clean -xffd']) expect(goldenLines(command), command).toEqual(worktree('clean', 'subtree', false))
    for (const command of ['git clean -f', 'git clean -fd', 'git clean -f x-f', 'git clean --force', 'git clean -f --forcex']) expect(goldenLines(command), command).toEqual(worktree('clean', 'entry', false))
  })

  it('history commands and unknown subcommands', () => {
    for (const command of ['git add a', 'git commit -m x', 'git update-index --add x', 'git write-tree']) expect(goldenLines(command), command).toEqual(history(command.split(' ')[1] as string))
    expect(brief('git frobnicate')).toEqual(opaque('git frobnicate is not a known subcommand (it may be an alias)'))
  })
})

describe('where each rule applies', () => {
  it('reads a dry run in any cluster of rm and mv, and not as -n of commit or fetch', () => {
    for (const command of ['git rm -r -n a', 'git mv -k -n a b']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    expect(goldenLines('git commit -n -m x')).toEqual(history('commit'))
    expect(goldenLines('git fetch -n')).toEqual(history('fetch'))
  })

  it('judges a config key with the value given to set it, and without one to unset it', () => {
    expect(goldenLines("git config --unset core.pager 'sh -c x'")).toEqual(['= mutation', '  history git config core.pager'])
    expect(goldenLines("git config core.pager 'sh -c x'")).toEqual(control('git config core.pager', CONTROL_KEY))
    expect(goldenLines('git config core.pager cat')).toEqual(['= mutation', '  history git config core.pager'])
    for (const command of ['git config --get a.b c', 'git config -l a.b c']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    expect(goldenLines('git config --rem x')).toEqual(['= mutation', '  history git config x'])
  })

  it('is opaque or control when a config key or section is not literal', () => {
    expect(brief('git config $X')).toEqual(opaque('git config has an argument that is not literal'))
    expect(brief('git config a$K v')).toEqual(opaque('git config names no literal key'))
    expect(goldenLines('git config --rename-section a b$X')).toEqual(control('git config --rename-section a', 'it renames a section into one whose keys make git run a program'))
  })

  it('reads a pathspec as git matches it: globs, bracket classes that close, and magic', () => {
    expect(goldenLines("git rm 'a[bc]d?e*'")).toEqual(['= opaque', '  write git rm "/ws/./a⟨[bc]⟩d⟨?⟩e⟨*⟩" subtree', '  ? git rm: its target /ws/./a[bc]d?e* is not literal (a glob)'])
    expect(goldenLines("git rm '[]a]'")).toEqual(['= opaque', '  write git rm "/ws/./⟨[]a]⟩" subtree', '  ? git rm: its target /ws/./[]a] is not literal (a glob)'])
    for (const path of ['a[]', 'a:', 'x]y', 'a']) expect(goldenLines(`git rm '${path}'`), path).toEqual(['= mutation', `  write git rm "/ws/./${path}" subtree`])
    expect(goldenLines("git rm 'a*'")).toEqual(['= opaque', '  write git rm "/ws/./a⟨*⟩" subtree', '  ? git rm: its target /ws/./a* is not literal (a glob)'])
    expect(goldenLines("git rm '*'")).toEqual(['= opaque', '  write git rm "/ws/./⟨*⟩" subtree', '  ? git rm: its target /ws/./* is not literal (a glob)'])
    expect(goldenLines("git rm -- ':!x'")).toEqual(['= opaque', '  write git rm "⟨…⟩" subtree', '  ? git rm: its target … is not literal (an expansion the analysis cannot know)'])
    expect(goldenLines('git rm $X')).toEqual(['= opaque', '  write git rm "⟨…⟩" subtree', '  ? git rm: its target … is not literal (an expansion the analysis cannot know)'])
  })

  it('leaves a program run inside submodule foreach to the command it runs', () => {
    expect(brief('git submodule foreach git grep -O x')).toEqual(runs('grep'))
    expect(goldenLines('git grep x-Obar')).toEqual(READ_ONLY)
    expect(brief('git submodule foreach touch x--quiet')).toEqual(['= opaque', '  write touch "⟨…⟩/x--quiet" entry', '  ? touch: its target …/x--quiet is not literal (an expansion the analysis cannot know)'])
    expect(brief('git submodule foreach touch -- --recursivex')).toEqual(['= opaque', '  write touch "⟨…⟩/--recursivex" entry', '  ? touch: its target …/--recursivex is not literal (an expansion the analysis cannot know)'])
  })

  it('finds --output= and --prefix= only at the start of a word, and --output only with a value', () => {
    for (const command of ['git diff --output', 'git log -S--output=x']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    expect(goldenLines('git checkout-index -a x--prefix=y')).toEqual(worktree('checkout-index', 'entry', false))
    expect(goldenLines('git remote add o a--b=ext::y')).toEqual(history('remote'))
  })

  it('guesses the clone directory past option values, trailing slashes and a final .git only', () => {
    const into = (dir: string): string[] => ['= mutation', `  write git clone "/ws/./${dir}" beneath`, `  write git clone "/ws/./${dir}/.git" entry`]
    for (const option of ['-o', '-b', '-j', '--origin', '--branch', '--reference', '--reference-if-able', '--depth', '--jobs', '--filter', '--server-option', '--shallow-since', '--shallow-exclude', '--bundle-uri', '--ref-format']) {
      expect(goldenLines(`git clone ${option} V /srv/r.git`), option).toEqual(into('r'))
    }
    expect(goldenLines('git clone https://h/o/repo.git//')).toEqual(into('repo'))
    expect(goldenLines('git clone /srv/x.github.io')).toEqual(into('x.github.io'))
  })

  it('counts forces only in whole option clusters', () => {
    expect(goldenLines('git clean -f -ef.f')).toEqual(worktree('clean', 'entry', false))
    expect(goldenLines('git checkout -ff main')).toEqual(worktree('checkout'))
  })

  it('gives each option of apply, fast-import and archive its separate value', () => {
    for (const option of ['--exclude', '--include', '-p']) expect(goldenLines(`git apply ${option} --build-fake-ancestor x p`), option).toEqual(worktree('apply'))
    expect(goldenLines('git fast-import --export-pack-edges e.txt')).toEqual(['= mutation', '  write git fast-import "/ws/./e.txt" entry', '  history git fast-import'])
    expect(goldenLines('git archive --output out.tar HEAD')).toEqual(['= mutation', '  write git archive --output "/ws/./out.tar" entry', '  write git archive -o "/ws/./out.tar" entry'])
    for (const option of ['--prefix', '--format']) expect(goldenLines(`git archive ${option} -o HEAD`), option).toEqual(READ_ONLY)
  })

  it('applies each subcommand\'s own words and options to it alone', () => {
    for (const command of ['git log --build-fake-ancestor x', 'git log --export-marks=x', 'git log --lost-found']) expect(goldenLines(command), command).toEqual(READ_ONLY)
    expect(goldenLines('git branch foreach')).toEqual(history('branch'))
    expect(goldenLines('git branch -avl x')).toEqual(READ_ONLY)
    for (const command of ['git tag deinit', 'git tag create x']) expect(goldenLines(command), command).toEqual(history('tag'))
    expect(goldenLines('git read-tree --prefix=sub/ x')).toEqual(worktree('read-tree'))
    expect(goldenLines('git commit --in-place m')).toEqual(history('commit'))
    expect(goldenLines('git fetch --keep')).toEqual(history('fetch'))
    expect(goldenLines('git fsck --lost-found')).toEqual(['= mutation', '  history git fsck --lost-found'])
    for (const verb of ['start', 'register']) expect(goldenLines(`git maintenance ${verb}`), verb).toEqual(control('git maintenance', 'it schedules background jobs through the user configuration'))
  })
})
