/**
 * What word expansion reads and reports through (the walker implements it),
 * and the values of variables as expansion sees them. Pure.
 */
import type { ParsedScript } from 'unbash'
import { DIGITS, lit } from './pattern.js'
import type { ShellState, Values } from './state.js'

/** How bash evaluates a value a second time. */
export type Evaluation =
  /** As an arithmetic expression: names are evaluated recursively, subscripts expanded. */
  | 'arithmetic'
  /** As a variable name that may carry a subscript (`unset 'a[i]'`, `${!x}`). */
  | 'name'
  /** As a prompt string: expanded like a double-quoted word (`${x@P}`, `PS4`). */
  | 'prompt'

/** Where a nested script's standard input comes from: the shell's own, or a pipe (`>(cmd)`). */
export type NestedInput = 'inherited' | 'pipe'

/** What expansion reads and reports. */
export interface ExpansionEnv {
  readonly state: ShellState
  /** The home directory of a fresh shell, or null when unknown. */
  readonly home: string | null
  readonly maxAlternatives: number
  /** Analyze a nested script (command or process substitution, whose standard input is the shell's or a pipe); returns the value its output takes in a word. */
  nested(script: ParsedScript | undefined, via: string, input: NestedInput): Values
  /** Bash evaluates these values again (null: a value the analysis does not know). */
  evaluate(kind: Evaluation, values: Values, via: string): void
  /** An expansion assigned NAME (`${NAME:=word}`: unknown; arithmetic `NAME=…`, `NAME++`: a number). */
  assigned(name: string, values: Values): void
}

/** Parameters that always expand to a number. */
const NUMERIC_PARAMETERS = new Set(['$', '!', '?', '#', 'PPID', 'UID', 'EUID'])
/** Variables that expand to a number until they are unset (then they are ordinary variables). */
const NUMERIC_VARIABLES = new Set(['RANDOM', 'SECONDS', 'LINENO', 'BASHPID', 'SRANDOM', 'EPOCHSECONDS'])

/**
 * Variables the shell sets itself, whose assignment it ignores, refuses or
 * overwrites (`_` holds the last argument of the previous command,
 * `BASH_REMATCH` what `[[ =~ ]]` matched): their value is never known.
 */
const SHELL_SET_VARIABLES = new Set(['_', 'FUNCNAME', 'BASH_LINENO', 'BASH_SOURCE', 'BASH_ARGV', 'BASH_ARGC', 'BASH_COMMAND', 'BASH_EXECUTION_STRING', 'BASH_REMATCH', 'BASH_SUBSHELL', 'BASH_VERSINFO', 'BASHOPTS', 'SHELLOPTS', 'DIRSTACK', 'GROUPS', 'HISTCMD', 'PIPESTATUS'])

/**
 * What a variable holds in the analyzed state, or null when unknown: after a
 * name reference any variable may have been assigned through it.
 * @param name - the variable.
 * @param env - the state and the home directory.
 */
export function variableValues(name: string, env: ExpansionEnv): Values {
  if (NUMERIC_PARAMETERS.has(name)) return [DIGITS]
  if (env.state.references || SHELL_SET_VARIABLES.has(name)) return null
  if (env.state.vars.has(name)) return env.state.vars.get(name) ?? null
  if (env.state.unknownNames) return null
  if (NUMERIC_VARIABLES.has(name)) return [DIGITS]
  if (name === 'PWD') return env.state.cwd
  if (name === 'OLDPWD') return env.state.oldCwd
  if (name === 'HOME') return env.home === null ? null : [lit(env.home)]
  return null
}

/**
 * Have bash's second evaluation of a variable's value checked. A variable the
 * command line did not assign holds the host's environment in a fresh shell.
 * @param name - the variable.
 * @param kind - how its value is evaluated.
 * @param env - state and callbacks.
 * @param via - what evaluates it.
 */
export function evaluateVariable(name: string, kind: Evaluation, env: ExpansionEnv, via: string): void {
  if (NUMERIC_PARAMETERS.has(name) || name === '0') return
  // Positional parameters are not tracked: `set --` or a function's caller may have put any text there.
  if (/^\d+$/.test(name)) return env.evaluate(kind, null, via)
  if (!env.state.vars.has(name) && !env.state.unknownNames && !SHELL_SET_VARIABLES.has(name)) return
  env.evaluate(kind, variableValues(name, env), via)
}
