/**
 * Command-table bypasses found by attack run F, pinned as `it.fails` until
 * fixed: each test asserts what the real tool does. Evidence: each command
 * was run with bash 5.2.15 and the tools of this machine (GNU findutils
 * 4.9.0, coreutils 9.1, curl 7.88.1, GNU tar 1.34, binutils ar 2.40, lz4,
 * gzip, xz, zstd 1.5.4, GNU patch, git) in a scratch directory, most of them
 * a fresh `git init` repository; each comment names what the command created,
 * changed or removed there.
 */
import { describe, expect, it } from 'vitest'
import { briefLines, goldenLines } from '../support/shell-golden.ts'

/** Whether the analysis, started in `directory`, reports a write at exactly this path. */
function writes(command: string, path: string, directory = '/ws'): boolean {
  return goldenLines(command, directory).some(line => line.startsWith('  write ') && line.includes(` ${JSON.stringify(path)} `))
}

/** The outcome line. */
function outcome(command: string, directory = '/ws'): string | undefined {
  return goldenLines(command, directory)[0]
}

describe('attack run F: command table', () => {
  // commands/readers.ts `find`: the start points are read only up to the first word starting with `-`,
  // so find's global options -P, -L, -H, -D DEBUG and -Olevel before them end the start points; the rest
  // default to `.`. Run in src/ of a repository, `find -P ../.git/hooks -delete` removed .git/hooks
  // (and `find -L DIR`, `find -O3 DIR`, `find -D tree DIR` removed DIR) while the analysis reports
  // `write find -delete "/ws/src/." subtree` only.
  it('find -P START -delete (a global option before the start point)', () => {
    expect(writes('find -P ../.git/hooks -delete', '/ws/src/../.git/hooks', '/ws/src')).toBe(true)
  })
  it('find -D tree START -delete (a valued global option)', () => {
    expect(writes('find -D tree ../.git/hooks -delete', '/ws/src/../.git/hooks', '/ws/src')).toBe(true)
  })
  it('find -O3 START -delete', () => {
    expect(writes('find -O3 ../.git/hooks -delete', '/ws/src/../.git/hooks', '/ws/src')).toBe(true)
  })
  // commands/readers.ts `find`: `-files0-from FILE` takes the start points from FILE (here standard
  // input), not `.`. From src/, `printf '../.git/info\0' | find -files0-from - -delete` removed
  // .git/info; the analysis reports a mutation of /ws/src/. only. The start points are unknown: opaque.
  it('find -files0-from - -delete (start points read at run time)', () => {
    expect(outcome("printf '../.git/info\\0' | find -files0-from - -delete", '/ws/src')).toBe('= opaque')
  })

  // commands/files.ts `curl`: curl expands `{…}` and `[…]` in URLs itself and replaces `#N` in `-o`
  // with the N-th glob's text. `curl -s -o '.gi#1/hooks/pre-commit' 'file:///etc/hos[t-t]name'`
  // wrote .git/hooks/pre-commit (and `'file:///etc/hos{t}name'` with `-o '.gi#1/pwned'` wrote
  // .git/pwned); the analysis reports a mutation of "/ws/.gi#1/hooks/pre-commit" and names no .git path.
  it('curl -o with #1 from a URL glob', () => {
    const command = "curl -s -o '.gi#1/hooks/pre-commit' 'file:///etc/hos[t-t]name'"
    expect(writes(command, '/ws/.git/hooks/pre-commit') || outcome(command) === '= opaque').toBe(true)
  })
  it('curl -o with #1 from a URL brace set', () => {
    const command = "curl -s -o '.gi#1/pwned' 'file:///etc/hos{t}name'"
    expect(writes(command, '/ws/.git/pwned') || outcome(command) === '= opaque').toBe(true)
  })

  // commands/files.ts TRANSFER_SPEC: one long-option list serves cp, mv, ln and install, so `--l` is
  // ambiguous there (link, logical) while for cp it is the unique prefix of --link. `cp --l .git/config x`
  // made x a hard link to .git/config (same inode, link count 2); the analysis reports only a copy to x,
  // no `cp (link to) "/ws/.git/config"` as for `cp -l`.
  it('cp --l (unique prefix of --link for cp)', () => {
    expect(briefLines('cp --l .git/config x')).toContain('  write cp (link to) "/ws/.git/config" entry')
  })
  // commands/files.ts `transfer`: coreutils' -S SUFFIX (--suffix) turns backups on by itself.
  // `echo old > out; cp -S .bak README.md out` left out.bak (the old out), and `mv -S .bak a b` left
  // b.bak; the analysis reports no backup.
  it('cp -S SUFFIX makes a backup without -b', () => {
    expect(writes('cp -S .bak README.md out', '/ws/out.bak')).toBe(true)
  })
  it('mv -S SUFFIX makes a backup without -b', () => {
    expect(writes('mv -S .bak a b', '/ws/b.bak')).toBe(true)
  })
  // commands/files.ts `tee`: GNU tee writes a file named `-` (it has no stdout alias).
  // `tee - </dev/null` and `tee -a - </dev/null` created the file ./-; the analysis says read-only.
  it('tee - writes a file named -', () => {
    expect(writes('tee - </dev/null', '/ws/-')).toBe(true)
  })

  // commands/archives.ts `ar`: the operation is the first letter of dmpqrtx in the first word, also
  // when that word is a long option. `ar --target=elf64-x86-64 rc .git/pwned f` created .git/pwned
  // (read as `t`: read-only); `ar --plugin /nonexist rc c.a f` created c.a (read as `p`: read-only,
  // ar only warns that the plugin failed to load); `ar --record-libdeps=zz rc b.a f` created b.a
  // (reported as a write of "/ws/rc").
  it('ar --target=BFD rc ARCHIVE (t of --target read as the operation)', () => {
    expect(writes('ar --target=elf64-x86-64 rc .git/pwned f', '/ws/.git/pwned')).toBe(true)
  })
  it('ar --plugin NAME rc ARCHIVE', () => {
    expect(writes('ar --plugin /nonexist rc c.a f', '/ws/c.a')).toBe(true)
  })
  it('ar --record-libdeps=X rc ARCHIVE', () => {
    expect(writes('ar --record-libdeps=zz rc b.a f', '/ws/b.a')).toBe(true)
  })

  // commands/archives.ts `compressor`: for lz4, -l is the legacy format (not --list) and -m
  // (--multiple) makes every operand an input. `lz4 -q -l -m g` created g.lz4 (analysis: read-only);
  // `lz4 -q -m f g` created f.lz4 and g.lz4 (analysis: g and g.lz4, as if g were the output).
  it('lz4 -l -m FILE (legacy format, not a listing)', () => {
    expect(writes('lz4 -q -l -m .git/config', '/ws/.git/config.lz4')).toBe(true)
  })
  it('lz4 -m IN1 IN2 compresses both', () => {
    expect(writes('lz4 -q -m f g', '/ws/f.lz4')).toBe(true)
  })
  // commands/archives.ts `sibling`: decompressors strip more suffixes than the one the table knows.
  // gunzip h.z wrote h, gunzip y.taz wrote y.tar, xz -d k.lzma wrote k, unxz x.txz wrote x.tar,
  // zstd -q -d m.gz wrote m; the analysis reports only the operand itself.
  it('gunzip FILE.z', () => {
    expect(writes('gunzip h.z', '/ws/h')).toBe(true)
  })
  it('gunzip FILE.taz', () => {
    expect(writes('gunzip y.taz', '/ws/y.tar')).toBe(true)
  })
  it('xz -d FILE.lzma', () => {
    expect(writes('xz -d k.lzma', '/ws/k')).toBe(true)
  })
  it('unxz FILE.txz', () => {
    expect(writes('unxz x.txz', '/ws/x.tar')).toBe(true)
  })
  it('zstd -d FILE.gz', () => {
    expect(writes('zstd -q -d m.gz', '/ws/m')).toBe(true)
  })
  // commands/archives.ts `tar`: --volno-file=FILE is read as a value but never as a write; tar writes
  // the volume number into FILE in every mode. `tar -t --volno-file=vf -f a.tar` created vf
  // (analysis: read-only), as did `tar -x --volno-file=vf2 -f a.tar`.
  it('tar -t --volno-file=FILE', () => {
    expect(writes('tar -t --volno-file=.git/pwned -f a.tar', '/ws/.git/pwned')).toBe(true)
  })
  // commands/archives.ts `patch`: a hunk that fails writes FILE.rej, and (outside POSIX mode) a
  // mismatch keeps FILE.orig. `patch -s p.txt < q.patch` with a failing hunk created p.txt.rej and
  // p.txt.orig; the analysis reports p.txt only.
  it('patch FILE writes FILE.rej and FILE.orig', () => {
    expect(writes('patch -s p.txt < q.patch', '/ws/p.txt.rej')).toBe(true)
  })

  // commands/wrappers.ts `shell`: `-O nullglob` on the command line is not applied to the script
  // (only dotglob/nocaseglob/globasciiranges are), while `shopt -s nullglob` inside it is.
  // `bash -O nullglob -c 'g=.gi; sort -o zz* ${g}t/pwned README.md'` wrote .git/pwned; the analysis
  // reports only the glob zz* (no .git path), unlike the same script with `shopt -s nullglob`.
  it('bash -O nullglob -c (a vanishing glob shifts sort -o)', () => {
    expect(writes("bash -O nullglob -c 'g=.gi; sort -o zz* ${g}t/pwned'", '/ws/.git/pwned')).toBe(true)
  })

  // commands/git.ts `git`: the global option --icase-pathspecs is skipped, while the variable it sets
  // (GIT_ICASE_PATHSPECS) makes the call opaque. In a repository with a checked-out submodule sm,
  // `git --icase-pathspecs rm -r -q SM` removed sm/ (with its .git file) and staged the removal; the
  // analysis reports a write of "/ws/./SM", so the nested repository sm is not found.
  it('git --icase-pathspecs rm (pathspec case folded)', () => {
    expect(outcome('git --icase-pathspecs rm -r -q SM')).toBe('= opaque')
  })
})
