/**
 * Command-table bypasses an attack run found, pinned: each test asserts what
 * the program really does, and the comment gives the evidence (bash 5.2.15,
 * coreutils 9.1, git 2.39.5, zstd, unzip 6.0, binutils 2.40).
 */
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { briefLines, goldenLines } from '../support/shell-golden.ts'

/** The analysis does not claim the command only reads. */
function notReadOnly(lines: string[]): void {
  expect(lines[0]).not.toBe('= read-only')
}

/** The analysis is opaque, or reports a write at the given absolute path (or beneath a directory holding it). */
function reportsWrite(lines: string[], path: string): void {
  if (lines[0] === '= opaque') return
  const reported = lines.filter(line => /^ {2}write /.test(line)).map(line => (JSON.parse(/"(.*)"/.exec(line)?.[0] ?? '""') as string)).map(target => posix.normalize(target).replace(/\/\.?$/, ''))
  expect(reported.some(target => target === path || path.startsWith(`${target}/`))).toBe(true)
}

describe('options and environment of the command table that write or run programs', () => {
  // `diff3 --diff-program=./x.sh a b c` ran ./x.sh twice (it created PWNED_<pid> files)
  it('diff3 --diff-program runs another program', () => notReadOnly(briefLines('diff3 --diff-program=./x.sh a b c')))

  // `file --comp -m m` wrote m.mgc (getopt_long takes the prefix --comp as --compile)
  it('file --comp (prefix of --compile) writes MAGIC.mgc', () => notReadOnly(briefLines('file --comp -m m')))

  // `POSIXLY_CORRECT=1 cp pre-commit --target-directory=x .git/hooks` created .git/hooks/pre-commit
  // (options stop at the first operand, so the last operand is the directory)
  it('POSIXLY_CORRECT stops cp option parsing at the first operand', () => reportsWrite(briefLines('POSIXLY_CORRECT=1 cp pre-commit --target-directory=x .git/hooks'), '/ws/.git/hooks/pre-commit'))

  // `_POSIX2_VERSION=199209 uniq +2 in .git/hooks/pre-commit-u` created .git/hooks/pre-commit-u (+2 is the obsolete skip-chars option)
  it('_POSIX2_VERSION makes uniq read +N as an option', () => reportsWrite(briefLines('_POSIX2_VERSION=199209 uniq +2 in .git/hooks/pre-commit-u'), '/ws/.git/hooks/pre-commit-u'))

  // `xxd -len 99 xf .git/hooks/pre-commit-x` wrote the dump to .git/hooks/pre-commit-x (xxd reads -len/-cols/-seek/-groupsize/-name with a separate value)
  it('xxd -len VALUE IN OUT writes OUT', () => reportsWrite(briefLines('xxd -len 99 xf .git/hooks/pre-commit-x'), '/ws/.git/hooks/pre-commit-x'))
  it('xxd -r -p -cols VALUE IN OUT writes OUT', () => reportsWrite(briefLines('xxd -r -p -cols 8 hex .git/hooks/pre-commit'), '/ws/.git/hooks/pre-commit'))

  // `find . -maxdepth 0 -exec touch {}git/hooks/pre-commit-f \;` created .git/hooks/pre-commit-f (find replaces {} inside a word)
  it('find -exec replaces {} inside a larger argument', () => reportsWrite(briefLines('find . -maxdepth 0 -exec touch {}git/hooks/pre-commit \\;'), '/ws/.git/hooks/pre-commit'))

  // `find . -maxdepth 0 -exec tee + .git/hooks/pre-commit-t \; </dev/null` created `+` and .git/hooks/pre-commit-t
  // (`+` ends -exec only right after `{}`)
  it('find -exec: a + not preceded by {} does not end the command', () => notReadOnly(briefLines('find . -maxdepth 0 -exec tee + .git/hooks/pre-commit \\;')))

  // `script -q -o 100000 -c true .git/hooks/pre-commit-s` created .git/hooks/pre-commit-s (-o is --output-limit, with a value)
  it('script -o takes a value', () => reportsWrite(briefLines('script -q -o 100000 -c true .git/hooks/pre-commit'), '/ws/.git/hooks/pre-commit'))

  // `chmod -u .git/config` changed -rw-r--r-- to ----------; `chmod -g+w .git/config` changed it too
  it('chmod -u is a mode', () => notReadOnly(briefLines('chmod -u .git/config')))
  it('chmod -g+w is a mode', () => notReadOnly(briefLines('chmod -g+w .git/config')))

  // `chattr +A ca; chattr -A ca` — lsattr shows the A flag removed by `chattr -A`
  it('chattr -FLAG changes attributes', () => notReadOnly(briefLines('chattr -A .git/config')))

  // `TAPE=.git/hooks/pre-commit-tape tar -c a` created .git/hooks/pre-commit-tape (tar's default archive is $TAPE)
  it('TAPE names tar\'s archive', () => notReadOnly(briefLines('TAPE=.git/hooks/pre-commit tar -c a')))

  // `zstd -q -T in` and `zstd -q -B in` each created in.zst (-T/-B take only an attached number)
  it('zstd -T FILE compresses FILE', () => notReadOnly(briefLines('zstd -T in')))
  it('zstd -B FILE compresses FILE', () => notReadOnly(briefLines('zstd -B in')))

  // `zstdcat -o out in.zst` created out (a later -o overrides zstdcat's -c)
  it('zstdcat -o writes a file', () => notReadOnly(briefLines('zstdcat -o out in.zst')))

  // `unzip -q -: -d sub evil.zip` with a member ../.git/hooks/pre-commit-unzip created .git/hooks/pre-commit-unzip
  it('unzip -: lets members escape the extraction directory', () => reportsWrite(briefLines('unzip -q -: -d sub evil.zip'), '/ws/.git/hooks/pre-commit'))

  // `unzip -q evil.zip -l` extracted the member named `-l` (after the archive name it is a member pattern)
  it('unzip ARCHIVE -l extracts member -l', () => notReadOnly(briefLines('unzip -q evil.zip -l')))

  // In a directory arw: `ar vx ../a.a` extracted pre-commit-ar into arw (the operation letter may follow modifiers)
  it('ar vx extracts', () => reportsWrite(goldenLines('ar vx ../a.a', '/ws/arw'), '/ws/arw/pre-commit-ar'))

  // In /ws/s: `ar x --output=../.git/hooks ../a.a` created .git/hooks/pre-commit-ar
  it('ar x --output=DIR extracts into DIR', () => reportsWrite(goldenLines('ar x --output=../.git/hooks ../a.a', '/ws/s'), '/ws/.git/hooks/pre-commit-ar'))

  // `strace -e openat sort -S 1K -T .git big` (big = seq 1 200000) showed sort creating temporary files .git/sortXXXXXX
  it('sort -T DIR writes temporary files in DIR', () => notReadOnly(briefLines('sort -S 1K -T .git big')))

  // `patch -s -b pf < p.diff` wrote pf and the backup pf.orig
  it('patch -b writes FILE.orig', () => reportsWrite(briefLines('patch -s -b pf < p.diff'), '/ws/pf.orig'))

  // `SIMPLE_BACKUP_SUFFIX=.orig cp -b a b` created b.orig; `VERSION_CONTROL=numbered cp -b a c` created c.~1~
  it('SIMPLE_BACKUP_SUFFIX names cp\'s backup', () => reportsWrite(briefLines('SIMPLE_BACKUP_SUFFIX=.orig cp -b a b'), '/ws/b.orig'))
  it('VERSION_CONTROL numbers cp\'s backup', () => reportsWrite(briefLines('VERSION_CONTROL=numbered cp -b a c'), '/ws/c.~1~'))

  // Under a terminal (`script -qc "MANOPT=--pager=./x.sh man ls" /dev/null`) man ran ./x.sh, as it does for `man -P ./x.sh ls`
  it('MANOPT gives man its options', () => notReadOnly(briefLines('MANOPT=--pager=./x.sh man ls')))

  // With ./0 holding `echo pwned > .git/hooks/pre-commit-xargs`, `echo x | xargs --process-slot-var=BASH_ENV bash -c true`
  // created .git/hooks/pre-commit-xargs (xargs sets BASH_ENV=0 for the child)
  it('xargs --process-slot-var sets a variable for the command', () => notReadOnly(briefLines('echo x | xargs --process-slot-var=BASH_ENV bash -c true')))
})
