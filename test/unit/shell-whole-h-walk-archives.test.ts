/**
 * Archivers and compressors, pinned as GNU tar 1.34, Info-ZIP zip 3.0 and
 * UnZip 6.0, GNU ar 2.40, GNU split and patch, gzip, xz and zstd behave:
 * which option makes tar extract, create or only read, where extraction
 * lands, which options run another program, the sibling each (de)compressor
 * writes and each name's suffix, zip's two-letter options and output names,
 * unzip's list and print modes, 7z's modes and output directory, split's
 * chunk names, patch's directory, reject and backup options, and ar's
 * operation letter.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, opaqueLines as opaque, mutationLines as writes, READ_ONLY, writeLine } from '../support/shell-golden.ts'

const w = (via: string, target: string, scope = 'entry'): string => writeLine(target, via, scope)
/** patch writing FILE: FILE, and FILE.rej and FILE.orig for a hunk that fails (no rejects with -r). */
const patched = (file: string, rejects = true): string[] => [w('patch', file), ...(rejects ? [w('patch (rejects)', `${file}.rej`)] : []), w('patch (backup)', `${file}.orig`)]
/** patch -o OUT: OUT, and OUT.rej. */
const output = (file: string): string[] => [w('patch -o', file), w('patch -o (rejects)', `${file}.rej`)]
const NOT_LITERAL = 'an argument could be an option but is not literal'

