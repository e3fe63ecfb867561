/**
 * Per-command handler decisions that no corpus entry pinned (found by a
 * mutation sample): what `patch`, `split`, `cp`/`mv`/`ln`, `wget`,
 * `hostname`, `date`, `rg`/`fd`, `find`, `sed`, `awk` and git subcommands
 * write, control or leave opaque, as the real tool behaves (its man page),
 * asserted exactly: every target, scope and reason.
 */
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { patternText } from '../../src/ieg/shell/pattern.ts'
import { briefLines as brief, GOLDEN_OPTIONS, goldenLines, opaqueLines as opaque } from '../support/shell-golden.ts'

/** Every write target, normalized, for cases whose exact via may vary with a fix. */
const targets = (command: string, start = GOLDEN_OPTIONS.startDirectory): string[] => analyzeShellCommand(command, { ...GOLDEN_OPTIONS, startDirectory: start }).effects.flatMap(effect => (effect.kind === 'write' ? [posix.normalize(patternText(effect.target.path))] : []))
const UNREADABLE = 'an argument could be an option but is not literal'

describe('patch', () => {
  it('writes -o instead of the original, and nothing for -o -', () => {
    expect(goldenLines('patch -o out.txt in.txt')).toEqual(['= mutation', '  write patch -o "/ws/out.txt" entry', '  write patch -o (rejects) "/ws/out.txt.rej" entry'])
    expect(goldenLines('patch --output=out.txt')).toEqual(['= mutation', '  write patch -o "/ws/out.txt" entry', '  write patch -o (rejects) "/ws/out.txt.rej" entry'])
    expect(goldenLines('patch -o - in.txt')).toEqual(['= read-only'])
  })

  it('writes the original under -d, or everything beneath the directory when none is named', () => {
    // A failed hunk leaves orig.c.rej and an orig.c.orig backup.
    expect(goldenLines('patch -d sub orig.c')).toEqual(['= mutation', '  write patch "/ws/sub/orig.c" entry', '  write patch (rejects) "/ws/sub/orig.c.rej" entry', '  write patch (backup) "/ws/sub/orig.c.orig" entry'])
    expect(goldenLines('patch -d sub')).toEqual(['= mutation', '  write patch "/ws/sub" beneath'])
    expect(goldenLines('patch')).toEqual(['= mutation', '  write patch "/ws/." beneath'])
    expect(goldenLines('patch -r rej.txt orig.c')).toEqual(['= mutation', '  write patch -r "/ws/rej.txt" entry', '  write patch "/ws/orig.c" entry', '  write patch (backup) "/ws/orig.c.orig" entry'])
  })

  it('writes nothing on --dry-run; backup prefixes and unreadable arguments are opaque', () => {
    expect(goldenLines('patch --dry-run orig.c')).toEqual(['= read-only'])
    expect(goldenLines('patch -B bak/ orig.c')).toEqual(['= opaque', '  opaque patch -B: backup files are named from the files the patch changes | words ["/ws/bak/⟨…⟩"] | mentions ["patch","-B","bak/","orig.c","","patch","-B","bak/","orig.c"]', '  ? patch -B: backup files are named from the files the patch changes'])
    expect(brief('patch -Y bak/ orig.c')).toEqual(opaque('patch -B', 'backup files are named from the files the patch changes'))
    expect(brief('patch --basename-prefix=x orig.c')).toEqual(opaque('patch -B', 'backup files are named from the files the patch changes'))
    expect(brief('patch $X orig.c')).toEqual(opaque('patch', UNREADABLE))
  })

  // GNU patch changes to the -d directory "before doing anything else", so -o and -r name files in it.
  it('resolves -o and -r under -d', () => {
    expect(goldenLines('patch -d sub -r rej.txt -o out.txt')).toEqual(['= mutation', '  write patch -r "/ws/sub/rej.txt" entry', '  write patch -o "/ws/sub/out.txt" entry'])
  })
})

