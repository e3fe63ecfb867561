/**
 * What a state-changing built-in is given and may ask of the analyzer
 * (builtins.ts, declarations.ts and callbacks.ts read these). Types only.
 */
import type { Assignment } from 'unbash'
import type { Evaluation } from './expansion-env.js'
import type { Pattern, Values } from './pattern.js'
import type { ShellState } from './state.js'

/** What a built-in may ask of the analyzer. */
export interface BuiltinHost {
  readonly maxAlternatives: number
  /** Analyze script text in the given state; returns the state after it. */
  script(text: Pattern, via: string, state: ShellState): ShellState
  /** Run an argument list as a command in this shell, skipping functions (`command`) or external programs (`builtin`). */
  run(argv: readonly Pattern[], via: string, state: ShellState, lookup: 'all' | 'no-functions' | 'builtins-only'): ShellState
  opaque(via: string, reason: string, words: readonly Pattern[]): void
  /** Analyze values bash evaluates again; returns the state with what the evaluation assigned. */
  evaluate(kind: Evaluation, values: Values, via: string, state: ShellState): ShellState
  /** Assign from an assignment argument (`export NAME=value`, `declare -a a=(…)`). */
  assign(node: Assignment, state: ShellState): ShellState
  /** What an assignment argument's value expands to. */
  assignedValues(node: Assignment, state: ShellState): Values
  /** Assign possible values to a variable. */
  assignValues(name: string, values: Values, state: ShellState): ShellState
  /** `return` left the function, or `break`/`continue` the `levels`-th enclosing loop (null: any), with this state. */
  leave(kind: Exit, state: ShellState, levels: number | null): void
  /** Whether the call runs inside a function body, where `local` and `declare` make local variables. */
  readonly inFunction: boolean
}

/** How a state leaves the code around it. */
export type Exit = 'return' | 'break' | 'continue'

/** A built-in call: expanded words plus the assignment arguments of declaration commands. */
export interface BuiltinCall {
  readonly name: string
  readonly args: readonly Pattern[]
  readonly assignments: readonly Assignment[]
  /** Variables assigned for this command only (`CDPATH=x cd y`). */
  readonly envNames: readonly string[]
  /** Literal text on standard input (a here-document or here-string), if any. */
  readonly stdinText: string | null
  readonly home: string | null
}
