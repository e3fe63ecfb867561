/**
 * Text bash evaluates later than where it was written: what is assigned to
 * the integers bash declares itself, each command's last argument once `_` is
 * integer, and PS4 before each command `set -x` traces. Each expectation was
 * checked against bash 5.2.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines } from '../support/shell-golden.ts'

const SUBSCRIPT_RUNS = (via: string): string[] => [
  '= opaque (loose globs)',
  '  write rm "/ws/f" entry',
  `  opaque ${via}: a value the analysis does not know is evaluated as arithmetic, and it could run commands`,
  `  ? ${via}: a value the analysis does not know is evaluated as arithmetic, and it could run commands`,
]
const brief = (command: string): string[] => goldenLines(command).map(line => line.replace(/ \| words .*$/, ''))

describe('the integers bash declares itself', () => {
  // bash: `OPTIND='a[$(rm f)]'` runs rm; so do RANDOM, SRANDOM and HISTCMD, and SECONDS and BASHPID through `declare` or `+=`.
  it.each(['OPTIND', 'RANDOM', 'SRANDOM', 'HISTCMD', 'SECONDS', 'BASHPID'])('%s evaluates what is assigned to it', name => {
    expect(brief(`${name}='a[$(rm f)]'`)).toEqual(SUBSCRIPT_RUNS('arithmetic word'))
  })
  it.each(["declare SECONDS='a[$(rm f)]'", "BASHPID+='a[$(rm f)]'", "for SECONDS in 'a[$(rm f)]'; do :; done"])('so does %s', command => {
    expect(brief(command)).toContain('  write rm "/ws/f" entry')
  })
  it.each(['LINENO', 'OPTERR'])('%s does not', name => {
    expect(brief(`${name}='a[$(rm f)]'`)).toEqual(['= read-only'])
  })
  it('stops once unset', () => {
    expect(brief("unset OPTIND; OPTIND='a[$(rm f)]'")).toEqual(['= read-only'])
  })
  it('is assigned a number by getopts, without evaluating anything', () => {
    expect(brief('getopts ab o; rm -- "$OPTIND"')).toEqual(['= opaque', '  write rm "/ws/⟨n⟩" entry', '  ? rm: its target /ws/<n> is not literal (a glob)'])
  })
})

describe('`_` declared integer', () => {
  // bash: after `_=1; declare -i _`, `: 'a[$(rm f)]'` runs rm as it assigns `_`.
  it('evaluates each later command\'s last argument', () => {
    expect(brief("_=1; declare -i _; : 'a[$(rm f)]'").filter(line => line.startsWith('  opaque rm:'))).toHaveLength(1)
  })
  it('evaluates nothing while `_` is an ordinary variable', () => {
    expect(brief("_=1; : 'a[$(rm f)]'")).toEqual(['= read-only'])
  })
})

describe('PS4 under set -x', () => {
  // bash: PS4 is expanded once the traced command's words have expanded.
  it('sees what the traced command\'s words assigned', () => {
    // bash removes xf in both.
    for (const command of ["y=; set -x; PS4='$(rm x$y)'; [[ ${y:=f} ]]", "y=; set -x; PS4='$(rm x$y)'; : ${y:=f}"]) {
      expect(brief(command).some(line => line === '  write rm "/ws/x⟨…⟩" entry' || line === '  write rm "/ws/xf" entry'), command).toBe(true)
    }
  })
  // bash: `x=a; PS4='$(rm $x)'; x=f; set -x; :` removes f, the value when `:` is traced.
  it('is expanded before each traced command with the values then', () => {
    const lines = brief("x=a; PS4='$(rm $x)'; x=f; set -x; :")
    expect(lines).toContain('  write rm "/ws/f" entry')
  })
  it.each(['set -o xtrace', 'set -eux', 'set -ex -o pipefail'])('is traced after %s', set => {
    expect(brief(`x=a; PS4='$(rm $x)'; x=f; ${set}; :`)).toContain('  write rm "/ws/f" entry')
  })
  it('is not expanded once set +x turned tracing off', () => {
    expect(brief("x=a; PS4='$(rm $x)'; set -x; set +x; x=f; :")).not.toContain('  write rm "/ws/f" entry')
  })
  it('is not expanded again by what its own expansion runs', () => {
    expect(brief("PS4='$(rm f)'; set -x; :").filter(line => line === '  write rm "/ws/f" entry')).toHaveLength(2)
  })
})

describe('evaluations in order', () => {
  // In each, bash assigns x=f in an earlier part, and a later part runs `rm $x`.
  it.each([
    ['let arguments', "x=a; let x=1 'b[$(rm $x)]'"],
    ['test -v operands', "x=a; test -v 'b[x=1]' -o -v 'b[$(rm $x)]'"],
    ['[[ ]] words', 'x=a; [[ $((x=1)) == $(rm $x) ]]'],
    ['[[ ]] operands', "x=a; [[ 'x=1' -eq 1 && 'b[$(rm $x)]' -eq 0 ]]"],
  ])('%s see what the parts before them assigned', (_, command) => {
    expect(brief(command)).toContain('  write rm "/ws/⟨n⟩" entry')
  })
  it('evaluates an integer loop variable in the state the previous pass left', () => {
    // The first pass evaluated the output of `$(rm $x)`, which may assign anything: the second pass's rm is opaque.
    expect(brief("declare -i i; x=a; for i in 'x=1' 'b[$(rm $x)]'; do :; done").filter(line => line.startsWith('  opaque rm:'))).toHaveLength(1)
  })
  it('still reads the loop variable from the word list on every pass', () => {
    expect(brief('for v in *.txt; do (( v )); done')).toEqual(['= opaque (loose globs)', '  opaque arithmetic: a value with a glob is evaluated as arithmetic', '  ? arithmetic: a value with a glob is evaluated as arithmetic'])
  })
})

describe('what read stores from known input', () => {
  // bash: `read x <<< '  docs  '` stores docs; `read <<< ' a '` stores ' a ' in REPLY.
  it('stores the first line, trimmed for a named variable', () => {
    expect(brief("read x <<< '  docs  '; rm -rf \"$x\"")).toEqual(['= mutation', '  write rm "/ws/docs" subtree'])
    expect(brief("read <<< ' a '; rm \"$REPLY\"")).toEqual(['= mutation', '  write rm "/ws/ a " entry'])
    expect(brief("read -r x <<< $'a\\nb'; rm \"$x\"")).toEqual(['= mutation', '  write rm "/ws/a" entry'])
  })
  // bash: `declare -i n; read n <<< 'a[$(rm f)]'` evaluates the line and runs rm.
  it('evaluates what it stores in an integer', () => {
    expect(brief("declare -i n; read n <<< 'a[$(rm f)]'")).toContain('  write rm "/ws/f" entry')
  })
  it.each([
    ['a backslash without -r', "read x <<< 'a\\\\b'; rm \"$x\""],
    ['several names', "read x y <<< 'a b'; rm \"$x\""],
    ['a delimiter', "read -d , x <<< 'a,b'; rm \"$x\""],
    ['input from a file', 'read x < f; rm "$x"'],
    ['a changed IFS', "IFS=,; read x <<< 'a'; rm \"$x\""],
  ])('knows nothing with %s', (_, command) => {
    expect(brief(command)).toContain('  write rm "⟨…⟩" entry')
  })
})
