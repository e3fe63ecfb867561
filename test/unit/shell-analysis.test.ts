import { describe, expect, it } from 'vitest'
import { analyzeShellCommand, type ShellAnalysisOptions } from '../../src/ieg/shell/analyze.ts'
import { parseArgs } from '../../src/ieg/shell/argv.ts'
import { expandBraces } from '../../src/ieg/shell/braces.ts'
import { COMMAND_TABLES } from '../../src/ieg/shell/commands/index.ts'
import { awkProgramWrites, scanSedScript } from '../../src/ieg/shell/commands/text-scripts.ts'
import { describeEffect } from '../../src/ieg/shell/effects.ts'
import { lit, literalOf, patternText } from '../../src/ieg/shell/pattern.ts'
import { parseReadOnlyCommand } from '../../src/ieg/shell/read-only-commands.ts'

const options: ShellAnalysisOptions = { persistent: false, startDirectory: '/ws', home: '/home/u', tempDirectory: '/tmp', maxDepth: 8, maxAlternatives: 16, readOnlyCommands: [['npm', 'test']] }

function writes(command: string, overrides: Partial<ShellAnalysisOptions> = {}): string[] {
  return analyzeShellCommand(command, { ...options, ...overrides }).effects.flatMap(effect => (effect.kind === 'write' ? [patternText(effect.target.path)] : []))
}

function outcome(command: string, overrides: Partial<ShellAnalysisOptions> = {}): string {
  return analyzeShellCommand(command, { ...options, ...overrides }).outcome
}

