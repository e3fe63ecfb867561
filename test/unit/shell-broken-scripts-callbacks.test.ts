/**
 * What bash runs that the parser's tree hides: script text that does not
 * parse (the complete lines before the broken one), the arguments bash gives
 * `mapfile -C` and `compgen -C` callbacks, expansions inside patterns and
 * unread operations, and assignments that evaluate (through a name
 * reference, in order, from `printf -v`). Each expectation was checked
 * against bash 5.2.
 */
import { describe, expect, it } from 'vitest'
import { callbackScript, mapfileCallbackArgs, UNKNOWN_ARGUMENT } from '../../src/ieg/shell/callbacks.ts'
import { ANY, lit, literalOf } from '../../src/ieg/shell/pattern.ts'
import { parseText } from '../../src/ieg/shell/runnable.ts'
import { goldenLines } from '../support/shell-golden.ts'

/** The source of each top-level command parseText says runs. */
function runs(text: string): string[] | string {
  const parsed = parseText(text)
  switch (parsed.kind) {
    case 'parsed': return parsed.script.commands.map(statement => text.slice(statement.command.pos, statement.command.end))
    case 'broken': return parsed.runnable === null ? [] : parsed.runnable.commands.map(statement => text.slice(statement.command.pos, statement.command.end))
    case 'unknown': return 'unknown'
  }
}

describe('script text that does not parse', () => {
  it.each([
    // bash -c $'echo B\necho C; (' prints B only: the broken line does not run, not even its first command.
    ['echo B\necho C; (\n', ['echo B']],
    ['rm -rf x\n(\n(\n(\n', ['rm -rf x']],
    ['if true; then\necho F\nfi\n(\nx', ['if true; then\necho F\nfi']],
    ['echo G &&\n echo H\n(', ['echo G &&\n echo H']],
    ['echo A; (', []],
    ['(', []],
    // A stray closing word starts no command of its own: the line holding it is the broken one.
    ['echo ok\nrm -rf x\n)', ['echo ok', 'rm -rf x']],
    ['rm -rf x\ndone', ['rm -rf x']],
    ['true\nrm -rf x\n&& echo', ['true', 'rm -rf x']],
    ['if true; then\n rm -rf x\n', []],
    ['{ echo A\n}; (', []],
  ])('runs the complete lines before the broken one: %j', (text, expected) => {
    expect(runs(text)).toEqual(expected)
  })

  it('counts text past the parser\'s nesting limit as unknown, since bash may run it whole', () => {
    expect(runs(`${'{ '.repeat(300)}rm -rf x${'; }'.repeat(300)}`)).toBe('unknown')
  })

  it('counts text as unknown when the part that runs is not found within the cuts', () => {
    expect(runs(`rm -rf x\n${'(\n'.repeat(20)}`)).toBe('unknown')
    expect(runs(`rm -rf x\n${'(\n'.repeat(10)}`)).toEqual(['rm -rf x'])
  })

  it('runs the whole text when it parses', () => {
    expect(runs('a; b\nc')).toEqual(['a', 'b', 'c'])
  })

  it('reports the lines that run, and the text as opaque, at the top level and in eval', () => {
    expect(goldenLines('rm -rf ./.gi?\n(')).toEqual([
      '= opaque',
      '  opaque command: the text does not parse as bash (expected command in subshell) | words [] | mentions ["rm -rf ./.gi?\\n("]',
      '  write rm "/ws/./.gi⟨?⟩" subtree',
      '  ? command: the text does not parse as bash (expected command in subshell)',
      '  ? rm: its target /ws/./.gi? is not literal (a glob)',
    ])
    expect(goldenLines("eval $'rm -f a\\n('")).toContain('  write rm "/ws/a" entry')
  })
})

describe('the arguments of a mapfile callback', () => {
  const args = (input: Parameters<typeof mapfileCallbackArgs>[0]): Array<Array<string | null>> | null => mapfileCallbackArgs(input, 16)?.map(list => list.map(literalOf)) ?? null
  const base = { stdin: 'a b\nc\n', delimiter: undefined, origin: undefined, strip: false }

  it('gives each line with its delimiter, and its index', () => {
    expect(args(base)).toEqual([['0', 'a b\n'], ['1', 'c\n']])
  })
  it('strips the delimiter under -t', () => {
    expect(args({ ...base, strip: true })).toEqual([['0', 'a b'], ['1', 'c']])
  })
  it('splits at -d and counts from -O', () => {
    expect(args({ ...base, stdin: 'x\ny,z', delimiter: ',', origin: '5' })).toEqual([['5', 'x\ny,'], ['6', 'z']])
  })
  it('reads -d "" as NUL', () => {
    expect(args({ ...base, stdin: 'a\0b', delimiter: '' })).toEqual([['0', 'a\0'], ['1', 'b']])
  })
  it.each([
    ['input', { stdin: null }],
    ['delimiter', { delimiter: null }],
    ['origin', { origin: null }],
    ['origin that is not a number', { origin: '-1' }],
  ])('knows nothing when the %s is not known', (_, change) => {
    expect(args({ ...base, ...change })).toBeNull()
  })
  it('knows nothing of a delimiter beyond ASCII, since bash splits at its first byte', () => {
    expect(args({ ...base, delimiter: 'é' })).toBeNull()
  })
  it('knows nothing past the line bound', () => {
    expect(mapfileCallbackArgs({ ...base, stdin: 'l\n'.repeat(17) }, 16)).toBeNull()
    expect(mapfileCallbackArgs({ ...base, stdin: 'l\n'.repeat(16) }, 16)).toHaveLength(16)
  })
})

