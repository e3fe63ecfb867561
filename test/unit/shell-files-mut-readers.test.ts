/**
 * Readers, archivers and command wrappers, pinned as GNU findutils, tar 1.34,
 * gzip, Info-ZIP and bash 5.2 read their arguments: which find start points
 * could be an expression, which expression words select entries (so -delete
 * removes only some of the tree), how tar's old-style first argument takes
 * its values, which via a shell's -c script is reported under, and how
 * `watch`/`eval` words are joined into one script.
 */
import { describe, expect, it } from 'vitest'
import { lit } from '../../src/ieg/shell/pattern.ts'
import { joinWords } from '../../src/ieg/shell/commands/wrappers.ts'
import { briefLines as brief, goldenLines, opaqueLines as opaque } from '../support/shell-golden.ts'

const all = ['= mutation', '  write find -delete "/ws/d" subtree']
const partial = ['= opaque', '  write find -delete "/ws/d" subtree partial', '  ? find -delete: which entries under /ws/d it writes is decided when it runs']

describe('find start points', () => {
  it('is opaque for a start point that is wholly an expansion, which could be an action such as -delete', () => {
    expect(brief('find "$D" -name x')).toEqual(opaque('find', 'a start point or expression is not literal'))
    expect(brief('find d "-$E"')).toEqual(opaque('find', 'a start point or expression is not literal'))
  })

  it('takes an expansion after a literal that is not dashed as a start point', () => {
    expect(goldenLines('find "build-$V" -name x')).toEqual(['= read-only'])
    expect(goldenLines('find "a(b)$V" "c!$W" -type f')).toEqual(['= read-only'])
  })

  it('removes a globbed start point whole when no test narrows -delete', () => {
    expect(brief('find src/*.d -delete')).toEqual(['= opaque', '  write find -delete "/ws/src/⟨*⟩.d" subtree', '  ? find -delete: its target /ws/src/*.d is not literal (a glob)'])
  })
})

describe('find tests narrow -delete', () => {
  it.each([
    '-name x', '-iname x', '-path x', '-ipath x', '-wholename x', '-iwholename x', '-regex x', '-iregex x', '-type f', '-xtype l',
    '-size +1M', '-empty', '-newer f', '-newermt 2020-01-01', '-atime 1', '-cmin 5', '-mnewer f', '-anewer f', '-ctime 2', '-mtime 3', '-amin 4', '-mmin 5',
    '-perm 644', '-user u', '-group g', '-uid 0', '-gid 0', '-nouser', '-nogroup', '-links 2', '-inum 5', '-samefile f', '-fstype nfs',
    '-readable', '-writable', '-executable', '-false', '-prune', '-not -true', '! -true', '-true -o -false', '-true -or -false', '-true -a -true', '-true -and -true',
    '( -true )',
  ])('find d %s -delete removes only the entries it selects', (test) => {
    const quoted = test.replace(/[()!]/g, character => `\\${character}`)
    expect(goldenLines(`find d ${quoted} -delete`)).toEqual(partial)
  })

  it.each([
    '-depth', '-maxdepth 3', '-mindepth 1', '-xdev', '-mount', '-regextype posix-extended', '-daystart', '-noleaf', '-ignore_readdir_race',
    '-printf (%p)', '-print', '-print0', '-ls', '-fprintf /dev/null %p-name',
  ])('find d %s -delete still removes the whole tree', (word) => {
    const quoted = word.replace(/[()]/g, character => `\\${character}`)
    expect(goldenLines(`find d ${quoted} -delete`).filter(line => line.includes('find -delete'))).toEqual([all[1]])
  })

  it('does not count words of an -exec command that only end or start like a test', () => {
    expect(goldenLines("find d -exec echo 'done)' \\; -delete")).toEqual(all)
    expect(goldenLines('find d -exec echo --mime-type --or-a \\; -delete')).toEqual(all)
    expect(goldenLines('find d -ok echo {} \\; -delete')).toEqual(all)
    expect(goldenLines('find d -exec chmod a-w {} + -delete').filter(line => line.includes('find -delete'))).toEqual(['  write find -delete "/ws/d" subtree'])
  })

  it('does not count a start point, literal or expanded, as a test', () => {
    expect(brief('find "src/$D" -delete')).toEqual(['= opaque', '  write find -delete "/ws/src/⟨…⟩" subtree', '  ? find -delete: its target /ws/src/… is not literal (an expansion the analysis cannot know)'])
  })
})

