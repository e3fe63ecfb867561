/**
 * Archivers, compressors and command wrappers, pinned by what the real tools
 * do: tar's old-style letter cluster followed by dashed options, every tar
 * operation that rewrites the archive, `-O`/`-P` on extraction, `-C` given
 * twice (the second relative to the first); each decompressor's own suffix;
 * zip's two-letter flags taking no value; the 7z modes that only read; the
 * bounds within which `split -n` names its chunks exactly; `ar x` with
 * modifiers. Wrappers: the options that take a value before the command they
 * run, `env` assignments and `-C`, the shell options that loosen globs or
 * make the analysis give up, where a shell takes its script from, `xargs`
 * replacement strings, `flock`'s lock file, `script`'s files, `sudo`.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, opaqueLines as opaque, READ_ONLY } from '../support/shell-golden.ts'

const writes = (...lines: string[]): string[] => ['= mutation', ...lines.map(line => `  write ${line}`)]
const globWrite = (via: string, target: string): string[] => ['= opaque', `  write ${via} "${target}⟨*⟩" entry`, `  ? ${via}: its target ${target}* is not literal (a glob)`]

describe('tar', () => {
  // GNU tar: `tar cf a.tar --remove-files f` archives f, then deletes it; the cluster's words are not members.
  it('reads dashed options after an old-style letter cluster, and only the remaining words as members', () => {
    expect(goldenLines('tar cf a.tar --remove-files f')).toEqual(writes('tar "/ws/a.tar" entry', 'tar --remove-files "/ws/f" subtree'))
  })

  it('writes the archive for every operation that rewrites it', () => {
    for (const operation of ['--append', '-u', '--update', '-A', '--catenate', '--concatenate', '--delete', '-r', '-c', '--create']) {
      expect(goldenLines(`tar ${operation} -f a.tar g`), operation).toEqual(writes('tar "/ws/a.tar" entry'))
    }
  })

  it('reads listing an archive as writing nothing', () => {
    expect(goldenLines('tar -tf a.tar')).toEqual(READ_ONLY)
    expect(goldenLines('tar --list -f a.tar')).toEqual(READ_ONLY)
  })

  it('reads extracting to standard output as writing nothing', () => {
    expect(goldenLines('tar -x --to-stdout -f a.tar')).toEqual(READ_ONLY)
    expect(goldenLines('tar -x -O -f a.tar')).toEqual(READ_ONLY)
  })

  it('reads extracting with absolute names as landing anywhere', () => {
    expect(brief('tar -x --absolute-names -f a.tar')).toEqual(opaque('tar', 'with -P (--absolute-names) members land wherever their names say'))
  })

  // `tar -xf a.tar -C a -C b` extracts into a/b (and fails when a/b does not exist).
  it('reads a second -C as relative to the first', () => {
    expect(goldenLines('tar -xf a.tar -C a -C b')).toEqual(writes('tar -x "/ws/a" beneath', 'tar -x "/ws/a/b" beneath'))
    expect(goldenLines('tar -xf a.tar -C a -C /abs')).toEqual(writes('tar -x "/ws/a" beneath', 'tar -x "/abs" beneath'))
  })

  it('names the snapshot file of -g, except /dev/null', () => {
    expect(goldenLines('tar -c -f a.tar -g snap f')).toEqual(writes('tar -g "/ws/snap" entry', 'tar "/ws/a.tar" entry'))
    expect(goldenLines('tar -c -f a.tar -g /dev/null f')).toEqual(writes('tar "/ws/a.tar" entry'))
  })
})

describe('compressors', () => {
  // Each decompressor strips its own suffix: bunzip2 t.txt.bz2 leaves t.txt.
  it('strips each decompressor\'s own suffix', () => {
    for (const [command, suffix] of [['bunzip2', '.bz2'], ['unxz', '.xz'], ['unlzma', '.lzma'], ['unzstd', '.zst'], ['uncompress', '.Z'], ['gunzip', '.gz'], ['unpigz', '.gz']]) {
      expect(goldenLines(`${command} t.txt${suffix}`), command).toEqual(writes(`${command} "/ws/t.txt${suffix}" entry`, `${command} "/ws/t.txt" entry`))
    }
  })

  it('strips the suffix -S names, and names no sibling for a file without it', () => {
    expect(goldenLines('gunzip -S .zz t.zz')).toEqual(writes('gunzip "/ws/t.zz" entry', 'gunzip "/ws/t" entry'))
    expect(goldenLines('bunzip2 t.gz')).toEqual(writes('bunzip2 "/ws/t.gz" entry'))
    expect(goldenLines('gzip -d t.txt.gz.bak')).toEqual(writes('gzip "/ws/t.txt.gz.bak" entry'))
  })

  it('reads .tgz as decompressing to .tar', () => {
    expect(goldenLines('gunzip -- x.tgz')).toEqual(writes('gunzip "/ws/x.tgz" entry', 'gunzip "/ws/x.tar" entry'))
  })

  it('names the compressed sibling of a file it cannot read, and no decompressed one', () => {
    expect(goldenLines('gzip -- "$F"')).toEqual(['= opaque', '  write gzip "⟨…⟩" entry', '  write gzip "⟨…⟩.gz" entry', '  ? gzip: its target … is not literal (an expansion the analysis cannot know)', '  ? gzip: its target ….gz is not literal (an expansion the analysis cannot know)'])
    expect(goldenLines('gunzip -- "$F"')).toEqual(['= opaque', '  write gunzip "⟨…⟩" entry', '  ? gunzip: its target … is not literal (an expansion the analysis cannot know)'])
  })
})

describe('zip and unzip', () => {
  // zip -UN warn a.zip f: warn is -UN's value; a.zip is the archive.
  it('takes the word after -UN as its value', () => {
    expect(goldenLines('zip -q -UN warn a.zip h')).toEqual(writes('zip "/ws/a.zip" entry'))
  })

  it('reads every two-letter flag as taking no value, so the next word is the archive', () => {
    for (const flag of ['la', 'li', 'db', 'dc', 'dd', 'dg', 'du', 'dv', 'sf', 'so', 'sb', 'sc', 'sd', 'su', 'sU', 'sp', 'nw', 'ws', 'FS', 'MM', 'ic', 'll']) {
      expect(goldenLines(`zip -${flag} a.zip h`), flag).toEqual(writes('zip "/ws/a.zip" entry'))
    }
  })

  it('reads an option of three letters as a cluster, not as -lf', () => {
    expect(goldenLines('zip -lfx a.zip h')).not.toContainEqual(expect.stringContaining('zip -lf'))
  })
})

describe('7z', () => {
  it('reads listing, testing, hashing, information and benchmark as writing nothing', () => {
    for (const mode of ['l a.7z', 't a.7z', 'h a.7z', 'i', 'b']) expect(goldenLines(`7z ${mode}`), mode).toEqual(READ_ONLY)
  })

  it('writes the archive it adds to, and extracts beneath the current directory', () => {
    expect(goldenLines('7z a out.7z f')).toEqual(writes('7z "/ws/out.7z" entry'))
    expect(goldenLines('7z e a.7z')).toEqual(writes('7z extract "/ws/." beneath'))
  })

  it('reads a mode it cannot read, or no archive, as opaque', () => {
    expect(brief('7z "$M" a.7z')).toEqual(opaque('7z', 'its mode or archive is not literal'))
    expect(brief('7z a')).toEqual(opaque('7z', 'its mode or archive is not literal'))
  })
})

describe('split and csplit', () => {
  it('names at most 100 chunks exactly', () => {
    expect(goldenLines('split -n 100 big.txt p')).toHaveLength(101)
    expect(goldenLines('split -n 100 big.txt p').at(-1)).toBe('  write split "/ws/pdv" entry')
    expect(goldenLines('split -n 101 big.txt p')).toEqual(globWrite('split', '/ws/p'))
    expect(goldenLines('split -n 0 big.txt p')).toEqual(globWrite('split', '/ws/p'))
  })

  it('names suffixes of at most 8 characters exactly', () => {
    expect(goldenLines('split -n 2 -a 8 big.txt p')).toEqual(writes('split "/ws/paaaaaaaa" entry', 'split "/ws/paaaaaaab" entry'))
    expect(goldenLines('split -n 2 -a 9 big.txt p')).toEqual(globWrite('split', '/ws/p'))
    expect(goldenLines('split -n 2 -a 0 big.txt p')).toEqual(globWrite('split', '/ws/p'))
  })

  // split -n 27 -a 1 fails: "output file suffixes exhausted"; 26 one-letter suffixes fit.
  it('names the chunks only while the suffixes suffice', () => {
    expect(goldenLines('split -n 26 -a 1 big.txt p').at(-1)).toBe('  write split "/ws/pz" entry')
    expect(goldenLines('split -n 27 -a 1 big.txt p')).toEqual(globWrite('split', '/ws/p'))
    expect(goldenLines('split -n 2 -a 1 --numeric-suffixes=8 big.txt p')).toEqual(writes('split "/ws/p8" entry', 'split "/ws/p9" entry'))
    expect(goldenLines('split -n 3 -a 1 --numeric-suffixes=8 big.txt p')).toEqual(globWrite('split', '/ws/p'))
    expect(goldenLines('split -n 2 -a 1 --numeric-suffixes=10 big.txt p')).toEqual(globWrite('split', '/ws/p'))
  })

  it('reads an invalid or empty start as naming no exact chunk', () => {
    expect(goldenLines('split -n 2 --numeric-suffixes=x big.txt p')).toEqual(globWrite('split', '/ws/p'))
    expect(goldenLines('split -n 2 --numeric-suffixes= big.txt p')).toEqual(globWrite('split', '/ws/p'))
  })

  // csplit -n sets the number of digits, not a count of pieces.
  it('reads csplit -n as no chunk count', () => {
    expect(goldenLines('csplit -n 3 big.txt /x/')).toEqual(globWrite('csplit', '/ws/xx'))
  })
})

describe('ar', () => {
  it('reads x with modifiers, dashed or not, as extracting into the current directory', () => {
    expect(goldenLines('ar xv lib.a')).toEqual(writes('ar x "/ws/." beneath'))
    expect(goldenLines('ar -x lib.a')).toEqual(writes('ar x "/ws/." beneath'))
  })

  it('reads t and p as writing nothing, and other operations as writing the archive', () => {
    expect(goldenLines('ar t lib.a')).toEqual(READ_ONLY)
    expect(goldenLines('ar -p lib.a')).toEqual(READ_ONLY)
    expect(goldenLines('ar rcs lib.a f.o')).toEqual(writes('ar "/ws/lib.a" entry'))
    expect(goldenLines('ar qc lib.a f.o')).toEqual(writes('ar "/ws/lib.a" entry'))
  })
})

describe('wrappers that take option values before the command', () => {
  it('runs the command after each wrapper\'s valued options', () => {
    for (const prefix of ['nice -n 5', 'timeout -s KILL 5', 'timeout 5', 'chrt 5', 'taskset 3', 'stdbuf -o L', 'caffeinate -t 5', 'ionice -c 3', 'setsid', 'unbuffer', 'busybox', 'sudo -u root', 'doas', 'watch -x', 'watch']) {
      expect(goldenLines(`${prefix} touch f`), prefix).toEqual(writes('touch "/ws/f" entry'))
    }
  })

  // nohup appends to nohup.out in the working directory when standard output is a terminal.
  it('runs the command after nohup, which may write nohup.out', () => {
    expect(goldenLines('nohup touch f')).toEqual(writes('nohup "/ws/nohup.out" entry', 'touch "/ws/f" entry'))
  })

  // watch -x execs its arguments as they are; without it, watch joins them into a script for sh -c.
  it('keeps the words of watch -x apart and joins those of watch', () => {
    expect(goldenLines('watch -x touch \'a b\'')).toEqual(writes('touch "/ws/a b" entry'))
    expect(goldenLines('watch touch \'a b\'')).toEqual(writes('touch "/ws/a" entry', 'touch "/ws/b" entry'))
  })

  it('reads a wrapper with no command as writing nothing', () => {
    for (const command of ['nohup', 'busybox', 'timeout 5', 'taskset -p 3 touch f', 'xargs']) expect(goldenLines(command), command).toEqual(READ_ONLY)
  })
})

describe('env', () => {
  it('reads assignments of any length before the command', () => {
    expect(goldenLines('env AB=1 touch f')).toEqual(writes('touch "/ws/f" entry'))
    expect(goldenLines('env _a9=1 B=2 touch f')).toEqual(writes('touch "/ws/f" entry'))
  })

  it('runs the command in the -C directory', () => {
    expect(goldenLines('env -C sub touch f')).toEqual(writes('touch "/ws/sub/f" entry'))
    expect(goldenLines('sudo -D sub touch f')).toEqual(writes('touch "/ws/sub/f" entry'))
  })

  it('reads -S as opaque', () => {
    expect(brief('env -S \'touch f\'')).toEqual(opaque('env', '-S splits a string into a command line'))
  })
})

describe('shells', () => {
  it('reads each option that loosens globs', () => {
    for (const option of ['dotglob', 'nocaseglob', 'globasciiranges']) expect(goldenLines(`bash -O ${option} -c 'rm *'`)[0], option).toBe('= opaque (loose globs)')
    expect(goldenLines('bash -O extglob -O dotglob -c \'rm *\'')[0]).toBe('= opaque (loose globs)')
    expect(goldenLines('bash -O extglob -c \'rm *\'')[0]).toBe('= opaque')
  })

  it('gives up on expand_aliases or an option it cannot read', () => {
    const reason = '-O expand_aliases (or an option that is not literal) changes what every command name runs'
    expect(brief('bash -O expand_aliases -c ls')).toEqual(opaque('bash', reason))
    expect(brief('bash -O "$O" -c ls')).toEqual(opaque('bash', reason))
  })

  it('gives up on interactive and login shells', () => {
    for (const option of ['-i', '-l', '--login']) expect(brief(`bash ${option} -c ls`), option).toEqual(opaque('bash', 'an interactive or login shell runs startup files the analysis cannot see'))
  })

  it('says where the script it cannot see comes from', () => {
    expect(brief('bash -c')).toEqual(opaque('bash', '-c has no script'))
    expect(brief('bash script.sh')).toEqual(opaque('bash', 'it runs a script file the analysis cannot see'))
    expect(brief('cat s | bash')).toEqual(opaque('bash', 'it runs a script from standard input the analysis cannot see'))
    expect(brief('cat s | bash -s')).toEqual(opaque('bash', 'it runs a script from standard input the analysis cannot see'))
  })

  it('analyzes a here-document it reads as its script', () => {
    expect(goldenLines('bash -s <<\'EOF\'\ntouch f\nEOF')).toEqual(writes('touch "/ws/f" entry'))
    expect(goldenLines('bash /dev/stdin <<\'EOF\'\ntouch f\nEOF')).toEqual(writes('touch "/ws/f" entry'))
    // bash -s x reads its script from standard input and passes x as $1.
    expect(goldenLines('bash -s x <<\'EOF\'\ntouch f\nEOF')).toEqual(writes('touch "/ws/f" entry'))
  })
})

describe('xargs', () => {
  it('adds the input as a word the analysis cannot read', () => {
    expect(goldenLines('xargs rm')).toEqual(['= opaque', '  write rm "⟨…⟩" entry', '  ? rm: its target … is not literal (an expansion the analysis cannot know)'])
  })

  it('replaces only the words holding the replacement string', () => {
    expect(goldenLines('xargs -i touch {}.x keep')).toEqual(['= opaque', '  write touch "⟨…⟩" entry', '  write touch "/ws/keep" entry', '  ? touch: its target … is not literal (an expansion the analysis cannot know)'])
    expect(goldenLines('xargs --replace=% touch %.x keep')).toEqual(['= opaque', '  write touch "⟨…⟩" entry', '  write touch "/ws/keep" entry', '  ? touch: its target … is not literal (an expansion the analysis cannot know)'])
    expect(goldenLines('xargs -I @ touch keep {}')).toEqual(writes('touch "/ws/keep" entry', 'touch "/ws/{}" entry'))
  })
})

describe('flock, script and completion', () => {
  // flock 9 true creates the file 9; flock 9 alone locks descriptor 9.
  it('reads a number alone as a descriptor and before a command as a lock file', () => {
    expect(goldenLines('flock 9')).toEqual(READ_ONLY)
    expect(goldenLines('flock 9 touch f')).toEqual(writes('flock "/ws/9" entry', 'touch "/ws/f" entry'))
    expect(goldenLines('flock 9x')).toEqual(writes('flock "/ws/9x" entry'))
  })

  it('runs the -c script wherever it stands', () => {
    for (const command of ['flock lock -c \'touch x\'', 'flock -c \'touch x\' lock', 'flock lock --command \'touch x\'']) expect(goldenLines(command), command).toEqual(writes('flock "/ws/lock" entry', 'touch "/ws/x" entry'))
    expect(brief('flock')).toEqual(opaque('flock', 'it names no lock file'))
  })

  it('writes the typescript and each log file of script', () => {
    expect(goldenLines('script -c \'touch x\' log.txt')).toEqual(writes('script "/ws/log.txt" entry', 'touch "/ws/x" entry'))
    expect(goldenLines('script -I in.log -O out.log -B io.log -T t.log -ttm.log -c ls')).toEqual(writes('script log "/ws/in.log" entry', 'script log "/ws/out.log" entry', 'script log "/ws/io.log" entry', 'script log "/ws/t.log" entry', 'script log "/ws/tm.log" entry', 'script "/ws/typescript" entry'))
    expect(brief('script')).toEqual(['= opaque', '  write script "/ws/typescript" entry', '  opaque script: it starts an interactive shell', '  ? script: it starts an interactive shell'])
  })

  // bash's `time` keyword takes no -o; GNU time, run through `command` or `env`, writes its report there.
  it('writes the report file of GNU time -o and runs the command after it', () => {
    expect(goldenLines('command time -o t.log touch f')).toEqual(writes('time -o "/ws/t.log" entry', 'touch "/ws/f" entry'))
    expect(goldenLines('env time --output=t.log touch f')).toEqual(writes('time -o "/ws/t.log" entry', 'touch "/ws/f" entry'))
    expect(goldenLines('command time -f %e touch f')).toEqual(writes('touch "/ws/f" entry'))
  })

  it('reads sudo with no command, -e or -s as opaque', () => {
    for (const command of ['sudo', 'sudo -e f', 'sudo -s', 'sudo --login', 'sudo --login touch f', 'sudo -i touch f']) expect(brief(command), command).toEqual(opaque('sudo', 'it starts a shell or an editor'))
  })

  it('runs the command of -C and the words of -W', () => {
    // bash runs `touch x compgen '' ''`: the callback is given the command name, the word and the previous word.
    expect(goldenLines('compgen -C \'touch x\'')).toEqual(writes('touch "/ws/x" entry', 'touch "/ws/compgen" entry', 'touch "/ws/" entry', 'touch "/ws/" entry'))
    expect(goldenLines('complete -W \'$(touch x)\' cmd')).toEqual(writes('touch "/ws/x" entry'))
  })
})
