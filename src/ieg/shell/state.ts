/**
 * The shell state the analysis tracks while it walks a command line: the
 * possible working directories, variables with their possible values,
 * defined functions, and options that change how words expand. A value set
 * grows by union at joins (branches, loops) and collapses to unknown past a
 * bound. Pure.
 */
import type { CommandNode, CompoundList } from 'unbash'
import { joinDescriptors, type DescriptorTable } from './descriptors.js'
import { changesLookup, changesOwnLookup } from './environment.js'
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
  /** Every body a function name may have (branches can define it differently); null: it may be no function (an `unset` that may have removed it). */
  readonly functions: ReadonlyMap<string, ReadonlyArray<FunctionBody | null>>
  /** Globs may match dot files and ignore case (`dotglob`, `nocaseglob`, `GLOBIGNORE`, or a persistent shell whose options are unknown). */
  readonly looseGlobs: boolean
  /**
   * A later command may not run as written: aliases expand (`shopt -s
   * expand_aliases`, `BASH_ALIASES`), history expansion rewrites lines
   * (`set -H`), or built-ins were disabled or loaded (`enable`). Every later
   * command is then unknown.
   */
  readonly aliases: boolean
  /**
   * A name reference exists (`declare -n`): an assignment to one variable
   * may store into another, so no variable's value is known any more.
   */
  readonly references: boolean
  /** A DEBUG trap may skip any later command (`shopt -s extdebug`). */
  readonly skippable: boolean
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
  /** Variables declared integer (`declare -i`): what is assigned to them is evaluated as arithmetic. {@link UNREAD_NAME} stands for every name. */
  readonly integers: ReadonlySet<string>
  /**
   * Attribute letters of variables that change what an assignment stores:
   * `r` (readonly: the assignment fails and the value stays), `l` and `u`
   * (the value is lower- or upper-cased; `declare +l` may drop it).
   * Letters under {@link UNREAD_NAME} apply to every variable.
   */
  readonly attributes: ReadonlyMap<string, string>
  /** Functions made readonly (`readonly -f`): a later definition or `unset -f` fails. {@link UNREAD_NAME} stands for every name. */
  readonly readonlyFunctions: ReadonlySet<string>
  /** Globs that match nothing may vanish from the command line (`shopt -s nullglob`, or a persistent shell). */
  readonly nullGlob: boolean
  /** Arrays declared associative (`declare -A`): their keys are any text, not indices. */
  readonly associative: ReadonlySet<string>
  /** Descriptors `exec` opened on files; null when unknown (a persistent shell). */
  readonly descriptors: DescriptorTable | null
  /** Trap actions set so far: each may run before or after any later command. */
  readonly traps: readonly TrapAction[]
  /** `set -x` is on: bash expands PS4 before each command it traces. */
  readonly tracing: boolean
}

/** A trap action; `inShell` ones (every condition but `EXIT`) may run before a later command and change the shell's state. */
export interface TrapAction {
  readonly action: Pattern
  readonly inShell: boolean
}

/**
 * The variables bash itself declares integer: assigning one evaluates the
 * value as arithmetic (SECONDS and BASHPID only through some assignments,
 * such as `declare`, `+=`, a subscript or a loop; counted for all of them).
 */
