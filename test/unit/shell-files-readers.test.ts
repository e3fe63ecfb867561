/**
 * What the file utilities and the option-writing readers report, pinned as
 * GNU coreutils 9.1, findutils and bash 5.2 behave: where mktemp creates its
 * file, which operand each writer writes and how deep, where backups, copies
 * and links land, which remote destinations write nothing here, and which
 * reader options write a file, run a program or change the system.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, opaqueLines as opaque } from '../support/shell-golden.ts'

const glob = (via: string, shown: string, target: string): string[] => ['= opaque', `  write ${via} "${shown}" entry`, `  ? ${via}: its target ${target} is not literal (a glob)`]

describe('mktemp', () => {
  it('creates the template without its trailing Xs, beside the current directory', () => {
    expect(brief('mktemp foo.XXX')).toEqual(glob('mktemp', '/ws/foo.⟨*⟩', '/ws/foo.*'))
    expect(brief('mktemp fooXXXbarXXX')).toEqual(glob('mktemp', '/ws/fooXXXbar⟨*⟩', '/ws/fooXXXbar*'))
    expect(brief('mktemp -d dirXXXX')).toEqual(glob('mktemp', '/ws/dir⟨*⟩', '/ws/dir*'))
  })

  it('creates tmp.* in the temporary directory without a template, and the template there with -t', () => {
    expect(brief('mktemp')).toEqual(glob('mktemp', '/tmp/tmp.⟨*⟩', '/tmp/tmp.*'))
    expect(brief('mktemp -t foo.XXX')).toEqual(glob('mktemp', '/tmp/foo.⟨*⟩', '/tmp/foo.*'))
  })

  it('creates the template in the directory -p or --tmpdir= names', () => {
    expect(brief('mktemp -p d foo.XXX')).toEqual(glob('mktemp', '/ws/d/foo.⟨*⟩', '/ws/d/foo.*'))
    expect(brief('mktemp --tmpdir=d foo.XXX')).toEqual(glob('mktemp', '/ws/d/foo.⟨*⟩', '/ws/d/foo.*'))
  })

  it('creates nothing with -u, and is opaque for a template or option it cannot read', () => {
    expect(goldenLines('mktemp -u foo.XXX')).toEqual(['= read-only'])
    expect(goldenLines('mktemp --dry-run')).toEqual(['= read-only'])
    expect(brief('mktemp $T')).toEqual(opaque('mktemp', 'an argument could be an option but is not literal'))
    expect(brief('mktemp -- $T')).toEqual(opaque('mktemp', 'its template is not literal'))
  })
})

describe('writers of every operand', () => {
  it('writes a whole tree for rm -R or --recursive, one entry otherwise', () => {
    expect(goldenLines('rm -R d')).toEqual(['= mutation', '  write rm "/ws/d" subtree'])
    expect(goldenLines('rm --recursive d')).toEqual(['= mutation', '  write rm "/ws/d" subtree'])
    expect(goldenLines('rm -f d')).toEqual(['= mutation', '  write rm "/ws/d" entry'])
  })

  it('does not write the file touch --reference reads', () => {
    expect(goldenLines('touch --reference=ref f')).toEqual(['= mutation', '  write touch "/ws/f" entry'])
  })

  it('writes the files setfacl and chattr change, a tree with -R', () => {
    expect(goldenLines('setfacl -m u:x:r f')).toEqual(['= mutation', '  write setfacl "/ws/f" entry'])
    expect(goldenLines('setfacl -R -m u:x:r d')).toEqual(['= mutation', '  write setfacl "/ws/d" subtree'])
    expect(goldenLines('chattr -v 3 +i f g')).toEqual(['= mutation', '  write chattr "/ws/f" entry', '  write chattr "/ws/g" entry'])
    expect(goldenLines('chattr -R +i d')).toEqual(['= mutation', '  write chattr "/ws/d" subtree'])
  })

  it('is opaque when no operand is left and one could not be read', () => {
    expect(brief('chown $X')).toEqual(opaque('chown', 'its operands are not literal'))
  })
})

describe('chmod, chown and chgrp', () => {
  // chmod -w f and chmod -rwx,g+s f change f: a dashed symbolic mode is the mode, not an option.
  it('reads a dashed symbolic mode as the mode', () => {
    expect(goldenLines('chmod -w f')).toEqual(['= mutation', '  write chmod "/ws/f" entry'])
    expect(goldenLines('chmod -rwx,g+s f')).toEqual(['= mutation', '  write chmod "/ws/f" entry'])
    expect(goldenLines('chmod -X,o=r f g')).toEqual(['= mutation', '  write chmod "/ws/f" entry', '  write chmod "/ws/g" entry'])
  })

  it('writes a tree with -R or --recursive', () => {
    expect(goldenLines('chmod -R 755 d')).toEqual(['= mutation', '  write chmod "/ws/d" subtree'])
    expect(goldenLines('chmod --recursive 755 d')).toEqual(['= mutation', '  write chmod "/ws/d" subtree'])
    expect(goldenLines('chgrp -R g d')).toEqual(['= mutation', '  write chgrp "/ws/d" subtree'])
  })

  it('writes every operand when --reference gives the mode', () => {
    expect(goldenLines('chmod --reference=r f')).toEqual(['= mutation', '  write chmod "/ws/f" entry'])
    expect(goldenLines('chown --reference=r f g')).toEqual(['= mutation', '  write chown "/ws/f" entry', '  write chown "/ws/g" entry'])
  })
})

describe('install', () => {
  it('creates each operand as a directory with -d', () => {
    expect(goldenLines('install -d a b')).toEqual(['= mutation', '  write install -d "/ws/a" entry', '  write install -d "/ws/b" entry'])
    expect(goldenLines('install --directory a')).toEqual(['= mutation', '  write install -d "/ws/a" entry'])
  })

  it('is opaque with --strip-program, which runs a program', () => {
    expect(brief('install -s --strip-program=x a b')).toEqual(opaque('install', '--strip-program runs another program'))
  })

  it('copies into the last operand, and does not copy links as links', () => {
    expect(goldenLines('install -m 644 a b d')).toEqual(['= mutation', '  write install "/ws/d/a" entry', '  write install "/ws/d/b" entry'])
    expect(goldenLines('install -P a d')).not.toContain('  write install (copies a link) "/ws/a" link')
  })
})

describe('backups', () => {
  it('writes the backup beside each target with the suffix -S gives, ~ by default', () => {
    expect(goldenLines('mv -S .bak -b a b')).toEqual(['= mutation', '  write mv "/ws/a" subtree', '  write mv "/ws/b/a" subtree', '  write mv --backup "/ws/b/a.bak" entry', '  write mv "/ws/b" subtree', '  write mv --backup "/ws/b.bak" entry'])
    expect(goldenLines('cp --backup a b')).toEqual(['= mutation', '  write cp "/ws/b/a" entry', '  write cp --backup "/ws/b/a~" entry', '  write cp "/ws/b" entry', '  write cp --backup "/ws/b~" entry'])
    // A suffix alone turns backups on (coreutils: `cp -S .x a b` keeps b.x).
    expect(goldenLines('cp -S .x a b')).toEqual(['= mutation', '  write cp "/ws/b/a" entry', '  write cp --backup "/ws/b/a.x" entry', '  write cp "/ws/b" entry', '  write cp --backup "/ws/b.x" entry'])
  })
})

describe('copies and links', () => {
  it('copies a source into the destination under its base name, . for the root', () => {
    expect(goldenLines('cp a/b/ d')).toEqual(['= mutation', '  write cp "/ws/d/b" entry', '  write cp "/ws/d" entry'])
    expect(goldenLines('cp / d')).toEqual(['= mutation', '  write cp "/ws/d/." entry', '  write cp "/ws/d" entry'])
    expect(brief('cp a$X d')).toEqual(['= opaque', '  write cp "/ws/d/⟨*⟩" entry', '  write cp "/ws/d" entry', '  ? cp: its target /ws/d/* is not literal (a glob)'])
  })

  it('writes the whole source path under the destination with --parents', () => {
    expect(goldenLines('cp --parents a/b d')).toEqual(['= mutation', '  write cp "/ws/d/a/b" entry', '  write cp "/ws/d" entry'])
  })

  it('copies into the -t directory only', () => {
    expect(goldenLines('cp -t d a b')).toEqual(['= mutation', '  write cp "/ws/d/a" entry', '  write cp "/ws/d/b" entry'])
    expect(goldenLines('cp --target-directory=d a')).toEqual(['= mutation', '  write cp "/ws/d/a" entry'])
  })

  it('copies a link as a link with -P, -d, --no-dereference, -a, --archive, -r, unless -L or -H comes last', () => {
    for (const option of ['-P', '-d', '--no-dereference', '-r', '-a', '--archive', '-L -P']) expect(goldenLines(`cp ${option} a d`), option).toContain('  write cp (copies a link) "/ws/a" link')
    for (const option of ['', '-R -L', '-rH', '--dereference -r', '-P -L']) expect(goldenLines(`cp ${option} a d`), option).not.toContain('  write cp (copies a link) "/ws/a" link')
    expect(goldenLines('cp -a a d')).toContain('  write cp "/ws/d/a" subtree')
    expect(goldenLines('cp --archive a d')).toContain('  write cp "/ws/d/a" subtree')
  })

  it('links to the source with -l, --link, -s and --symbolic-link', () => {
    for (const option of ['-l', '--link']) expect(goldenLines(`cp ${option} a d`), option).toEqual(['= mutation', '  write cp (link to) "/ws/a" entry', '  write cp "/ws/d/a" entry', '  write cp "/ws/d" entry'])
    expect(goldenLines('cp --symbolic-link /x d')).toEqual(['= mutation', '  write cp (link to) "/x" entry', '  write cp "/ws/d/x" entry', '  write cp "/ws/d" entry'])
  })

  it('resolves a relative symbolic link from the destination directory or its parent', () => {
    expect(goldenLines('ln -s ../x d/l')).toEqual(['= mutation', '  write ln (link to) "/ws/../x" entry', '  write ln (link to) "/ws/d/../x" entry', '  write ln (link to) "/ws/d/l/../x" entry', '  write ln "/ws/d/l/x" entry', '  write ln "/ws/d/l" entry'])
    expect(goldenLines('ln -s ../x d/')).toEqual(['= mutation', '  write ln (link to) "/ws/../x" entry', '  write ln (link to) "/ws/d//../x" entry', '  write ln "/ws/d//x" entry', '  write ln "/ws/d/" entry'])
    expect(goldenLines('ln -st d a')).toEqual(['= mutation', '  write ln (link to) "/ws/a" entry', '  write ln (link to) "/ws/d/a" entry', '  write ln "/ws/d/a" entry'])
    expect(goldenLines('ln -s a b d')).toEqual(['= mutation', '  write ln (link to) "/ws/a" entry', '  write ln (link to) "/ws/d/a" entry', '  write ln "/ws/d/a" entry', '  write ln (link to) "/ws/b" entry', '  write ln (link to) "/ws/d/b" entry', '  write ln "/ws/d/b" entry'])
    expect(goldenLines('ln -s /abs l')).toEqual(['= mutation', '  write ln (link to) "/abs" entry', '  write ln "/ws/l/abs" entry', '  write ln "/ws/l" entry'])
  })

  it('links a single target into the current directory', () => {
    expect(goldenLines('ln a')).toEqual(['= mutation', '  write ln (link to) "/ws/a" entry', '  write ln "/ws/./a" entry'])
    expect(goldenLines('ln -s a')).toEqual(['= mutation', '  write ln (link to) "/ws/a" entry', '  write ln (link to) "/ws/./a" entry', '  write ln "/ws/./a" entry'])
  })

  it('writes the one operand of mv and cp, and is opaque with none', () => {
    expect(goldenLines('mv a')).toEqual(['= mutation', '  write mv "/ws/a" subtree'])
    expect(brief('cp')).toEqual(opaque('cp', 'it names no destination'))
    expect(brief('cp $X')).toEqual(opaque('cp', 'an argument could be an option but is not literal'))
  })
})

describe('single-purpose writers', () => {
  it('link writes its second operand, linking to the first, and needs exactly two', () => {
    expect(goldenLines('link a b')).toEqual(['= mutation', '  write link (link to) "/ws/a" entry', '  write link "/ws/b" entry'])
    for (const command of ['link a', 'link a b c']) expect(brief(command), command).toEqual(opaque('link', 'link takes exactly two literal operands'))
  })

  it('mknod writes its first operand', () => {
    expect(goldenLines('mknod -m 644 p c 1 2')).toEqual(['= mutation', '  write mknod "/ws/p" entry'])
    expect(brief('mknod')).toEqual(opaque('mknod', 'it names no file'))
  })

  it('dd writes what of= names', () => {
    expect(goldenLines('dd if=a of=b')).toEqual(['= mutation', '  write dd of= "/ws/b" entry'])
    expect(goldenLines('dd if=$X of=c')).toEqual(['= mutation', '  write dd of= "/ws/c" entry'])
    expect(brief('dd of=b$X')).toEqual(['= opaque', '  write dd of= "/ws/b⟨…⟩" entry', '  ? dd of=: its target /ws/b… is not literal (an expansion the analysis cannot know)'])
    expect(brief('dd $X')).toEqual(opaque('dd', 'an operand is not literal and could name the output'))
  })

  // bash: history -a and -w write the history file, -r and -c do not.
  it('history writes its file only with -a or -w', () => {
    expect(goldenLines('history -a f')).toEqual(['= mutation', '  write history "/ws/f" entry'])
    expect(brief('history -w')).toEqual(opaque('history', 'it writes the history file ($HISTFILE)'))
    for (const command of ['history -r f', 'history -c', 'history 5']) expect(goldenLines(command), command).toEqual(['= read-only'])
  })

  // GNU tee a - b writes a, a file named -, and b.
  it('tee writes its operands, - included', () => {
    expect(goldenLines('tee a - b')).toEqual(['= mutation', '  write tee "/ws/a" entry', '  write tee "/ws/-" entry', '  write tee "/ws/b" entry'])
    expect(goldenLines('tee')).toEqual(['= read-only'])
  })
})

describe('remote copies', () => {
  it('writes nothing here for a host:path destination, but does for a path with a slash before the colon', () => {
    expect(goldenLines('rsync a host:b')).toEqual(['= read-only'])
    expect(goldenLines('rsync a ./x:y')).toEqual(['= mutation', '  write rsync "/ws/./x:y" beneath'])
    expect(goldenLines('scp a h:b')).toEqual(['= read-only'])
    expect(goldenLines('scp a host:b')).toEqual(['= read-only'])
    expect(goldenLines('scp a ./h:b')).toEqual(['= mutation', '  write scp "/ws/./h:b" beneath'])
    expect(goldenLines('scp -i key a b')).toEqual(['= mutation', '  write scp "/ws/b" beneath'])
  })

  it('removes rsync sources with --remove-source-files and writes its log file', () => {
    expect(goldenLines('rsync --remove-source-files a b c')).toEqual(['= mutation', '  write rsync "/ws/a" subtree', '  write rsync "/ws/b" subtree', '  write rsync "/ws/c" beneath'])
    expect(goldenLines('rsync --log-file=l a b')).toEqual(['= mutation', '  write rsync --log-file "/ws/l" entry', '  write rsync "/ws/b" beneath'])
  })

  it('is opaque for a remote shell, a program, an unreadable argument or no destination', () => {
    expect(brief('rsync --rsync-path=x a h:b')).toEqual(opaque('rsync', 'it runs a remote shell program'))
    expect(brief('rsync $X a b')).toEqual(opaque('rsync', 'an argument could be an option but is not literal'))
    expect(brief('rsync')).toEqual(opaque('rsync', 'it names no destination'))
    expect(brief('scp -S prog a b')).toEqual(opaque('scp', '-S and -D run another program'))
  })
})

describe('readers whose options write', () => {
  // GNU sort -o - writes a file named "-".
  it('reports the output file under the first writing option name', () => {
    expect(goldenLines('sort --output=out in')).toEqual(['= mutation', '  write sort -o "/ws/out" entry'])
    expect(goldenLines('sort -o - in')).toEqual(['= mutation', '  write sort -o "/ws/-" entry'])
    expect(goldenLines('shuf -o o in')).toEqual(['= mutation', '  write shuf -o "/ws/o" entry'])
    expect(goldenLines('tree -o o d')).toEqual(['= mutation', '  write tree -o "/ws/o" entry'])
    expect(goldenLines('iconv -o o in')).toEqual(['= mutation', '  write iconv -o "/ws/o" entry'])
    for (const option of ['-o log', '-O log', '--log-file=log', '--LOG-FILE=log']) expect(goldenLines(`less ${option} f`), option).toEqual(['= mutation', '  write less -o "/ws/log" entry'])
    expect(goldenLines('sdiff -o o a b')).toEqual(['= mutation', '  write sdiff -o "/ws/o" entry'])
    expect(goldenLines('xmllint --output o f')).toEqual(['= mutation', '  write xmllint --output "/ws/o" entry'])
  })

  it('is opaque for options that run programs or an argument it cannot read', () => {
    expect(brief('sort --compress-program=gzip in')).toEqual(opaque('sort', '--compress-program runs another program'))
    expect(brief('sdiff --diff-program=x a b')).toEqual(opaque('sdiff', '--diff-program runs another program'))
    expect(brief('sort $X in')).toEqual(opaque('sort', 'an argument could be a writing option but is not literal'))
    expect(brief('rg --pre x pat')).toEqual(opaque('rg', '--pre runs another program'))
    for (const command of ['fd -x rm', 'fd --exec-batch rm']) expect(brief(command), command).toEqual(opaque('fd', '-x/-X/--exec/--exec-batch runs another program'))
    expect(brief('fdfind -X rm')).toEqual(opaque('fdfind', '-x/-X/--exec/--exec-batch runs another program'))
    for (const command of ['file -C', 'file --compile']) expect(brief(command), command).toEqual(opaque('file', '-C/--compile runs another program'))
    for (const command of ['rg pat', 'fd x', 'file f']) expect(goldenLines(command), command).toEqual(['= read-only'])
  })

  it('uniq and xxd write their second operand unless it is -', () => {
    expect(goldenLines('uniq a b')).toEqual(['= mutation', '  write uniq "/ws/b" entry'])
    expect(goldenLines('xxd a b')).toEqual(['= mutation', '  write xxd "/ws/b" entry'])
    for (const command of ['uniq a -', 'uniq a']) expect(goldenLines(command), command).toEqual(['= read-only'])
    for (const command of ['uniq $X b', 'uniq "$@"']) expect(brief(command), command).toEqual(opaque('uniq', 'its operands are not literal, so the output file cannot be told apart'))
  })
})

describe('find', () => {
  it('deletes beneath every start point, the current directory by default', () => {
    expect(goldenLines('find d1 d2 -delete')).toEqual(['= mutation', '  write find -delete "/ws/d1" subtree', '  write find -delete "/ws/d2" subtree'])
    expect(goldenLines('find -delete')).toEqual(['= mutation', '  write find -delete "/ws/." subtree'])
    expect(goldenLines('find . -maxdepth 1 -delete')).toEqual(['= mutation', '  write find -delete "/ws/." subtree'])
  })

  it('deletes only part of the tree after a test', () => {
    const partial = ['= opaque', '  write find -delete "/ws/." subtree partial', '  ? find -delete: which entries under /ws/. it writes is decided when it runs']
    for (const command of ['find . -name x -delete', 'find . -type f -delete', 'find ! -name x -delete', 'find \\( -name x \\) -delete', 'find . -mmin 1 -delete', 'find . -newerXY -delete', 'find . -iname x -delete']) expect(brief(command), command).toEqual(partial)
  })

  it('writes the file of -fprint, -fls and -fprintf, skipping the -fprintf format', () => {
    expect(goldenLines('find . -fprint out')).toEqual(['= mutation', '  write find -fprint "/ws/out" entry'])
    expect(goldenLines('find . -fls out')).toEqual(['= mutation', '  write find -fls "/ws/out" entry'])
    expect(goldenLines('find . -fprintf out -delete -delete')).toEqual(['= mutation', '  write find -fprintf "/ws/out" entry', '  write find -delete "/ws/." subtree'])
    expect(brief('find . -fprint0')).toEqual(opaque('find', '-fprint0 has no file'))
  })

  it('runs the command of -exec and -ok up to ; or +', () => {
    expect(brief('find . -exec rm {} +')).toEqual(['= opaque', '  write rm "⟨…⟩" entry', '  ? rm: its target … is not literal (an expansion the analysis cannot know)'])
    expect(brief('find . -ok rm {} \\;')[1]).toBe('  write rm "⟨…⟩" entry')
    expect(brief('find . -exec rm {}')).toEqual(opaque('find', '-exec has no terminating ; or +'))
    expect(brief('find . -execdir rm x \\;')[1]).toBe('  write rm "⟨…⟩/x" entry')
    expect(brief('find . -okdir rm x \\;')[1]).toBe('  write rm "⟨…⟩/x" entry')
  })

  it('is opaque for a start point or expression word it cannot read', () => {
    expect(brief('find $X -delete')).toEqual(opaque('find', 'a start point or expression is not literal'))
    expect(brief('find . -name $X -delete')).toEqual(opaque('find', 'an expression word is not literal and could be an action'))
  })
})

describe('date, hostname and man', () => {
  it('date sets the clock with -s, --set or an operand that is no +FORMAT', () => {
    for (const command of ['date', 'date +%s', 'date -d x']) expect(goldenLines(command), command).toEqual(['= read-only'])
    for (const command of ['date 0101', 'date -s now', 'date --set=now', 'date $X']) expect(brief(command), command).toEqual(opaque('date', 'it may set the system clock'))
  })

  it('hostname sets the name with an operand, -F, -b or --boot', () => {
    expect(goldenLines('hostname')).toEqual(['= read-only'])
    expect(goldenLines('hostname -f')).toEqual(['= read-only'])
    for (const command of ['hostname h', 'hostname -F f', 'hostname -b', 'hostname --boot', 'hostname $X']) expect(brief(command), command).toEqual(opaque('hostname', 'with an operand, -F or -b it sets the host name'))
  })

  it('man runs a browser with -H, reads another configuration with -C, and runs its pager', () => {
    for (const command of ['man ls', 'man -P cat ls']) expect(goldenLines(command), command).toEqual(['= read-only'])
    for (const command of ['man -H ls', 'man --html ls', 'man -C c ls']) expect(brief(command), command).toEqual(opaque('man', '-H runs a browser and -C reads another configuration'))
    for (const command of ['man -P vim ls', 'man -P $X ls']) expect(brief(command), command).toEqual(opaque('man', '-P runs a pager that is not a plain reader'))
    expect(brief('man $X')).toEqual(opaque('man', 'an argument could be a writing option but is not literal'))
  })
})
