/** The labelled shell corpus against the analysis: every outcome and every literal target. */
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { literalOf } from '../../src/ieg/shell/pattern.ts'
import { SHELL_CORPUS } from '../fixtures/shell-corpus.ts'

const options = { persistent: false, startDirectory: '/ws', home: '/home/u', tempDirectory: '/tmp', maxDepth: 8, maxAlternatives: 16, readOnlyCommands: [] }

describe('the shell corpus', () => {
  it('is large enough: 300 commands, 150 writes in disguise, 100 reads, 60 against .git', () => {
    expect(SHELL_CORPUS.length).toBeGreaterThanOrEqual(300)
    expect(SHELL_CORPUS.filter(entry => entry.outcome !== 'read-only').length).toBeGreaterThanOrEqual(150)
    expect(SHELL_CORPUS.filter(entry => entry.outcome === 'read-only').length).toBeGreaterThanOrEqual(100)
    expect(SHELL_CORPUS.filter(entry => entry.protected === true).length).toBeGreaterThanOrEqual(60)
    const commands = SHELL_CORPUS.map(entry => entry.command)
    expect(commands.filter((command, index) => commands.indexOf(command) !== index)).toEqual([])
  })

  it.each(SHELL_CORPUS.map(entry => [entry.command, entry] as const))('%s', (_command, entry) => {
    const analysis = analyzeShellCommand(entry.command, options)
    expect(analysis.outcome, analysis.opaqueReasons.join('; ')).toBe(entry.outcome)
    const written = analysis.effects.flatMap((effect) => {
      if (effect.kind !== 'write') return []
      const path = literalOf(effect.target.path)
      return path === null ? [] : [posix.relative('/ws', path) || '.']
    })
    const control = analysis.effects.some(effect => effect.kind === 'repository-control')
    if (entry.protected === true && control) return
    for (const target of entry.targets ?? []) expect(written, `target ${target}`).toContain(target)
    if (entry.history === true) expect(analysis.effects.some(effect => effect.kind === 'git-history')).toBe(true)
  })
})