describe('shell analysis: the tree walk', () => {
  it('tracks literal cd, keeping the old directory because cd may fail', () => {
    expect(writes('cd .git && echo x > config')).toEqual(['/ws/config', '/ws/.git/config'])
    expect(writes('cd docs; cd ../.git; touch x')).toContain('/ws/.git/x')
    expect(writes('cd /tmp && touch y')).toEqual(['/ws/y', '/tmp/y'])
    expect(writes('cd "$D" && touch z')).toEqual(['/ws/z', '…/z'])
    expect(writes('(cd .git); touch w')).toEqual(['/ws/w'])
  })

  it('expands variables, braces, tilde, $PWD and $(pwd) the way bash does', () => {
    expect(writes('d=.git; echo x > $d/config')).toEqual(['/ws/.git/config'])
    expect(writes('d=.git echo x > $d/config')).toEqual(['…/config'])
    expect(writes('echo x > {.git,zz}/config')).toEqual(['/ws/.git/config', '/ws/zz/config'])
    expect(writes('echo x > ~/a ~+/b')).toEqual(['/home/u/a'])
    expect(writes('touch ~+/b ~-/c "~"/d')).toEqual(['/ws/b', '…/c', '/ws/~/d'])
    expect(writes('echo x > "$PWD/.git/config"; echo y > $(pwd)/.git/x')).toEqual(['/ws/.git/config', '/ws/.git/x'])
    expect(writes('x="a b"; rm $x "$x"')).toEqual(['/ws/a', '/ws/b', '/ws/a b'])
    expect(writes('x=\'.g*\'; echo > $x/c; echo > "$x"/d')).toEqual(['/ws/.g*/c', '/ws/.g*/d'])
    expect(outcome('x=\'.g*\'; echo > "$x"/d')).toBe('mutation')
    expect(outcome('x=\'.g*\'; echo > $x/d')).toBe('opaque')
    expect(writes('for d in a .git; do touch $d/x; done')).toEqual(expect.arrayContaining(['/ws/a/x', '/ws/.git/x']))
    expect(writes('touch ${d:-.git}/x')).toEqual(expect.arrayContaining(['/ws/.git/x', '…/x']))
  })

  it('walks every compound command, substitution, function call and nested script', () => {
    for (const command of ['if true; then rm a; fi', 'while false; do rm a; done', 'case x in x) rm a;; esac', '{ rm a; }', '! rm a', 'echo `rm a`', 'echo "$(rm a)"', 'cat <(rm a)', 'tee >(rm a) < /dev/null', 'f() { rm a; }; f', 'eval "rm a"', "bash -c 'sh -c \"rm a\"'", 'trap "rm a" EXIT', 'x=$(rm a)', '(( y = $(rm a) ))', 'echo $(( $(rm a) ))', 'cat <<EOF\n$(rm a)\nEOF']) {
      expect(writes(command), command).toContain('/ws/a')
    }
    expect(writes('f() { rm a; }'), 'a defined function may run later, from a trap or a hook').toEqual(['/ws/a'])
    expect(writes('f() { rm a; }', { persistent: true })).toEqual(['…/a'])
  })

  it('keeps data as data: heredoc bodies, quotes, arithmetic, test expressions, comments', () => {
    for (const command of ["cat <<'EOF'\nrm -rf /\necho x > y\nEOF", 'echo $((2>1))', '[[ 2 > 1 ]] && echo y', '(( 3 > 2 ))', 'echo "a > b"', 'ls # > x', 'grep ">>" file', 'echo hi 2>&1 >&2 2>/dev/null', 'command -v rm', 'rm --help', 'tee /dev/null', 'read -r line < data.txt']) {
      expect(outcome(command), command).toBe('read-only')
    }
  })

  it('runs heredocs and pipes fed to a shell as scripts, or calls them opaque', () => {
    expect(writes("bash <<'EOF'\nrm -f y\nEOF")).toEqual(['/ws/y'])
    expect(outcome('cat x | bash')).toBe('opaque')
    expect(outcome('bash script.sh')).toBe('opaque')
    expect(outcome('bash -O dotglob -c "rm *"')).toBe('opaque')
  })

  it('calls unknown, path-named and PATH-shifted programs opaque, and operator-declared readers read-only', () => {
    expect(outcome('python3 -c "print(1)"')).toBe('opaque')
    expect(outcome('./run.sh')).toBe('opaque')
    expect(outcome('/usr/bin/cat a')).toBe('read-only')
    expect(outcome('PATH=/tmp:$PATH ls')).toBe('opaque')
    expect(outcome('export PATH=/tmp; ls')).toBe('opaque')
    expect(outcome('LD_PRELOAD=x.so cat a')).toBe('opaque')
    expect(outcome('shopt -s expand_aliases; alias ls=rm; ls a')).toBe('opaque')
    expect(outcome('npm test')).toBe('read-only')
    expect(outcome('npm test > out.txt')).toBe('mutation')
    expect(outcome('npm install')).toBe('opaque')
    expect(outcome('R=rm; $R a.txt')).toBe('mutation')
    expect(outcome('$R a.txt')).toBe('opaque')
  })

  it('bounds nesting and alternatives', () => {
    let deep = 'ls'
    for (let level = 0; level < 10; level += 1) deep = `bash -c ${JSON.stringify(deep)}`
    expect(outcome(deep)).toBe('opaque')
    expect(outcome(deep, { maxDepth: 32 })).toBe('read-only')
    expect(outcome(deep, { maxDepth: 3 })).toBe('opaque')
    expect(outcome('f() { f; }; f', { maxDepth: 4 })).toBe('opaque')
    expect(outcome('touch {a,b}{c,d}{e,f}{g,h}{i,j}', { maxAlternatives: 8 })).toBe('opaque')
    // A loop variable's values are bounded like every value set: past the bound they are unknown, so what they feed is opaque.
    const loop = (count: number): string => `for i in ${Array.from({ length: count }, (_, index) => index).join(' ')}; do echo $((i)); done`
    expect(outcome(loop(16))).toBe('read-only')
    expect(outcome(loop(17))).toBe('opaque')
    expect(writes('for f in a b c; do touch "$f.txt"; done', { maxAlternatives: 2 })).toEqual(['….txt'])
    expect(outcome('echo "unterminated')).toBe('opaque')
  })
})

