/**
 * Command-table details pinned by what the real tools do: which GIT_TRACE*
 * values make git write a trace file (flags and descriptor numbers do not,
 * an absolute path does, an unknown value may), zip's two-letter options
 * (`-TT` runs a program, `-lf` takes the next word as its log file), where
 * `7z x`/`7z e` extract (`-oDIR` or the current directory), `split
 * --hex-suffixes` naming its chunks in hexadecimal, `cp -L`/`--dereference`/
 * `-H` copying what a link points to instead of the link, and the vias that
 * name a script run from a here-document and a command run by `sudo -D`.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, READ_ONLY } from '../support/shell-golden.ts'

const traceWrite = (name: string, target: string): string[] => ['= mutation', `  write ${name}=… git "${target}" entry`]
const traceUnknown = (name: string): string[] => ['= opaque', `  write ${name}=… git "⟨…⟩" entry`, `  ? ${name}=… git: its target … is not literal (an expansion the analysis cannot know)`]

describe('git trace settings', () => {
  // git reads "", 0 and false (any case) as off, 1, 2 and true as standard error, a single digit as a descriptor.
  it('reads flag and descriptor values as writing no file', () => {
    for (const value of ['1', '2', '0', 'true', 'TRUE', 'false', 'False', '5']) expect(goldenLines(`GIT_TRACE=${value} git status`), value).toEqual(READ_ONLY)
    expect(goldenLines('GIT_TRACE= git status')).toEqual(READ_ONLY)
    expect(goldenLines('GIT_TRACE_PERFORMANCE=true git status')).toEqual(READ_ONLY)
  })

  // A number of two digits is no descriptor git uses: it warns "unknown trace value" and writes nothing.
  it('reads a number of several digits as writing no file', () => {
    expect(goldenLines('GIT_TRACE=12 git status')).toEqual(READ_ONLY)
    expect(goldenLines('GIT_TRACE=007 git status')).toEqual(READ_ONLY)
  })

  it('reports an absolute path as the trace file git appends to', () => {
    expect(goldenLines('GIT_TRACE=/ws/trace.log git status')).toEqual(traceWrite('GIT_TRACE', '/ws/trace.log'))
    expect(goldenLines('GIT_TRACE_PERFORMANCE=/ws/perf.log git status')).toEqual(traceWrite('GIT_TRACE_PERFORMANCE', '/ws/perf.log'))
  })

  // git ignores a relative value with a warning; the analysis still counts it as a possible file.
  it('counts any other literal value as a file, even one that starts or ends with a digit', () => {
    expect(goldenLines('GIT_TRACE=x1 git status')).toEqual(traceWrite('GIT_TRACE', '/ws/x1'))
    expect(goldenLines('GIT_TRACE=3x git status')).toEqual(traceWrite('GIT_TRACE', '/ws/3x'))
    expect(goldenLines('GIT_TRACE=trueish git status')).toEqual(traceWrite('GIT_TRACE', '/ws/trueish'))
  })

  it('reports a value the analysis cannot read as an unknown trace file', () => {
    expect(goldenLines('GIT_TRACE=$X git status')).toEqual(traceUnknown('GIT_TRACE'))
    expect(goldenLines('GIT_TRACE=$(cat f) git status')).toEqual(traceUnknown('GIT_TRACE'))
    expect(goldenLines('read GIT_TRACE; git status')).toEqual(traceUnknown('GIT_TRACE'))
  })

  it('reports each value a loop may give the setting', () => {
    expect(goldenLines('for GIT_TRACE in 1 /ws/a.log; do git status; done')).toEqual(traceWrite('GIT_TRACE', '/ws/a.log'))
  })
})

describe('zip two-letter options', () => {
  // zip -T -TT CMD runs CMD to test the archive.
  it('reads -TT as running another program, wherever it stands', () => {
    expect(brief('zip -TT "unzip -t" a.zip f')).toEqual(['= opaque', '  opaque zip: -TT runs another program', '  ? zip: -TT runs another program'])
    expect(brief('zip -T a.zip f -TT "touch ran"')).toEqual(['= opaque', '  opaque zip: -TT runs another program', '  ? zip: -TT runs another program'])
  })

  it('takes the word after -lf as the log file, not as the archive', () => {
    expect(goldenLines('zip -lf log.txt a.zip f')).toEqual(['= mutation', '  write zip -lf "/ws/log.txt" entry', '  write zip "/ws/a.zip" entry'])
  })

  it('takes the word after the other valued two-letter options as their value', () => {
    expect(goldenLines('zip -ds 10m a.zip f')).toEqual(['= mutation', '  write zip "/ws/a.zip" entry'])
    expect(goldenLines('zip -tt 2099-01-01 a.zip f')).toEqual(['= mutation', '  write zip "/ws/a.zip" entry'])
  })

  // zip aborts when -lf has no value, writing nothing; the analysis cannot name the file.
  it('reads -lf with no word after it as opaque', () => {
    expect(brief('zip a.zip f -lf')).toEqual(['= opaque', '  opaque zip: -lf names no log file', '  ? zip: -lf names no log file'])
  })

  it('reads a flag of two letters as taking no value', () => {
    expect(goldenLines('zip -dc a.zip f')).toEqual(['= mutation', '  write zip "/ws/a.zip" entry'])
  })
})

describe('7z extraction', () => {
  it('extracts beneath the attached -o directory', () => {
    expect(goldenLines('7z x a.7z -oout')).toEqual(['= mutation', '  write 7z extract "/ws/out" beneath'])
    expect(goldenLines('7z e -oout/sub a.7z')).toEqual(['= mutation', '  write 7z extract "/ws/out/sub" beneath'])
  })

  it('extracts beneath the current directory without -o or with an empty one', () => {
    expect(goldenLines('7z x a.7z')).toEqual(['= mutation', '  write 7z extract "/ws/." beneath'])
    expect(goldenLines('7z e a.7z -o')).toEqual(['= mutation', '  write 7z extract "/ws/." beneath'])
  })
})

describe('split suffix alphabets', () => {
  // GNU split -n 11 --hex-suffixes names p00 ... p09 p0a, as -x does.
  it('names chunks in hexadecimal with --hex-suffixes', () => {
    const chunks = ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '0a'].map(suffix => `  write split "/ws/p${suffix}" entry`)
    expect(goldenLines('split -n 11 --hex-suffixes big.txt p')).toEqual(['= mutation', ...chunks])
    expect(goldenLines('split -n 11 -x big.txt p')).toEqual(['= mutation', ...chunks])
  })

  it('starts hexadecimal names at the value given to --hex-suffixes', () => {
    expect(goldenLines('split -n 2 --hex-suffixes=09 big.txt p')).toEqual(['= mutation', '  write split "/ws/p09" entry', '  write split "/ws/p0a" entry'])
  })
})

describe('cp following links', () => {
  // cp -r copies a link operand as a link; -L, --dereference and -H copy what it points to.
  it('reports a recursive copy as possibly copying its source link as a link', () => {
    expect(goldenLines('cp -r src dst')).toEqual(['= mutation', '  write cp (copies a link) "/ws/src" link', '  write cp "/ws/dst/src" subtree', '  write cp "/ws/dst" subtree'])
  })

  it('does not when -L, --dereference or -H follows the operand links', () => {
    for (const command of ['cp -r -L src dst', 'cp -R --dereference src dst', 'cp -a -H src dst', 'cp -P -L src dst']) {
      expect(goldenLines(command), command).toEqual(['= mutation', `  write cp "/ws/dst/src" ${command.includes('-P') ? 'entry' : 'subtree'}`, `  write cp "/ws/dst" ${command.includes('-P') ? 'entry' : 'subtree'}`])
    }
  })
})

describe('vias of wrapped scripts and commands', () => {
  it('names a here-document script by its shell and <<', () => {
    expect(brief('bash <<EOF\nif then\nEOF')).toEqual(['= opaque', "  opaque bash <<: the text does not parse as bash (expected command after 'if')", "  ? bash <<: the text does not parse as bash (expected command after 'if')"])
  })

  it('names a command sudo runs in another directory by sudo -D', () => {
    const nested = 'sudo -D sub sudo -D a sudo -D b sudo -D c sudo -D d sudo -D e sudo -D f sudo -D g sudo -D h touch x'
    expect(brief(nested)).toEqual(['= opaque', '  opaque sudo -D: nesting deeper than 8 levels', '  ? sudo -D: nesting deeper than 8 levels'])
  })
})