describe('tar: what it writes', () => {
  it('extracts beneath the current directory for -x, --extract, --get, the old-style x and abbreviations', () => {
    for (const command of ['tar -xf a.tar', 'tar xzf a.tar', 'tar --extract -f a.tar', 'tar --get -f a.tar', 'tar --extr -f a.tar', 'tar --ge -f a.tar', 'bsdtar -xf a.tar']) {
      expect(goldenLines(command), command).toEqual(writes(w('tar -x', '/ws/.', 'beneath')))
    }
  })

  // `tar --del -f a.tar b` fails: --del may be --delete or --delay-directory-restore.
  it('reads an ambiguous abbreviation as no mode', () => {
    expect(goldenLines('tar --del -f a.tar b')).toEqual(READ_ONLY)
  })

  // `tar cf` fails: f requires an argument.
  it('reads nothing from an old-style value letter without its word', () => {
    expect(goldenLines('tar cf')).toEqual(READ_ONLY)
  })

  it('reads an empty first word as an operand, not as old-style letters', () => {
    expect(goldenLines("tar '' a")).toEqual(READ_ONLY)
  })

  it('gives old-style value letters their words in order, f then g', () => {
    expect(goldenLines('tar xfg a.tar snap')).toEqual(writes(w('tar -g', '/ws/snap'), w('tar -x', '/ws/.', 'beneath')))
  })

  it('extracts to standard output with -O or --to-stdout, writing nothing', () => {
    expect(goldenLines('tar -xf a.tar -O')).toEqual(READ_ONLY)
    expect(goldenLines('tar -xf a.tar --to-stdout')).toEqual(READ_ONLY)
    expect(goldenLines('tar -xf a.tar --to-s')).toEqual(READ_ONLY)
  })

  it('is opaque about extraction with -P or --absolute-names', () => {
    const lines = opaque('tar', 'with -P (--absolute-names) members land wherever their names say')
    expect(brief('tar -xPf a.tar')).toEqual(lines)
    expect(brief('tar --extract --absolute-names -f a.tar')).toEqual(lines)
    expect(brief('tar -x --abs -f a.tar')).toEqual(lines)
  })

  it('ignores -P when creating', () => {
    expect(goldenLines('tar -cPf a.tar /etc')).toEqual(writes(w('tar', '/ws/a.tar')))
  })

  // `tar -xf a.tar -C out -C sub` extracts into out/sub: each relative -C is taken from the one before.
  it('extracts beneath each -C, a later relative one joined to the one before', () => {
    expect(goldenLines('tar -xf a.tar -C out -C sub')).toEqual(writes(w('tar -x', '/ws/out', 'beneath'), w('tar -x', '/ws/out/sub', 'beneath')))
    expect(goldenLines('tar -xf a.tar --directory=/abs -C sub')).toEqual(writes(w('tar -x', '/abs', 'beneath'), w('tar -x', '/abs/sub', 'beneath')))
    expect(goldenLines('tar -xf a.tar --direc out')).toEqual(writes(w('tar -x', '/ws/out', 'beneath')))
  })

  // `tar -xf a.tar -C out --one-top-level=top` puts the members in out/top.
  it('extracts --one-top-level=DIR beneath the directory', () => {
    expect(goldenLines('tar -xf a.tar --one-top-level=top')).toEqual(writes(w('tar -x', '/ws/.', 'beneath'), w('tar --one-top-level', '/ws/./top', 'beneath')))
    expect(goldenLines('tar -xf a.tar --one-t=top')).toEqual(writes(w('tar -x', '/ws/.', 'beneath'), w('tar --one-top-level', '/ws/./top', 'beneath')))
    expect(goldenLines('tar -xf a.tar -C out --one-top-level=top')).toEqual(writes(w('tar -x', '/ws/out', 'beneath'), w('tar --one-top-level', '/ws/out/top', 'beneath')))
  })

  it('writes the archive for every mode that changes it, long, short and abbreviated', () => {
    for (const command of ['tar -cf a.tar b', 'tar --create -f a.tar b', 'tar --cre -f a.tar b', 'tar -rf a.tar b', 'tar --append -f a.tar b', 'tar --app -f a.tar b',
      'tar -uf a.tar b', 'tar --update -f a.tar b', 'tar --upd -f a.tar b', 'tar -Af a.tar b.tar', 'tar --catenate -f a.tar b.tar', 'tar --cat -f a.tar b.tar',
      'tar --concatenate -f a.tar b.tar', 'tar --conc -f a.tar b.tar', 'tar --delete -f a.tar b', 'tar --dele -f a.tar b', 'tar cf a.tar b', 'tar --file=a.tar -c b']) {
      expect(goldenLines(command), command).toEqual(writes(w('tar', '/ws/a.tar')))
    }
  })

  it('writes nothing when the archive is standard output, and nothing for a listing', () => {
    expect(goldenLines('tar cf - b')).toEqual(READ_ONLY)
    expect(goldenLines('tar -tf a.tar')).toEqual(READ_ONLY)
    expect(goldenLines('tar --list -f a.tar b')).toEqual(READ_ONLY)
  })

  it('removes each member with --remove-files, but only when creating', () => {
    expect(goldenLines('tar -cf a.tar --remove-files b c')).toEqual(writes(w('tar', '/ws/a.tar'), w('tar --remove-files', '/ws/b', 'subtree'), w('tar --remove-files', '/ws/c', 'subtree')))
    expect(goldenLines('tar -cf a.tar --remove b')).toEqual(writes(w('tar', '/ws/a.tar'), w('tar --remove-files', '/ws/b', 'subtree')))
    expect(goldenLines('tar -tf a.tar --remove-files b')).toEqual(READ_ONLY)
  })

  it('writes the --index-file and the -g snapshot, but not a /dev/null snapshot', () => {
    expect(goldenLines('tar -cf a.tar --index-file=idx b')).toEqual(writes(w('tar --index-file', '/ws/idx'), w('tar', '/ws/a.tar')))
    expect(goldenLines('tar -cf a.tar --ind idx b')).toEqual(writes(w('tar --index-file', '/ws/idx'), w('tar', '/ws/a.tar')))
    expect(goldenLines('tar -cf a.tar -g snap b')).toEqual(writes(w('tar -g', '/ws/snap'), w('tar', '/ws/a.tar')))
    expect(goldenLines('tar -cf a.tar --listed-incremental snap b')).toEqual(writes(w('tar -g', '/ws/snap'), w('tar', '/ws/a.tar')))
    expect(goldenLines('tar -cf a.tar -g /dev/null b')).toEqual(writes(w('tar', '/ws/a.tar')))
    expect(goldenLines('tar -tf a.tar --index-file idx')).toEqual(writes(w('tar --index-file', '/ws/idx')))
  })
})

describe('tar: options that run another program', () => {
  it('is opaque for each', () => {
    const lines = opaque('tar', 'an option runs another program')
    for (const option of ['-I gzip', '-Igzip', '-F x', '--use-compress-program=x', '--use x', '--info-script=x', '--new-volume-script=x', '--to-command=x', '--to-c x',
      '--checkpoint-action=exec=x', '--rmt-command=x', '--rsh-command=x', '--set-mtime-command=x']) {
      expect(brief(`tar -cf a.tar ${option} b`), option).toEqual(lines)
    }
  })

  it('is opaque when an argument may be an option but is not literal', () => {
    expect(brief('tar -cf a.tar $X')).toEqual(opaque('tar', NOT_LITERAL))
    expect(brief('tar $X')).toEqual(opaque('tar', NOT_LITERAL))
  })
})