describe('the text a callback runs', () => {
  it('appends each known argument single-quoted', () => {
    expect(callbackScript(lit('let'), [lit('0'), lit("it's")])).toEqual({ text: lit("let '0' 'it'\\''s'"), readsUnknownArgument: false })
  })
  it('stands an unknown argument for one word of any text', () => {
    expect(callbackScript(lit('rm'), [lit('0'), ANY])).toEqual({ text: lit(`rm "$${UNKNOWN_ARGUMENT}" "$${UNKNOWN_ARGUMENT}"`), readsUnknownArgument: true })
  })
  it.each(['echo #', 'echo "', "echo '", 'f() {', 'echo \\'])('leaves the text unknown when the arguments would not stay words: %s', callback => {
    const script = callbackScript(lit(callback), [lit('0'), ANY])
    expect(script.readsUnknownArgument).toBe(false)
    expect(literalOf(script.text)).toBeNull()
  })
})

describe('callbacks given the input', () => {
  it('runs mapfile -C with each line of known input', () => {
    expect(goldenLines("mapfile -t -C 'rm -f' arr <<< $'a\\nb'")).toEqual(['= mutation', ...['0', 'a', '1', 'b'].map(name => `  write rm "/ws/${name}" entry`)])
  })
  it('knows nothing of the input mapfile -u reads', () => {
    expect(goldenLines("mapfile -u 3 -c 1 -C 'rm -f' arr 3<<< x <<< y")).toContain('  write rm "⟨…⟩" entry')
  })
  it('runs compgen -C with the word', () => {
    expect(goldenLines("compgen -C 'rm -f' -- w")).toEqual(['= mutation', ...['compgen', 'w', ''].map(name => `  write rm "/ws/${name}" entry`)])
  })
})

describe('expansions bash runs where the parser sees a pattern', () => {
  // bash: `echo a[$(rm f)]` runs rm before the bracket expression matches anything.
  it.each(['echo a[$(rm f)]', 'x=a[$(rm f)]', ': {a,$(rm f)}', 'x={a,$(rm f)}'])('runs the substitution in %s', command => {
    expect(goldenLines(command)).toContain('  write rm "/ws/f" entry')
  })
  it('leaves a plain bracket expression a glob', () => {
    expect(goldenLines('rm *.[ch]')).toEqual(['= opaque', '  write rm "/ws/⟨*⟩.⟨[ch]⟩" entry', '  ? rm: its target /ws/*.[ch] is not literal (a glob)'])
  })
  // bash: with x='b[$(rm f)]', `exec {a[x]}>/dev/null` assigns an array element and evaluates its subscript, which runs rm.
  it('evaluates the subscript of a {NAME[SUBSCRIPT]} redirection', () => {
    expect(goldenLines("x='b[$(rm f)]'; exec {a[x]}>/dev/null")).toContain('  write rm "/ws/f" entry')
  })
})

describe('a prefix assignment to a readonly variable', () => {
  // bash: `X=p; readonly X; X=5 eval 'echo > "$X"'` reports X as readonly and writes p.
  it('leaves the value the command sees possible', () => {
    expect(goldenLines("X=/ws/p; readonly X; X=5 eval 'echo > \"$X\"'")).toEqual(['= mutation', '  write redirection > "/ws/p" entry', '  write redirection > "/ws/5" entry'])
  })
  // bash: `declare -u Y; Y=abc eval …` writes abc: case attributes do not apply to a prefix assignment.
  it('keeps the case of a prefix assignment', () => {
    expect(goldenLines("declare -u Y; Y=abc eval 'echo > \"$Y\"'")).toEqual(['= mutation', '  write redirection > "/ws/abc" entry'])
  })
})

describe('what a brace expansion and an unread operation run', () => {
  // bash runs the substitution in each.
  it.each([
    ['past the bound of brace alternatives', 'echo {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{$(rm f),x}'],
    ['beside an item that starts with #', 'echo {#,a}$(rm f)'],
    ['in a declaration argument', 'export x={a,$(rm f)}'],
    ['behind a brace in a subscript', ': ${a[{a,$(rm f)}]}'],
    ['in the pattern of a case toggle', 'x=a; : ${x~$(rm f)}'],
  ])('runs the substitution %s', (_, command) => {
    expect(goldenLines(command)).toContain('  write rm "/ws/f" entry')
  })
})

describe('assignments that may evaluate', () => {
  // bash: `declare -n r=OPTIND; r='a[$(rm f)]'` evaluates through the reference and runs rm.
  it('evaluates an assignment through a name reference', () => {
    // The evaluation reads the unknown names a reference leaves, so rm's lookup is unknown too: it stays opaque with its target.
    expect(goldenLines("declare -n r=OPTIND; r='a[$(rm f)]'").some(line => line.startsWith('  opaque rm:') && line.includes('"/ws/f"'))).toBe(true)
  })
  // bash: `x=a; declare -i n m; n=x=1 m='b[$(rm $x)]'` removes 1.
  it('evaluates the assignments of one command in order', () => {
    expect(goldenLines("x=a; declare -i n m; n=x=1 m='b[$(rm $x)]'")).toContain('  write rm "/ws/⟨n⟩" entry')
  })
  it('stores what printf -v prints without a conversion, or with one %s', () => {
    expect(goldenLines("printf -v OPTIND %s 'a[$(rm f)]'")).toContain('  write rm "/ws/f" entry')
    expect(goldenLines('printf -v x docs; rm -r "$x"')).toEqual(['= mutation', '  write rm "/ws/docs" subtree'])
  })
})
