/**
 * The environment variables that change what runs, read directly: every
 * name of the lookup table counts, a pager or editor is harmless only when
 * every value it may hold is known and runs nothing else.
 */
import { describe, expect, it } from 'vitest'
import { changesLookup, changesOwnLookup, changesWhatRuns, harmlessSetting } from '../../src/ieg/shell/environment.ts'
import { lit, type Pattern } from '../../src/ieg/shell/pattern.ts'

const unknown: Pattern = [{ t: 'any' }]

describe('variables that change which program a name runs', () => {
  it('include every lookup variable of bash, and the loader prefixes', () => {
    for (const name of ['PATH', 'BASH_ENV', 'ENV', 'BASH_LOADABLES_PATH', 'EXECIGNORE', 'SHELLOPTS', 'BASHOPTS', 'BASH_CMDS', 'BASH_ALIASES', 'LD_PRELOAD', 'DYLD_INSERT_LIBRARIES']) {
      expect(changesLookup(name), name).toBe(true)
      expect(changesWhatRuns(name), name).toBe(true)
    }
    expect(changesLookup('PATHS')).toBe(false)
  })

  it('count for the same command only where bash looks the name up through them', () => {
    expect(['PATH', 'EXECIGNORE', 'BASH_CMDS', 'BASH_ALIASES'].filter(changesOwnLookup)).toHaveLength(4)
    expect(changesOwnLookup('BASH_ENV')).toBe(false)
  })

  it('include the prefixes programs read their options or code from', () => {
    for (const name of ['NPM_CONFIG_USERCONFIG', 'GIT_DIR', 'PYTHONSTARTUP', 'PERL5OPT', 'CARGO_HOME', 'CC', 'CFLAGS']) expect(changesWhatRuns(name), name).toBe(true)
    expect(changesWhatRuns('CCACHE')).toBe(false)
  })
})

describe('pager and editor values that run nothing else', () => {
  it('are harmless only when every possible value is', () => {
    expect(harmlessSetting('PAGER', [lit('less'), lit('cat')])).toBe(true)
    expect(harmlessSetting('PAGER', [lit('less'), lit('vim')])).toBe(false)
    expect(harmlessSetting('PAGER', [lit('vim'), lit('less')])).toBe(false)
  })

  it('are never harmless when a value is not literal or the values are unknown', () => {
    expect(harmlessSetting('PAGER', [unknown])).toBe(false)
    expect(harmlessSetting('EDITOR', [lit('cat'), unknown])).toBe(false)
    expect(harmlessSetting('PAGER', null)).toBe(false)
    expect(harmlessSetting('PAGER', undefined)).toBe(false)
  })

  it('read LESS as options and other variables as never harmless', () => {
    expect(harmlessSetting('LESS', [lit('-R')])).toBe(true)
    expect(harmlessSetting('LESS', [lit('+!sh')])).toBe(false)
    expect(harmlessSetting('LESS', [lit('-o log')])).toBe(false)
    expect(harmlessSetting('HOME', [lit('cat')])).toBe(false)
  })
})
