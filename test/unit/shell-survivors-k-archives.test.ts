/**
 * Decompressors and unzip, pinned as the real tools name their outputs: every
 * suffix each decompressor strips and what takes its place (gzip's `-gz`,
 * `-z`, `_z`, `.Z`; bzip2's `.bz`, `.tbz2`, `.tbz`; xz's and lzma's `.tlz`;
 * the xz, lzma and lz4 names zstd decompresses); a tool's own suffix still
 * stripped when `-S` names another; an empty `-S` suffix and a name that is
 * only the suffix; `gunzip -N` on a name that is not literal; unzip's `-P`
 * value that looks like `-d`.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines } from '../support/shell-golden.ts'

const writes = (...lines: string[]): string[] => ['= mutation', ...lines.map(line => `  write ${line}`)]
/** The operand and each sibling a (de)compressor may leave, all written as entries. */
const entries = (via: string, ...targets: string[]): string[] => writes(...targets.map(target => `${via} ${JSON.stringify(target)} entry`))

describe('gzip', () => {
  // gunzip a-gz, b-z, c_z and d.Z leave a, b, c and d.
  it('strips each of the suffixes -gz, -z, _z and .Z', () => {
    expect(goldenLines('gunzip a-gz b-z c_z d.Z')).toEqual(entries('gunzip', '/ws/a-gz', '/ws/a', '/ws/b-z', '/ws/b', '/ws/c_z', '/ws/c', '/ws/d.Z', '/ws/d'))
  })

  // gunzip .gz says "unknown suffix -- ignored": a name that is only the suffix has nothing left to name.
  it('names no sibling for a name that is only the suffix', () => {
    expect(goldenLines('gunzip .gz')).toEqual(entries('gunzip', '/ws/.gz'))
  })

  // gzip refuses an empty suffix ("invalid suffix ''"); an empty -S never makes the empty name a sibling.
  it('names no empty sibling for an empty -S suffix', () => {
    expect(goldenLines("gunzip -S '' a.gz")).toEqual(entries('gunzip', '/ws/a.gz', '/ws/a'))
  })

  // gunzip -N restores the name stored in the archive, in the directory of a file whose name is unknown here.
  it('reads -N on a name that is not literal as restoring any name', () => {
    expect(goldenLines('gunzip -N "d/$f"')).toEqual([
      '= opaque',
      '  write gunzip "/ws/d/⟨…⟩" entry',
      '  write gunzip -N "⟨…⟩" entry',
      '  ? gunzip: its target /ws/d/… is not literal (an expansion the analysis cannot know)',
      '  ? gunzip -N: its target … is not literal (an expansion the analysis cannot know)',
    ])
  })
})

describe('bzip2', () => {
  // bunzip2 a.bz, b.tbz2 and c.tbz leave a, b.tar and c.tar.
  it('strips .bz, and replaces .tbz2 and .tbz with .tar', () => {
    expect(goldenLines('bunzip2 a.bz b.tbz2 c.tbz')).toEqual(entries('bunzip2', '/ws/a.bz', '/ws/a', '/ws/b.tbz2', '/ws/b.tar', '/ws/c.tbz', '/ws/c.tar'))
  })

  // bzip2 has no -S (it stops at "Bad flag"); the analysis reads one anyway and still strips .bz2.
  it('still strips .bz2 when -S names another suffix', () => {
    expect(goldenLines('bunzip2 -S .x a.bz2')).toEqual(entries('bunzip2', '/ws/a.bz2', '/ws/a'))
  })
})

describe('xz and lzma', () => {
  // unxz a.tlz leaves a.tar.
  it('reads unxz as replacing .tlz with .tar', () => {
    expect(goldenLines('unxz a.tlz')).toEqual(entries('unxz', '/ws/a.tlz', '/ws/a.tar'))
  })

  // unlzma a.tlz leaves a.tar.
  it('reads unlzma as replacing .tlz with .tar', () => {
    expect(goldenLines('unlzma a.tlz')).toEqual(entries('unlzma', '/ws/a.tlz', '/ws/a.tar'))
  })

  // xz checks its known suffixes before a custom one: unlzma -S .x a.lzma leaves a.
  it('still strips .lzma when -S names another suffix', () => {
    expect(goldenLines('unlzma -S .x a.lzma')).toEqual(entries('unlzma', '/ws/a.lzma', '/ws/a'))
  })
})

describe('zstd', () => {
  // zstd -d knows .tzst, .xz, .lzma, .lz4 and .txz: it leaves a.tar, b, c, d and e.tar.
  it('strips the zstd, xz, lzma and lz4 suffixes, .tzst and .txz becoming .tar', () => {
    expect(goldenLines('unzstd a.tzst b.xz c.lzma d.lz4 e.txz')).toEqual(entries('unzstd', '/ws/a.tzst', '/ws/a.tar', '/ws/b.xz', '/ws/b', '/ws/c.lzma', '/ws/c', '/ws/d.lz4', '/ws/d', '/ws/e.txz', '/ws/e.tar'))
  })

  // zstd's -S takes no value: zstd -d -S .x a.zst ignores .x (unknown suffix) and leaves a.
  it('still strips .zst when -S is followed by another suffix', () => {
    expect(goldenLines('zstd -d -S .x a.zst')).toEqual(entries('zstd', '/ws/a.zst', '/ws/a'))
  })
})

describe('lz4', () => {
  // lz4 -d a.lz4 leaves a.
  it('strips .lz4 and nothing else', () => {
    expect(goldenLines('lz4 -d a.lz4')).toEqual(entries('lz4', '/ws/a.lz4', '/ws/a'))
  })

  // lz4's -S takes no value: lz4 -d -m -S .x a.lz4 refuses .x and leaves a.
  it('still strips .lz4 when -S is followed by another suffix', () => {
    expect(goldenLines('lz4 -d -m -S .x a.lz4')).toEqual(entries('lz4', '/ws/a.lz4', '/ws/a'))
  })
})

describe('compress', () => {
  // (N)compress has no -S ("Unknown flag: 'S'"); the analysis reads one anyway and still strips .Z.
  it('still strips .Z when -S names another suffix', () => {
    expect(goldenLines('uncompress -S .x a.Z')).toEqual(entries('uncompress', '/ws/a.Z', '/ws/a'))
  })
})

describe('brotli', () => {
  // brotli -d a.br writes a.
  it('strips .br and nothing else', () => {
    expect(goldenLines('brotli -d a.br')).toEqual(entries('brotli', '/ws/a.br', '/ws/a'))
  })

  // brotli -d -S .x a.br stops at "suffix mismatch"; the analysis still names the .br sibling.
  it('still strips .br when -S names another suffix', () => {
    expect(goldenLines('brotli -d -S .x a.br')).toEqual(entries('brotli', '/ws/a.br', '/ws/a'))
  })
})

describe('unzip: a -P value that looks like -d', () => {
  // UnZip refuses a -P value starting with `-` ("must give decryption password") and writes nothing.
  it('reads -dx after -P as the password, not as a directory', () => {
    expect(goldenLines('unzip -P -dx a.zip')).toEqual(writes('unzip "/ws/." beneath'))
  })

  // With no archive after it, UnZip stops at the same refusal.
  it('reads -dout after -P as the password when no archive is named', () => {
    expect(goldenLines('unzip -P -dout')).toEqual(writes('unzip "/ws/." beneath'))
  })
})