describe('split and csplit', () => {
  const chunks = (...names: string[]): string[] => ['= mutation', ...names.map(name => `  write split "/ws/${name}" entry`)]

  it('names each -n chunk: prefix (default x), suffix of -a letters or -d digits, then --additional-suffix', () => {
    expect(goldenLines('split -n 3 -d big.txt part')).toEqual(chunks('part00', 'part01', 'part02'))
    expect(goldenLines('split -n 2 -a 3 big.txt')).toEqual(chunks('xaaa', 'xaab'))
    expect(goldenLines('split -n 3 --suffix-length=1 big.txt part')).toEqual(chunks('parta', 'partb', 'partc'))
    expect(goldenLines('split --number=3 big.txt part')).toEqual(chunks('partaa', 'partab', 'partac'))
    expect(goldenLines('split -n 2 --additional-suffix=.txt big.txt p_')).toEqual(chunks('p_aa.txt', 'p_ab.txt'))
    expect(goldenLines('split -n 30 big.txt').slice(26, 28)).toEqual(['  write split "/ws/xaz" entry', '  write split "/ws/xba" entry'])
  })

  it('writes prefix* when the chunk count or suffix length is not a small literal', () => {
    for (const [command, prefix] of [['split -l 100 big.txt part', 'part'], ['split -n 200 big.txt part', 'part'], ['split -n 3 -a 9 big.txt part', 'part'], ['split -n l/3 big.txt part', 'part'], ['split -b 1M big.txt', 'x']] as const) {
      expect(goldenLines(command)).toEqual(['= opaque', `  write split "/ws/${prefix}⟨*⟩" entry`, `  ? split: its target /ws/${prefix}* is not literal (a glob)`])
    }
    expect(goldenLines('csplit big.txt /x/')).toEqual(['= opaque', '  write csplit "/ws/xx⟨*⟩" entry', '  ? csplit: its target /ws/xx* is not literal (a glob)'])
    expect(goldenLines('csplit --prefix=pre big.txt /x/')).toEqual(['= opaque', '  write csplit "/ws/pre⟨*⟩" entry', '  ? csplit: its target /ws/pre* is not literal (a glob)'])
  })

  it('is opaque with --filter or an unreadable argument', () => {
    expect(brief('split --filter=\'gzip > $FILE.gz\' big.txt')).toEqual(opaque('split', '--filter runs a command'))
    expect(brief('split $X big.txt')).toEqual(opaque('split', UNREADABLE))
    expect(brief('split -n 2 --additional-suffix=$S big.txt p_')).toEqual(opaque('split', UNREADABLE))
  })

  // -x/--hex-suffixes give hexadecimal suffixes and --numeric-suffixes=FROM starts at FROM.
  it('names chunks with -x and --numeric-suffixes=FROM', () => {
    expect(goldenLines('split -n 3 -x big.txt part')).toEqual(chunks('part00', 'part01', 'part02'))
    expect(goldenLines('split -n 3 --numeric-suffixes=5 big.txt part')).toEqual(chunks('part05', 'part06', 'part07'))
  })

  it('does not name chunks exactly when --additional-suffix is not literal', () => {
    expect(goldenLines('split -n 2 --additional-suffix "$S" big.txt p_')[0]).toBe('= opaque')
  })
})

describe('cp, mv and ln', () => {
  it('writes a backup of each destination with -b and the -S suffix', () => {
    expect(goldenLines('cp -bS .old a b')).toEqual(['= mutation', '  write cp "/ws/b/a" entry', '  write cp --backup "/ws/b/a.old" entry', '  write cp "/ws/b" entry', '  write cp --backup "/ws/b.old" entry'])
    expect(goldenLines('mv -t dir a b')).toEqual(['= mutation', '  write mv "/ws/a" subtree', '  write mv "/ws/dir/a" subtree', '  write mv "/ws/b" subtree', '  write mv "/ws/dir/b" subtree'])
    expect(brief('cp $X a b')).toEqual(opaque('cp', UNREADABLE))
  })

  it('reports what a link points to: the source, and a relative symbolic target from the link\'s directory', () => {
    expect(goldenLines('ln a.txt b.txt')).toEqual(['= mutation', '  write ln (link to) "/ws/a.txt" entry', '  write ln "/ws/b.txt/a.txt" entry', '  write ln "/ws/b.txt" entry'])
    for (const s of ['-s', '--symbolic']) expect(goldenLines(`ln ${s} ../t.txt sub/link`)).toEqual(['= mutation', '  write ln (link to) "/ws/../t.txt" entry', '  write ln (link to) "/ws/sub/../t.txt" entry', '  write ln (link to) "/ws/sub/link/../t.txt" entry', '  write ln "/ws/sub/link/t.txt" entry', '  write ln "/ws/sub/link" entry'])
    expect(goldenLines('ln -s "dir/$T" link').slice(0, 3)).toEqual(['= opaque', '  write ln (link to) "/ws/dir/⟨…⟩" entry', '  write ln (link to) "/ws/./dir/⟨…⟩" entry'])
    expect(goldenLines('ln -s a.txt "dir/$D"').slice(0, 5)).toEqual(['= opaque', '  write ln (link to) "/ws/a.txt" entry', '  write ln (link to) "/ws/dir/⟨…⟩/a.txt" entry', '  write ln "/ws/dir/⟨…⟩/a.txt" entry', '  write ln "/ws/dir/⟨…⟩" entry'])
    expect(goldenLines('ln -s /etc/passwd link')).toEqual(['= mutation', '  write ln (link to) "/etc/passwd" entry', '  write ln "/ws/link/passwd" entry', '  write ln "/ws/link" entry'])
    expect(goldenLines('ln -s a.txt b.txt dir')).toEqual(['= mutation', '  write ln (link to) "/ws/a.txt" entry', '  write ln (link to) "/ws/dir/a.txt" entry', '  write ln "/ws/dir/a.txt" entry', '  write ln (link to) "/ws/b.txt" entry', '  write ln (link to) "/ws/dir/b.txt" entry', '  write ln "/ws/dir/b.txt" entry'])
    expect(goldenLines('ln -s -t dir ../a.txt')).toEqual(['= mutation', '  write ln (link to) "/ws/../a.txt" entry', '  write ln (link to) "/ws/dir/../a.txt" entry', '  write ln "/ws/dir/a.txt" entry'])
    expect(goldenLines('cp -s a.txt b.txt')).toEqual(['= mutation', '  write cp (link to) "/ws/a.txt" entry', '  write cp (link to) "/ws/./a.txt" entry', '  write cp (link to) "/ws/b.txt/a.txt" entry', '  write cp "/ws/b.txt/a.txt" entry', '  write cp "/ws/b.txt" entry'])
  })

  // `ln TARGET` (one operand) creates ./basename(TARGET).
  it('writes the link a single-operand ln creates in the current directory', () => {
    expect(targets('ln -s /tmp/evil/hooks', '/ws/.git')).toContain('/ws/.git/hooks')
  })

  // With a directory destination the link is DIR/NAME, so its relative target resolves from DIR (here .git/config).
  it('resolves a relative symbolic target from a directory destination', () => {
    expect(targets('ln -s ../.git/config sub/')).toContain('/ws/.git/config')
  })
})