const SHELL_INTEGERS: readonly string[] = ['OPTIND', 'RANDOM', 'SRANDOM', 'HISTCMD', 'SECONDS', 'BASHPID']

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
    references: false,
    skippable: false,
    commandLookupUnknown: false,
    ifsChanged: persistent,
    unknownNames: persistent,
    integers: new Set(SHELL_INTEGERS),
    attributes: new Map(),
    readonlyFunctions: new Set(),
    nullGlob: persistent,
    associative: new Set(),
    descriptors: persistent ? null : new Map(),
    traps: [],
    tracing: false,
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
  if (a === b) return a
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
  // Joining a state with itself adds no alternative (its value sets are already complete).
  if (a === b) return a
  return {
    cwd: unionValues(a.cwd, b.cwd, max),
    oldCwd: unionValues(a.oldCwd, b.oldCwd, max),
    vars: a.vars === b.vars ? a.vars : joinVariables(a.vars, b.vars, max),
    functions: a.functions === b.functions ? a.functions : joinFunctions(a.functions, b.functions),
    looseGlobs: a.looseGlobs || b.looseGlobs,
    aliases: a.aliases || b.aliases,
    references: a.references || b.references,
    skippable: a.skippable || b.skippable,
    commandLookupUnknown: a.commandLookupUnknown || b.commandLookupUnknown,
    ifsChanged: a.ifsChanged || b.ifsChanged,
    unknownNames: a.unknownNames || b.unknownNames,
    integers: a.integers.size === 0 ? b.integers : b.integers.size === 0 ? a.integers : new Set([...a.integers, ...b.integers]),
    attributes: a.attributes === b.attributes || b.attributes.size === 0 ? a.attributes : a.attributes.size === 0 ? b.attributes : joinAttributes(a.attributes, b.attributes),
    readonlyFunctions: a.readonlyFunctions.size === 0 ? b.readonlyFunctions : b.readonlyFunctions.size === 0 ? a.readonlyFunctions : new Set([...a.readonlyFunctions, ...b.readonlyFunctions]),
    nullGlob: a.nullGlob || b.nullGlob,
    associative: a.associative.size === 0 ? b.associative : b.associative.size === 0 ? a.associative : new Set([...a.associative, ...b.associative]),
    descriptors: joinDescriptors(a.descriptors, b.descriptors),
    tracing: a.tracing || b.tracing,
    traps: a.traps === b.traps || b.traps.length === 0 ? a.traps : a.traps.length === 0 ? b.traps : [...new Map([...a.traps, ...b.traps].map(trap => [`${String(trap.inShell)}${patternKey(trap.action)}`, trap])).values()],
  }
}

function joinVariables(a: ShellState['vars'], b: ShellState['vars'], max: number): ShellState['vars'] {
  const vars = new Map<string, Values>()
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const left = a.has(name) ? a.get(name) ?? null : null
    const right = b.has(name) ? b.get(name) ?? null : null
    vars.set(name, unionValues(left, right, max))
  }
  return vars
}

function joinAttributes(a: ShellState['attributes'], b: ShellState['attributes']): ShellState['attributes'] {
  const attributes = new Map(a)
  for (const [name, letters] of b) attributes.set(name, unitedLetters(attributes.get(name), letters))
  return attributes
}

/**
 * The name given where a declaration's operand is not literal
 * (`declare -i $X`, `readonly -f $1`): it may name any variable or function.
 * No variable or function can be called this.
 */
export const UNREAD_NAME = '*'

/** The state after an expansion assigned `name` ({@link UNREAD_NAME}: a variable the analysis cannot name, so any). */
export function withExpansionAssignment(state: ShellState, name: string, values: Values): ShellState {
  return name === UNREAD_NAME ? unknownVariables(state) : withVariable(state, name, values)
}

/** The state after expansions assigned each of `assigned`, in order. */
export function withExpansionAssignments(state: ShellState, assigned: ReadonlyArray<readonly [string, Values]>): ShellState {
  let next = state
  for (const [name, values] of assigned) next = withExpansionAssignment(next, name, values)
  return next
}

/** Whether `name` may be declared integer ({@link ShellState.integers}). */
export function isDeclaredInteger(state: ShellState, name: string): boolean {
  return state.integers.size > 0 && (state.integers.has(name) || state.integers.has(UNREAD_NAME))
}

/** Whether an assignment to `name` may be evaluated as arithmetic: it is integer, or a name reference may lead it to one that is. */
export function isInteger(state: ShellState, name: string): boolean {
  return state.references || isDeclaredInteger(state, name)
}

/** Whether the function `name` may be readonly ({@link ShellState.readonlyFunctions}). */
export function isReadonlyFunction(state: ShellState, name: string): boolean {
  return state.readonlyFunctions.size > 0 && (state.readonlyFunctions.has(name) || state.readonlyFunctions.has(UNREAD_NAME))
}

function unitedLetters(existing: string | undefined, added: string): string {
  return [...new Set([...(existing ?? ''), ...added])].sort().join('')
}

/**
 * The state with attribute letters added to variables ({@link ShellState.attributes}).
 * @param state - current state.
 * @param names - the variables.
 * @param added - the letters (`r`, `l`, `u`).
 */