describe('find actions', () => {
  it('writes the file of -fprint and -fprintf, skipping -fprintf\'s format', () => {
    expect(goldenLines("find d -fprintf out '%p' -delete")).toEqual(['= mutation', '  write find -fprintf "/ws/out" entry', '  write find -delete "/ws/d" subtree'])
    expect(goldenLines('find d -fls out -fprint0 out0')).toEqual(['= mutation', '  write find -fls "/ws/out" entry', '  write find -fprint0 "/ws/out0" entry'])
    // The format is printed, never run: this writes "-delete" once per entry into out and removes nothing.
    expect(goldenLines('find d -fprintf out -delete')).toEqual(['= mutation', '  write find -fprintf "/ws/out" entry'])
    expect(brief('find d -fprint')).toEqual(opaque('find', '-fprint has no file'))
  })

  it('is opaque for an unterminated -exec or an expression word that could be an action', () => {
    expect(brief('find d -exec rm {}')).toEqual(opaque('find', '-exec has no terminating ; or +'))
    expect(brief('find d -name "$P" -delete')).toEqual(opaque('find', 'an expression word is not literal and could be an action'))
    expect(goldenLines('find d -name "x$P"')).toEqual(['= read-only'])
  })
})

describe('readers with writing options', () => {
  it.each([
    ['sort -o out f', 'sort -o'], ['sort --output out f', 'sort -o'], ['shuf -o out f', 'shuf -o'], ['tree -o out', 'tree -o'],
    ['iconv -f utf8 -t ascii -o out f', 'iconv -o'], ['less -O out f', 'less -o'], ['less --log-file out f', 'less -o'],
    ['sdiff -o out a b', 'sdiff -o'], ['xmllint --output out f.xml', 'xmllint --output'], ['uniq in out', 'uniq'], ['xxd -c 8 in out', 'xxd'],
  ])('%s writes out', (command, via) => {
    expect(goldenLines(command)).toEqual(['= mutation', `  write ${via} "/ws/out" entry`])
  })

  it('runs or is opaque for program options and unreadable arguments', () => {
    expect(brief('sort --compress-program=gzip f')).toEqual(opaque('sort', '--compress-program runs another program'))
    expect(brief('sort $X')).toEqual(opaque('sort', 'an argument could be a writing option but is not literal'))
    expect(brief('uniq in $X')).toEqual(opaque('uniq', 'its operands are not literal, so the output file cannot be told apart'))
    expect(brief('fdfind --exec-batch rm')).toEqual(opaque('fdfind', '-x/-X/--exec/--exec-batch runs another program'))
    // EXT='txt out' makes this `uniq f.txt out`, which writes out.
    expect(brief('uniq f.$EXT')).toEqual(opaque('uniq', 'its operands are not literal, so the output file cannot be told apart'))
    expect(goldenLines('uniq -f 1 -s 2 -w 3 in -')).toEqual(['= read-only'])
    expect(goldenLines('iconv -fiso-8859-1 -tutf-8 f')).toEqual(['= read-only'])
    expect(goldenLines('rg -e x -g "*.ts" f')).toEqual(['= read-only'])
  })

  it('date and hostname change the system only with an operand or a setting option', () => {
    expect(goldenLines('date -d yesterday +%s')).toEqual(['= read-only'])
    expect(brief('date 010100002020')).toEqual(opaque('date', 'it may set the system clock'))
    expect(brief('date "$D"')).toEqual(opaque('date', 'it may set the system clock'))
    expect(goldenLines('hostname -f')).toEqual(['= read-only'])
    expect(brief('hostname -b x')).toEqual(opaque('hostname', 'with an operand, -F or -b it sets the host name'))
  })

  it('man is opaque for a pager that is not a plain reader, -H and -C', () => {
    expect(goldenLines('man -P less ls')).toEqual(['= read-only'])
    expect(brief("man -P 'rm -rf x' ls")).toEqual(opaque('man', '-P runs a pager that is not a plain reader'))
    expect(brief('man -C cfg ls')).toEqual(opaque('man', '-H runs a browser and -C reads another configuration'))
  })
})

