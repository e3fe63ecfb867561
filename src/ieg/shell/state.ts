/**
 * The shell state the analysis tracks while it walks a command line: the
 * possible working directories, variables with their possible values,
 * defined functions, and options that change how words expand. A value set
 * grows by union at joins (branches, loops) and collapses to unknown past a
 * bound. Pure.
 */
import type { CommandNode, CompoundList } from 'unbash'
import { joinDescriptors, type DescriptorTable } from './descriptors.js'
import { changesLookup } from './environment.js'
import { lit, literalOf, type Pattern, type Values } from './pattern.js'

export type { Values } from './pattern.js'

/** A function body as defined. */
export type FunctionBody = CommandNode | CompoundList

/** Tracked state. */
export interface ShellState {
  /** Possible working directories (absolute patterns); null unknown. */
  readonly cwd: Values
  readonly oldCwd: Values
  /** Shell variables assigned in the command line. A name absent here is the environment's (unknown). */
  readonly vars: ReadonlyMap<string, Values>
  /** Every body a function name may have (branches can define it differently). */
  readonly functions: ReadonlyMap<string, readonly FunctionBody[]>
  /** Globs may match dot files and ignore case (`dotglob`, `nocaseglob`, `GLOBIGNORE`, or a persistent shell whose options are unknown). */
  readonly looseGlobs: boolean
  /** Aliases expand (`shopt -s expand_aliases`); every command name is then unknown. */
  readonly aliases: boolean
  /** PATH, hashing or a preload changed: no command name can be trusted. */
  readonly commandLookupUnknown: boolean
  /** Word splitting no longer uses the default IFS. */
  readonly ifsChanged: boolean
  /**
   * A variable the command line did not assign may hold anything: the shell
   * persists between calls, or a script file or a name reference may have
   * assigned it. Otherwise such a variable is the host's environment.
   */
  readonly unknownNames: boolean
  /** Variables declared integer (`declare -i`): what is assigned to them is evaluated as arithmetic. */
  readonly integers: ReadonlySet<string>
  /** Descriptors `exec` opened on files; null when unknown (a persistent shell). */
  readonly descriptors: DescriptorTable | null
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
    unknownNames: persistent,
    integers: new Set(),
    descriptors: persistent ? null : new Map(),
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
  for (const [name, bodies] of b.functions) {
    const earlier = functions.get(name)
    functions.set(name, earlier === undefined || earlier === bodies ? bodies : [...new Set([...earlier, ...bodies])])
  }
  return {
    cwd: unionValues(a.cwd, b.cwd, max),
    oldCwd: unionValues(a.oldCwd, b.oldCwd, max),
    vars,
    functions,
    looseGlobs: a.looseGlobs || b.looseGlobs,
    aliases: a.aliases || b.aliases,
    commandLookupUnknown: a.commandLookupUnknown || b.commandLookupUnknown,
    ifsChanged: a.ifsChanged || b.ifsChanged,
    unknownNames: a.unknownNames || b.unknownNames,
    integers: a.integers.size === 0 ? b.integers : b.integers.size === 0 ? a.integers : new Set([...a.integers, ...b.integers]),
    descriptors: joinDescriptors(a.descriptors, b.descriptors),
  }
}

/**
 * The state with one variable set. Assigning a variable that changes which
 * program runs, how words split or how globs match changes the state.
 * @param state - current state.
 * @param name - variable name.
 * @param value - its possible values, or null when unknown.
 */
export function withVariable(state: ShellState, name: string, value: Values): ShellState {
  const vars = new Map(state.vars)
  vars.set(name, value)
  return {
    ...state,
    vars,
    commandLookupUnknown: state.commandLookupUnknown || changesLookup(name),
    ifsChanged: state.ifsChanged || name === 'IFS',
    looseGlobs: state.looseGlobs || name === 'GLOBIGNORE',
  }
}

/**
 * The state after something assigned variables the analysis cannot name (a
 * name reference, a script file): every variable may hold anything and every
 * later command name may run another program.
 * @param state - current state.
 */
export function unknownVariables(state: ShellState): ShellState {
  return {
    ...state,
    vars: new Map([...state.vars].map(([name]) => [name, null])),
    commandLookupUnknown: true,
    ifsChanged: true,
    looseGlobs: true,
    unknownNames: true,
  }
}

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