describe('dd, rsync and scp', () => {
  it('dd writes of=, and an operand that is not literal could be it', () => {
    expect(goldenLines('dd if=a of=out')).toEqual(['= mutation', '  write dd of= "/ws/out" entry'])
    expect(goldenLines('dd if=$X of=out')).toEqual(['= mutation', '  write dd of= "/ws/out" entry'])
    expect(goldenLines('dd if=a "of=$X"')).toEqual(['= opaque', '  write dd of= "/ws/⟨…⟩" entry', '  ? dd of=: its target /ws/… is not literal (an expansion the analysis cannot know)'])
    for (const command of ['dd $X', 'dd "$X"=y']) expect(brief(command)).toEqual(opaque('dd', 'an operand is not literal and could name the output'))
  })

  it('rsync and scp write a local destination, not a host:path one; rsync -e and scp -S run programs', () => {
    for (const command of ['rsync a host:dir', 'scp a host:b']) expect(goldenLines(command)).toEqual(['= read-only'])
    expect(goldenLines('rsync a ./host:dir')).toEqual(['= mutation', '  write rsync "/ws/./host:dir" beneath'])
    expect(goldenLines('rsync a /x:y')).toEqual(['= mutation', '  write rsync "/x:y" beneath'])
    expect(goldenLines('scp host:a b')).toEqual(['= mutation', '  write scp "/ws/b" beneath'])
    expect(goldenLines('scp -P 22 host:a ./x:y')).toEqual(['= mutation', '  write scp "/ws/./x:y" beneath'])
    expect(goldenLines('rsync --remove-source-files a b dst')).toEqual(['= mutation', '  write rsync "/ws/a" subtree', '  write rsync "/ws/b" subtree', '  write rsync "/ws/dst" beneath'])
    expect(goldenLines('rsync --log-file=l a dst')).toEqual(['= mutation', '  write rsync --log-file "/ws/l" entry', '  write rsync "/ws/dst" beneath'])
    expect(brief('rsync -e ssh a h:d')).toEqual(opaque('rsync', 'it runs a remote shell program'))
    expect(brief('scp -S prog a b')).toEqual(opaque('scp', '-S and -D run another program'))
  })
})

describe('wget', () => {
  it('writes its logs, cookie and HSTS files, and each download', () => {
    expect(goldenLines('wget -o log.txt https://e.com/a.tgz')).toEqual(['= mutation', '  write wget log "/ws/log.txt" entry', '  write wget "/ws/./a.tgz" entry'])
    expect(goldenLines('wget --rejected-log=rej.log --hsts-file h -P dl https://e.com/x/f.tgz')).toEqual(['= mutation', '  write wget log "/ws/rej.log" entry', '  write wget log "/ws/h" entry', '  write wget "/ws/dl/f.tgz" entry'])
    expect(goldenLines('wget -a app.log -O - https://e.com/a')).toEqual(['= mutation', '  write wget log "/ws/app.log" entry'])
    expect(goldenLines('wget --save-cookies c.txt --spider https://e.com/')).toEqual(['= mutation', '  write wget log "/ws/c.txt" entry'])
    expect(goldenLines('wget -P dl -O out https://e.com/x')).toEqual(['= mutation', '  write wget -O "/ws/out" entry'])
    expect(goldenLines('wget -P dl -r https://e.com/')).toEqual(['= mutation', '  write wget "/ws/dl" beneath'])
    expect(goldenLines('wget --warc-file=arch https://e.com/')).toEqual(['= opaque', '  write wget --warc-file "/ws/arch⟨*⟩" entry', '  write wget "/ws/./index.html" entry', '  ? wget --warc-file: its target /ws/arch* is not literal (a glob)'])
  })

  it('is opaque with wgetrc commands, a config file, an askpass program or an unreadable argument', () => {
    for (const command of ['wget -e robots=off https://e.com/', 'wget --config=rc https://e.com/', 'wget --use-askpass=/bin/x https://e.com/']) {
      expect(brief(command)).toEqual(opaque('wget', '-e, --config and --use-askpass run wgetrc commands or a program'))
    }
    expect(brief('wget $X https://e.com/')).toEqual(opaque('wget', UNREADABLE))
  })
})

