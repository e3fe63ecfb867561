/**
 * Readings pinned from survivors of a mutation run of simple-command.ts, each
 * checked against bash 5.2: the subscripts of an array's compound assignment
 * (evaluated as arithmetic only when the element is written `[sub]=value`), a
 * backslash-newline in an unquoted here-document, a command whose words have
 * too many possible values, `env -C` once the directory is unknown, and the
 * assignments before a command name that is not literal. Two readings bash
 * contradicts are recorded as failing tests.
 */
import { describe, expect, it } from 'vitest'
import { briefLines, goldenLines, mutationLines, READ_ONLY, writeLine } from '../support/shell-golden.ts'

const UNKNOWN_ARITHMETIC = 'a value the analysis does not know is evaluated as arithmetic, and it could run commands'

describe('the subscripts of an array compound assignment', () => {
  // bash: `a=([1]=x [2]=y z)` evaluates 1 and 2 as arithmetic and runs nothing.
  it('evaluates literal subscripts, which run nothing', () => {
    expect(goldenLines('a=([1]=x [2]=y z)')).toEqual(READ_ONLY)
  })

  // bash: `vv='b[$(touch p)]'; a=([vv]=x)` creates p: the subscript vv is evaluated, and so is its value.
  it('evaluates a subscript of more than one character, whose value runs a command', () => {
    // Analyzed again with every variable unknown (the evaluation may have assigned any), vv is unknown text.
    expect(goldenLines('vv=\'b[$(rm p)]\'; a=([vv]=x)')).toEqual([
      '= opaque (loose globs)',
      writeLine('/ws/p'),
      `  opaque arithmetic word: ${UNKNOWN_ARITHMETIC} | words [] | mentions ["vv='b[$(rm p)]'; a=([vv]=x)"]`,
      `  opaque array subscript: ${UNKNOWN_ARITHMETIC} | words [] | mentions ["vv='b[$(rm p)]'; a=([vv]=x)"]`,
      `  ? arithmetic word: ${UNKNOWN_ARITHMETIC}`,
      `  ? array subscript: ${UNKNOWN_ARITHMETIC}`,
    ])
  })

  // bash: `x='b[$(touch p)]'; a=([$x]=y)` creates p: a subscript that is not literal may run anything.
  it('is opaque when a subscript is not literal', () => {
    expect(goldenLines('a=([$x]=y)')).toEqual([
      '= opaque (loose globs)',
      `  opaque array subscript: ${UNKNOWN_ARITHMETIC} | words [] | mentions ["a=([$x]=y)"]`,
      `  ? array subscript: ${UNKNOWN_ARITHMETIC}`,
    ])
  })

  // bash: `vv='b[$(touch p)]'; a=([$$+vv]=y)` creates p: the subscript holds a number and the name vv.
  it('is opaque when a subscript holds a value that is not literal text', () => {
    expect(goldenLines('vv=\'b[$(rm p)]\'; a=([$$+vv]=y)')).toEqual([
      '= opaque (loose globs)',
      '  opaque array subscript: a value with a glob is evaluated as arithmetic | words [] | mentions ["vv=\'b[$(rm p)]\'; a=([$$+vv]=y)"]',
      '  ? array subscript: a value with a glob is evaluated as arithmetic',
    ])
  })

  // bash: `a=([1]x [ab])` stores the literal elements `[1]x` and `[ab]`: without `]=` there is no subscript.
  it('evaluates nothing for an element that starts with [ but has no ]=', () => {
    expect(goldenLines('a=([1]x [ab])')).toEqual(READ_ONLY)
  })

  // bash: `undefined='b[$(touch p)]'; a=([1]x)` creates nothing: no subscript is evaluated, whatever a variable holds.
  it('evaluates no variable for an element without a subscript', () => {
    expect(goldenLines('undefined=\'b[$(rm p)]\'; a=([1]x)')).toEqual(READ_ONLY)
  })

  // bash: `x='[$(touch p)]=y'; a=($x)` stores `[$(touch` and `p)]=y` and creates nothing: only a written `[sub]=` is a subscript.
  it('evaluates no subscript in an element that only expands to [sub]=value', () => {
    expect(goldenLines('a=($x)')).toEqual(READ_ONLY)
    expect(goldenLines('x=\'[$(rm p)]=y\'; a=($x)')).toEqual(READ_ONLY)
  })
})

