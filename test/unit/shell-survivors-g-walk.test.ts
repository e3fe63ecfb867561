/**
 * The walk of one simple command and the directory built-ins, pinned
 * exactly: the values a variable that changes what runs holds (an unknown
 * one included) and the text they mention, SHELLOPTS and BASHOPTS in a
 * command's environment loosening its globs, `command_not_found_handle`
 * (one `unset` may have removed, none at the nesting limit), which words
 * `cd`, `pushd` and `popd` take as options, and the one-line description of
 * git history and repository-control effects.
 */
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { describeEffect } from '../../src/ieg/shell/effects.ts'
import { GOLDEN_OPTIONS, goldenLines } from '../support/shell-golden.ts'

const HOME_SET = 'HOME is set for it, which changes what it runs or reads'
const NOT_KNOWN = (name: string): string => `${name} is not a command the analysis knows, so what it writes cannot be proven`
/** `rm f` after a directory change that stays or moves to `directory`. */
const STAYS_OR_MOVES = (directory: string): string[] => ['= mutation', '  write rm "/ws/f" entry', `  write rm "${directory}/f" entry`]
const STAYS = ['= mutation', '  write rm "/ws/f" entry']
const UNKNOWN_DIR = ['= opaque', '  write rm "⟨…⟩/f" entry', '  ? rm: its target …/f is not literal (an expansion the analysis cannot know)']

describe('variables that change what a command runs', () => {
  it('adds an unknown value to the words and mentions it as empty text', () => {
    expect(goldenLines('HOME=$X touch f')).toEqual([
      '= opaque',
      `  opaque touch: ${HOME_SET} | words ["/ws/touch","/ws/f","⟨…⟩"] | mentions ["touch","HOME=$X","f","","touch","f",""]`,
      '  write touch "/ws/f" entry',
      `  ? touch: ${HOME_SET}`,
    ])
  })

  it('adds a value the shell read earlier as unknown', () => {
    expect(goldenLines('read HOME; touch f')).toEqual([
      '= opaque',
      `  opaque touch: ${HOME_SET} | words ["/ws/touch","/ws/f","⟨…⟩"] | mentions ["touch","f","","touch","f",""]`,
      '  write touch "/ws/f" entry',
      `  ? touch: ${HOME_SET}`,
    ])
  })

  it('adds a literal value as it is', () => {
    expect(goldenLines('HOME=/h touch f')).toEqual([
      '= opaque',
      `  opaque touch: ${HOME_SET} | words ["/ws/touch","/ws/f","/h"] | mentions ["touch","HOME=/h","f","","touch","f","/h"]`,
      '  write touch "/ws/f" entry',
      `  ? touch: ${HOME_SET}`,
    ])
  })
})

describe('shell options in a command environment', () => {
  // A bash started with BASHOPTS=dotglob in its environment globs dot files (`env BASHOPTS=dotglob bash -c 'echo *'`).
  it('loosens globs for what runs with SHELLOPTS or BASHOPTS set', () => {
    for (const name of ['SHELLOPTS', 'BASHOPTS']) {
      const reason = `${name} is set for it, which changes what it runs or reads`
      expect(goldenLines(`env ${name}=xtrace touch f`)).toEqual([
        '= opaque (loose globs)',
        `  opaque touch: ${reason} | words ["/ws/touch","/ws/f","/ws/xtrace"] | mentions ["env","${name}=xtrace","touch","f","","env","${name}=xtrace","touch","f","xtrace"]`,
        '  write touch "/ws/f" entry',
        `  ? touch: ${reason}`,
      ])
    }
  })

  it('keeps globs strict under another variable that changes what runs', () => {
    expect(goldenLines('env HOME=/h touch f')[0]).toBe('= opaque')
  })
})

describe('command_not_found_handle', () => {
  it('runs a handler a plain unset may have removed, once at its definition and once for the unknown command', () => {
    expect(goldenLines('command_not_found_handle() { rm a; }; unset command_not_found_handle; foo')).toEqual([
      '= opaque',
      '  write rm "/ws/a" entry',
      '  write rm "/ws/a" entry',
      `  opaque foo: ${NOT_KNOWN('foo')} | words ["/ws/foo"] | mentions ["foo","","foo"]`,
      `  ? foo: ${NOT_KNOWN('foo')}`,
    ])
  })

  it('runs nothing else for an unknown command at the nesting limit when no handler is defined', () => {
    const envs = 'env '.repeat(8).trim().split(' ')
    expect(goldenLines(`${envs.join(' ')} foo`)).toEqual([
      '= opaque',
      `  opaque foo: ${NOT_KNOWN('foo')} | words ["/ws/foo"] | mentions ${JSON.stringify([...envs, 'foo', '', ...envs, 'foo'])}`,
      `  ? foo: ${NOT_KNOWN('foo')}`,
    ])
  })
})

describe('options of the directory built-ins', () => {
  it('takes a word that merely ends in -n as the directory pushd changes to', () => {
    // bash: `pushd x-n` changes to x-n.
    expect(goldenLines('pushd x-n; rm f')).toEqual(STAYS_OR_MOVES('/ws/x-n'))
  })

  it('reads only the exact word -n as the option that keeps the directory', () => {
    expect(goldenLines('pushd -n d; rm f')).toEqual(STAYS)
    expect(goldenLines('popd -n; rm f')).toEqual(STAYS)
  })

  // bash refuses each of these words (invalid number, invalid argument, invalid option) and stays;
  // reading them as operands, the analysis keeps the start possible and adds its coarse extra.
  it('reads a pushd word that starts with -n but goes on as a directory', () => {
    expect(goldenLines('pushd -nx; rm f')).toEqual(STAYS_OR_MOVES('/ws/-nx'))
  })

  it('reads a popd word that starts or ends with -n but is not -n as a stack entry it cannot tell', () => {
    expect(goldenLines('popd -nv; rm f')).toEqual(UNKNOWN_DIR)
    expect(goldenLines('popd x-n; rm f')).toEqual(UNKNOWN_DIR)
  })

  it('reads a cd word of option letters followed by others as the directory', () => {
    expect(goldenLines('cd -Lx d; rm f')).toEqual(STAYS_OR_MOVES('/ws/-Lx'))
    expect(goldenLines('cd -P@x d; rm f')).toEqual(STAYS_OR_MOVES('/ws/-P@x'))
  })

  it('reads a cd cluster of option letters as options', () => {
    expect(goldenLines('cd -LPe@ d; rm f')).toEqual(STAYS_OR_MOVES('/ws/d'))
  })
})

describe('describing effects', () => {
  const described = (command: string): string[] => analyzeShellCommand(command, GOLDEN_OPTIONS).effects.map(describeEffect)

  it('describes a git history effect by what made it', () => {
    expect(described('git commit -m x')).toEqual(['git commit (git history)'])
  })

  it('describes a repository-control effect by what made it and why', () => {
    expect(described('git config core.hooksPath h')).toEqual(['git config core.hooksPath: this setting makes git run a program or trust other files'])
  })
})