describe('readers with a side effect', () => {
  it('hostname sets the host name with an operand (or -F FILE), and only reads with options', () => {
    for (const command of ['hostname', 'hostname -f', 'hostname -I']) expect(goldenLines(command)).toEqual(['= read-only'])
    for (const command of ['hostname newname', 'hostname -F /etc/hn', 'hostname $H', 'hostname -- -x', 'hostname --file=/etc/hn', 'hostname -b']) expect(brief(command)).toEqual(opaque('hostname', 'with an operand, -F or -b it sets the host name'))
  })

  it('date sets the clock with -s or --set, and only reads otherwise', () => {
    for (const command of ['date', 'date +%s', 'date -u', 'date -d tomorrow', 'date --date \'-3 seconds\'', 'date -r file.txt', 'date -f dates.txt', 'date -Iseconds', 'date --iso-8601=seconds -d now']) expect(goldenLines(command)).toEqual(['= read-only'])
    for (const command of ['date -s 2020-01-01', 'date --set=2020-01-01', 'date -us 2020-01-01', 'date $X']) expect(brief(command)).toEqual(opaque('date', 'it may set the system clock'))
  })

  // GNU date's operand MMDDhhmm[[CC]YY][.ss] sets the clock, like -s.
  it('date with a MMDDhhmm operand sets the clock', () => {
    expect(brief('date 010112002020')).toEqual(opaque('date', 'it may set the system clock'))
  })

  // -I[FMT] and --iso-8601[=FMT] take only an attached value, so the -s after them sets the clock.
  it('date -I and --iso-8601 do not take the next word', () => {
    for (const command of ['date -I -s 2020-01-01', 'date --iso-8601 -s 2020-01-01']) expect(brief(command)).toEqual(opaque('date', 'it may set the system clock'))
  })

  it('rg --pre and fd -x/-X/--exec/--exec-batch run programs; a value that looks like them does not', () => {
    expect(brief('rg --pre ./x foo')).toEqual(opaque('rg', '--pre runs another program'))
    expect(brief('rg --pre=./x foo')).toEqual(opaque('rg', '--pre runs another program'))
    const rgValued = ['-e', '-f', '-g', '-t', '-T', '-m', '-A', '-B', '-C', '-M', '-j', '-E', '--regexp', '--pre-glob', '--file', '--glob', '--type', '--max-count', '--ignore-file', '--replace']
    const fdValued = ['-e', '-E', '-t', '-d', '-c', '--extension', '--exclude', '--type', '--max-depth', '--color']
    for (const command of [`rg ${rgValued.map(option => `${option} --pre`).join(' ')} foo`, `fd ${fdValued.map(option => `${option} -x`).join(' ')} foo`, 'rg --replace=x foo', 'fd -e ts']) expect(goldenLines(command)).toEqual(['= read-only'])
    expect(brief('rg $X foo')).toEqual(opaque('rg', 'an argument could be a writing option but is not literal'))
    for (const command of ['fd -x rm', 'fd --exec-batch rm', 'fd -t f -X rm']) expect(brief(command)).toEqual(opaque('fd', '-x/-X/--exec/--exec-batch runs another program'))
    expect(brief('fdfind -X rm')).toEqual(opaque('fdfind', '-x/-X/--exec/--exec-batch runs another program'))
  })

  it('find -delete writes only some entries after a test that selects them, and the whole tree otherwise', () => {
    const partial = (root: string): string[] => ['= opaque', `  write find -delete "/ws/${root}" subtree partial`, `  ? find -delete: which entries under /ws/${root} it writes is decided when it runs`]
    const tests = ['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-type', '-xtype', '-size', '-empty', '-newer', '-newermt', '-anewer', '-atime', '-amin', '-cnewer', '-ctime', '-cmin', '-mnewer', '-mtime', '-mmin', '-perm', '-user', '-group', '-uid', '-gid', '-nouser', '-nogroup', '-links', '-inum', '-samefile', '-fstype', '-readable', '-writable', '-executable', '-true', '-false', '-prune', '-not', '-o', '-or', '-a', '-and', '!', '\\(']
    for (const test of tests) expect(goldenLines(`find src ${test} x -delete`), test).toEqual(partial('src'))
    for (const command of ['find src -delete', 'find src -maxdepth 1 -delete', 'find src -quit -delete', 'find src -depth -delete', 'find src -print -delete', 'find src -named x -delete']) expect(goldenLines(command), command).toEqual(['= mutation', '  write find -delete "/ws/src" subtree'])
  })

  it('find runs -exec where it starts and -execdir in each match\'s directory; an unterminated -exec is opaque', () => {
    expect(goldenLines('find src -exec touch stamp \\;')).toEqual(['= mutation', '  write touch "/ws/stamp" entry'])
    expect(goldenLines('find src -execdir touch stamp \\;')).toEqual(['= opaque', '  write touch "⟨…⟩/stamp" entry', '  ? touch: its target …/stamp is not literal (an expansion the analysis cannot know)'])
    expect(goldenLines('find . -okdir rm {} +')).toEqual(['= opaque', '  write rm "⟨…⟩" entry', '  ? rm: its target … is not literal (an expansion the analysis cannot know)'])
    expect(brief('find . -exec rm {}')).toEqual(opaque('find', '-exec has no terminating ; or +'))
    expect(brief('find . -fprint')).toEqual(opaque('find', '-fprint has no file'))
    expect(goldenLines('find . -fprintf out.txt %p')).toEqual(['= mutation', '  write find -fprintf "/ws/out.txt" entry'])
  })
})