export function withAttributeLetters(state: ShellState, names: readonly string[], added: string): ShellState {
  if (added === '' || names.length === 0) return state
  const attributes = new Map(state.attributes)
  for (const name of names) attributes.set(name, unitedLetters(attributes.get(name), added))
  return { ...state, attributes }
}

function joinFunctions(a: ShellState['functions'], b: ShellState['functions']): ShellState['functions'] {
  const functions = new Map(a)
  for (const [name, bodies] of b) {
    const earlier = functions.get(name)
    functions.set(name, earlier === undefined || earlier === bodies ? bodies : [...new Set([...earlier, ...bodies])])
  }
  return functions
}

function sameValues(a: Values | undefined, b: Values | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined || a === null || b === null || a.length !== b.length) return false
  const keys = new Set(a.map(patternKey))
  return b.every(value => keys.has(patternKey(value)))
}

function sameMap<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>, same: (x: V | undefined, y: V | undefined) => boolean): boolean {
  return a === b || (a.size === b.size && [...a.keys()].every(key => b.has(key) && same(a.get(key), b.get(key))))
}

/**
 * Whether two states are the same (a loop has reached a fixed point).
 * @param a - one state.
 * @param b - another.
 */
export function sameState(a: ShellState, b: ShellState): boolean {
  return sameValues(a.cwd, b.cwd) && sameValues(a.oldCwd, b.oldCwd)
    && sameMap(a.vars, b.vars, sameValues)
    && sameMap(a.functions, b.functions, (x, y) => x === y || (x !== undefined && y !== undefined && x.length === y.length && x.every(body => y.includes(body))))
    && a.looseGlobs === b.looseGlobs && a.aliases === b.aliases && a.references === b.references && a.skippable === b.skippable && a.commandLookupUnknown === b.commandLookupUnknown && a.ifsChanged === b.ifsChanged && a.unknownNames === b.unknownNames
    && a.integers.size === b.integers.size && [...a.integers].every(name => b.integers.has(name))
    && sameMap(a.attributes, b.attributes, (x, y) => x === y) && a.nullGlob === b.nullGlob
    && a.readonlyFunctions.size === b.readonlyFunctions.size && [...a.readonlyFunctions].every(name => b.readonlyFunctions.has(name))
    && a.associative.size === b.associative.size && [...a.associative].every(name => b.associative.has(name))
    && (a.descriptors === b.descriptors || (a.descriptors !== null && b.descriptors !== null && sameMap(a.descriptors, b.descriptors, sameValues)))
    && a.traps.length === b.traps.length && a.tracing === b.tracing
}

/**
 * Widen a loop's next entry state: every value that still changes from one
 * pass to the next becomes unknown, so the loop reaches a fixed point.
 * @param previous - the entry state of the last pass.
 * @param next - the entry state of the next pass.
 */
