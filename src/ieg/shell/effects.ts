/**
 * What a shell command does to the workspace, as the analysis proves it, and
 * the three outcomes: read-only (nothing is written), mutation (every write
 * has a literal target) and opaque (something is not provable either way).
 * Pure.
 */
import { hasAny, literalOf, patternText, type Pattern } from './pattern.js'

/**
 * How much of a path a write touches: `entry` the path itself; `subtree` the
 * path and everything already beneath it (recursive delete, move, chmod -R);
 * `beneath` new entries with unknown names created under the directory
 * (archive extraction, recursive copy into it); `link` the path only when
 * it is a symbolic link, which is copied as a link (`cp -P`).
 */
export type TargetScope = 'entry' | 'subtree' | 'beneath' | 'link'

/** How a description shows each scope. */
const SCOPE_NOTE: Record<TargetScope, string> = { entry: '', subtree: ' (and everything beneath it)', beneath: ' (new entries beneath it)', link: ' (a link copied as a link)' }

/** One written path, relative to the call's starting directory or absolute. */
export interface WriteTarget {
  readonly path: Pattern
  readonly scope: TargetScope
  /** Only some entries of the scope are written, chosen when the command runs (`find -name x -delete`). */
  readonly partial?: true
}

/** One effect of a command line. */
export type ShellEffect =
  /** A known writer writes `target`. */
  | { readonly kind: 'write', readonly via: string, readonly target: WriteTarget }
  /**
   * Code the analysis cannot see runs (interpreter, unknown command, eval of
   * unknown text); `words` are its arguments as paths, `mentions` the source
   * text of its command (arguments, here-documents, assignments), searched
   * for protected paths.
   */
  | { readonly kind: 'opaque', readonly via: string, readonly reason: string, readonly words: readonly Pattern[], readonly mentions: readonly string[] }
  /** An ordinary git history command (add, commit, branch, tag, fetch). */
  | { readonly kind: 'git-history', readonly via: string }
  /** A change that arranges code execution or redirects the repository; counts as a write to the protected `.git`. */
  | { readonly kind: 'repository-control', readonly via: string, readonly reason: string }

/** The three outcomes. */
export type ShellOutcome = 'read-only' | 'mutation' | 'opaque'

/** A command line's analysis. */
export interface ShellAnalysis {
  readonly outcome: ShellOutcome
  readonly effects: readonly ShellEffect[]
  /** Why the outcome is opaque (empty otherwise). */
  readonly opaqueReasons: readonly string[]
  /** Whether `shopt -s dotglob`, `GLOBIGNORE` or an unknown shell state lets globs match dot files. */
  readonly looseGlobs: boolean
}

/**
 * Whether a write's target is proven: a literal path.
 * @param effect - a write effect.
 */
export function isLiteralWrite(effect: Extract<ShellEffect, { kind: 'write' }>): boolean {
  return literalOf(effect.target.path) !== null
}

/**
 * One line describing an effect, for refusals and diagnostics.
 * @param effect - any effect.
 */
export function describeEffect(effect: ShellEffect): string {
  switch (effect.kind) {
    case 'write': return `${effect.via} writes ${patternText(effect.target.path)}${SCOPE_NOTE[effect.target.scope]}`
    case 'opaque': return `${effect.via}: ${effect.reason}`
    case 'git-history': return `${effect.via} (git history)`
    case 'repository-control': return `${effect.via}: ${effect.reason}`
  }
}

/**
 * Fold effects into an outcome.
 * @param effects - every effect found.
 * @param looseGlobs - whether globs may match dot files.
 */
export function summarize(effects: readonly ShellEffect[], looseGlobs: boolean): ShellAnalysis {
  const opaqueReasons: string[] = []
  for (const effect of effects) {
    if (effect.kind === 'opaque') opaqueReasons.push(describeEffect(effect))
    else if (effect.kind === 'write' && !isLiteralWrite(effect)) {
      opaqueReasons.push(`${effect.via}: its target ${patternText(effect.target.path)} is not literal (${hasAny(effect.target.path) ? 'an expansion the analysis cannot know' : 'a glob'})`)
    } else if (effect.kind === 'write' && effect.target.partial === true) {
      opaqueReasons.push(`${effect.via}: which entries under ${patternText(effect.target.path)} it writes is decided when it runs`)
    }
  }
  const outcome: ShellOutcome = effects.length === 0 ? 'read-only' : opaqueReasons.length > 0 ? 'opaque' : 'mutation'
  return { outcome, effects, opaqueReasons, looseGlobs }
}