describe('sed scripts', () => {
  const sedW = (file: string): string[] => ['= mutation', `  write sed w "/ws/${file}" entry`]

  it('reads a/i/c text, continued lines included, as text, and parses commands after it', () => {
    for (const script of ['1a\\\nw out.txt', '1i\\\ntext\\\nw more', '1a hello;w out.txt', 'a\\', '1c\\']) expect(goldenLines(`sed '${script}' in.txt`)).toEqual(['= read-only'])
    expect(goldenLines('sed \'$c\\\ndone\nw real.txt\' in.txt')).toEqual(sedW('real.txt'))
    expect(goldenLines('sed -e \'a foo\' -e \'w out.txt\' in.txt')).toEqual(sedW('out.txt'))
  })

  it('writes the file of w, W and the s///w flag, after any address or delimiter', () => {
    for (const script of ['w out.txt', '1!W out.txt', '/a/,/b/w out.txt', '1,+3w out.txt', 's/a/b/w out.txt', 's|a|b|gw out.txt', 's/a\\/b/c/;w out.txt', 'y/abc/xyz/;w out.txt', 'y|a|b|;w out.txt', 'y/a\\/b/c\\/d/;w out.txt', 'y/[/x/;w out.txt', '{p};w out.txt', '/x/{w out.txt\n}', 'b end;w out.txt']) {
      expect(goldenLines(`sed '${script}' in.txt`)).toEqual(sedW('out.txt'))
    }
    // An address with no command, and a `}` with an address, are errors: sed runs nothing.
    for (const command of ['sed \'s/a/b/gw /dev/stdout\' in.txt', 'sed --sandbox \'s/a/b/w o.txt\' in.txt', 'sed \'r in2.txt;w o.txt\' in.txt', 'sed 1 in.txt', 'sed \'1{p;1}\' in.txt']) expect(goldenLines(command)).toEqual(['= read-only'])
    expect(brief('sed \'k\' in.txt')).toEqual(opaque('sed', 'its script holds a command the analysis does not know'))
    for (const script of ['y/a/', 's']) expect(brief(`sed '${script}' in.txt`)).toEqual(opaque('sed', 'its script holds a command the analysis does not know'))
    expect(brief('sed \'2 e date\' in.txt')).toEqual(opaque('sed', 'its script runs commands (e)'))
  })

  it('reads a delimiter inside a bracket expression, and not past a line end or an unclosed bracket', () => {
    expect(goldenLines('sed \'s/[/]/x/;w out\' f')).toEqual(sedW('out'))
    expect(goldenLines('sed \'s/a\\/b/c/w out\' f')).toEqual(sedW('out'))
    for (const script of ['s/[/x/;w out', 's/a\nb/c/;w out', 'y/a\nb/cd/;w out']) expect(brief(`sed '${script}' f`), script).toEqual(opaque('sed', 'its script holds a command the analysis does not know'))
    expect(goldenLines('sed -i s/a/b/')).toEqual(['= read-only'])
    expect(brief('sed -i s/a/b/ "$@"')).toEqual(opaque('sed', 'an argument could be an option but is not literal'))
  })

  it('names -i backups: the suffix appended, or * replaced by the file operand as written', () => {
    const inPlace = (file: string, backup?: string): string[] => ['= mutation', `  write sed -i "/ws/${file}" entry`, ...(backup === undefined ? [] : [`  write sed -i (backup) "/ws/${backup}" entry`])]
    expect(goldenLines('sed --in-place s/a/b/ f.txt')).toEqual(inPlace('f.txt'))
    expect(goldenLines('sed -n -i s/a/b/ f.txt')).toEqual(inPlace('f.txt'))
    expect(goldenLines('sed -e s/a/b/ -i f.txt')).toEqual(inPlace('f.txt'))
    expect(goldenLines('sed -in s/a/b/ f.txt')).toEqual(inPlace('f.txt', 'f.txtn'))
    expect(goldenLines('sed -s -i.orig -e p f.txt')).toEqual(inPlace('f.txt', 'f.txt.orig'))
    // GNU sed 4.9: `-i'old_*' d/f.txt` renames d/f.txt to old_d/f.txt, taken from the working directory.
    expect(goldenLines('sed -i\'old_*\' s/a/b/ -- d/f.txt')).toEqual(inPlace('d/f.txt', 'old_d/f.txt'))
    expect(goldenLines('sed -i\'bak/*\' s/a/b/ d/f.txt')).toEqual(inPlace('d/f.txt', 'bak/d/f.txt'))
    expect(goldenLines('sed -i\'old_*\' s/a/b/ f.txt')).toEqual(inPlace('f.txt', 'old_f.txt'))
    expect(goldenLines('sed -i\'*.bak\' s/a/b/ "dir/$F"')).toEqual(['= opaque', '  write sed -i "/ws/dir/⟨…⟩" entry', '  write sed -i (backup) "⟨…⟩" entry', '  ? sed -i: its target /ws/dir/… is not literal (an expansion the analysis cannot know)', '  ? sed -i (backup): its target … is not literal (an expansion the analysis cannot know)'])
    expect(goldenLines('sed -i\'~\' s/a/b/ "dir/$F"')).toContain('  write sed -i (backup) "/ws/dir/⟨…⟩~" entry')
  })
})