describe('shell analysis: the command table', () => {
  it('declares each command once', () => {
    const all = Object.values(COMMAND_TABLES).flat()
    expect(all.filter((name, index) => all.indexOf(name) !== index)).toEqual([])
  })

  it('finds writer options in readers, including clusters and long-option prefixes', () => {
    expect(writes('sort -uo.git/x in')).toEqual(['/ws/.git/x'])
    expect(writes('sort --out=o.txt in')).toEqual(['/ws/o.txt'])
    expect(outcome('sort $OPTS in')).toBe('opaque')
    expect(writes('uniq in out')).toEqual(['/ws/out'])
    expect(writes('find . -name x -delete')).toEqual(['/ws/.'])
    expect(writes('find . -fprint out.txt')).toEqual(['/ws/out.txt'])
    expect(outcome('find . -exec cat {} +')).toBe('read-only')
    expect(outcome('find . -exec rm {} \\;')).toBe('opaque')
  })

  it('reads sed scripts and awk programs', () => {
    expect(scanSedScript('s/a/b/g; 1,5p; /x/d')).toEqual({ writes: [], executes: false, unknown: false })
    expect(scanSedScript('s/a/b/w out.txt')).toEqual({ writes: ['out.txt'], executes: false, unknown: false })
    expect(scanSedScript('1w .git/x').writes).toEqual(['.git/x'])
    expect(scanSedScript('s/a/date/e').executes).toBe(true)
    expect(scanSedScript('/start/,/end/{ s/x/y/; W log }').writes).toEqual(['log }'])
    expect(writes("sed -i 's/a/b/' f.txt")).toEqual(['/ws/f.txt'])
    expect(outcome("sed -n '1,5p' f")).toBe('read-only')
    expect(awkProgramWrites('{ print $1 }')).toBe(false)
    expect(awkProgramWrites('$1 > 5')).toBe(false)
    expect(awkProgramWrites('/a|b/ { print }')).toBe(false)
    expect(awkProgramWrites('{ print > "out" }')).toBe(true)
    expect(awkProgramWrites('{ system("rm x") }')).toBe(true)
    expect(awkProgramWrites('{ print | "sh" }')).toBe(true)
  })

  it('reads git by effect', () => {
    expect(outcome('git status && git log --oneline | head')).toBe('read-only')
    expect(analyzeShellCommand('git commit -m x', options).effects).toEqual([{ kind: 'git-history', via: 'git commit' }])
    expect(analyzeShellCommand('git config core.hooksPath x', options).effects[0]?.kind).toBe('repository-control')
    expect(analyzeShellCommand('git -c core.fsmonitor=x status', options).effects[0]?.kind).toBe('repository-control')
    expect(analyzeShellCommand('GIT_DIR=/tmp/r git status', options).effects[0]?.kind).toBe('repository-control')
    expect(analyzeShellCommand('git config alias.x "!sh"', options).effects[0]?.kind).toBe('repository-control')
    expect(analyzeShellCommand('git config user.name x', options).effects).toEqual([{ kind: 'git-history', via: 'git config user.name' }])
    expect(outcome('git config --get user.name')).toBe('read-only')
    expect(writes('git -C sub reset --hard')).toEqual(['/ws/./sub'])
    expect(writes('git rm -r old')).toEqual(['/ws/./old'])
    expect(outcome('git frobnicate')).toBe('opaque')
    expect(outcome('git rebase -x "rm a" main')).toBe('opaque')
  })

  it('parses options like getopt', () => {
    const parsed = parseArgs([lit('-uo'), lit('out'), lit('--key=2'), lit('in'), lit('--'), lit('-x')], { shortValue: 'o', longValue: ['key'] })
    expect(parsed.options.map(option => [option.name, option.value === null ? null : literalOf(option.value)])).toEqual([['-u', null], ['-o', 'out'], ['--key', '2']])
    expect(parsed.operands.map(literalOf)).toEqual(['in', '-x'])
  })

  it('expands braces like bash', () => {
    expect(expandBraces('a{b,c}d', 10)).toEqual(['abd', 'acd'])
    expect(expandBraces('{1..3}', 10)).toEqual(['1', '2', '3'])
    expect(expandBraces('{01..03}', 10)).toEqual(['01', '02', '03'])
    expect(expandBraces('{a,b{c,d}}', 10)).toEqual(['a', 'bc', 'bd'])
    expect(expandBraces('"{a,b}" ${x} {x}', 10)).toEqual(['"{a,b}" ${x} {x}'])
    expect(expandBraces('{a..z}', 5)).toBeNull()
  })

  it('validates operator read-only commands', () => {
    expect(parseReadOnlyCommand('npm test')).toEqual(['npm', 'test'])
    expect(parseReadOnlyCommand('npm test; rm x')).toMatch(/one simple command/)
    expect(parseReadOnlyCommand('make $T')).toMatch(/literal/)
    expect(parseReadOnlyCommand('./run')).toMatch(/without a path/)
    expect(parseReadOnlyCommand('ls > x')).toMatch(/only words/)
  })

  it('describes effects in words', () => {
    expect(analyzeShellCommand('rm -rf build', options).effects.map(describeEffect)).toEqual(['rm writes /ws/build (and everything beneath it)'])
  })
})