describe('tar old-style arguments', () => {
  it('gives each value letter of the first word the next argument in turn', () => {
    expect(goldenLines('tar cfC a.tar d f')).toEqual(['= mutation', '  write tar "/ws/a.tar" entry'])
    expect(goldenLines('tar xfC a.tar out')).toEqual(['= mutation', '  write tar -x "/ws/out" beneath'])
  })

  it('still reads the letters when a value letter has no argument left', () => {
    // GNU tar rejects `tar xf` (Old option 'f' requires an argument); reporting an extraction is a superset.
    expect(goldenLines('tar xf')).toEqual(['= mutation', '  write tar -x "/ws/." beneath'])
    expect(goldenLines('tar tf')).toEqual(['= read-only'])
  })
})

describe('zip and archivers', () => {
  it('skips the value of zip\'s two-letter options and is opaque for -TT', () => {
    // zip 3.0: a log name without a dot gets .log (`zip -lf log` writes log.log).
    expect(goldenLines('zip -lf log a.zip f')).toEqual(['= mutation', '  write zip -lf "/ws/log.log" entry', '  write zip "/ws/a.zip" entry'])
    expect(goldenLines('zip -lf z.txt a.zip f')).toEqual(['= mutation', '  write zip -lf "/ws/z.txt" entry', '  write zip "/ws/a.zip" entry'])
    expect(goldenLines('zip -ds 10m a.zip f')).toEqual(['= mutation', '  write zip "/ws/a.zip" entry'])
    expect(goldenLines('zip -la a.zip f')).toEqual(['= mutation', '  write zip "/ws/a.zip" entry'])
    expect(brief('zip -TT cmd a.zip f')).toEqual(opaque('zip', '-TT runs another program'))
    expect(brief('zip -lf')).toEqual(opaque('zip', '-lf names no log file'))
  })
})

describe('shells and wrappers', () => {
  it('reports a -c script that does not parse under the shell that runs it', () => {
    expect(brief("bash -c 'if'")).toEqual(opaque('bash -c', "the text does not parse as bash (expected 'then')"))
    expect(brief("dash -c 'if'")).toEqual(opaque('dash -c', "the text does not parse as bash (expected 'then')"))
  })

  it('lets -O dotglob loosen globs and refuses -O expand_aliases', () => {
    expect(brief("bash -O dotglob -c 'rm *'")).toEqual(['= opaque (loose globs)', '  write rm "/ws/⟨*⟩" entry', '  ? rm: its target /ws/* is not literal (a glob)'])
    expect(brief("bash -O expand_aliases -c 'ls'")).toEqual(opaque('bash', '-O expand_aliases (or an option that is not literal) changes what every command name runs'))
  })

  it('joins watch words with single spaces and no leading space', () => {
    expect(joinWords([lit('ls'), lit('-l'), lit('d')])).toEqual(lit('ls -l d'))
    expect(joinWords([lit('ls')])).toEqual(lit('ls'))
    expect(joinWords([])).toEqual([])
    expect(goldenLines('watch rm f')).toEqual(['= mutation', '  write rm "/ws/f" entry'])
  })
})