describe('awk', () => {
  it('is opaque when the program comes from a file, loads code or sets -W, or an argument is unreadable', () => {
    for (const command of ['awk -f prog.awk in.txt', 'awk --exec=prog.awk in.txt', 'awk -E prog.awk in.txt', 'awk -l ordchr 1 in.txt', 'awk --load=x 1', 'awk -W sandbox 1 in.txt']) {
      expect(brief(command)).toEqual(opaque('awk', 'its program comes from a file, loads code, or sets an implementation option (-W)'))
    }
    expect(brief('awk $X in.txt')).toEqual(opaque('awk', UNREADABLE))
    expect(brief('awk -i foo 1 a.txt')).toEqual(opaque('awk', 'it includes an awk library'))
    expect(brief('awk --source=\'{print > "o.txt"}\' in.txt')).toEqual(opaque('awk', 'its program can write files or run commands'))
  })

  it('runs or writes with system(), a pipe, @load or @include, not with || or standard streams', () => {
    for (const program of ['{print > "/dev/stdout"}', '{print >"/dev/stdout"}', '{print >>  "/dev/stderr"}', '{if (a || b) print}']) expect(goldenLines(`awk '${program}' f`), program).toEqual(['= read-only'])
    for (const program of ['{print > "/dev/stdout2"}', '{system ("x")}', '@load "x"', '@include "x"', '{print | "cmd"}', '{"cmd" | getline}']) expect(brief(`awk '${program}' f`), program).toEqual(opaque('awk', 'its program can write files or run commands'))
  })

  it('finds a print redirection only outside parentheses and before the statement ends', () => {
    for (const program of ['{print (a > b) ? "x" : "y"}', '{print a; x > 1}', '{print a} END {y > 2}', '{print a\n b > c}', '{print a) > "out"}']) expect(goldenLines(`awk '${program}' f`), program).toEqual(['= read-only'])
    for (const program of ['{print a > "out"}', '{print (a) > "out"}', '{print (a > b) > "out"}', '{printf "%s", a > "out"}']) expect(brief(`awk '${program}' f`), program).toEqual(opaque('awk', 'its program can write files or run commands'))
  })

  it('edits files in place with -i inplace, not assignments; options end at the program', () => {
    expect(goldenLines('awk -i inplace 1 a.txt b=1 c.txt')).toEqual(['= mutation', '  write awk -i inplace "/ws/a.txt" entry', '  write awk -i inplace "/ws/c.txt" entry'])
    expect(goldenLines('awk -F , --include=inplace 1 f.csv')).toEqual(['= mutation', '  write awk -i inplace "/ws/f.csv" entry'])
    for (const command of ['awk --source=1 -i inplace a.txt', 'awk --source 1 -i inplace a.txt', 'awk --field-separator , -i inplace 1 a.txt', 'awk --assign x=1 -i inplace 1 a.txt']) expect(goldenLines(command)).toEqual(['= mutation', '  write awk -i inplace "/ws/a.txt" entry'])
    for (const command of ['awk -F: \'{print $1}\' in.txt', 'awk -v x=1 \'{print x}\' in.txt', 'awk \'{print}\' -f x', 'awk \'{print}\' \'a|b.txt\'']) expect(goldenLines(command)).toEqual(['= read-only'])
  })

  // gawk's -e is --source, so a second -e program, and -i after -e, are read.
  it('reads every gawk -e program and the -i after one', () => {
    expect(brief('gawk -e BEGIN{} -e \'{print > "x.txt"}\' f')).toEqual(opaque('gawk', 'its program can write files or run commands'))
    expect(targets('gawk -e 1 -i inplace a.txt')).toEqual(['/ws/a.txt'])
  })

  // gawk -d, -p and -o write awkvars.out, awkprof.out (or the file named with =).
  it('writes the gawk -d/-p/-o dump files', () => {
    for (const command of ['gawk --dump-variables 1 f', 'gawk --profile=prof.out 1 f', 'gawk -o 1 f']) expect(goldenLines(command)[0]).not.toBe('= read-only')
  })
})

