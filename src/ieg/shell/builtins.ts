/**
 * Shell built-ins that change the state the analysis tracks (`cd`,
 * `pushd`/`popd`, declarations and `unset`, `read`-like assignments,
 * `shopt`, `set`, `hash`, `enable`, `alias`, `eval`, `source`, `command`,
 * `builtin`, `exec`) and the ones that evaluate a name with a subscript
 * (`test -v`, `wait -p`). Each returns the next state, or undefined when the
 * table's handler should also see the call. Pure.
 */
import type { Assignment } from 'unbash'
import type { Evaluation } from './expand.js'
import { concat, DIGITS, hasAny, lit, literalOf, type Pattern, type Values } from './pattern.js'
import { STANDARD_INPUT } from './descriptors.js'
import { changeDirectory, directoryCall } from './directories.js'
import { isReadonlyFunction, joinStates, unionValues, unknownVariables, UNREAD_NAME, withAttributeLetters, withVariable, type ShellState } from './state.js'

/** What a built-in may ask of the analyzer. */
export interface BuiltinHost {
  readonly maxAlternatives: number
  /** Analyze script text in the given state; returns the state after it. */
  script(text: Pattern, via: string, state: ShellState): ShellState
  /** Run an argument list as a command, skipping functions (`command`) or external programs (`builtin`). */
  run(argv: readonly Pattern[], via: string, state: ShellState, lookup: 'no-functions' | 'builtins-only'): ShellState
  opaque(via: string, reason: string, words: readonly Pattern[]): void
  /** Analyze values bash evaluates again. */
  evaluate(kind: Evaluation, values: Values, via: string, state: ShellState): void
  /** Assign from an assignment argument (`export NAME=value`, `declare -a a=(…)`). */
  assign(node: Assignment, state: ShellState): ShellState
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

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/
const NAME_ONLY = /^[A-Za-z_][A-Za-z0-9_]*$/

function valuesOf(arg: Pattern): Values {
  return hasAny(arg) ? null : [arg]
}

/**
 * Split arguments into option clusters and operands; `valued` letters take
 * the rest of their cluster, or the next word, as their value. With `known`,
 * the operands start at the first word that is not a `-` cluster of known
 * letters: it is the command word of `command` or `exec` (bash runs
 * `command +v` as a command named `+v`, and refuses an unknown letter, which
 * taking it as the command over-approximates).
 */
function splitOptions(args: readonly Pattern[], valued: string, known?: string): { letters: string, minus: string, values: Map<string, Pattern>, operands: Pattern[] } {
  let letters = ''
  let minus = ''
  const values = new Map<string, Pattern>()
  const operands: Pattern[] = []
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as Pattern
    const text = literalOf(arg)
    if (operands.length === 0 && text === '--') {
      operands.push(...args.slice(i + 1))
      break
    }
    if (operands.length > 0 || text === null || !/^[-+]./.test(text) || (known !== undefined && !isCluster(text, known, valued))) {
      operands.push(arg)
      continue
    }
    for (let j = 1; j < text.length; j += 1) {
      const letter = text[j] as string
      letters += letter
      if (text.startsWith('-')) minus += letter
      if (!valued.includes(letter)) continue
      const value = j + 1 < text.length ? lit(text.slice(j + 1)) : args[i + 1]
      if (j + 1 >= text.length) i += 1
      if (value !== undefined) values.set(letter, value)
      break
    }
  }
  return { letters, minus, values, operands }
}

/** Whether `text` is a `-` cluster of `known` letters, up to a `valued` letter whose value may follow. */
function isCluster(text: string, known: string, valued: string): boolean {
  if (!text.startsWith('-')) return false
  for (let j = 1; j < text.length; j += 1) {
    const letter = text[j] as string
    if (!known.includes(letter)) return false
    if (valued.includes(letter)) return true
  }
  return true
}

/** Names read or assigned by a built-in: a subscript in one is evaluated. */
function evaluateNames(names: readonly Pattern[], via: string, state: ShellState, host: BuiltinHost): void {
  for (const name of names) host.evaluate('name', valuesOf(name), via, state)
}

