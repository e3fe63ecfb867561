/**
 * Text bash evaluates a second time, and the value and state algebra the
 * walk relies on. Pinned: a variable's value used in arithmetic is evaluated
 * as bash 5.2 does (names recursively, subscripts expanded, `=`-style and
 * `++`/`--` operators assign, comparisons do not, a token starting with a
 * digit is no name, text that does not parse is reported); a value read as a
 * variable name runs only its subscript; a value expanded as a prompt runs
 * its substitutions; a value holding a glob is reported for each kind. Then,
 * directly: which names one path segment pattern matches, how patterns
 * concatenate, join and split, and when two states or value sets count as
 * the same, so a loop is widened only where something still changes.
 * Each expectation is what bash does, or a sound superset of it.
 */
import { describe, expect, it } from 'vitest'
import { ANY, concat, DIGITS, hasAny, isAbsolutePattern, joinPattern, lit, literalOf, patternText, segmentRegex, segmentsOf, type Pattern } from '../../src/ieg/shell/pattern.ts'
import { initialState, joinStates, literalCwds, sameState, unionValues, unknownVariables, widenState, withVariable, type ShellState } from '../../src/ieg/shell/state.ts'
import { briefLines as brief, writeLine as write } from '../support/shell-golden.ts'

const both = (via: string, reason: string): string[] => [`  opaque ${via}: ${reason}`, `  ? ${via}: ${reason}`]
const UNKNOWN = 'a value the analysis does not know is evaluated as arithmetic, and it could run commands'
const NUMBER_IN = (variable = '/ws/⟨n⟩'): string[] => ['= opaque', write(variable), '  ? rm: its target /ws/<n> is not literal (a glob)']

describe('a value evaluated as arithmetic', () => {
  it('runs the substitution in a subscript the value names', () => {
    expect(brief("x='a[$(rm p)]'; (( x ))")).toEqual(['= opaque (loose globs)', write('/ws/p'), ...both('arithmetic word', UNKNOWN)])
  })
  it('follows a name to the value it holds', () => {
    expect(brief("x=y; y='a[$(rm p)]'; (( x ))")).toEqual(['= opaque (loose globs)', write('/ws/p'), ...both('arithmetic word', UNKNOWN)])
  })
  it('parses a value with expansions as an expression', () => {
    expect(brief("x='a[1] + b[$(rm p)]'; (( x ))")).toEqual(['= opaque (loose globs)', write('/ws/p'), ...both('arithmetic word', UNKNOWN)])
    expect(brief("x='a[1]'; (( x ))")).toEqual(['= read-only'])
  })
  it('reads a number in the value as a digit, so a name glued after it is no name', () => {
    // bash: `v=$$x` holds "1234x", which is "value too great for base": x is never evaluated.
    expect(brief("x='$(rm p)'; v=$$x; (( v ))")).toEqual(['= read-only'])
    expect(brief("x=7x; x7x='a[$(rm p)]'; (( x ))")).toEqual(['= read-only'])
  })
  it.each(['y=5', 'y++', '--y', 'y<<=1', 'y |= 1', 'y+=2', 'z = y = 4'])('the value %s assigns a number', (value) => {
    expect(brief(`y=a; x='${value}'; (( x )); rm "$y"`)).toEqual(NUMBER_IN())
  })
  it.each(['y==1', 'y<=5', 'y >= 5', 'y!=1', 'y<5'])('the value %s only compares', (value) => {
    expect(brief(`y=a; x='${value}'; (( x )); rm "$y"`)).toEqual(['= mutation', write('/ws/a')])
  })
  it.each(['1)) ; rm f ; : $((1', '1))$((2', '1)) $((2', 'a[1]]+((', 'a[1])) #'])('reports a value that is no expression: %s', (value) => {
    // bash reports a syntax error in each and runs nothing; the analysis cannot prove that.
    expect(brief(`x='${value}'; (( x ))`)).toEqual(['= opaque (loose globs)', ...both('arithmetic', 'text evaluated as arithmetic does not parse, so what it runs cannot be proven')])
  })
  it('reports a value with a glob', () => {
    // Each pass assigns the loop variable from the word list again, so it still holds the glob.
    expect(brief('for v in *.txt; do (( v )); done')).toEqual(['= opaque (loose globs)', '  opaque arithmetic: a value with a glob is evaluated as arithmetic', '  ? arithmetic: a value with a glob is evaluated as arithmetic'])
  })
})