describe('git', () => {
  it('is opaque without a -C directory or with an unreadable global argument; -C directories join', () => {
    expect(brief('git -C')).toEqual(opaque('git', 'git -C has no directory'))
    expect(brief('git $X status')).toEqual(opaque('git', 'a git argument before the subcommand is not literal'))
    expect(goldenLines('git -C sub -C inner init')).toEqual(['= mutation', '  write git init "/ws/./sub/inner/.git" entry'])
    expect(goldenLines('git -C sub -C /abs init')).toEqual(['= mutation', '  write git init "/abs/.git" entry'])
  })

  it('reads global options: -c settings that run programs, --config-env, repository redirection, and information flags', () => {
    const perCommand = 'a per-command setting makes git run a program or read it from the environment'
    expect(goldenLines('git -c core.hooksPath=x status')).toEqual(['= mutation', `  control git -c: ${perCommand}`])
    expect(goldenLines('git -c "$S" status')).toEqual(['= mutation', `  control git -c: ${perCommand}`])
    expect(goldenLines('git -c user.name=x status')).toEqual(['= read-only'])
    expect(goldenLines('git -c user.name=x commit -m m')).toEqual(['= mutation', '  history git commit'])
    expect(goldenLines('git --config-env=core.pager=V status')).toEqual(['= mutation', `  control git --config-env=core.pager=V: ${perCommand}`])
    expect(goldenLines('git --config-env core.pager=V status')).toEqual(['= mutation', `  control git --config-env: ${perCommand}`])
    for (const option of ['--git-dir=x', '--exec-path=/x', '--namespace=n', '--super-prefix=p', '--attr-source=HEAD']) {
      expect(goldenLines(`git ${option} status`)).toEqual(['= mutation', `  control git ${option}: it redirects the repository or the programs git runs`])
    }
    expect(goldenLines('git --work-tree x status')).toEqual(['= mutation', '  control git --work-tree: it redirects the repository or the programs git runs'])
    for (const command of ['git', 'git --exec-path', 'git --version', 'git --help', 'git --html-path', 'git --man-path', 'git --info-path', 'git --no-pager log', 'git -p status', 'git status --help', 'git commit -h']) expect(goldenLines(command)).toEqual(['= read-only'])
    expect(goldenLines('git commit --help x')).toEqual(['= mutation', '  history git commit'])
    expect(brief('git "$S" x')).toEqual(opaque('git', 'a git argument before the subcommand is not literal'))
  })

  it('controls the repository when maintenance schedules jobs, a remote is ext::/fd::, or init takes a template', () => {
    for (const verb of ['start', 'register']) expect(goldenLines(`git maintenance ${verb}`)).toEqual(['= mutation', '  control git maintenance: it schedules background jobs through the user configuration'])
    expect(goldenLines('git maintenance run')).toEqual(['= mutation', '  history git maintenance'])
    expect(goldenLines('git bisect start')).toEqual(['= mutation', '  write git bisect "/ws/." entry', '  history git bisect'])
    for (const command of ['git remote add x ext::sh', 'git remote -v add x ext::sh', 'git remote set-url origin fd::17']) expect(goldenLines(command)).toEqual(['= mutation', '  control git remote: an ext:: or fd:: URL runs a program'])
    for (const url of ['https://e.com/r.git', 'https://e.com/fd::x']) expect(goldenLines(`git remote add origin ${url}`)).toEqual(['= mutation', '  history git remote'])
    for (const command of ['git init --template=/tmp/t', 'git init -c core.x=1', 'git init --sep=/tmp/g r']) expect(goldenLines(command)).toEqual(['= mutation', '  control git init: it sets templates, hooks or configuration of a repository'])
  })

  it('archive --remote and --exec run programs; -o and --output write under -C', () => {
    expect(brief('git archive --remote=origin HEAD')).toEqual(opaque('git', 'git archive --remote runs a remote program'))
    expect(brief('git archive --remote origin -o out.tar HEAD')).toEqual(opaque('git', 'git archive --remote runs a remote program'))
    expect(brief('git archive --exec=/bin/x --remote=o HEAD')).toEqual(opaque('git', 'git archive runs another program'))
    expect(goldenLines('git archive -o out.tar HEAD')).toEqual(['= mutation', '  write git archive -o "/ws/./out.tar" entry'])
    expect(goldenLines('git -C sub diff --output out.diff')).toEqual(['= mutation', '  write git diff --output "/ws/./sub/out.diff" entry'])
    expect(goldenLines('git log --output=log.txt')).toEqual(['= mutation', '  write git log --output "/ws/./log.txt" entry'])
    for (const command of ['git diff --output', 'git log -S--output=x']) expect(goldenLines(command)).toEqual(['= read-only'])
    expect(goldenLines('git fsck --lost-found')).toEqual(['= mutation', '  history git fsck --lost-found'])
  })

  it('notes edit and grep -O run programs; --ref takes the next word', () => {
    expect(brief('git notes --ref refs/notes/x edit')).toEqual(opaque('git', 'git notes runs another program'))
    expect(goldenLines('git notes --ref edit show')).toEqual(['= read-only'])
    for (const command of ['git grep -O foo', 'git grep -nO foo', 'git grep --op foo', 'git grep --open-files-in-pager=vim foo']) expect(brief(command)).toEqual(opaque('git', 'git grep runs another program'))
    expect(goldenLines('git grep x-Obar')).toEqual(['= read-only'])
  })

  it('reads a pathspec\'s globs and magic as git matches them', () => {
    const glob = (text: string): string[] => ['= opaque', `  write git rm "/ws/./${text.replace(/\[[^\]]*\]|[*?]/g, match => `⟨${match}⟩`)}" subtree`, `  ? git rm: its target /ws/./${text} is not literal (a glob)`]
    for (const path of ['a[bc]', 'a*', 'a?']) expect(goldenLines(`git rm '${path}'`), path).toEqual(glob(path))
    expect(goldenLines('git rm \'a[b\'')).toEqual(['= mutation', '  write git rm "/ws/./a[b" subtree'])
    for (const path of [':!x', ':(glob)x']) expect(goldenLines(`git rm -- '${path}'`), path).toEqual(['= opaque', '  write git rm "⟨…⟩" subtree', '  ? git rm: its target … is not literal (an expansion the analysis cannot know)'])
  })

  it('reads config flags, git\'s unique prefixes included, as flags', () => {
    expect(goldenLines('git config --unset-a core.hooksPath')).toEqual(['= mutation', '  control git config core.hooksPath: this setting makes git run a program or trust other files'])
    for (const command of ['git config --get-a user.name', 'git config --global --get user.name', 'git config --bool core.bare', 'git config --name-only --get-regexp user', 'git config --null --list', 'git config --file=x.cfg --get a.b']) expect(goldenLines(command)).toEqual(['= read-only'])
    expect(goldenLines('git config --bool core.bare true')).toEqual(['= mutation', '  history git config core.bare'])
    expect(brief('git config --system --unset x.y')).toEqual(opaque('git', 'git config --global and --system write the user\'s or the system\'s configuration'))
    expect(goldenLines('git config --global core.hooksPath h')).toEqual(['= mutation', '  control git config core.hooksPath: this setting makes git run a program or trust other files'])
    expect(goldenLines('git config -f x.cfg a.b c')).toEqual(['= mutation', '  write git config --file "/ws/./x.cfg" entry', '  history git config a.b'])
    expect(brief('git config $X')).toEqual(opaque('git', 'git config has an argument that is not literal'))
  })

  it('takes -n as a dry run only where it means one, and not as the value of a short option', () => {
    for (const command of ['git clean -ne x', 'git clean -fdn', 'git rm -rn a.txt', 'git push -n', 'git commit --dry-run']) expect(goldenLines(command)).toEqual(['= read-only'])
    expect(goldenLines('git clean -en')).toEqual(['= mutation', '  write git clean "/ws/." entry'])
    expect(goldenLines('git commit -n -m x')).toEqual(['= mutation', '  history git commit'])
    expect(goldenLines('git fetch -n')).toEqual(['= mutation', '  history git fetch'])
  })

  // git push -o takes a value (-on is --push-option=n), and after -- a "-n" is a path.
  it('does not read -n as a dry run inside a valued cluster or after --', () => {
    expect(goldenLines('git push -on origin main')).toEqual(['= mutation', '  history git push'])
    expect(goldenLines('git rm -- -n')).toEqual(['= mutation', '  write git rm "/ws/./-n" subtree'])
  })
})