function assignNames(names: readonly Pattern[], state: ShellState, values: Values, host: BuiltinHost): ShellState {
  return names.reduce((next, name) => {
    const text = literalOf(name)
    const variable = text === null ? undefined : NAME.exec(text)?.[0]
    return variable === undefined ? unknownVariables(next) : host.assignValues(variable, values, next)
  }, state)
}

/**
 * The functions after `unset -f NAMES` (`surely`), or a plain `unset NAMES`,
 * which removes a function only when no variable has the name: the function
 * may then still be defined, or not. A name that is not literal may be any.
 */
function unsetFunctions(names: readonly Pattern[], state: ShellState, surely: boolean): ShellState {
  if (state.functions.size === 0) return state
  const functions = new Map(state.functions)
  const maybe = (name: string): void => {
    const bodies = functions.get(name)
    if (bodies !== undefined && !bodies.includes(null)) functions.set(name, [...bodies, null])
  }
  for (const arg of names) {
    const name = literalOf(arg)
    if (name === null) [...functions.keys()].forEach(maybe)
    else if (state.readonlyFunctions.has(name)) continue
    else if (isReadonlyFunction(state, name)) maybe(name)
    else if (surely) functions.delete(name)
    else maybe(name)
  }
  return { ...state, functions }
}

/** Declaration built-ins whose `-p`/`+p` only prints (`export -p NAME=value` still assigns). */
const PRINTING_DECLARATIONS: ReadonlySet<string> = new Set(['declare', 'typeset', 'local'])
/** The option letters each declaration built-in accepts; any other fails it before it assigns. */
const DECLARATION_LETTERS: Record<string, string> = { declare: 'aAfFgiIlnprtux', typeset: 'aAfFgiIlnprtux', local: 'aAfFgiIlnprtux', export: 'fnp', readonly: 'aAfp' }

function declare(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const { letters, minus, operands } = splitOptions(call.args, '')
  // Outside a function `local` fails and assigns nothing; so does an option the built-in does not take.
  if (call.name === 'local' && !host.inFunction) return state
  if ([...letters].some(letter => !(DECLARATION_LETTERS[call.name] ?? '').includes(letter))) return state
  const readonly = call.name === 'readonly' || letters.includes('r')
  if (letters.includes('n')) return unknownVariables(state)
  if (minus.includes('f') || minus.includes('F')) return readonly ? { ...state, readonlyFunctions: new Set([...state.readonlyFunctions, ...operands.map(arg => literalOf(arg) ?? UNREAD_NAME)]) } : state
  if (letters.includes('p') && PRINTING_DECLARATIONS.has(call.name)) return state
  // Inside a function, `declare -g` assigns the global, which a local of the same name may hide.
  if (host.inFunction && letters.includes('g')) return joinStates(state, declareAll(call, letters, operands, state, host), host.maxAlternatives)
  return declareAll(call, letters, operands, state, host)
}

function declareAll(call: BuiltinCall, letters: string, operands: readonly Pattern[], state: ShellState, host: BuiltinHost): ShellState {
  const readonly = call.name === 'readonly' || letters.includes('r')
  // In a function, `local NAME` and `declare NAME` make a local that is empty (or, under `localvar_inherit`, keeps the value).
  const makesLocals = host.inFunction && PRINTING_DECLARATIONS.has(call.name) && !letters.includes('g')
  let next = operands.some(arg => literalOf(arg) === null) ? withUnreadOperand(state, call.name) : state
  const names = [...call.assignments.map(node => node.name), ...operands.map(arg => NAME.exec(literalOf(arg) ?? '')?.[0] ?? '')].filter(name => name !== '')
  if (letters.includes('i')) next = { ...next, integers: new Set([...next.integers, ...names]) }
  if (letters.includes('A')) next = { ...next, associative: new Set([...next.associative, ...names]) }
  // The case letters apply to the values assigned here; readonly only after them.
  next = withAttributeLetters(next, names, [...'lu'].filter(letter => letters.includes(letter)).join(''))
  for (const node of call.assignments) next = host.assign(node, next)
  if (readonly) next = withAttributeLetters(next, names, 'r')
  for (const operand of operands) {
    const text = literalOf(operand)
    if (text === null) return unknownVariables(next)
    host.evaluate('name', [operand], call.name, next)
    // An operand that is `NAME=value` only after quotes or expansions (`declare "X=b"`, `declare $V`) still assigns.
    const assigned = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=(.*)$/s.exec(text)
    if (assigned !== null) next = host.assignValues(assigned[1] as string, assigned[2] === undefined && assigned[3] === '' ? [lit(assigned[4] ?? '')] : null, next)
    else if (makesLocals && NAME_ONLY.test(text)) next = withVariable(next, text, unionValues(next.vars.has(text) ? next.vars.get(text) ?? null : null, [[]], host.maxAlternatives))
  }
  return next
}