export function widenState(previous: ShellState, next: ShellState): ShellState {
  const vars = new Map([...next.vars].map(([name, values]) => [name, sameValues(previous.vars.get(name), values) ? values : null] as const))
  return {
    ...next,
    vars,
    cwd: sameValues(previous.cwd, next.cwd) ? next.cwd : null,
    oldCwd: sameValues(previous.oldCwd, next.oldCwd) ? next.oldCwd : null,
    descriptors: previous.descriptors !== null && next.descriptors !== null && sameMap(previous.descriptors, next.descriptors, sameValues) ? next.descriptors : null,
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
  vars.set(name, withAttributes(state, name, value))
  return {
    ...state,
    vars,
    commandLookupUnknown: state.commandLookupUnknown || changesLookup(name),
    // Aliases expand in POSIX mode, and one may be made through BASH_ALIASES unseen.
    aliases: state.aliases || name === 'BASH_ALIASES' || name === 'POSIXLY_CORRECT',
    ifsChanged: state.ifsChanged || name === 'IFS',
    looseGlobs: state.looseGlobs || name === 'GLOBIGNORE',
  }
}

/**
 * What assigning `value` to `name` stores, given its attributes: a cased
 * variable may also hold the value lower- or upper-cased, and a readonly one
 * keeps its value (both are possible when only some paths made it readonly).
 */
function mayBeReadonly(state: ShellState, name: string): boolean {
  return state.attributes.size > 0 && [state.attributes.get(name), state.attributes.get(UNREAD_NAME)].some(letters => letters?.includes('r') === true)
}

function withAttributes(state: ShellState, name: string, value: Values): Values {
  if (state.attributes.size === 0) return value
  const own = state.attributes.get(name)
  const unread = state.attributes.get(UNREAD_NAME)
  const letters = own === undefined ? unread : unread === undefined ? own : unitedLetters(own, unread)
  if (letters === undefined) return value
  const lower = letters.includes('l')
  const upper = letters.includes('u')
  let stored = value
  if (stored !== null && (lower || upper)) {
    // Both letters mean different paths set different cases: the value is unknown.
    const cased = stored.map(pattern => pattern.map(atom => (atom.t === 'lit' ? { t: 'lit' as const, s: lower ? atom.s.toLowerCase() : atom.s.toUpperCase() } : atom)))
    stored = lower && upper ? null : unionValues(stored, cased, 2 * stored.length)
  }
  if (!letters.includes('r')) return stored
  const earlier = state.vars.has(name) ? state.vars.get(name) ?? null : null
  return earlier === null || stored === null ? null : unionValues(earlier, stored, earlier.length + stored.length)
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
 * The state after code the analysis cannot see ran in this shell: the
 * directories are unknown too.
 * @param state - current state.
 */
export function unknownShell(state: ShellState): ShellState {
  return unknownVariables({ ...state, cwd: null, oldCwd: null })
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

/**
 * The state a command runs in: the variables assigned for it alone
 * (`NAME=value command`) are visible to what it runs (a function, `eval`,
 * `source`, `cd`, a child shell).
 * @param state - the state before the command.
 * @param env - its prefix assignments.
 */
export function withCommandEnvironment(state: ShellState, env: ReadonlyMap<string, Values>): ShellState {
  const vars = new Map(state.vars)
  // A readonly variable keeps its value (bash reports the assignment and still runs the command); case attributes do not apply here.
  for (const [name, values] of env) vars.set(name, mayBeReadonly(state, name) ? withAttributes(state, name, values) : values)
  const names = [...env.keys()]
  return {
    ...state,
    vars,
    commandLookupUnknown: state.commandLookupUnknown || names.some(changesOwnLookup),
    ifsChanged: state.ifsChanged || names.includes('IFS'),
    looseGlobs: state.looseGlobs || names.includes('GLOBIGNORE'),
  }
}

type Flag = 'looseGlobs' | 'aliases' | 'commandLookupUnknown' | 'ifsChanged'
const FLAGS: readonly Flag[] = ['looseGlobs', 'aliases', 'commandLookupUnknown', 'ifsChanged']

/**
 * The state after a command with prefix assignments. An assigned name gets
 * its earlier value back, unless the command may keep the value (a special
 * built-in, whose prefix assignments persist in POSIX mode) or reassigned it
 * (the earlier and the new values are then both possible). An option the
 * prefix assignments switched on stays on only when the command ran code
 * that could have switched it on itself.
 * @param before - the state before the command.
 * @param scoped - the state it ran in ({@link withCommandEnvironment}).
 * @param after - the state after it ran.
 * @param env - its prefix assignments.
 * @param kind - `persists` (a special built-in), `runs-code` (a function, `eval`, `source`), or `plain`.
 * @param max - bound on alternatives.
 */
export function afterCommandEnvironment(before: ShellState, scoped: ShellState, after: ShellState, env: ReadonlyMap<string, Values>, kind: 'persists' | 'runs-code' | 'plain', max: number): ShellState {
  if (env.size === 0) return after
  const vars = new Map(after.vars)
  const kept: string[] = []
  for (const name of env.keys()) {
    const earlier = before.vars.has(name) ? before.vars.get(name) ?? null : undefined
    const value = after.vars.has(name) ? after.vars.get(name) ?? null : null
    if (kind === 'persists' || value !== scoped.vars.get(name)) {
      vars.set(name, earlier === undefined ? null : unionValues(earlier, value, max))
      kept.push(name)
    } else if (earlier === undefined) vars.delete(name)
    else vars.set(name, earlier)
  }
  let next: ShellState = { ...after, vars }
  for (const flag of FLAGS) if (scoped[flag] && !before[flag] && kind !== 'runs-code') next = { ...next, [flag]: false }
  for (const name of kept) next = withVariable(next, name, next.vars.get(name) ?? null)
  return next
}

