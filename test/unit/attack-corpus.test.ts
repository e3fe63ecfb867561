/**
 * The attack corpus through the analysis alone, without the host: every
 * bypass is refused by what the analysis reports (a protected literal
 * target, repository control, or an opaque part whose words or text could
 * reach `.git`), every write under `deny` is not read-only, every read is.
 * The host suites run the same corpus through the real tools.
 */
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand, type ShellAnalysisOptions } from '../../src/ieg/shell/analyze.ts'
import type { ShellAnalysis } from '../../src/ieg/shell/effects.ts'
import { literalOf, patternText } from '../../src/ieg/shell/pattern.ts'
import { mentionedEntry, patternCouldReach, protectedEntryOf, sourceMentions, workspaceRelative, type ProtectionRules } from '../../src/ieg/workspace/protected.ts'
import { DEFAULT_BYPASSES, DENY_READS, DENY_WRITES, ROUND2_DEFAULT_BYPASSES, ROUND2_DENY_READS, ROUND2_DENY_WRITES, ROUND3_DEFAULT_BYPASSES, ROUND3_DENY_READS, ROUND3_DENY_WRITES, type Attack } from '../fixtures/attack-corpus.ts'

const BYPASSES = [...DEFAULT_BYPASSES, ...ROUND2_DEFAULT_BYPASSES, ...ROUND3_DEFAULT_BYPASSES]
const WRITES = [...DENY_WRITES, ...ROUND2_DENY_WRITES, ...ROUND3_DENY_WRITES]
const READS = [...DENY_READS, ...ROUND2_DENY_READS, ...ROUND3_DENY_READS]

const ROOT = '/ws'
const rules: ProtectionRules = { entries: [{ raw: '.git', segments: ['.git'] }], caseSensitive: false }
const options: ShellAnalysisOptions = { persistent: false, startDirectory: ROOT, home: '/home/u', tempDirectory: '/tmp', maxDepth: 8, maxAlternatives: 16, readOnlyCommands: [] }

function analyze(entry: Attack): ShellAnalysis {
  const startDirectory = entry.absoluteWorkdir !== undefined ? `${ROOT}/${entry.absoluteWorkdir}` : entry.workdir !== undefined ? posix.resolve(ROOT, entry.workdir) : ROOT
  return analyzeShellCommand(entry.command, { ...options, startDirectory })
}

/** Why the gate refuses the analysis at the defaults, read without the filesystem; null when it would not. */
function refusal(analysis: ShellAnalysis): string | null {
  for (const effect of analysis.effects) {
    if (effect.kind === 'repository-control') return `control: ${effect.reason}`
    const path = effect.kind === 'write' ? literalOf(effect.target.path) : null
    const relative = path === null ? null : workspaceRelative(posix.normalize(path), ROOT)
    if (relative !== null && protectedEntryOf(relative, rules) !== undefined) return `protected target ${relative}`
  }
  if (analysis.outcome !== 'opaque') return null
  for (const effect of analysis.effects) {
    const words = effect.kind === 'opaque' ? effect.words : effect.kind === 'write' && literalOf(effect.target.path) === null ? [effect.target.path] : []
    for (const word of words) {
      if (patternCouldReach(word, ROOT, rules, analysis.looseGlobs) !== undefined) return `reach ${patternText(word)}`
      const text = literalOf(word)
      if (text !== null && mentionedEntry(workspaceRelative(text, ROOT) ?? text, rules) !== undefined) return `names ${text}`
    }
    for (const text of effect.kind === 'opaque' ? effect.mentions : []) if (sourceMentions(text, rules) !== undefined) return `text ${text}`
  }
  return null
}

describe('attack corpus, analysis alone', () => {
  it.each(BYPASSES.filter(entry => entry.resolved !== true).map(entry => [entry.name, entry] as const))('refuses at the defaults: %s', (_name, entry) => {
    const analysis = analyze(entry)
    expect(refusal(analysis), `${analysis.outcome}: ${analysis.opaqueReasons.join('; ')}`).not.toBeNull()
  })

  it.each(BYPASSES.filter(entry => entry.resolved === true).map(entry => [entry.name, entry] as const))('reports a write the host resolves: %s', (_name, entry) => {
    expect(analyze(entry).outcome).not.toBe('read-only')
  })

  it.each(WRITES.map(entry => [entry.name, entry] as const))('is not read-only: %s', (_name, entry) => {
    expect(analyze(entry).outcome).not.toBe('read-only')
  })

  it.each(READS.map(entry => [entry.name, entry] as const))('is read-only: %s', (_name, entry) => {
    const analysis = analyze(entry)
    expect(analysis.outcome, analysis.opaqueReasons.join('; ')).toBe('read-only')
  })
})