describe('an unquoted here-document without expansions', () => {
  // bash: `bash <<E` with the body `rm a\` newline `b` runs `rm ab`: the backslash-newline is removed.
  it('joins a line ending in a backslash to the next', () => {
    expect(goldenLines('bash <<E\nrm a\\\nb\nE')).toEqual(mutationLines(writeLine('/ws/ab')))
  })
})

describe('a quoted here-document', () => {
  // bash: `bash <<'E'` with the body `rm \$x a\\b` removes the files `$x` and `a\b`: the body is passed as written.
  it('keeps its backslashes', () => {
    expect(goldenLines("bash <<'E'\nrm \\$x a\\\\b\nE")).toEqual(mutationLines(writeLine('/ws/$x'), writeLine('/ws/a\\b')))
  })
})

describe('input redirected to a descriptor other than standard input', () => {
  // bash: `bash 3<f` (or `3<<E`) reads its script from the standard input it inherited, which carries nothing here; f is not run.
  it('leaves standard input as it was', () => {
    expect(goldenLines('bash 3<f')).toEqual(READ_ONLY)
    expect(goldenLines('bash 3<<E\nrm a\nE')).toEqual(READ_ONLY)
  })
})

describe('>& with a file name and no descriptor', () => {
  // bash: after `exec >&f`, `echo hi >/dev/stderr` writes hi into f: both standard output and standard error go to f.
  it('points standard error at the file too', () => {
    expect(goldenLines('exec >&f; echo hi >/dev/stderr')).toEqual(mutationLines(writeLine('/ws/f', 'redirection >&'), writeLine('/ws/f', 'redirection >')))
  })
})

describe('<> on standard input', () => {
  // bash: `bash <>s.sh` runs s.sh: the file opened read-write is its standard input.
  it('gives a program the file as input', () => {
    expect(briefLines('bash <>s.sh')).toEqual([
      '= opaque',
      writeLine('/ws/s.sh', 'redirection <>'),
      '  opaque bash: it runs a script from standard input the analysis cannot see',
      '  ? bash: it runs a script from standard input the analysis cannot see',
    ])
  })
})

describe('a {var} redirection', () => {
  // bash: `exec {fd}>f; rm d$fd` removes d10 (a number bash picks, 10 or above).
  it('sets the variable to a number', () => {
    expect(goldenLines('exec {fd}>f; rm d$fd')).toEqual([
      '= opaque',
      writeLine('/ws/f', 'redirection >'),
      writeLine('/ws/d⟨n⟩'),
      '  ? rm: its target /ws/d<n> is not literal (a glob)',
    ])
  })
  // bash: `: {x}>a >$x` writes a and a file named by the descriptor number, 10.
  it('sets the variable before the next redirection expands', () => {
    expect(goldenLines('x=b; : {x}>a >$x')).toEqual([
      '= opaque',
      writeLine('/ws/a', 'redirection >'),
      writeLine('/ws/⟨n⟩', 'redirection >'),
      '  ? redirection >: its target /ws/<n> is not literal (a glob)',
    ])
  })
})

describe('a glob under nullglob', () => {
  // bash: `shopt -s nullglob; tar -cf *.tar a b` with no .tar file runs `tar -cf a b`, which writes the archive a.
  it.each([['*.tar', '⟨*⟩'], ['?.tar', '⟨?⟩'], ['[xy].tar', '⟨[xy]⟩']])('may vanish from the words: %s', (glob, shown) => {
    expect(goldenLines(`shopt -s nullglob; tar -cf ${glob} a b`)).toEqual([
      '= opaque',
      writeLine(`/ws/${shown}.tar`, 'tar'),
      writeLine('/ws/a', 'tar'),
      `  ? tar: its target /ws/${glob} is not literal (a glob)`,
    ])
  })
})