describe('compressors: each name, its suffix and its sibling', () => {
  it('replaces a file by its compressed sibling', () => {
    const suffixes: Record<string, string> = { gzip: '.gz', pigz: '.gz', bzip2: '.bz2', pbzip2: '.bz2', xz: '.xz', lzma: '.lzma', zstd: '.zst', lz4: '.lz4', compress: '.Z', brotli: '.br' }
    for (const [name, suffix] of Object.entries(suffixes)) expect(goldenLines(`${name} a`), name).toEqual(writes(w(name, '/ws/a'), w(name, `/ws/a${suffix}`)))
  })

  it('replaces a compressed file by its decompressed sibling', () => {
    const suffixes: Record<string, string> = { gunzip: '.gz', unpigz: '.gz', bunzip2: '.bz2', unxz: '.xz', unlzma: '.lzma', unzstd: '.zst', uncompress: '.Z' }
    for (const [name, suffix] of Object.entries(suffixes)) expect(goldenLines(`${name} a${suffix}`), name).toEqual(writes(w(name, `/ws/a${suffix}`), w(name, '/ws/a')))
  })

  // `gunzip a.tgz` leaves a.tar; `xz -d a.gz` refuses the unknown suffix.
  it('names a .tgz file\'s sibling .tar and names none for an unknown suffix', () => {
    expect(goldenLines('gunzip a.tgz')).toEqual(writes(w('gunzip', '/ws/a.tgz'), w('gunzip', '/ws/a.tar')))
    expect(goldenLines('gunzip a.txt')).toEqual(writes(w('gunzip', '/ws/a.txt')))
    expect(goldenLines('xz -d a.gz')).toEqual(writes(w('xz', '/ws/a.gz')))
  })

  it('decompresses with -d, --decompress and --uncompress', () => {
    for (const option of ['-d', '--decompress', '--uncompress', '-dk']) expect(goldenLines(`gzip ${option} a.gz`), option).toEqual(writes(w('gzip', '/ws/a.gz'), w('gzip', '/ws/a')))
  })

  it('writes nothing when writing standard output, listing or testing', () => {
    for (const option of ['-c', '--stdout', '--to-stdout', '-l', '--list', '-t', '--test', '-dc']) expect(goldenLines(`gzip ${option} a.gz`), option).toEqual(READ_ONLY)
  })

  it('writes only the -o or --output file', () => {
    expect(goldenLines('zstd -o out a')).toEqual(writes(w('zstd', '/ws/out')))
    expect(goldenLines('zstd --output out a')).toEqual(writes(w('zstd', '/ws/out')))
    expect(goldenLines('zstd -oout a')).toEqual(writes(w('zstd', '/ws/out')))
  })

  // `zstd --output-dir-flat d a` writes d/a.zst.
  it('writes beneath --output-dir-flat and --output-dir-mirror', () => {
    for (const option of ['--output-dir-flat', '--output-dir-mirror']) {
      expect(goldenLines(`zstd ${option} d a`), option).toEqual(writes(w('zstd --output-dir', '/ws/d', 'beneath'), w('zstd', '/ws/a'), w('zstd', '/ws/a.zst')))
    }
  })

  it('writes a whole directory, without a sibling, with -r or --recursive', () => {
    expect(goldenLines('zstd -r d')).toEqual(writes(w('zstd', '/ws/d', 'subtree')))
    expect(goldenLines('gzip --recursive d')).toEqual(writes(w('gzip', '/ws/d', 'subtree')))
  })

  it('uses the -S or --suffix suffix, and is opaque when it is not literal', () => {
    expect(goldenLines('gzip -S .x a')).toEqual(writes(w('gzip', '/ws/a'), w('gzip', '/ws/a.x')))
    expect(goldenLines('gzip --suffix .x a')).toEqual(writes(w('gzip', '/ws/a'), w('gzip', '/ws/a.x')))
    expect(goldenLines('gzip -d -S .x a.x')).toEqual(writes(w('gzip', '/ws/a.x'), w('gzip', '/ws/a')))
    expect(brief('gzip -S $S a')).toEqual(opaque('gzip', 'its suffix is not literal'))
    expect(brief('gzip $X')).toEqual(opaque('gzip', NOT_LITERAL))
  })

  it('skips - (standard input)', () => {
    expect(goldenLines('gzip - a')).toEqual(writes(w('gzip', '/ws/a'), w('gzip', '/ws/a.gz')))
    expect(goldenLines('gzip -')).toEqual(READ_ONLY)
  })

  // `lz4 a b` compresses a into b; with three files it treats each as an input.
  it('reads lz4\'s second of two operands as its output', () => {
    expect(goldenLines('lz4 a b')).toEqual(writes(w('lz4', '/ws/b'), w('lz4', '/ws/b.lz4')))
    expect(goldenLines('lz4 a b c')).toEqual(writes(w('lz4', '/ws/a'), w('lz4', '/ws/a.lz4'), w('lz4', '/ws/b'), w('lz4', '/ws/b.lz4'), w('lz4', '/ws/c'), w('lz4', '/ws/c.lz4')))
    expect(goldenLines('gzip a b')).toEqual(writes(w('gzip', '/ws/a'), w('gzip', '/ws/a.gz'), w('gzip', '/ws/b'), w('gzip', '/ws/b.gz')))
  })

  // `xz --threads 4 a` compresses only a: these long options take the next word.
  it('gives valued long options the next word', () => {
    for (const option of ['--threads 4', '--memory 1', '--format xz']) expect(goldenLines(`xz ${option} a`), option).toEqual(writes(w('xz', '/ws/a'), w('xz', '/ws/a.xz')))
    expect(goldenLines('zstd --patch-from P a')).toEqual(writes(w('zstd', '/ws/a'), w('zstd', '/ws/a.zst')))
    expect(goldenLines('zstd -D D a')).toEqual(writes(w('zstd', '/ws/a'), w('zstd', '/ws/a.zst')))
    expect(goldenLines('pigz -p 2 a')).toEqual(writes(w('pigz', '/ws/a'), w('pigz', '/ws/a.gz')))
    expect(goldenLines('pigz -b 128 a')).toEqual(writes(w('pigz', '/ws/a'), w('pigz', '/ws/a.gz')))
  })
})