describe('a value read as a variable name', () => {
  it('evaluates the subscript of the name', () => {
    expect(brief("x='a[$(rm p)]'; [[ -v $x ]]")).toEqual(['= opaque (loose globs)', write('/ws/p'), ...both('arithmetic of command output', UNKNOWN)])
  })
  it('runs nothing for a plain name or a literal subscript', () => {
    expect(brief("x=abc; [[ -v $x ]]; x='a[1]'; [[ -v $x ]]; x='a[$$]'; [[ -v $x ]]")).toEqual(['= read-only'])
  })
  it('runs nothing for a subscript that is never closed', () => {
    // bash: `[[ -v 'a[$(rm p)' ]]` is no valid name and expands nothing.
    expect(brief("x='a[$(rm p)'; [[ -v $x ]]")).toEqual(['= read-only'])
  })
  it('reports a value with a glob', () => {
    expect(brief('for v in *.txt; do [[ -v $v ]]; done')).toEqual(['= opaque (loose globs)', '  opaque [[ -v ]]: a value with a glob is read as a variable name with a subscript', '  ? [[ -v ]]: a value with a glob is read as a variable name with a subscript'])
  })
})

describe('a value expanded as a prompt string', () => {
  it('runs its command substitutions', () => {
    expect(brief("x='$(rm f)'; echo \"${x@P}\"")).toEqual(['= mutation', write('/ws/f')])
    expect(brief("x='`rm f`'; echo ${x@P}")).toEqual(['= mutation', write('/ws/f')])
  })
  it('runs nothing for a dollar sign that starts no expansion, or an escaped one', () => {
    expect(brief("x='cost: 5$'; echo \"${x@P}\"")).toEqual(['= read-only'])
    expect(brief("x='a $ b'; echo ${x@P}")).toEqual(['= read-only'])
    expect(brief("x='\\$(rm f)'; echo \"${x@P}\"")).toEqual(['= read-only'])
  })
  it('reports a value with a glob', () => {
    expect(brief('for v in *.txt; do echo ${v@P}; done')).toEqual(['= opaque (loose globs)', '  opaque ${…@P}: a value with a glob is expanded as a prompt string', '  opaque ${…@P}: a value the analysis does not know is expanded as a prompt string, and it could run commands', '  opaque echo: PATH, hashing or a startup file changed, so the command name may run another program', '  ? ${…@P}: a value with a glob is expanded as a prompt string', '  ? ${…@P}: a value the analysis does not know is expanded as a prompt string, and it could run commands', '  ? echo: PATH, hashing or a startup file changed, so the command name may run another program'])
  })
  // Prompt decoding turns a three-digit octal escape into its character before the expansion:
  // bash 5.2 runs `rm f` for \044 (`$`) and \140 (a backquote), not for `\44` or `\\044`.
  it('runs a substitution spelled with octal escapes', () => {
    expect(brief("x='\\044(rm f)'; echo \"${x@P}\"")).toEqual(['= mutation', write('/ws/f')])
    expect(brief("x='\\140rm f\\140'; echo \"${x@P}\"")).toEqual(['= mutation', write('/ws/f')])
    expect(brief("x='\\44(rm f)'; echo \"${x@P}\"")).toEqual(['= read-only'])
    expect(brief("x='\\\\044(rm f)'; echo \"${x@P}\"")).toEqual(['= read-only'])
  })
})

describe('the names one path segment pattern matches', () => {
  const matches = (segment: Pattern, name: string, loose = false): boolean => segmentRegex(segment, { dotGlob: loose, caseInsensitive: loose }).test(name)
  it('an empty segment matches only the empty name', () => {
    expect(matches([], '')).toBe(true)
    expect(matches([], 'a')).toBe(false)
  })
  it('an unknown expansion matches anything, a slash included', () => {
    expect(matches(concat(lit('a'), ANY), 'a/b/c')).toBe(true)
    expect(matches(concat(lit('a'), ANY), 'b')).toBe(false)
  })
  it('a leading glob skips dot files unless dotglob is on or the glob is an extended one', () => {
    expect(matches([{ t: 'star' }], '.git')).toBe(false)
    expect(matches([{ t: 'qmark' }], '.')).toBe(false)
    expect(matches([{ t: 'star' }], '.git', true)).toBe(true)
    expect(matches([{ t: 'star', dot: true }], '.git')).toBe(true)
    expect(matches(concat(lit('.'), [{ t: 'star' }]), '.git')).toBe(true)
  })
  it('literal text is matched exactly, and case-insensitively only when loose', () => {
    expect(matches(lit('a.b+c'), 'a.b+c')).toBe(true)
    expect(matches(lit('a.b'), 'axb')).toBe(false)
    expect(matches(lit('Git'), 'git')).toBe(false)
    expect(matches(lit('Git'), 'git', true)).toBe(true)
  })
})

