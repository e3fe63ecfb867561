/**
 * Word splitting of numbers, declarations the analysis cannot read, integer
 * assignments outside plain `NAME=value`, `unzip -d` and `git add -e`,
 * pinned: each case asserts what the command really does. Evidence: bash
 * 5.2.15, git 2.39.5 and UnZip 6.00 in a scratch directory, checked with ls
 * and git status.
 */
import { describe, expect, it } from 'vitest'
import { briefLines, goldenLines, READ_ONLY } from '../support/shell-golden.ts'

/** The analysis reports a write at exactly this path (or is opaque). */
function reportsWrite(command: string, path: string): void {
  const found = briefLines(command)
  expect(found[0] === '= opaque' || found.some(line => line.startsWith('  write ') && line.includes(` ${JSON.stringify(path)} `)), found.join('\n')).toBe(true)
}

describe('numbers split on an IFS that may hold digits', () => {
  // bash: `IFS=1; echo rm -rf .gi[t]$((1))x` prints `rm -rf .git x`.
  it('an unquoted $((…)) after IFS changed may split a word', () => {
    expect(goldenLines('IFS=1; rm -rf .gi[t]$((1))x')).toContain('  write rm "/ws/.gi⟨[t]⟩⟨…⟩x" subtree')
  })
  it('so may $? and ${#x}', () => {
    expect(goldenLines('IFS=0; rm -rf ./.gi?$?x')[0]).toBe('= opaque')
    expect(goldenLines('IFS=1; rm -rf .gi[t]${#x}x')).toContain('  write rm "/ws/.gi⟨[t]⟩⟨…⟩x" subtree')
  })
  it('a quoted number, or one under the default IFS, stays one number', () => {
    expect(goldenLines('IFS=1; rm -rf ".git$((1))x"')).toContain('  write rm "/ws/.git⟨n⟩x" subtree')
    expect(goldenLines('rm -rf .git$((1))x')).toContain('  write rm "/ws/.git⟨n⟩x" subtree')
    expect(goldenLines('IFS=1; echo "$((1))" "${#x}" "$?"')).toEqual(READ_ONLY)
  })
})

describe('declarations whose operand the analysis cannot read', () => {
  // bash: `X=v; declare -i $X; v='a[$(touch p)]'` creates p.
  it('declare -i $X may make the next assigned variable an integer', () => {
    expect(goldenLines('declare -i $X; v=\'a[$(rm f)]\'')[0]).toMatch(/^= opaque/)
    expect(goldenLines('typeset $X; v=\'a[$(rm f)]\'')[0]).toMatch(/^= opaque/)
  })
  // bash: `f() { cd /x; }; X=f; readonly -f $X; f() { :; }` fails, and `f` still changes directory.
  it('readonly -f $X may keep an earlier function', () => reportsWrite('f() { cd /x; }; readonly -f $1; f() { :; }; f; rm g', '/x/g'))
  it('unset -f of a function that may be readonly may leave it defined', () => {
    expect(goldenLines('f() { cd /x; }; readonly -f $1; unset -f f; f; rm g')).toContain('  write rm "/x/g" entry')
  })
  it('export $X sets no attribute that changes an assignment', () => {
    expect(goldenLines('export $X; v=a')).toEqual(['= read-only (loose globs)'])
  })
})

describe('integer variables assigned outside NAME=value', () => {
  // bash: `declare -i v; for v in 'a[$(touch p)]'; do :; done` creates p; so does `: ${v:='a[$(touch p)]'}`.
  it('a for loop evaluates each word it assigns', () => {
    expect(goldenLines('declare -i v; for v in \'a[$(rm f)]\'; do :; done')).toContain('  write rm "/ws/f" entry')
    expect(goldenLines('declare -i n; for n in 1 2; do echo $n; done')).toEqual(READ_ONLY)
  })
  it('${v:=word} evaluates the word', () => {
    expect(goldenLines('declare -i v; : ${v:=\'a[$(rm f)]\'}')).toContain('  write rm "/ws/f" entry')
    expect(goldenLines('declare -i v; : ${v:=3}')).toEqual(READ_ONLY)
    expect(goldenLines(': ${v:=\'a[$(rm f)]\'}')).toEqual(READ_ONLY)
  })
})