describe('zstdcat', () => {
  it('writes standard output unless -o or --output names a file', () => {
    expect(goldenLines('zstdcat a.zst')).toEqual(READ_ONLY)
    expect(goldenLines('zstdcat -o out a.zst')).toEqual(writes(w('zstdcat -o', '/ws/out')))
    expect(goldenLines('zstdcat --output out a.zst')).toEqual(writes(w('zstdcat -o', '/ws/out')))
    expect(goldenLines('zstdcat -D -o a.zst')).toEqual(READ_ONLY)
    expect(goldenLines('zstdcat --patch-from -o a.zst')).toEqual(READ_ONLY)
    expect(brief('zstdcat $X')).toEqual(opaque('zstdcat', NOT_LITERAL))
  })
})

describe('zip', () => {
  it('writes the archive, or the -O / --output-file archive instead', () => {
    expect(goldenLines('zip a.zip b')).toEqual(writes(w('zip', '/ws/a.zip')))
    expect(goldenLines('zip -O out.zip a.zip b')).toEqual(writes(w('zip', '/ws/out.zip')))
    expect(goldenLines('zip --output-file out.zip a.zip b')).toEqual(writes(w('zip', '/ws/out.zip')))
    expect(goldenLines('zip --out out.zip a.zip b')).toEqual(writes(w('zip', '/ws/out.zip')))
    expect(goldenLines('zip - b')).toEqual(READ_ONLY)
    expect(goldenLines('zip')).toEqual(READ_ONLY)
  })

  // `zip -m a.zip b c` deletes b and c once they are in the archive.
  it('removes the members with -m or --move', () => {
    for (const option of ['-m', '--move', '-rm']) {
      expect(goldenLines(`zip ${option} a.zip b c`), option).toEqual(writes(w('zip', '/ws/a.zip'), w('zip -m', '/ws/b', 'subtree'), w('zip -m', '/ws/c', 'subtree')))
    }
  })

  it('gives valued one-letter options their word', () => {
    for (const option of ['-b t', '-n .gz', '-P pw', '-Z store', '-t 2020', '-tt 2020', '-ds 10m', '--temp-path t', '--suffixes .gz', '--password pw', '--compression-method store', '--from-date 2020', '--before-date 2020', '--split-size 1m']) {
      expect(goldenLines(`zip ${option} a.zip b`), option).toEqual(writes(w('zip', '/ws/a.zip')))
    }
  })

  it('reads flag-like two-letter options as flags', () => {
    for (const option of ['-la', '-li', '-db', '-dc', '-dd', '-dg', '-du', '-dv', '-so', '-sb', '-sc', '-sd', '-su', '-sU', '-sp', '-nw', '-ws', '-FS', '-MM', '-ic', '-ll']) {
      expect(goldenLines(`zip ${option} a.zip b`), option).toEqual(writes(w('zip', '/ws/a.zip')))
    }
    expect(goldenLines('zip -UN quote a.zip b')).toEqual(writes(w('zip', '/ws/a.zip')))
  })

  // `zip -llm a.zip c` reads -ll then -m, and removes c; `zip a.zip b-lf c` only adds b-lf and c.
  it('reads a two-letter option only as a whole dashed word', () => {
    expect(goldenLines('zip -llm a.zip c')).toEqual(writes(w('zip', '/ws/a.zip'), w('zip -m', '/ws/c', 'subtree')))
    expect(goldenLines('zip a.zip b-lf c')).toEqual(writes(w('zip', '/ws/a.zip')))
  })

  // `zip -O out.zip -m a.zip d` writes out.zip and removes d, keeping a.zip.
  it('moves only the members after the archive when -O names the output', () => {
    expect(goldenLines('zip -O out.zip -m a.zip d')).toEqual(writes(w('zip', '/ws/out.zip'), w('zip -m', '/ws/d', 'subtree')))
    expect(goldenLines('zip --output-f o2.zip -m a.zip h')).toEqual(writes(w('zip', '/ws/o2.zip'), w('zip -m', '/ws/h', 'subtree')))
    expect(goldenLines('zip --mov a.zip c2')).toEqual(writes(w('zip', '/ws/a.zip'), w('zip -m', '/ws/c2', 'subtree')))
  })

  // A log name with an extension is used as given (`-lf log.txt` wrote log.txt).
  it('writes the -lf log file and gives it its word', () => {
    expect(goldenLines('zip -lf log.txt a.zip b')).toEqual(writes(w('zip -lf', '/ws/log.txt'), w('zip', '/ws/a.zip')))
  })

  it('is opaque when -lf names no log file', () => {
    expect(brief('zip a.zip b -lf')).toEqual(opaque('zip', '-lf names no log file'))
  })

  it('writes the --logfile-path log file', () => {
    expect(goldenLines('zip -q --logfile-path log.txt a.zip b')).toEqual(writes(w('zip --logfile-path', '/ws/log.txt'), w('zip', '/ws/a.zip')))
  })

  it('is opaque for -TT and --unzip-command, which run another program', () => {
    expect(brief('zip -TT cmd a.zip b')).toEqual(opaque('zip', '-TT runs another program'))
    expect(brief('zip --unzip-command cmd a.zip b')).toEqual(opaque('zip', '--unzip-command runs another program'))
    expect(brief('zip --unzip-c cmd a.zip b')).toEqual(opaque('zip', '--unzip-command runs another program'))
  })

  it('is opaque when an argument is not literal', () => {
    expect(brief('zip $X a.zip')).toEqual(opaque('zip', NOT_LITERAL))
  })
})

