/**
 * The file writers' option tables and operand rules, pinned as GNU coreutils
 * 9.1, curl, wget, OpenSSH scp and bash 5.2 read them: which option takes a
 * value (so that value is not taken for a written file), which abbreviated
 * long option still means "recursive", when a writer has no operand left but
 * its arity is unknown, which `dd` operand can name the output, how `install`
 * copies, and where `-s` links resolve. Cases where the analysis reports
 * less than the command writes are recorded as known failures.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, opaqueLines as opaque } from '../support/shell-golden.ts'

const writes = (...effects: string[]): string[] => ['= mutation', ...effects.map(effect => `  ${effect}`)]

describe('writers whose options take a value', () => {
  it.each([
    ['shred --iterations 1 --size 1 --random-source /dev/urandom f', 'shred'],
    ['shred -n 1 -s 1 f', 'shred'],
    ['touch --date 2020-01-01 f', 'touch'],
    ['touch --reference g f', 'touch'],
    ['touch --time atime f', 'touch'],
    ['touch -d 2020-01-01 f', 'touch'],
    ['touch -t 202001010000 f', 'touch'],
    ['mkdir -m 755 f', 'mkdir'],
    ['mkdir --mode 755 f', 'mkdir'],
    ['truncate -s 0 f', 'truncate'],
    ['truncate --size 0 f', 'truncate'],
    ['truncate --reference g f', 'truncate'],
    ['mkfifo -m 600 f', 'mkfifo'],
    ['mkfifo --mode 600 f', 'mkfifo'],
    ['setfacl -x u:bob f', 'setfacl'],
    ['setfacl -M acl.txt f', 'setfacl'],
    ['setfacl -X acl.txt f', 'setfacl'],
    ['setfacl --modify u:x:r f', 'setfacl'],
    ['setfacl --modify-file acl f', 'setfacl'],
    ['setfacl --remove u:x f', 'setfacl'],
    ['setfacl --remove-file acl f', 'setfacl'],
    ['setfacl --set u::rw f', 'setfacl'],
    ['setfacl --set-file acl f', 'setfacl'],
    ['dos2unix -c mac f', 'dos2unix'],
    ['dos2unix --convmode mac f', 'dos2unix'],
    ['unix2dos -c ascii f', 'unix2dos'],
    ['unix2dos --convmode ascii f', 'unix2dos'],
    ['mknod -m 600 f p', 'mknod'],
    ['mknod --mode 600 f p', 'mknod'],
  ])('%s writes only its file operand', (command, via) => {
    expect(goldenLines(command)).toEqual(writes(`write ${via} "/ws/f" entry`))
  })

  it('reads an unambiguous prefix of --recursive as recursive, as getopt_long does', () => {
    expect(goldenLines('rm --recur d')).toEqual(writes('write rm "/ws/d" subtree'))
    expect(goldenLines('rm -rf d')).toEqual(writes('write rm "/ws/d" subtree'))
    expect(goldenLines('rmdir --parents d')).toEqual(writes('write rmdir "/ws/d" entry'))
  })

  it('over-reports the file touch -r and truncate -r change as a whole tree', () => {
    // -r is the reference file here, not recursion: a coarser scope than needed, never a smaller one.
    expect(goldenLines('touch -r ref f')).toEqual(writes('write touch "/ws/f" subtree'))
  })

  it('is opaque when a value-taking option leaves no operand but an unquoted expansion could split into one', () => {
    // X='tomorrow f' makes this `touch -d tomorrow f`, which writes f.
    expect(brief('touch -d $X')).toEqual(opaque('touch', 'its operands are not literal'))
    expect(brief('shred -n $N')).toEqual(opaque('shred', 'its operands are not literal'))
    // Quoted, the value is one word and touch is left with no file (it only fails).
    expect(goldenLines('touch -d "$X"')).toEqual(['= read-only'])
  })

  it('writes every parent directory rmdir -p removes', () => {
    // `mkdir -p a/b && rmdir -p a/b` removes a/b and then a.
    expect(goldenLines('rmdir -p a/b/c')).toEqual(writes('write rmdir "/ws/a" entry', 'write rmdir "/ws/a/b" entry', 'write rmdir "/ws/a/b/c" entry'))
    expect(goldenLines('rmdir --parents /x/y/')).toEqual(writes('write rmdir "/x" entry', 'write rmdir "/x/y/" entry'))
    expect(goldenLines('rmdir -p a//b')).toEqual(writes('write rmdir "/ws/a" entry', 'write rmdir "/ws/a//b" entry'))
    expect(goldenLines('rmdir a/b')).toEqual(writes('write rmdir "/ws/a/b" entry'))
  })
})

describe('dd operands', () => {
  it('writes the of= operand, literal or expanded after its prefix', () => {
    expect(goldenLines('dd if=a of=b bs=1M')).toEqual(writes('write dd of= "/ws/b" entry'))
    expect(brief('dd if=a "of=$F"')).toEqual(['= opaque', '  write dd of= "/ws/⟨…⟩" entry', '  ? dd of=: its target /ws/… is not literal (an expansion the analysis cannot know)'])
  })

  it('ignores an empty literal operand but is opaque for an expansion that could be of=', () => {
    expect(goldenLines("dd '' of=b")).toEqual(writes('write dd of= "/ws/b" entry'))
    expect(goldenLines('dd if=a "bs=$B"')).toEqual(['= read-only'])
    expect(brief('dd if=a $OPTS')).toEqual(opaque('dd', 'an operand is not literal and could name the output'))
  })
})

describe('install', () => {
  it('copies into the destination without reading it as a link copy or a move', () => {
    expect(goldenLines('install -m 644 a b')).toEqual(writes('write install "/ws/b/a" entry', 'write install "/ws/b" entry'))
    expect(goldenLines('install -t d a b')).toEqual(writes('write install "/ws/d/a" entry', 'write install "/ws/d/b" entry'))
  })

  it('creates each operand with -d, and is opaque for --strip-program', () => {
    expect(goldenLines('install -d a b')).toEqual(writes('write install -d "/ws/a" entry', 'write install -d "/ws/b" entry'))
    expect(goldenLines('install --directory a')).toEqual(writes('write install -d "/ws/a" entry'))
    expect(brief('install --strip-program=x a b')).toEqual(opaque('install', '--strip-program runs another program'))
  })
})

describe('cp, mv and ln', () => {
  it('treats the last of -L/-H and -P/-d/-a as deciding whether a link is copied as a link', () => {
    expect(goldenLines('cp -H -P l d')).toEqual(writes('write cp (copies a link) "/ws/l" link', 'write cp "/ws/d/l" entry', 'write cp "/ws/d" entry'))
    expect(goldenLines('cp -P -H l d')).toEqual(writes('write cp "/ws/d/l" entry', 'write cp "/ws/d" entry'))
    expect(goldenLines('cp -a --dereference l d')).toEqual(writes('write cp "/ws/d/l" subtree', 'write cp "/ws/d" subtree'))
    expect(goldenLines('cp -rL l d')).toEqual(writes('write cp "/ws/d/l" subtree', 'write cp "/ws/d" subtree'))
    expect(goldenLines('cp --no-dereference l d')).toEqual(writes('write cp (copies a link) "/ws/l" link', 'write cp "/ws/d/l" entry', 'write cp "/ws/d" entry'))
  })

  it('names a backup from -S or --suffix, ~ by default', () => {
    expect(goldenLines('cp --suffix=.old -b a b')).toEqual(writes('write cp "/ws/b/a" entry', 'write cp --backup "/ws/b/a.old" entry', 'write cp "/ws/b" entry', 'write cp --backup "/ws/b.old" entry'))
    expect(goldenLines('mv --backup=simple -t d a')).toEqual(writes('write mv "/ws/a" subtree', 'write mv "/ws/d/a" subtree', 'write mv --backup "/ws/d/a~" entry'))
  })

  it('writes the whole source path under the destination with --parents', () => {
    expect(goldenLines('cp --parents a/b d')).toEqual(writes('write cp "/ws/d/a/b" entry', 'write cp "/ws/d" entry'))
  })

  it('resolves a relative symbolic link from the destination directory or its parent', () => {
    expect(goldenLines('ln -s x d/l')).toEqual(writes('write ln (link to) "/ws/x" entry', 'write ln (link to) "/ws/d/x" entry', 'write ln (link to) "/ws/d/l/x" entry', 'write ln "/ws/d/l/x" entry', 'write ln "/ws/d/l" entry'))
    expect(goldenLines('ln --symbolic x y d')).toEqual(writes('write ln (link to) "/ws/x" entry', 'write ln (link to) "/ws/d/x" entry', 'write ln "/ws/d/x" entry', 'write ln (link to) "/ws/y" entry', 'write ln (link to) "/ws/d/y" entry', 'write ln "/ws/d/y" entry'))
    expect(goldenLines('ln -s /abs/x l')).toEqual(writes('write ln (link to) "/abs/x" entry', 'write ln "/ws/l/x" entry', 'write ln "/ws/l" entry'))
  })

  it('creates ./NAME for ln with one operand', () => {
    expect(goldenLines('ln target')).toEqual(writes('write ln (link to) "/ws/target" entry', 'write ln "/ws/./target" entry'))
  })

  it('is opaque when the only operands come from an expansion of unknown arity', () => {
    expect(brief('cp -- $X')).toEqual(['= opaque', '  write cp "⟨…⟩" entry', '  opaque cp: its operands are not literal', '  ? cp: its target … is not literal (an expansion the analysis cannot know)', '  ? cp: its operands are not literal'])
    expect(brief('cp $X')).toEqual(opaque('cp', 'an argument could be an option but is not literal'))
    expect(brief('cp -t d')).toEqual(['= read-only'])
  })
})

describe('other writers', () => {
  it('writes the history file only with -a or -w, opaque without a file name', () => {
    expect(goldenLines('history -w hist.txt')).toEqual(writes('write history "/ws/hist.txt" entry'))
    expect(goldenLines('history -r hist.txt')).toEqual(['= read-only'])
    expect(brief('history -a')).toEqual(opaque('history', 'it writes the history file ($HISTFILE)'))
  })

  it('links with link only given exactly two literal operands', () => {
    expect(goldenLines('link a b')).toEqual(writes('write link (link to) "/ws/a" entry', 'write link "/ws/b" entry'))
    expect(brief('link a')).toEqual(opaque('link', 'link takes exactly two literal operands'))
    expect(brief('mknod')).toEqual(opaque('mknod', 'it names no file'))
  })

  it('tee writes each file, a file named - too', () => {
    expect(goldenLines('tee -a out - log')).toEqual(writes('write tee "/ws/out" entry', 'write tee "/ws/-" entry', 'write tee "/ws/log" entry'))
    expect(goldenLines('tee --output-error=warn out')).toEqual(writes('write tee "/ws/out" entry'))
  })

  it('chmod reads a dashed symbolic mode as the mode, and chown --from takes a value', () => {
    expect(goldenLines('chmod -R -w,g+s d')).toEqual(writes('write chmod "/ws/d" subtree'))
    expect(goldenLines('chmod --reference r f')).toEqual(writes('write chmod "/ws/f" entry'))
    expect(goldenLines('chown --from a:b c:d f')).toEqual(writes('write chown "/ws/f" entry'))
    expect(goldenLines('chgrp --reference r f')).toEqual(writes('write chgrp "/ws/f" entry'))
    expect(goldenLines('chattr -v 3 -p 1 +i f')).toEqual(writes('write chattr "/ws/f" entry'))
  })
})

describe('rsync and scp', () => {
  it('writes a local destination, the log file and, with --remove-source-files, the sources', () => {
    expect(goldenLines('rsync -a --remove-source-files a b dst')).toEqual(writes('write rsync "/ws/a" subtree', 'write rsync "/ws/b" subtree', 'write rsync "/ws/dst" beneath'))
    expect(goldenLines('rsync --log-file l a b')).toEqual(writes('write rsync --log-file "/ws/l" entry', 'write rsync "/ws/b" beneath'))
    expect(goldenLines('rsync --exclude x -f "- y" --temp-dir t a b')).toEqual(writes('write rsync "/ws/b" beneath'))
    expect(goldenLines('rsync -a src/ host:dst/')).toEqual(['= read-only'])
    expect(goldenLines('rsync -a src/ ./host:dst/')).toEqual(writes('write rsync "/ws/./host:dst/" beneath'))
  })

  it('is opaque for a remote shell program, an unreadable argument or no destination', () => {
    expect(brief('rsync --rsh=ssh a b')).toEqual(opaque('rsync', 'it runs a remote shell program'))
    expect(brief('rsync --rsync-path=x a b')).toEqual(opaque('rsync', 'it runs a remote shell program'))
    expect(brief('rsync $X')).toEqual(opaque('rsync', 'an argument could be an option but is not literal'))
    expect(brief('rsync -a')).toEqual(opaque('rsync', 'it names no destination'))
  })

  it('scp writes a local destination only, and -S runs a program', () => {
    expect(goldenLines('scp -P 22 -i key host:a b')).toEqual(writes('write scp "/ws/b" beneath'))
    expect(goldenLines('scp a host:b')).toEqual(['= read-only'])
    expect(brief('scp -S prog a b')).toEqual(opaque('scp', '-S and -D run another program'))
  })

  it('treats ssh options that run a program or read a configuration as opaque', () => {
    // OpenSSH runs the ProxyCommand through the local shell: this creates ./pwned.
    const option = opaque('scp', 'an ssh option may run a local command or write a file')
    expect(brief("scp -o ProxyCommand='touch pwned' a host:b")).toEqual(option)
    expect(brief('scp -o "LocalCommand touch x" -o PermitLocalCommand=yes a host:b')).toEqual(option)
    expect(brief('scp -o "$O" a host:b')).toEqual(option)
    // ssh expands the tilde of a quoted value itself; bash already expanded an unquoted one after `=`.
    expect(brief("scp -o 'UserKnownHostsFile ~/.ssh/kh' a host:b")).toEqual(option)
    expect(brief('scp -o UserKnownHostsFile=~/.ssh/kh a host:b')).toEqual(['= mutation', '  write scp -o UserKnownHostsFile "/home/u/.ssh/kh" entry'])
    expect(brief('scp -F cfg a host:b')).toEqual(opaque('scp', '-F reads an ssh configuration, which can run a local command'))
    expect(brief('scp -D /usr/lib/sftp-server a host:b')).toEqual(opaque('scp', '-S and -D run another program'))
  })

  it('reads harmless ssh options and writes a known-hosts file that is not /dev/null', () => {
    expect(brief('scp -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no -o "Port 2222" a host:b')).toEqual(['= read-only'])
    expect(brief('scp -F none -oUserKnownHostsFile=kh a host:b')).toEqual(['= mutation', '  write scp -o UserKnownHostsFile "/ws/kh" entry'])
  })
})

describe('curl and wget', () => {
  it('curl writes -o, -O, headers, cookies and traces, never standard output', () => {
    expect(goldenLines('curl --output-dir d -o out https://x/y')).toEqual(writes('write curl -o "/ws/d/out" entry'))
    expect(goldenLines('curl -O https://x/')).toEqual(writes('write curl -O "/ws/index.html" entry'))
    expect(goldenLines('curl -O https://x/a/..')).toEqual(writes('write curl -O "/ws/index.html" entry'))
    expect(goldenLines("curl -O 'https://x/a/f.tgz?v=1#top'")).toEqual(writes('write curl -O "/ws/f.tgz" entry'))
    expect(goldenLines("curl -O 'https://x/a/f.tgz#top'")).toEqual(writes('write curl -O "/ws/f.tgz" entry'))
    expect(goldenLines('curl --remote-name --url https://x/f.txt')).toEqual(writes('write curl -O "/ws/f.txt" entry'))
    expect(goldenLines('curl -D h.txt -c jar --trace t --libcurl c.c https://x')).toEqual(writes('write curl "/ws/h.txt" entry', 'write curl "/ws/jar" entry', 'write curl "/ws/t" entry', 'write curl "/ws/c.c" entry'))
    expect(goldenLines('curl -D - -o - -H "a: b" -d x https://x/y')).toEqual(['= read-only'])
  })

  it('curl -T writes only a file:// URL, and is opaque for a config file', () => {
    expect(goldenLines('curl -T f file:///tmp/a%20b')).toEqual(writes('write curl -T "/tmp/a b" entry'))
    expect(goldenLines('curl -T f FILE://localhost/etc/x')).toEqual(writes('write curl -T "/etc/x" entry'))
    expect(goldenLines('curl -T f https://x/')).toEqual(['= read-only'])
    expect(brief('curl -K cfg https://x')).toEqual(opaque('curl', 'a config file can name outputs'))
  })

  it('wget writes into -P, to -O, its logs, or beneath the prefix when it recurses', () => {
    expect(goldenLines('wget -P d https://x/a.tgz')).toEqual(writes('write wget "/ws/d/a.tgz" entry'))
    expect(goldenLines('wget -O out https://x/a')).toEqual(writes('write wget -O "/ws/out" entry'))
    expect(goldenLines('wget -O - https://x/a')).toEqual(['= read-only'])
    expect(goldenLines('wget -r -P d https://x/')).toEqual(writes('write wget "/ws/d" beneath'))
    expect(goldenLines('wget -o log -a log2 --spider https://x/a')).toEqual(writes('write wget log "/ws/log" entry', 'write wget log "/ws/log2" entry'))
    expect(brief('wget -e robots=off https://x/a')).toEqual(opaque('wget', '-e, --config and --use-askpass run wgetrc commands or a program'))
  })
})
