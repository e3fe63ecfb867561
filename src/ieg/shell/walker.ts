/**
 * The contract between the syntax-tree walk (compound commands, scripts) and
 * the simple-command analysis: what one may ask of the other. Pure types.
 */
import type { ParsedScript } from 'unbash'
import type { TargetScope } from './effects.js'
import type { ExpansionEnv } from './expansion-env.js'
import type { Pattern } from './pattern.js'
import type { Exit } from './builtin-host.js'
import type { FunctionBody, ShellState, Values } from './state.js'

/** Settings of one analysis. */
export interface ShellAnalysisOptions {
  /** The shell keeps its directory, variables and options between calls. */
  readonly persistent: boolean
  /** The absolute directory the command starts in (the tool's working directory), as the kernel would open it. */
  readonly startDirectory: string
  /** The home directory a fresh shell sees, or null when unknown. */
  readonly home: string | null
  /** The temporary directory a fresh shell sees, or null when unknown. */
  readonly tempDirectory: string | null
  /** Deepest nesting of scripts, functions, wrapped commands and re-evaluated text analyzed. */
  readonly maxDepth: number
  /** Most alternatives a word or a state value keeps before it counts as unknown. */
  readonly maxAlternatives: number
  /** Commands the operator declared read-only, as literal argument-list prefixes. */
  readonly readOnlyCommands: readonly (readonly string[])[]
}

/** Source text of the command being analyzed, searched for protected paths when it turns out opaque. */
export type Mentions = () => readonly string[]

/** What the simple-command analysis asks of the walk. */
export interface Walker {
  readonly options: ShellAnalysisOptions
  /** The whole command line analyzed. */
  readonly source: string
  /** Record code the analysis cannot see; `words` are its arguments, `mentions` its source text. */
  opaque(via: string, reason: string, words: readonly Pattern[], state: ShellState | null, mentions?: Mentions): void
  /** Record a write of `path` (as written, relative to the state's directory). */
  write(via: string, path: Pattern, scope: TargetScope, state: ShellState, partial?: boolean): void
  history(via: string): void
  control(via: string, reason: string): void
  env(state: ShellState, depth: number): ExpansionEnv
  /** Analyze a parsed script; returns the state after it. */
  script(script: ParsedScript, state: ShellState, depth: number, via: string): ShellState
  /** Parse and analyze script text; opaque when it is not literal. */
  scriptText(text: Pattern, via: string, state: ShellState, depth: number): ShellState
  /** {@link scriptText} for a new shell (`bash -c`), which runs outside every function. */
  childShellText(text: Pattern, via: string, state: ShellState, depth: number): ShellState
  /** Analyze a function body called in `state`. */
  functionBody(body: FunctionBody, state: ShellState, depth: number): ShellState
  /** Whether the walk is inside a function body. */
  inFunction(): boolean
  /** Variables expansions assigned so far in the node being analyzed, oldest first. */
  expansionAssignments(): ReadonlyArray<readonly [string, Values]>
  /** `state` with what expansions assigned since `mark` (a length of {@link expansionAssignments}); they stay pending for the enclosing node. */
  assignedSince(state: ShellState, mark: number): ShellState
  /** `return` left the function, or `break`/`continue` the `levels`-th enclosing loop (null: any), with this state. */
  leave(kind: Exit, state: ShellState, levels: number | null): void
}
