/**
 * Writes and lookup changes that option parsing could hide, pinned as bash
 * 5.2 and git 2.39 behave: `command` and `exec` read their own options only
 * before the command word, `set` clusters keep every letter, an integer
 * variable holds the number its text evaluates to, git reads any prefix of a
 * program-running option as that option, `--` ends a verb search, and
 * `git clone` guesses its directory the way git does, commands that write
 * the index report it, an unquoted default word splits and globs, awk's
 * stream redirection ends its statement, cp's last link option decides,
 * here-strings expand without braces, an empty loop never runs, a lone `-`
 * ends a shell's options, and words or values the analysis cannot see
 * (positional parameters, a non-literal mode, suffix or start point) leave
 * the call opaque.
 */
import { describe, expect, it } from 'vitest'
import { guessedDirectory } from '../../src/ieg/shell/commands/git-subcommands.ts'
import { briefLines as brief, goldenLines, LOOKUP_CHANGED as LOOKUP } from '../support/shell-golden.ts'


describe('command and exec options', () => {
  it('runs the command when -v or -V belong to it, not to `command`', () => {
    expect(goldenLines('command rm -v f')).toEqual(['= mutation', '  write rm "/ws/f" entry'])
    expect(goldenLines('command -p tar -cvf out.tar d')).toEqual(['= mutation', '  write tar "/ws/out.tar" entry'])
    expect(goldenLines('command -- rm f')).toEqual(['= mutation', '  write rm "/ws/f" entry'])
  })

  it('only describes with -v or -V before the command word, alone or in a cluster', () => {
    for (const command of ['command -v rm', 'command -V rm -rf x', 'command -pv rm']) expect(goldenLines(command), command).toEqual(['= read-only'])
  })

  it('takes a word with an unknown option letter as the command word', () => {
    expect(brief('command -x rm f')[0]).toBe('= opaque')
  })

  it('keeps the options of the command exec runs', () => {
    expect(goldenLines('exec tee -a log')).toEqual(['= mutation', '  write tee "/ws/log" entry'])
    expect(goldenLines('exec cp -a x y')).toEqual(goldenLines('cp -a x y'))
  })

  it('skips -c, -l and the name -a takes, attached or separate', () => {
    for (const command of ['exec -a name rm x', 'exec -aname rm x', 'exec -cl rm x', 'exec -c -a n rm x', 'exec -- rm x']) expect(goldenLines(command), command).toEqual(['= mutation', '  write rm "/ws/x" entry'])
    expect(goldenLines('exec -a name')).toEqual(['= read-only'])
  })
})

describe('set and the keyword option', () => {
  it('makes later lookups unknown for k anywhere in a cluster, also after o', () => {
    for (const command of ['set -ok; rm x', 'set -ko errexit; rm x', 'set -eo keyword; rm x', 'set +k; rm x']) expect(brief(command), command).toEqual(['= opaque', `  opaque rm: ${LOOKUP}`, `  ? rm: ${LOOKUP}`])
  })

  it('makes later lookups unknown when an option word or option name is not literal', () => {
    // The word may be -H, which rewrites later lines, so they read as loose globs too.
    for (const command of ['set $X; rm x', 'set -o $X; rm x']) expect(brief(command)[0], command).toBe('= opaque (loose globs)')
  })

  it('reads words after -- or after the first operand as positional parameters', () => {
    for (const command of ['set -- -k; rm x', 'set a -k; rm x', 'set -e -o pipefail; rm x', 'set -o; rm x']) expect(goldenLines(command), command).toEqual(['= mutation', '  write rm "/ws/x" entry'])
  })
})

describe('integer variables', () => {
  it('may hold the evaluated number, not only the assigned text', () => {
    for (const command of ['declare -i n; n=1+1; rm -r d$n', 'declare -i n=1+1; rm -r d$n']) {
      expect(goldenLines(command), command).toContain('  write rm "/ws/d⟨n⟩" subtree')
    }
  })
})

