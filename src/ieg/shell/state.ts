/**
 * The shell state the analysis tracks while it walks a command line: the
 * possible working directories, variables with their possible values,
 * defined functions, and options that change how words expand. A value set
 * grows by union at joins (branches, loops) and collapses to unknown past a
 * bound. Pure.
 */
import type { CompoundCommand, CompoundList, Redirected } from 'unbash'
import { lit, literalOf, type Pattern } from './pattern.js'

/** Possible values; null is unknown. */
export type Values = readonly Pattern[] | null

/** A function body as defined. */
export type FunctionBody = CompoundCommand | Redirected | CompoundList

/** Tracked state. */
export interface ShellState {
  /** Possible working directories (absolute patterns); null unknown. */
  readonly cwd: Values
  readonly oldCwd: Values
  /** Shell variables assigned in the command line. A name absent here is the environment's (unknown). */
  readonly vars: ReadonlyMap<string, Values>
  readonly functions: ReadonlyMap<string, FunctionBody>
  /** Globs may match dot files and ignore case (`dotglob`, `nocaseglob`, `GLOBIGNORE`, or a persistent shell whose options are unknown). */
  readonly looseGlobs: boolean
  /** Aliases expand (`shopt -s expand_aliases`); every command name is then unknown. */
  readonly aliases: boolean
  /** PATH, hashing or a preload changed: no command name can be trusted. */
  readonly commandLookupUnknown: boolean
  /** Word splitting no longer uses the default IFS. */
  readonly ifsChanged: boolean
}

/**
 * The state at the start of a call.
 * @param persistent - a persistent shell keeps cwd, variables and options from earlier calls.
 * @param startDirectory - the absolute directory the command starts in, or null when unknown.
 */
export function initialState(persistent: boolean, startDirectory: string | null): ShellState {
  return {
    cwd: persistent || startDirectory === null ? null : [lit(startDirectory)],
    oldCwd: null,
    vars: new Map(),
    functions: new Map(),
    looseGlobs: persistent,
    aliases: false,
    commandLookupUnknown: false,
    ifsChanged: persistent,
  }
}

function patternKey(pattern: Pattern): string {
  return JSON.stringify(pattern)
}

/**
 * Union of value sets, bounded.
 * @param a - one set.
 * @param b - another.
 * @param max - most alternatives kept before the result is unknown.
 */
export function unionValues(a: Values, b: Values, max: number): Values {
  if (a === null || b === null) return null
  const seen = new Map<string, Pattern>()
  for (const value of [...a, ...b]) seen.set(patternKey(value), value)
  return seen.size > max ? null : [...seen.values()]
}

/**
 * The state after either of two paths.
 * @param a - state after one path.
 * @param b - state after the other.
 * @param max - bound on alternatives.
 */
export function joinStates(a: ShellState, b: ShellState, max: number): ShellState {
  const vars = new Map<string, Values>()
  for (const name of new Set([...a.vars.keys(), ...b.vars.keys()])) {
    const left = a.vars.has(name) ? a.vars.get(name) ?? null : null
    const right = b.vars.has(name) ? b.vars.get(name) ?? null : null
    vars.set(name, unionValues(left, right, max))
  }
  const functions = new Map(a.functions)
  for (const [name, body] of b.functions) functions.set(name, body)
  return {
    cwd: unionValues(a.cwd, b.cwd, max),
    oldCwd: unionValues(a.oldCwd, b.oldCwd, max),
    vars,
    functions,
    looseGlobs: a.looseGlobs || b.looseGlobs,
    aliases: a.aliases || b.aliases,
    commandLookupUnknown: a.commandLookupUnknown || b.commandLookupUnknown,
    ifsChanged: a.ifsChanged || b.ifsChanged,
  }
}

/**
 * The state with one variable set.
 * @param state - current state.
 * @param name - variable name.
 * @param value - its possible values, or null when unknown.
 */
export function withVariable(state: ShellState, name: string, value: Values): ShellState {
  const vars = new Map(state.vars)
  vars.set(name, value)
  const lookup = SENSITIVE_VARIABLES.has(name) || name.startsWith('LD_') || name.startsWith('DYLD_')
  return { ...state, vars, commandLookupUnknown: state.commandLookupUnknown || lookup, ifsChanged: state.ifsChanged || name === 'IFS', looseGlobs: state.looseGlobs || name === 'GLOBIGNORE' }
}

/** Variables whose assignment changes which program a command name runs. */
const SENSITIVE_VARIABLES = new Set(['PATH', 'BASH_ENV', 'ENV', 'CDPATH', 'BASH_LOADABLES_PATH', 'EXECIGNORE'])

/**
 * The literal working directories, or null when any is not literal or unknown.
 * @param state - current state.
 */
export function literalCwds(state: ShellState): string[] | null {
  if (state.cwd === null) return null
  const out: string[] = []
  for (const cwd of state.cwd) {
    const text = literalOf(cwd)
    if (text === null) return null
    out.push(text)
  }
  return out
}
