/**
 * Command-table decisions pinned exactly, as the real tools behave: chmod's
 * dashed symbolic modes, copies and moves whose operand count is unknown,
 * `curl -T` to file:// URLs, tar's old-style option letters, sed scripts
 * that do not close or carry flags, flock's lock file, taskset, xargs
 * replacement, the sed and awk variant names, and wrappers at the nesting
 * limit.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, opaqueLines as opaque } from '../support/shell-golden.ts'

const writes = (...lines: string[]): string[] => ['= mutation', ...lines]
/** `command` run by eight nested `env`s, so that it sits at the nesting limit. */
const atLimit = (command: string): string => `${'env '.repeat(8)}${command}`
const TOO_DEEP = 'nesting deeper than 8 levels'
const UNKNOWN_SED = 'its script holds a command the analysis does not know'

describe('chmod with a mode that starts with a dash', () => {
  it('reads -w, -wx and comma lists with or without a who as the mode', () => {
    for (const mode of ['-w', '-wx', '-w,+x', '-w,u+x', '-rwx,g+s']) expect(goldenLines(`chmod ${mode} a.txt`)).toEqual(writes('  write chmod "/ws/a.txt" entry'))
  })

  it('reads the mode after -- as the mode, not as a file', () => {
    expect(goldenLines('chmod -- -w a.txt')).toEqual(writes('  write chmod "/ws/a.txt" entry'))
  })

  it('is opaque when its only operand is not literal', () => {
    expect(brief('chmod $X')).toEqual(opaque('chmod', 'its operands are not literal'))
  })
})

describe('copies and moves whose operands may split', () => {
  // `mv x$X` with X='a b' runs `mv xa b`, which moves xa: a source the analysis cannot name.
  it('writes the expansion and stays opaque about the sources', () => {
    expect(brief('mv x$X')).toEqual([
      '= opaque',
      '  write mv "/ws/x⟨…⟩" subtree',
      '  opaque mv: its operands are not literal',
      '  ? mv: its target /ws/x… is not literal (an expansion the analysis cannot know)',
      '  ? mv: its operands are not literal',
    ])
  })
})

describe('curl -T', () => {
  it('writes the path of a file:// URL, given as an operand or with --url', () => {
    expect(goldenLines('curl -T a.txt file:///ws/up.txt')).toEqual(writes('  write curl -T "/ws/up.txt" entry'))
    expect(goldenLines('curl -T a.txt --url file:///ws/up.txt')).toEqual(writes('  write curl -T "/ws/up.txt" entry'))
    expect(goldenLines('curl -T a.txt FILE://localhost/ws/x%20y')).toEqual(writes('  write curl -T "/ws/x y" entry'))
  })

  it('writes nothing for an HTTP URL that merely mentions file:// or a URL curl rejects', () => {
    expect(goldenLines('curl -T a.txt "http://example.com/?next=file:///ws/up"')).toEqual(['= read-only'])
    expect(goldenLines("curl -T a.txt $'file:///ws/a\\nb'")).toEqual(['= read-only'])
  })

  it('is opaque when the URL is not literal', () => {
    expect(brief('curl -T a.txt "file://$D/up"')).toEqual(opaque('curl', 'it uploads to a URL that is not literal, which may be a file:// path'))
  })
})

describe('tar old-style options', () => {
  it('gives each value letter the next argument in order', () => {
    expect(goldenLines('tar xfC a.tar out')).toEqual(writes('  write tar -x "/ws/out" beneath'))
  })

  it('reads nothing from no arguments or a value letter without its value', () => {
    expect(goldenLines('tar')).toEqual(['= read-only'])
    expect(goldenLines('tar tf')).toEqual(['= read-only'])
  })
})