describe('unzip: the first -d names the directory', () => {
  // unzip: `unzip -q -d A a.zip m -d B` extracts m into A and reports "-d" and "B" as members not matched.
  it('a -d before the archive wins over one after it', () => {
    expect(goldenLines('unzip -d .git a.zip -d y')).toEqual(['= mutation', '  write unzip "/ws/.git" beneath'])
    expect(goldenLines('unzip a.zip -d y')).toEqual(['= mutation', '  write unzip "/ws/y" beneath'])
  })
})

describe('git add -e ignores -n', () => {
  // git: `GIT_EDITOR=true git add -e -n f` and `git add -n -e f` both stage f.
  it('with -e, --edit or a cluster holding e, add stages', () => {
    for (const command of ['git add -e -n f', 'git add -en f', 'git add -n --edit f', 'git add -n --ed f']) expect(goldenLines(command), command).toEqual(['= mutation', '  history git add'])
  })
  it('a -e after -- is a path', () => {
    expect(goldenLines('git add -n -- -e')).toEqual(READ_ONLY)
  })
})

describe('a tilde prefix holding quoted text', () => {
  // bash: `echo ~"/a" ~'/a' ~"" ~/"a"` prints `~/a ~/a ~ /root/a`; `x=~"/a"` stores `~/a`.
  it('is not expanded', () => {
    expect(goldenLines('rm ~"/a"')).toEqual(['= mutation', '  write rm "/ws/~/a" entry'])
    expect(goldenLines('rm ~\'/a\'')).toEqual(['= mutation', '  write rm "/ws/~/a" entry'])
    expect(goldenLines('rm ~""')).toEqual(['= mutation', '  write rm "/ws/~" entry'])
    expect(goldenLines('x=~"/a"; rm $x')).toEqual(['= mutation', '  write rm "/ws/~/a" entry'])
  })
  it('a prefix ending at an unquoted slash still expands', () => {
    expect(goldenLines('rm ~/"a"')).toEqual(['= mutation', '  write rm "/home/u/a" entry'])
    expect(goldenLines('x=~/a:~"/b"; rm $x')).toEqual(['= mutation', '  write rm "/home/u/a:~/b" entry'])
  })
})

describe('compressor and zip options', () => {
  // zstd 1.5.4: `-p` is a flag (`zstd -p a` writes a.zst); pigz's `-p N` takes a thread count.
  it('zstd -p is a flag, pigz -p takes a value', () => {
    expect(goldenLines('zstd -p a')).toEqual(['= mutation', '  write zstd "/ws/a" entry', '  write zstd "/ws/a.zst" entry'])
    expect(goldenLines('pigz -p 4 a')).toEqual(['= mutation', '  write pigz "/ws/a" entry', '  write pigz "/ws/a.gz" entry'])
  })
  // zstd --filelist L compresses every file L names, beside it.
  it('zstd --filelist writes beside files the analysis cannot see', () => {
    expect(goldenLines('zstd --filelist L')[1]).toContain('words ["⟨…⟩"]')
  })
  // zip 3.0: -T tests the archive (a flag); a log name without a dot gets .log.
  it('zip -T is a flag and -lf NAME may gain .log', () => {
    expect(goldenLines('zip -T a.zip c')).toEqual(['= mutation', '  write zip "/ws/a.zip" entry'])
    expect(goldenLines('zip -lf lg n.zip c')).toEqual(['= mutation', '  write zip -lf "/ws/lg.log" entry', '  write zip "/ws/n.zip" entry'])
  })
})