describe('unzip: list, test and print modes only read', () => {
  it('writes nothing for -l, -t, -v, -Z, -z, -p and -c', () => {
    for (const option of ['-l', '-t', '-v', '-Z', '-z', '-p', '-c', '-ql', '-qql']) expect(goldenLines(`unzip ${option} a.zip`), option).toEqual(READ_ONLY)
  })

  it('extracts beneath the current directory or the -d directory', () => {
    expect(goldenLines('unzip a.zip')).toEqual(writes(w('unzip', '/ws/.', 'beneath')))
    expect(goldenLines('unzip -o a.zip')).toEqual(writes(w('unzip', '/ws/.', 'beneath')))
    expect(goldenLines('unzip -d out a.zip')).toEqual(writes(w('unzip', '/ws/out', 'beneath')))
    expect(goldenLines('unzip -dout a.zip')).toEqual(writes(w('unzip', '/ws/out', 'beneath')))
    expect(goldenLines('unzip -d out a.zip -d other')).toEqual(writes(w('unzip', '/ws/out', 'beneath')))
    expect(goldenLines('unzip a.zip -x m -d out')).toEqual(writes(w('unzip', '/ws/out', 'beneath')))
    expect(goldenLines('unzip a.zip -d')).toEqual(writes(w('unzip', '/ws/.', 'beneath')))
  })

  // `unzip -dq out -l` extracts the member -l of the archive out into q: -d takes the rest of its word.
  it('reads a cluster that does not end in d or P as taking no word', () => {
    expect(goldenLines('unzip -dq out -l')).toEqual(writes(w('unzip', '/ws/q', 'beneath')))
  })

  it('reads a value that merely holds -d as a value', () => {
    expect(goldenLines('unzip -d my-d a.zip -l')).toEqual(writes(w('unzip', '/ws/my-d', 'beneath')))
  })

  it('reads an attached -dDIR after the archive as the directory', () => {
    expect(goldenLines('unzip a.zip -dout')).toEqual(writes(w('unzip', '/ws/out', 'beneath')))
    expect(goldenLines('unzip a.zip m-d out')).toEqual(writes(w('unzip', '/ws/.', 'beneath')))
  })

  it('is opaque for -: before the archive', () => {
    expect(brief('unzip -o: a.zip')).toEqual(opaque('unzip', '-: keeps ../ in member names, so they may be written anywhere'))
    expect(brief('unzip -:o a.zip')).toEqual(opaque('unzip', '-: keeps ../ in member names, so they may be written anywhere'))
  })

  it('is opaque when an argument is not literal', () => {
    expect(brief('unzip $X')).toEqual(opaque('unzip', NOT_LITERAL))
    expect(brief('unzip a.zip $M')).toEqual(opaque('unzip', NOT_LITERAL))
  })
})