describe('exec with options but no command', () => {
  const RUNS_STDIN = [
    '= opaque',
    '  opaque bash: it runs a script from standard input the analysis cannot see',
    '  ? bash: it runs a script from standard input the analysis cannot see',
  ]
  // bash 5.2 runs s.sh after each: exec that replaces no process keeps its redirections, even when it refuses an option.
  it.each(['exec -- <s.sh; bash', 'exec -l <s.sh; bash', 'exec -c <s.sh; bash', 'exec -a x <s.sh; bash', 'exec -ax <s.sh; bash', 'exec -la x <s.sh; bash', 'exec -a <s.sh; bash', 'command exec -- <s.sh; bash'])('keeps the redirections of %s', command => {
    expect(briefLines(command)).toEqual(RUNS_STDIN)
  })

  // bash: `exec -Q <s.sh; bash` refuses -Q, returns, and runs s.sh.
  it('keeps the redirections of an exec that refuses an option', () => {
    expect(briefLines('exec -Q <s.sh; bash')).toEqual(expect.arrayContaining(RUNS_STDIN.slice(1)))
  })

  // bash: `exec -- cat <s.sh; bash` replaces the shell with cat, and `exec - <s.sh` runs a program named -.
  it.each(['exec -- cat <s.sh; bash', 'exec -a x cat <s.sh; bash', 'exec - <s.sh; bash'])('reads %s as exec running a command', command => {
    expect(briefLines(command)).not.toEqual(RUNS_STDIN)
  })
})

describe('a command whose words have too many possible values', () => {
  // bash runs rm with one of the 32 word lists; the analysis gives up past 16 rather than list them.
  it('is opaque with an unknown word', () => {
    const command = 'if test -f q; then x=a; else x=b; fi; rm $x $x $x $x $x'
    expect(briefLines(command)).toEqual([
      '= opaque',
      '  opaque rm: its words have too many possible values to analyze',
      '  ? rm: its words have too many possible values to analyze',
    ])
    expect(goldenLines(command)[1]).toMatch(/^ {2}opaque rm: its words have too many possible values to analyze \| words \["⟨…⟩"\] \| mentions \["rm","\$x",/)
  })
})

describe('env -C once the working directory is unknown', () => {
  // bash: after `eval "$x"` the directory may be anywhere; `env -C d rm x` removes d/x beneath it.
  it('writes beneath an unknown directory', () => {
    expect(goldenLines('eval "$x"; env -C d rm x')).toEqual([
      '= opaque',
      '  opaque eval: the script it runs is not literal | words ["⟨…⟩"] | mentions ["eval \\"$x\\"; env -C d rm x"]',
      writeLine('⟨…⟩/d/x'),
      '  ? eval: the script it runs is not literal',
      '  ? rm: its target …/d/x is not literal (an expansion the analysis cannot know)',
    ])
  })
})

describe('assignments before a command name that is not literal', () => {
  // bash: `IFS=/ $c; x=a/b; rm $x` removes a and b when $c is empty (the assignment stays), a/b otherwise.
  it('leaves the splitting unknown afterwards', () => {
    expect(goldenLines('IFS=/ $c; x=a/b; rm $x')).toEqual([
      '= opaque',
      '  opaque command: the command name is not literal | words ["⟨…⟩"] | mentions ["$c","IFS=/","",""]',
      writeLine('⟨…⟩'),
      '  ? command: the command name is not literal',
      '  ? rm: its target … is not literal (an expansion the analysis cannot know)',
    ])
  })

  // bash: `e=; X=b; X=a $e; rm $X` removes a: no command name results, so X=a stays in the shell.
  it('keeps the assignments when the words expand to nothing', () => {
    expect(goldenLines('e=; X=b; X=a $e; rm $X')).toEqual(mutationLines(writeLine('/ws/a')))
  })

  // bash: `e=; IFS=/ $e; x=a/b; rm $x` removes a and b: IFS=/ stays in the shell, so the split is unknown.
  it('keeps IFS when the words expand to nothing', () => {
    expect(goldenLines('e=; IFS=/ $e; x=a/b; rm $x')).toEqual(goldenLines('IFS=/; x=a/b; rm $x'))
    expect(goldenLines('e=; IFS=/ $e; x=a/b; rm $x')).toContain('  ? rm: its target … is not literal (an expansion the analysis cannot know)')
  })
})

describe('assignments before words that expand to nothing, analyzed once', () => {
  // bash evaluates n's value once: the subscript runs rm x a single time.
  it('reports what the value runs once, as a plain assignment does', () => {
    expect(goldenLines('e=; declare -i n; n=\'a[$(rm x)]\' $e').slice(1)).toEqual(goldenLines('declare -i n; n=\'a[$(rm x)]\'').slice(1).map(line => line.replace('mentions ["declare -i n; n=\'a[$(rm x)]\'"]', 'mentions ["e=; declare -i n; n=\'a[$(rm x)]\' $e"]')))
  })
})