describe('git options that run programs, by any prefix', () => {
  it('reads a prefix of --exec, --interactive or --template as the option', () => {
    expect(brief('git push --ex=/p origin main')).toEqual(['= opaque', '  opaque git: git push runs another program', '  ? git: git push runs another program'])
    expect(brief('git rebase --in HEAD~1')[1]).toBe('  opaque git: git rebase runs another program')
    expect(goldenLines('git init --t=/tmp/tpl r')).toEqual(['= mutation', '  control git init: it sets templates, hooks or configuration of a repository'])
  })

  it('does not read a word that is no prefix of the option', () => {
    expect(goldenLines('git rebase --onto x y')).not.toContain('= opaque')
    expect(goldenLines('git push --exec')[0]).toBe('= opaque')
    expect(goldenLines('git push --tags origin')).toEqual(['= mutation', '  history git push'])
  })
})

describe('git config options', () => {
  it('reads -t as --type, which takes a value', () => {
    expect(goldenLines('git config -t bool core.hooksPath x')).toEqual(['= mutation', '  control git config core.hooksPath: this setting makes git run a program or trust other files'])
  })

  it('reads --fixed-value as a flag', () => {
    expect(goldenLines('git config --fixed-value core.hooksPath /x y')).toEqual(['= mutation', '  control git config core.hooksPath: this setting makes git run a program or trust other files'])
  })
})

describe('git verbs after --', () => {
  it('stashes when list or show is a pathspec', () => {
    for (const command of ['git stash -- list', 'git stash -q -- show']) expect(goldenLines(command), command).toEqual(['= mutation', '  write git stash "/ws/." entry', '  history git stash'])
    expect(goldenLines('git stash list')).toEqual(['= read-only'])
  })
})

describe('git checkout-index --prefix', () => {
  it('writes beneath the prefix given as a separate word or with =', () => {
    expect(goldenLines('git checkout-index --prefix .git/hooks/ a.txt')).toEqual(['= mutation', '  write git checkout-index "/ws/./.git/hooks/" beneath'])
    expect(goldenLines('git checkout-index --pre=out/ a.txt')).toEqual(['= mutation', '  write git checkout-index "/ws/./out/" beneath'])
    expect(goldenLines('git checkout-index --prefix= a.txt')).toEqual(['= mutation', '  write git checkout-index "/ws/./." beneath'])
  })
})

describe('the directory git clone guesses', () => {
  it('follows git: last component, colons included, without .git, with .git when bare', () => {
    const cases: Array<[string, boolean, string | null]> = [
      ['../r', false, 'r'], ['../r', true, 'r.git'], ['../r.git', true, 'r.git'], ['./r/.git', false, 'r'], ['./r/', false, 'r'],
      ['./src:proj', false, 'proj'], ['https://user@host.example/a/b.git/', false, 'b'], ['host.example:123', false, 'host.example'],
      ['ssh://git@host:22/x/y', false, 'y'], ['a b', false, null], ['/', false, null], ['x/.git', false, 'x'],
    ]
    for (const [source, bare, directory] of cases) expect(guessedDirectory(source, bare), `${source} ${bare}`).toBe(directory)
  })

  it('writes the guessed directory, bare or mirrored', () => {
    for (const command of ['git clone --bare ../r', 'git clone --mirror ../r']) expect(goldenLines(command)[1], command).toBe('  write git clone "/ws/./r.git" beneath')
    expect(goldenLines('git clone ./src:proj')[1]).toBe('  write git clone "/ws/./proj" beneath')
  })
})

describe('git commands that write the index', () => {
  it('report history for read-tree, sparse-checkout and restore --staged, not for a plain restore', () => {
    for (const command of ['git read-tree HEAD', 'git sparse-checkout set d', 'git restore --staged a', 'git restore -WS a']) expect(goldenLines(command).at(-1), command).toMatch(/^ {2}history git /)
    expect(goldenLines('git restore a')).toEqual(['= mutation', '  write git restore "/ws/." entry'])
  })
})