describe('pattern algebra', () => {
  it('concatenation merges adjacent literals and drops empty ones', () => {
    expect(concat(lit('a'), [{ t: 'lit', s: '' }], lit('b'), DIGITS, lit('c'))).toEqual([{ t: 'lit', s: 'ab' }, { t: 'digits' }, { t: 'lit', s: 'c' }])
  })
  it('a relative path joins the directory with one slash; absolute and unknown paths stay', () => {
    expect(joinPattern(lit('/ws'), lit('f'))).toEqual(lit('/ws/f'))
    expect(joinPattern(lit('/'), lit('f'))).toEqual(lit('/f'))
    expect(joinPattern(lit('/ws'), lit('/etc/f'))).toEqual(lit('/etc/f'))
    expect(joinPattern(lit('/ws'), ANY)).toEqual(ANY)
    expect(joinPattern([], lit('f'))).toEqual(lit('f'))
  })
  it('segments drop empty pieces and keep globs in their segment', () => {
    expect(segmentsOf(concat(lit('//a/'), [{ t: 'star' }], lit('.c/d')))).toEqual([lit('a'), [{ t: 'star' }, { t: 'lit', s: '.c' }], lit('d')])
  })
  it('literal text, unknown parts, absoluteness and display text', () => {
    expect(literalOf(concat(lit('a'), lit('b')))).toBe('ab')
    expect(literalOf(concat(lit('a'), DIGITS))).toBeNull()
    expect(hasAny(concat(lit('a'), ANY))).toBe(true)
    expect(hasAny(DIGITS)).toBe(false)
    expect(isAbsolutePattern(lit('/a'))).toBe(true)
    expect(isAbsolutePattern(concat(DIGITS, lit('/a')))).toBe(false)
    expect(patternText([{ t: 'lit', s: 'a' }, { t: 'star' }, { t: 'qmark' }, { t: 'class', body: '!x' }, { t: 'digits' }, { t: 'any' }])).toBe('a*?[!x]<n>…')
  })
})

describe('value sets and states', () => {
  const start = (): ShellState => initialState(false, '/ws')
  const a = lit('a')
  const b = lit('b')
  const c = lit('c')
  it('a union keeps each value once and becomes unknown past the bound', () => {
    expect(unionValues([a, b], [b, c], 3)).toEqual([a, b, c])
    expect(unionValues([a, b], [b, c], 2)).toBeNull()
    expect(unionValues([a], null, 5)).toBeNull()
  })
  it('a variable that appears for the first time counts as changing', () => {
    const widened = widenState(start(), withVariable(start(), 'x', [a]))
    expect(widened.vars.get('x')).toBeNull()
  })
  it('a value set of the same size with other members counts as changing, a reordered one does not', () => {
    const previous = withVariable(start(), 'x', [a, b])
    expect(widenState(previous, withVariable(start(), 'x', [a, c])).vars.get('x')).toBeNull()
    expect(widenState(previous, withVariable(start(), 'x', [b, a])).vars.get('x')).toEqual([b, a])
    expect(sameState(previous, withVariable(start(), 'x', [a, c]))).toBe(false)
    expect(sameState(previous, withVariable(start(), 'x', [b, a]))).toBe(true)
    expect(sameState(previous, withVariable(start(), 'x', [a]))).toBe(false)
  })
  it('a working directory that changes becomes unknown, one that stays is kept', () => {
    const moved = { ...start(), cwd: [lit('/ws'), lit('/ws/sub')] }
    expect(widenState(start(), moved).cwd).toBeNull()
    expect(widenState(moved, { ...moved, cwd: [lit('/ws/sub'), lit('/ws')] }).cwd).toEqual([lit('/ws/sub'), lit('/ws')])
    expect(sameState(start(), moved)).toBe(false)
  })
  it('joining takes the union of variables, an unset side being unknown', () => {
    const joined = joinStates(withVariable(start(), 'x', [a]), withVariable(withVariable(start(), 'x', [b]), 'y', [c]), 16)
    expect(joined.vars.get('x')).toEqual([a, b])
    expect(joined.vars.get('y')).toBeNull()
    expect(joinStates(joined, joined, 16)).toBe(joined)
  })
  it('assigning PATH, IFS or GLOBIGNORE changes how later commands run, split and match', () => {
    expect(withVariable(start(), 'PATH', [a]).commandLookupUnknown).toBe(true)
    expect(withVariable(start(), 'IFS', [a]).ifsChanged).toBe(true)
    expect(withVariable(start(), 'GLOBIGNORE', [a]).looseGlobs).toBe(true)
    const plain = withVariable(start(), 'x', [a])
    expect([plain.commandLookupUnknown, plain.ifsChanged, plain.looseGlobs]).toEqual([false, false, false])
  })
  it('unknown assignments make every variable and the lookup unknown', () => {
    const after = unknownVariables(withVariable(start(), 'x', [a]))
    expect(after.vars.get('x')).toBeNull()
    expect([after.commandLookupUnknown, after.ifsChanged, after.looseGlobs, after.unknownNames]).toEqual([true, true, true, true])
  })
  it('literal working directories are listed only when every one is literal', () => {
    expect(literalCwds(start())).toEqual(['/ws'])
    expect(literalCwds({ ...start(), cwd: [lit('/ws'), concat(lit('/ws/'), DIGITS)] })).toBeNull()
    expect(literalCwds(initialState(true, '/ws'))).toBeNull()
  })
})