describe('sed scripts', () => {
  it('reads a bracket in the replacement as an ordinary character', () => {
    expect(goldenLines("sed 's/x/[/' f")).toEqual(['= read-only'])
  })

  it('is opaque when a bracket in the regular expression never closes', () => {
    expect(brief("sed 's/[/;p' f")).toEqual(opaque('sed', UNKNOWN_SED))
  })

  it('reads flags after s but none after y', () => {
    expect(goldenLines("sed 's/a/b/I' f")).toEqual(['= read-only'])
    expect(brief("sed 'y/abc/xyz/I' f")).toEqual(opaque('sed', UNKNOWN_SED))
  })
})

describe('sed and awk under their variant names', () => {
  it('analyzes gsed as sed and mawk and nawk as awk', () => {
    expect(goldenLines('gsed -i s/a/b/ f')).toEqual(writes('  write sed -i "/ws/f" entry'))
    expect(goldenLines('mawk 1 f')).toEqual(['= read-only'])
    expect(goldenLines('nawk 1 f')).toEqual(['= read-only'])
    expect(brief('nawk \'{ print > "o" }\' f')).toEqual(opaque('nawk', 'its program can write files or run commands'))
  })
})

describe('flock', () => {
  it('creates a lock file, whatever its name ends or starts with', () => {
    expect(goldenLines('flock lock.1 touch a')).toEqual(writes('  write flock "/ws/lock.1" entry', '  write touch "/ws/a" entry'))
    expect(goldenLines('flock 9.lock touch a')).toEqual(writes('  write flock "/ws/9.lock" entry', '  write touch "/ws/a" entry'))
  })

  it('locks a descriptor given by number without creating a file', () => {
    expect(goldenLines('flock 9')).toEqual(['= read-only'])
    expect(goldenLines('flock -n 10')).toEqual(['= read-only'])
  })
})

describe('taskset', () => {
  it('runs the command after the mask', () => {
    expect(goldenLines('taskset -c 0 touch a')).toEqual(writes('  write touch "/ws/a" entry'))
  })

  it('runs nothing with --pid, abbreviated as getopt allows', () => {
    expect(goldenLines('taskset --pi 0x3 1234')).toEqual(['= read-only'])
  })
})

describe('xargs', () => {
  it('replaces the --replace=NAME string with the input', () => {
    expect(goldenLines('xargs --replace=X touch aXb')).toEqual(['= opaque', '  write touch "⟨…⟩" entry', '  ? touch: its target … is not literal (an expansion the analysis cannot know)'])
  })

  it('keeps arguments that are not literal as they are', () => {
    expect(goldenLines('xargs -I {} touch $X')).toEqual(['= opaque', '  write touch "⟨…⟩" entry', '  ? touch: its target … is not literal (an expansion the analysis cannot know)'])
  })

  it('passes any number of arguments, so a command that needs exactly two is opaque', () => {
    expect(brief('xargs link a')).toEqual(opaque('link', 'link takes exactly two literal operands'))
  })
})

describe('wrappers at the nesting limit', () => {
  it('report the command they would run as opaque, under their own name', () => {
    expect(brief(atLimit('env touch a'))).toEqual(opaque('env', TOO_DEEP))
    expect(brief(atLimit('env -C sub touch a'))).toEqual(opaque('env -C', TOO_DEEP))
    expect(brief(atLimit('xargs touch'))).toEqual(opaque('xargs', TOO_DEEP))
    expect(brief(atLimit('taskset 3 touch a'))).toEqual(opaque('taskset', TOO_DEEP))
    expect(brief(atLimit('flock lock touch a'))).toEqual(['= opaque', '  write flock "/ws/lock" entry', `  opaque flock: ${TOO_DEEP}`, `  ? flock: ${TOO_DEEP}`])
  })

  it('run nothing, and so stay within the limit, when they are given no command', () => {
    expect(goldenLines(atLimit('env X=1'))).toEqual(['= read-only'])
    expect(goldenLines(atLimit('taskset 3'))).toEqual(['= read-only'])
    expect(goldenLines(atLimit('flock lock'))).toEqual(writes('  write flock "/ws/lock" entry'))
  })
})