/**
 * A declaration operand that is not literal may hold options and names
 * (`declare $X` with `X='-i v'`): every variable may take the attributes the
 * builtin can set, and every function may become readonly.
 */
function withUnreadOperand(state: ShellState, builtin: string): ShellState {
  if (builtin === 'export') return state
  const readonlyFunctions = new Set([...state.readonlyFunctions, UNREAD_NAME])
  if (builtin === 'readonly') return withAttributeLetters({ ...state, readonlyFunctions }, [UNREAD_NAME], 'r')
  return withAttributeLetters({ ...state, readonlyFunctions, integers: new Set([...state.integers, UNREAD_NAME]) }, [UNREAD_NAME], 'lru')
}

function shopt(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const { letters, operands } = splitOptions(call.args, '')
  if (!letters.includes('s')) return state
  const names = operands.map(literalOf)
  if (names.some(name => name === null || name === 'expand_aliases')) return { ...state, aliases: true }
  let next = state
  if (names.some(name => LOOSE_GLOB_OPTIONS.has(name ?? ''))) next = { ...next, looseGlobs: true }
  if (names.includes('nullglob')) next = { ...next, nullGlob: true }
  if (names.includes('cdable_vars')) next = withVariable(next, 'CDPATH', null)
  if (names.some(name => !KNOWN_SHOPT.has(name ?? ''))) host.opaque('shopt', 'it sets a shell option the analysis does not model', operands)
  return next
}

/**
 * `set`: `-k` (or `-o keyword`) makes assignments anywhere in a later command
 * line reach its environment, so later lookups are unknown. Every `o` in a
 * cluster takes the next word as an option name and the cluster's other
 * letters still count (`set -ok` sets `k`); a word that is not literal where
 * options are read may be any option.
 */
function set(call: BuiltinCall, state: ShellState): ShellState {
  const changed = { ...state, commandLookupUnknown: true }
  for (let i = 0; i < call.args.length; i += 1) {
    const text = literalOf(call.args[i] as Pattern)
    if (text === null) return changed
    if (text === '--' || text === '-' || !/^[-+]./.test(text)) return state
    if (text.includes('k')) return changed
    for (const letter of text.slice(1)) {
      if (letter !== 'o') continue
      i += 1
      const name = call.args[i]
      if (name === undefined) break
      const option = literalOf(name)
      if (option === null || option === 'keyword') return changed
    }
  }
  return state
}

/**
 * `alias NAME=VALUE`: the value is analyzed, and since aliases expand in a
 * POSIX-mode or non-bash shell (and after `shopt -s expand_aliases`), every
 * later command name may then be an alias.
 */
function alias(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  let defines = call.assignments.length > 0
  for (const node of call.assignments) host.script(node.value.type === 'Word' ? lit(node.value.value) : [{ t: 'any' }], 'alias', state)
  for (const arg of call.args) {
    const text = literalOf(arg)
    if (text === null) host.opaque('alias', 'an alias definition is not literal', [arg])
    else if (text.includes('=')) host.script(lit(text.slice(text.indexOf('=') + 1)), 'alias', state)
    defines ||= text === null || text.includes('=')
  }
  return defines ? { ...state, aliases: true } : state
}

function source(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const file = literalOf(call.args[0] ?? [])
  if (STANDARD_INPUT.has(file ?? '') && call.stdinText !== null) return host.script(lit(call.stdinText), call.name, state)
  host.opaque(call.name, 'it runs a script file the analysis cannot see', call.args)
  return unknownVariables({ ...state, cwd: null, oldCwd: null })
}