describe('7z', () => {
  it('writes the archive for every other mode, under each name', () => {
    for (const command of ['7z a a.7z b', '7za a a.7z b', '7zr a a.7z b', '7z u a.7z b', '7z d a.7z b', '7z rn a.7z b c', '7z a -tzip a.7z b']) {
      expect(goldenLines(command), command).toEqual(writes(w('7z', '/ws/a.7z')))
    }
  })

  it('only reads for l, t, h, i and b', () => {
    for (const mode of ['l', 't', 'h', 'i', 'b']) expect(goldenLines(`7z ${mode} a.7z`), mode).toEqual(READ_ONLY)
  })

  it('extracts x and e beneath the -o directory or the current one', () => {
    expect(goldenLines('7z x a.7z')).toEqual(writes(w('7z extract', '/ws/.', 'beneath')))
    expect(goldenLines('7z e a.7z')).toEqual(writes(w('7z extract', '/ws/.', 'beneath')))
    expect(goldenLines('7z x a.7z -oout')).toEqual(writes(w('7z extract', '/ws/out', 'beneath')))
    expect(goldenLines('7z x -y -oout a.7z')).toEqual(writes(w('7z extract', '/ws/out', 'beneath')))
    expect(goldenLines('7z x a.7z -o')).toEqual(writes(w('7z extract', '/ws/.', 'beneath')))
  })

  it('is opaque when an argument, the mode or the archive is not known', () => {
    expect(brief('7z x $X')).toEqual(opaque('7z', 'an argument is not literal, so the archive or output directory is unknown'))
    expect(brief('7z $M a.7z b')).toEqual(opaque('7z', 'its mode or archive is not literal'))
    expect(brief('7z a')).toEqual(opaque('7z', 'its mode or archive is not literal'))
    expect(brief('7z a -y')).toEqual(opaque('7z', 'its mode or archive is not literal'))
  })
})

