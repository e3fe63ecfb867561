/**
 * A readable, exact encoding of a shell analysis for golden files: every
 * effect with its via, target (literal text, with each non-literal atom in
 * angle brackets) and scope, every opaque reason, word and mention.
 */
import { expect, it } from 'vitest'
import { analyzeShellCommand, type ShellAnalysisOptions } from '../../src/ieg/shell/analyze.ts'
import type { ShellAnalysis, ShellEffect } from '../../src/ieg/shell/effects.ts'
import type { Pattern } from '../../src/ieg/shell/pattern.ts'

/** The options the golden files are recorded with. */
export const GOLDEN_OPTIONS: ShellAnalysisOptions = { persistent: false, startDirectory: '/ws', home: '/home/u', tempDirectory: '/tmp', maxDepth: 8, maxAlternatives: 16, readOnlyCommands: [] }

/** A pattern with its non-literal atoms marked. */
export function encodePattern(pattern: Pattern): string {
  return pattern.map((atom) => {
    switch (atom.t) {
      case 'lit': return atom.s
      case 'star': return atom.dot === true ? '⟨*.⟩' : '⟨*⟩'
      case 'qmark': return '⟨?⟩'
      case 'class': return `⟨[${atom.body}]⟩`
      case 'digits': return '⟨n⟩'
      case 'any': return '⟨…⟩'
    }
  }).join('')
}

function encodeEffect(effect: ShellEffect): string {
  switch (effect.kind) {
    case 'write': return `write ${effect.via} ${JSON.stringify(encodePattern(effect.target.path))} ${effect.target.scope}${effect.target.partial === true ? ' partial' : ''}`
    case 'opaque': return `opaque ${effect.via}: ${effect.reason} | words ${JSON.stringify(effect.words.map(encodePattern))} | mentions ${JSON.stringify(effect.mentions)}`
    case 'git-history': return `history ${effect.via}`
    case 'repository-control': return `control ${effect.via}: ${effect.reason}`
  }
}

/** The encoded analysis, one line per fact. */
export function encodeAnalysis(analysis: ShellAnalysis): string[] {
  return [`= ${analysis.outcome}${analysis.looseGlobs ? ' (loose globs)' : ''}`, ...analysis.effects.map(effect => `  ${encodeEffect(effect)}`), ...analysis.opaqueReasons.map(reason => `  ? ${reason}`)]
}

/**
 * Analyze a command and encode the result, an exception included.
 * @param command - the shell text.
 * @param startDirectory - where it starts.
 */
export function goldenLines(command: string, startDirectory = GOLDEN_OPTIONS.startDirectory): string[] {
  try {
    return encodeAnalysis(analyzeShellCommand(command, { ...GOLDEN_OPTIONS, startDirectory }))
  } catch (error) {
    return [`! ${error instanceof Error ? error.message : String(error)}`]
  }
}

/**
 * The golden lines of a command with each opaque effect's words and
 * mentions left out, for assertions about what was decided.
 * @param command - the shell text.
 */
export function briefLines(command: string): string[] {
  return goldenLines(command).map(line => line.replace(/ \| words .*$/s, ''))
}

/** The golden lines of a read-only command. */
export const READ_ONLY: readonly string[] = ['= read-only']

/** The reason every later command is opaque once command lookup may have changed. */
export const LOOKUP_CHANGED = 'PATH, hashing or a startup file changed, so the command name may run another program'

/**
 * The brief lines of a call its handler leaves opaque.
 * @param via - the command or construct named.
 * @param reason - why it is opaque.
 */
export function opaqueLines(via: string, reason: string): string[] {
  return ['= opaque', `  opaque ${via}: ${reason}`, `  ? ${via}: ${reason}`]
}

/** A pinned case: its title, the command, and the brief lines it gives. */
export type BriefCase = readonly [title: string, command: string, lines: readonly string[]]

/**
 * One test per case, each expecting exactly its brief lines.
 * @param cases - the pinned cases.
 */
export function pinBrief(cases: readonly BriefCase[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(briefLines(command)).toEqual(lines))
}

/** The brief line of a write of `target` by `via` (an entry unless `scope` says otherwise). */
export const writeLine = (target: string, via = 'rm', scope = 'entry'): string => `  write ${via} ${JSON.stringify(target)} ${scope}`
/** The lines of a mutation with these effect lines. */
export const mutationLines = (...lines: string[]): string[] => ['= mutation', ...lines]
/** The brief lines of an `rm` of literal targets. */
export const rmWrites = (...targets: string[]): string[] => ['= mutation', ...targets.map(target => writeLine(target))]
/** The reason an `rm` target holding an unknown expansion gives. */
export const rmUnknown = (shown: string): string => `  ? rm: its target ${shown} is not literal (an expansion the analysis cannot know)`
/** The reason an `rm` target holding a glob gives. */
export const rmGlob = (shown: string): string => `  ? rm: its target ${shown} is not literal (a glob)`