describe('the word of an unquoted ${x:-word}', () => {
  it('is split and globbed like any unquoted expansion', () => {
    expect(goldenLines('x=; rm -rf ${x:-.gi?}')).toEqual(['= opaque', '  write rm "/ws/.gi⟨?⟩" subtree', '  ? rm: its target /ws/.gi? is not literal (a glob)'])
    expect(goldenLines('x=; rm ${x:-a b}')).toEqual(['= mutation', '  write rm "/ws/a" entry', '  write rm "/ws/b" entry'])
    expect(goldenLines("x=; y='a b'; rm ${x:-$y}")).toEqual(['= mutation', '  write rm "/ws/a" entry', '  write rm "/ws/b" entry'])
    expect(goldenLines('x=1; rm ${x:+a b}')).toEqual(['= mutation', '  write rm "/ws/a" entry', '  write rm "/ws/b" entry'])
  })

  it('keeps quoted parts whole, expands a leading tilde, and is unknown with backslash escapes', () => {
    for (const command of ['x=; rm ${x:-"a b"}', 'x=; rm "${x:-a b}"']) expect(goldenLines(command), command).toEqual(['= mutation', '  write rm "/ws/a b" entry'])
    expect(goldenLines('x=; rm ${x:-~/f}')).toEqual(['= mutation', '  write rm "/home/u/f" entry'])
    expect(goldenLines('x=; rm ${x:-a\\ b}')[0]).toBe('= opaque')
  })
})

describe('awk output to a standard stream', () => {
  it('is read-only only when the redirection ends the statement', () => {
    for (const program of ['{ print "a" > "/dev/stdout" }', '{ print "a" > "/dev/stderr"; print "b" >> "/dev/stdout" }', '{ print "a" > "/dev/stdout" # note\n}']) expect(goldenLines(`awk '${program}' f`), program).toEqual(['= read-only'])
  })

  it('is a write when an expression continues the file name', () => {
    for (const program of ['{ print "a" > "/dev/stdout" ? ".git/config" : "z" }', '{ print "a" > "/dev/stdout" / 2 }', '{ print "a" > "/dev/stdout" "x" }']) expect(goldenLines(`awk '${program}' f`)[0], program).toBe('= opaque')
  })
})

describe('cp and links', () => {
  it('copies a link as a link when -P, -d or -a comes after -L or -H', () => {
    for (const command of ['cp -L -P lf f2', 'cp -r -L -P src f3', 'cp -L -a lf f6', 'cp -H -d lf f2']) expect(goldenLines(command)[1], command).toMatch(/^ {2}write cp \(copies a link\) /)
  })

  it('follows the link when -L or -H comes last, also in a recursive copy', () => {
    for (const command of ['cp -a -L lf f7', 'cp -rL s d', 'cp -P -H lf f2']) expect(goldenLines(command).join('\n'), command).not.toContain('copies a link')
  })
})

describe('GIT_TRACE2 targets', () => {
  it('may be a directory that gets a new file inside', () => {
    expect(goldenLines('GIT_TRACE2=/ws/d git status')).toEqual(['= mutation', '  write GIT_TRACE2=… git "/ws/d" entry', '  write GIT_TRACE2=… git "/ws/d" beneath'])
    expect(goldenLines('GIT_TRACE=/ws/x git status')).toEqual(['= mutation', '  write GIT_TRACE=… git "/ws/x" entry'])
  })
})

describe('here-strings', () => {
  it('are expanded without braces, splitting or globs', () => {
    expect(brief('bash <<< {\\#,x}\\;touch\\ g')).toContain('  write touch "/ws/g" entry')
    expect(goldenLines("x='rm  y'; bash <<< $x")).toEqual(['= mutation', '  write rm "/ws/y" entry'])
    expect(goldenLines('cat <<< *')).toEqual(['= read-only'])
  })
})

describe('loops over an empty list', () => {
  it('never run their body, so the variable keeps its value', () => {
    expect(goldenLines('x=a; for x in; do :; done; rm -r d$x')).toEqual(['= mutation', '  write rm "/ws/da" subtree'])
    expect(goldenLines('for x in; do rm $x; done')).toEqual(['= read-only'])
  })
})