describe('split: chunk names', () => {
  const names = (...suffixes: string[]): string[] => writes(...suffixes.map(suffix => w('split', `/ws/x${suffix}`)))
  const unknown = ['= opaque', w('split', '/ws/x⟨*⟩'), '  ? split: its target /ws/x* is not literal (a glob)']

  // Each expectation below is what GNU split 9.1 wrote for a 292-byte file.
  it('names -n N chunks in letters, decimal or hexadecimal, from a start', () => {
    expect(goldenLines('split -n 3 f')).toEqual(names('aa', 'ab', 'ac'))
    expect(goldenLines('split --number 2 f')).toEqual(names('aa', 'ab'))
    expect(goldenLines('split -n 3 --numeric-suffixes=5 f')).toEqual(names('05', '06', '07'))
    expect(goldenLines('split -n 11 -x -d f')).toEqual(names('00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10'))
    expect(goldenLines('split -n 11 -d -x f')).toEqual(names('00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '0a'))
    expect(goldenLines('split -n 2 --numeric f')).toEqual(names('00', '01'))
    expect(goldenLines('split -n 11 --hex f').at(-1)).toBe(w('split', '/ws/x0a'))
    expect(goldenLines('split -n 2 --hex-suffixes=9 f')).toEqual(names('09', '0a'))
    expect(goldenLines('split -n 2 --numeric-suffixes=98 -a 2 f')).toEqual(names('98', '99'))
    expect(goldenLines('split -n 2 -a 8 f')).toEqual(names('aaaaaaaa', 'aaaaaaab'))
    expect(goldenLines('split -n 3 --suffix-length 3 f')).toEqual(names('aaa', 'aab', 'aac'))
    expect(goldenLines('split -n 2 --additional-suffix .t -x f')).toEqual(names('00.t', '01.t'))
    expect(goldenLines('split -n 3 f pre')).toEqual(writes(w('split', '/ws/preaa'), w('split', '/ws/preab'), w('split', '/ws/preac')))
  })

  it('names all 26 one-letter chunks and no more', () => {
    expect(goldenLines('split -n 26 -a 1 f').length).toBe(27)
    expect(goldenLines('split -n 26 -a 1 f').at(-1)).toBe(w('split', '/ws/xz'))
    expect(goldenLines('split -n 27 -a 1 f')).toEqual(unknown)
  })

  it('names no chunks it cannot count exactly', () => {
    for (const options of ['-n 0', '-n 101', '-n 2.5', '-n l/3', '-n $N', '-n 2 -a 0', '-n 1 -a 0', '-n 2 --numeric-suffixes=1x', '-n 2 -a 9', '-n 2 -a 1.5', '-n 2 --numeric-suffixes=x', '-n 2 --numeric-suffixes=',
      '-n 2 --numeric-suffixes=123 -a 2', '-n 2 --numeric-suffixes=99 -a 2', '-n 2 --additional-suffix $S', '-b 10', '-l 10', '-C 10']) {
      expect(goldenLines(`split ${options} f`), options).toEqual(unknown)
    }
  })

  it('names exactly 100 chunks but not 101', () => {
    expect(goldenLines('split -n 100 f').length).toBe(101)
  })

  it('is opaque for --filter and for an argument that is not literal', () => {
    expect(brief('split --filter cmd f')).toEqual(opaque('split', '--filter runs a command'))
    expect(brief('split --fil=cmd f')).toEqual(opaque('split', '--filter runs a command'))
    expect(brief('split $X f')).toEqual(opaque('split', NOT_LITERAL))
  })

  it('gives value options their word', () => {
    for (const options of ['-t , f', '-a 3 f', '-b 1 f', '-C 1 f', '-l 1 f', '--separator , f', '--bytes 1 f', '--line-bytes 1 f', '--lines 1 f']) {
      expect(goldenLines(`split ${options}`), options).toEqual(unknown)
    }
  })

  it('names csplit pieces from xx or the -f / --prefix prefix', () => {
    expect(goldenLines('csplit f 3')).toEqual(['= opaque', w('csplit', '/ws/xx⟨*⟩'), '  ? csplit: its target /ws/xx* is not literal (a glob)'])
    expect(goldenLines('csplit -f pre f 3')).toEqual(['= opaque', w('csplit', '/ws/pre⟨*⟩'), '  ? csplit: its target /ws/pre* is not literal (a glob)'])
    expect(goldenLines('csplit --prefix pre f 3')).toEqual(['= opaque', w('csplit', '/ws/pre⟨*⟩'), '  ? csplit: its target /ws/pre* is not literal (a glob)'])
    expect(goldenLines('csplit -n 3 f 3')).toEqual(['= opaque', w('csplit', '/ws/xx⟨*⟩'), '  ? csplit: its target /ws/xx* is not literal (a glob)'])
  })
})

describe('patch', () => {
  it('writes the named file, beneath the -d directory', () => {
    expect(goldenLines('patch f')).toEqual(writes(...patched('/ws/f')))
    expect(goldenLines('patch -d sub f')).toEqual(writes(...patched('/ws/sub/f')))
    expect(goldenLines('patch --directory sub f')).toEqual(writes(...patched('/ws/sub/f')))
    expect(goldenLines('patch')).toEqual(writes(w('patch', '/ws/.', 'beneath')))
    expect(goldenLines('patch -d sub')).toEqual(writes(w('patch', '/ws/sub', 'beneath')))
    expect(goldenLines('patch --input p.diff')).toEqual(writes(w('patch', '/ws/.', 'beneath')))
    expect(goldenLines('patch -i p.diff f')).toEqual(writes(...patched('/ws/f')))
  })

  it('writes nothing with --dry-run', () => {
    expect(goldenLines('patch --dry-run f')).toEqual(READ_ONLY)
  })

  it('writes the reject file, except -, beneath the -d directory', () => {
    expect(goldenLines('patch -r rej f')).toEqual(writes(w('patch -r', '/ws/rej'), ...patched('/ws/f', false)))
    expect(goldenLines('patch --reject-file rej f')).toEqual(writes(w('patch -r', '/ws/rej'), ...patched('/ws/f', false)))
    expect(goldenLines('patch -r - f')).toEqual(writes(...patched('/ws/f', false)))
    expect(goldenLines('patch -d sub -r rej f')).toEqual(writes(w('patch -r', '/ws/sub/rej'), ...patched('/ws/sub/f', false)))
  })

  it('writes only the -o output, except -, beneath the -d directory', () => {
    expect(goldenLines('patch -o out f')).toEqual(writes(...output('/ws/out')))
    expect(goldenLines('patch --output out f')).toEqual(writes(...output('/ws/out')))
    expect(goldenLines('patch -o - f')).toEqual(READ_ONLY)
    expect(goldenLines('patch -d sub -o out f')).toEqual(writes(...output('/ws/sub/out')))
  })

  it('is opaque about backup files', () => {
    for (const option of ['-B pre/', '--prefix pre/', '-Y pre/', '--basename-prefix pre/']) {
      expect(brief(`patch ${option} f`), option).toEqual(opaque('patch -B', 'backup files are named from the files the patch changes'))
    }
    for (const option of ['-b', '--backup', '-V numbered', '--version-control numbered', '-z .orig', '--suffix .orig']) {
      expect(brief(`patch ${option} f`), option).toEqual(opaque('patch -b', 'backup files are named from the files the patch changes'))
    }
    expect(goldenLines('patch -B pre/ f')[1]).toContain('words ["/ws/pre/⟨…⟩"]')
  })

  it('gives valued options their word', () => {
    for (const option of ['-p 1', '-D X', '-F 2', '--strip 1', '--ifdef X', '--fuzz 2', '--quoting-style c', '-i p.diff']) {
      expect(goldenLines(`patch ${option} f`), option).toEqual(writes(...patched('/ws/f')))
    }
  })

  it('is opaque when an argument is not literal', () => {
    expect(brief('patch $X')).toEqual(opaque('patch', NOT_LITERAL))
  })
})

describe('ar: the operation letter', () => {
  it('writes the archive for r, q, d and m, with or without a dash and modifiers', () => {
    for (const command of ['ar r lib.a o', 'ar rcs lib.a o', 'ar -r lib.a o', 'ar -rv lib.a o', 'ar q lib.a o', 'ar d lib.a o', 'ar m lib.a o', 'ar cr lib.a', 'ar r -v lib.a', 'ar vr lib.a o']) {
      expect(goldenLines(command), command).toEqual(writes(w('ar', '/ws/lib.a')))
    }
  })

  it('only reads for t and p', () => {
    for (const command of ['ar t lib.a', 'ar p lib.a', 'ar vt lib.a', 'ar -t lib.a']) expect(goldenLines(command), command).toEqual(READ_ONLY)
  })

  it('extracts beneath the current directory or the --output directory, wherever it stands', () => {
    expect(goldenLines('ar x lib.a')).toEqual(writes(w('ar x', '/ws/.', 'beneath')))
    expect(goldenLines('ar xv lib.a')).toEqual(writes(w('ar x', '/ws/.', 'beneath')))
    for (const command of ['ar x lib.a --output out', 'ar --output out x lib.a', 'ar --output=out x lib.a', 'ar x --output=out lib.a']) {
      expect(goldenLines(command), command).toEqual(writes(w('ar x', '/ws/out', 'beneath')))
    }
  })

  it('is opaque without a known operation, an archive or a literal argument', () => {
    expect(brief('ar s lib.a')).toEqual(opaque('ar', 'its operation is not one the analysis knows'))
    expect(brief('ar')).toEqual(opaque('ar', 'its operation is not one the analysis knows'))
    expect(brief('ar --output')).toEqual(opaque('ar', 'its operation is not one the analysis knows'))
    expect(brief('ar r')).toEqual(opaque('ar', 'it names no archive'))
    expect(brief('ar r -v')).toEqual(opaque('ar', 'it names no archive'))
    expect(brief('ar $X lib.a')).toEqual(opaque('ar', 'an argument is not literal'))
  })
})