function enable(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const { letters, operands } = splitOptions(call.args, 'f')
  if (operands.length === 0 && !letters.includes('f') && !letters.includes('d')) return state
  host.opaque('enable', 'it loads or changes shell built-ins', call.args)
  return { ...state, commandLookupUnknown: true }
}

/** Names {@link applyBuiltin} handles. */
export const STATE_BUILTINS: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd', 'export', 'declare', 'typeset', 'local', 'readonly', 'unset', 'read', 'mapfile', 'readarray', 'getopts', 'let', 'printf', 'shopt', 'set', 'hash', 'enable', 'alias', 'eval', 'source', '.', 'command', 'builtin', 'exec', 'test', '[', 'wait', 'trap', 'return', 'break', 'continue'])

/** Conditions whose trap action runs only as the shell exits, after every command; any other trap (DEBUG, ERR, RETURN, a signal) may run in the shell before a later command. */
const EXIT_TRAPS = /^(SIG)?EXIT$|^0$/i

function trap(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const args = literalOf(call.args[0] ?? []) === '--' ? call.args.slice(1) : call.args
  const action = args[0]
  if (action === undefined || args.length < 2 || ['-l', '-p', '-P', '-'].includes(literalOf(action) ?? '')) return state
  const after = host.script(action, 'trap', state)
  const inShell = args.slice(1).some(signal => !EXIT_TRAPS.test(literalOf(signal) ?? ''))
  const traps = [...state.traps, { action, inShell }]
  return inShell ? { ...joinStates(state, after, host.maxAlternatives), traps } : { ...state, traps }
}

const LOOSE_GLOB_OPTIONS = new Set(['dotglob', 'nocaseglob', 'globasciiranges'])
/** `shopt` options whose effect on the analysis is modelled (or that have none). */
const KNOWN_SHOPT = new Set([...LOOSE_GLOB_OPTIONS, 'extglob', 'expand_aliases', 'cdable_vars', 'nullglob', 'failglob', 'globstar', 'nocasematch', 'lastpipe', 'inherit_errexit', 'pipefail', 'extquote', 'checkwinsize', 'histappend', 'cmdhist', 'lithist', 'checkhash', 'cdspell', 'dirspell', 'direxpand', 'progcomp', 'promptvars', 'sourcepath', 'xpg_echo', 'interactive_comments', 'huponexit', 'globskipdots', 'patsub_replacement', 'assoc_expand_once', 'localvar_inherit', 'localvar_unset', 'shift_verbose', 'force_fignore', 'hostcomplete', 'complete_fullquote', 'no_empty_cmd_completion', 'noexpand_translation', 'varredir_close', 'execfail', 'login_shell', 'restricted_shell', 'mailwarn', 'gnu_errfmt', 'histreedit', 'histverify', 'checkjobs', 'compat31', 'compat32', 'compat40', 'compat41', 'compat42', 'compat43', 'compat44', 'extdebug'])

/**
 * Apply a state-changing built-in.
 * @param call - the call.
 * @param state - state before it.
 * @param host - analyzer callbacks.
 * @returns the state after it, or undefined when the table's handler should also see the call.
 */
export function applyBuiltin(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState | undefined {
  switch (call.name) {
    case 'cd': case 'pushd': case 'popd':
      return changeDirectory(directoryCall(call.name, call.args, state, call.envNames, call.home), state, host.maxAlternatives)
    case 'export': case 'declare': case 'typeset': case 'local': case 'readonly':
      return declare(call, state, host)
    case 'unset': {
      const { letters, operands } = splitOptions(call.args, '')
      evaluateNames(operands, 'unset', state, host)
      if (letters.includes('f')) return unsetFunctions(operands, state, true)
      // In a function, unsetting a local shows whatever value an outer scope holds.
      const unset = assignNames(operands, state, host.inFunction ? null : [[]], host)
      return letters.includes('v') ? unset : unsetFunctions(operands, unset, false)
    }
    case 'read': {
      const { values, operands } = splitOptions(call.args, 'adinNptu')
      const arrays = values.has('a') ? [values.get('a') as Pattern] : []
      const names = operands.length === 0 && arrays.length === 0 ? [lit('REPLY')] : [...operands, ...arrays]
      evaluateNames(names, 'read', state, host)
      return assignNames(names, state, null, host)
    }
    case 'mapfile': case 'readarray': {
      const { values, operands } = splitOptions(call.args, 'dnOsuCc')
      const callback = values.get('C')
      // The callback runs in the shell zero or more times.
      const called = callback === undefined ? state : joinStates(state, host.script(callback, `${call.name} -C`, state), host.maxAlternatives)
      evaluateNames(operands, call.name, called, host)
      return assignNames(operands.length === 0 ? [lit('MAPFILE')] : operands.slice(0, 1), called, null, host)
    }
    case 'getopts':
      evaluateNames(call.args.slice(1, 2), 'getopts', state, host)
      return assignNames([...call.args.slice(1, 2), lit('OPTARG'), lit('OPTIND')], state, null, host)
    case 'let':
      for (const arg of call.args) host.evaluate('arithmetic', valuesOf(arg), 'let', state)
      return call.args.reduce((next, arg) => {
        const name = NAME.exec(literalOf(arg) ?? '')?.[0]
        return name === undefined ? next : host.assignValues(name, [DIGITS], next)
      }, state)
    case 'printf': {
      const { values } = splitOptions(call.args.slice(0, 2), 'v')
      const name = values.get('v')
      if (name === undefined) return undefined
      evaluateNames([name], 'printf -v', state, host)
      return assignNames([name], state, null, host)
    }
    case 'wait': {
      const name = splitOptions(call.args, 'p').values.get('p')
      if (name !== undefined) evaluateNames([name], 'wait -p', state, host)
      return name === undefined ? state : assignNames([name], state, null, host)
    }
    case 'test': case '[':
      call.args.forEach((arg, index) => {
        if (literalOf(arg) === '-v' && call.args[index + 1] !== undefined) host.evaluate('name', valuesOf(call.args[index + 1] as Pattern), `${call.name} -v`, state)
      })
      return undefined
    case 'trap':
      return trap(call, state, host)
    case 'return':
      host.leave('return', state, 1)
      return state
    case 'break': case 'continue': {
      const text = call.args[0] === undefined ? '1' : literalOf(call.args[0])
      host.leave(call.name, state, text !== null && /^[1-9]\d*$/.test(text) ? Number(text) : null)
      return state
    }
    case 'shopt':
      return shopt(call, state, host)
    case 'set':
      return set(call, state)
    case 'hash':
      return call.args.some(arg => /^-[a-zA-Z]*p/.test(literalOf(arg) ?? '-p')) ? { ...state, commandLookupUnknown: true } : state
    case 'enable':
      return enable(call, state, host)
    case 'alias':
      return alias(call, state, host)
    case 'eval':
      return host.script(call.args.reduce<Pattern>((joined, arg, index) => (index === 0 ? arg : concat(joined, lit(' '), arg)), []), 'eval', state)
    case 'source': case '.':
      return source(call, state, host)
    case 'command': {
      const { letters, operands } = splitOptions(call.args, '', 'pvV')
      if (letters.includes('v') || letters.includes('V')) return state
      return host.run(operands, 'command', state, 'no-functions')
    }
    case 'builtin':
      return host.run(call.args, 'builtin', state, 'builtins-only')
    case 'exec': {
      const { operands } = splitOptions(call.args, 'a', 'cla')
      return operands.length === 0 ? state : host.run(operands, 'exec', state, 'no-functions')
    }
    default:
      return undefined
  }
}

/**
 * Values a variable takes in a `for` or `select` loop over expanded words:
 * unknown past `max` alternatives, like every value set of the state; none
 * for an empty list, whose body never runs.
 */
export function loopValues(fields: readonly (readonly Pattern[])[] | null, max: number): Values {
  if (fields === null) return null
  const values = fields.flat()
  if (values.length > max) return null
  return values.some(value => value.some(atom => atom.t === 'any')) ? [[{ t: 'any' }]] : values
}