describe('git clone of a bundle', () => {
  it('may write the name without .bundle, which git strips for a bundle file', () => {
    expect(goldenLines('git clone x.bundle').filter(line => line.endsWith('beneath'))).toEqual(['  write git clone "/ws/./x.bundle" beneath', '  write git clone "/ws/./x" beneath'])
    expect(goldenLines('git clone --bare x.bundle')).toContain('  write git clone "/ws/./x.git" beneath')
  })
})

describe('a lone - before a script', () => {
  it('ends the shell options: the next operand is the script file, standard input only without one', () => {
    expect(brief("bash - x.sh <<< 'rm y'")).toEqual(['= opaque', '  opaque bash: it runs a script file the analysis cannot see', '  ? bash: it runs a script file the analysis cannot see'])
    expect(goldenLines("bash - <<< 'rm y'")).toEqual(['= mutation', '  write rm "/ws/y" entry'])
  })

  it('is a file name to source, not standard input', () => {
    expect(brief("source - <<< 'rm g'")[1]).toBe('  opaque source: it runs a script file the analysis cannot see')
    expect(goldenLines("source /dev/stdin <<< 'rm g'")).toEqual(['= mutation', '  write rm "/ws/g" entry'])
  })
})

describe('command output used in a path', () => {
  it('may hold a slash when uname -o prints GNU/Linux', () => {
    expect(goldenLines('rm -rf $(uname -o)')[1]).toBe('  write rm "⟨…⟩" subtree')
    expect(goldenLines('rm -rf $(uname -m)')[1]).toBe('  write rm "/ws/⟨n⟩" subtree')
  })
})

describe('words that are not literal where an option may stand', () => {
  it('make find opaque when a start point may be or split into an expression', () => {
    for (const command of ['read X; find . -$X', 'read X; find . -de$X', 'read X; find -$X', 'read X; find d$X']) expect(brief(command)[1], command).toBe('  opaque find: a start point or expression is not literal')
    expect(goldenLines('read X; find "d$X" -name y')).toEqual(['= read-only'])
  })

  it('make chmod opaque besides its literal files, since the mode may split or be -R', () => {
    expect(brief('read X; chmod $X f')).toEqual(['= opaque', '  write chmod "/ws/f" entry', '  opaque chmod: its operands are not literal', '  ? chmod: its operands are not literal'])
  })
})

describe('options whose value is optional', () => {
  it('read mktemp --tmpdir alone as the temporary directory and mknod --context alone as a flag', () => {
    expect(goldenLines('mktemp --tmpdir foo.XXX')[1]).toBe('  write mktemp "/tmp/foo.⟨*⟩" entry')
    expect(goldenLines('mknod --context p c 1 3')).toEqual(['= mutation', '  write mknod "/ws/p" entry'])
  })
})

describe('values the analysis cannot see', () => {
  it('make an indirect expansion through a positional parameter opaque', () => {
    for (const command of ["set -- 'a[$(rm f)]'; echo ${!1}", "f() { echo ${!1}; }; f 'a[$(rm f)]'"]) expect(goldenLines(command)[0], command).toBe('= opaque (loose globs)')
    expect(goldenLines('echo ${!#}')).toEqual(['= read-only'])
  })

  it('make a compressor suffix or a 7z argument that is not literal opaque', () => {
    for (const command of ['gzip -S "$S" f', 'gunzip -S "$S" f.gz']) expect(brief(command)[1], command).toMatch(/its suffix is not literal$/)
    for (const command of ['7z a "$A" f', '7z x a.7z -o"$D"']) expect(brief(command)[1], command).toBe('  opaque 7z: an argument is not literal, so the archive or output directory is unknown')
    expect(goldenLines('7z l "$A"')).toEqual(['= read-only'])
  })
})

describe('backup suffixes', () => {
  it('keep a suffix that is not literal as unknown instead of guessing ~', () => {
    expect(brief('cp -b -S $X a b')).toContain('  write cp --backup "/ws/b⟨…⟩" entry')
    expect(goldenLines('cp -b a b')).toContain('  write cp --backup "/ws/b~" entry')
  })
})
