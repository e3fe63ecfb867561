/**
 * Shell built-ins that change the state the analysis tracks (`cd`,
 * `pushd`/`popd`, declarations and `unset`, `read`-like assignments,
 * `shopt`, `set`, `hash`, `enable`, `alias`, `eval`, `source`, `command`,
 * `builtin`, `exec`) and the ones that evaluate a name with a subscript
 * (`test -v`, `wait -p`). Each returns the next state, or undefined when the
 * table's handler should also see the call. Pure.
 */
import type { BuiltinCall, BuiltinHost } from './builtin-host.js'
import { printedText, readLine } from './builtin-values.js'
import { concat, DIGITS, hasAny, lit, literalOf, type Pattern, type Values } from './pattern.js'
import { STANDARD_INPUT } from './descriptors.js'
import { changeDirectory, directoryCall } from './directories.js'
import { mayBeOption, NAME, splitOptions } from './builtin-options.js'
import { declare } from './declarations.js'
import { mapfileCallbacks, runCallback } from './callbacks.js'
import { isReadonlyFunction, joinStates, unknownShell, unknownVariables, withVariable, type ShellState } from './state.js'

function valuesOf(arg: Pattern): Values {
  return hasAny(arg) ? null : [arg]
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

/** The state after unsetting `names` outside a function, which drops their integer attribute. */
function withoutIntegers(names: readonly Pattern[], state: ShellState): ShellState {
  const literal = names.map(literalOf).filter(name => name !== null && state.integers.has(name))
  return literal.length === 0 ? state : { ...state, integers: new Set([...state.integers].filter(name => !literal.includes(name))) }
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

function shopt(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  // A word that is not literal may set any option (`shopt -$(printf s) extdebug`).
  if (call.args.some(arg => literalOf(arg) === null)) return { ...state, aliases: true, skippable: true, looseGlobs: true, nullGlob: true }
  const { letters, operands } = splitOptions(call.args, '')
  if (!letters.includes('s')) return state
  // `shopt -s -o NAME` sets what `set -o NAME` does.
  if (letters.includes('o')) return set({ ...call, args: operands.flatMap(name => [lit('-o'), name]) }, state)
  const names = operands.map(literalOf)
  if (names.includes('expand_aliases')) return { ...state, aliases: true }
  let next = state
  if (names.includes('extdebug')) next = { ...next, skippable: true }
  if (names.some(name => LOOSE_GLOB_OPTIONS.has(name ?? ''))) next = { ...next, looseGlobs: true }
  if (names.includes('nullglob')) next = { ...next, nullGlob: true }
  if (names.includes('cdable_vars')) next = withVariable(next, 'CDPATH', null)
  if (names.some(name => !KNOWN_SHOPT.has(name ?? ''))) host.opaque('shopt', 'it sets a shell option the analysis does not model', operands)
  return next
}

/**
 * `set`: `-k` (or `-o keyword`) makes assignments anywhere in a later command
 * line reach its environment, so later lookups are unknown; `-H` (or `-o
 * histexpand`) rewrites later lines and `-o posix` expands aliases (which
 * `BASH_ALIASES` may hold unseen), so every later command is unknown. Every `o` in a
 * cluster takes the next word as an option name and the cluster's other
 * letters still count (`set -ok` sets `k`); a word that is not literal where
 * options are read may be any option.
 */
function set(call: BuiltinCall, state: ShellState): ShellState {
  let next = state
  const changed = (): ShellState => ({ ...next, commandLookupUnknown: true })
  // History expansion rewrites later lines before they are parsed.
  const rewritten = (): ShellState => ({ ...next, aliases: true })
  for (let i = 0; i < call.args.length; i += 1) {
    const text = literalOf(call.args[i] as Pattern)
    if (text === null) return rewritten()
    if (text === '--' || text === '-' || !/^[-+]./.test(text)) return next
    const on = text.startsWith('-')
    if (text.includes('x')) next = { ...next, tracing: on }
    if (on && text.includes('H')) return rewritten()
    if (text.includes('k')) return changed()
    for (const letter of text.slice(1)) {
      if (letter !== 'o') continue
      i += 1
      const name = call.args[i]
      if (name === undefined) break
      const option = literalOf(name)
      if (option === null || (on && (option === 'histexpand' || option === 'posix'))) return rewritten()
      if (option === 'keyword') return changed()
      if (option === 'xtrace') next = { ...next, tracing: on }
    }
  }
  return next
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
  return unknownShell(state)
}

function enable(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const { letters, operands } = splitOptions(call.args, 'f')
  if (operands.length === 0 && !letters.includes('f') && !letters.includes('d')) return state
  host.opaque('enable', 'it loads or changes shell built-ins', call.args)
  return { ...state, commandLookupUnknown: true, aliases: true }
}

/** A built-in that may run code the analysis cannot see in this shell (by default: its option word is not literal). */
function hiddenCommand(call: BuiltinCall, state: ShellState, host: BuiltinHost, reason = 'an option word is not literal, so it may run a command in the shell'): ShellState {
  host.opaque(call.name, reason, call.args)
  return unknownShell(state)
}

/** `compgen`: the -W word list is expanded, and the -F function runs, in this shell; -C runs in a subshell, given the word. */
function compgen(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const { values, hidden, operands } = splitOptions(call.args, 'oAGWFCXPSV')
  if (hidden) return hiddenCommand(call, state, host)
  const command = values.get('C')
  if (command !== undefined) runCallback(command, [lit('compgen'), operands[0] ?? [], []], 'compgen -C', state, host)
  const words = values.get('W')
  const listed = words === undefined ? state : host.script(concat(lit(': '), words), 'compgen -W', state)
  const name = values.get('F')
  return name === undefined ? listed : host.script(name, 'compgen -F', listed)
}

/**
 * A built-in whose option word is not literal (`printf -$(printf v) d`,
 * `wait -$(printf p) d`) may assign the variable a later word names: each
 * later word is evaluated as a name, and any variable may have changed.
 */
function hiddenAssignment(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  evaluateNames(call.args.filter(arg => !mayBeOption(arg)), call.name, state, host)
  return unknownVariables(state)
}

/** Names {@link applyBuiltin} handles. */
export const STATE_BUILTINS: ReadonlySet<string> = new Set(['fc', 'compgen', 'jobs', 'cd', 'pushd', 'popd', 'export', 'declare', 'typeset', 'local', 'readonly', 'unset', 'read', 'mapfile', 'readarray', 'getopts', 'let', 'printf', 'shopt', 'set', 'hash', 'enable', 'alias', 'eval', 'source', '.', 'command', 'builtin', 'exec', 'test', '[', 'wait', 'trap', 'return', 'break', 'continue'])

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
      const { letters, operands, hidden } = splitOptions(call.args, '')
      evaluateNames(operands, 'unset', state, host)
      // The hidden word may be -f (the variables stay) or -v (the functions stay).
      if (hidden) return unknownVariables(unsetFunctions(operands, state, false))
      if (letters.includes('f')) return unsetFunctions(operands, state, true)
      // In a function, unsetting a local shows whatever value an outer scope holds.
      const unset = host.inFunction ? assignNames(operands, state, null, host) : assignNames(operands, withoutIntegers(operands, state), [[]], host)
      return letters.includes('v') ? unset : unsetFunctions(operands, unset, false)
    }
    case 'read': {
      const { values, operands, letters } = splitOptions(call.args, 'adinNptu')
      const arrays = values.has('a') ? [values.get('a') as Pattern] : []
      const names = operands.length === 0 && arrays.length === 0 ? [lit('REPLY')] : [...operands, ...arrays]
      evaluateNames(names, 'read', state, host)
      const known = names.length === 1 && ['a', 'd', 'n', 'N', 'u'].every(letter => !values.has(letter)) ? readLine(call.stdinText, letters.includes('r'), operands.length === 1, state) : null
      return assignNames(names, state, known === null ? null : [lit(known)], host)
    }
    case 'mapfile': case 'readarray': {
      const { values, operands, hidden, letters } = splitOptions(call.args, 'dnOsuCc')
      if (hidden) return hiddenCommand(call, state, host, 'an option word is not literal, so a callback may run in the shell')
      const callback = values.get('C')
      const called = callback === undefined ? state : mapfileCallbacks(call, callback, values, letters, state, host)
      evaluateNames(operands, call.name, called, host)
      return assignNames(operands.length === 0 ? [lit('MAPFILE')] : operands.slice(0, 1), called, null, host)
    }
    case 'getopts':
      evaluateNames(call.args.slice(1, 2), 'getopts', state, host)
      // OPTIND gets the index of the next argument: a number, evaluated without effect.
      return host.assignValues('OPTIND', [DIGITS], assignNames([...call.args.slice(1, 2), lit('OPTARG')], state, null, host))
    case 'let':
      // Each argument sees what the ones before it assigned.
      call.args.reduce((current, arg) => host.evaluate('arithmetic', valuesOf(arg), 'let', current), state)
      return call.args.reduce((next, arg) => {
        const name = NAME.exec(literalOf(arg) ?? '')?.[0]
        return name === undefined ? next : host.assignValues(name, [DIGITS], next)
      }, state)
    case 'printf': {
      const { values, hidden } = splitOptions(call.args.slice(0, 2), 'v')
      if (hidden) return hiddenAssignment(call, state, host)
      const name = values.get('v')
      if (name === undefined) return undefined
      evaluateNames([name], 'printf -v', state, host)
      const printed = printedText(call.args.slice(literalOf(call.args[0] as Pattern) === '-v' ? 2 : 1).map(literalOf))
      return assignNames([name], state, printed === null ? null : [lit(printed)], host)
    }
    case 'wait': {
      const { values, hidden } = splitOptions(call.args, 'p')
      if (hidden) return hiddenAssignment(call, state, host)
      const name = values.get('p')
      if (name !== undefined) evaluateNames([name], 'wait -p', state, host)
      return name === undefined ? state : assignNames([name], state, null, host)
    }
    case 'test': case '[':
      call.args.reduce((current, arg, index) => ((literalOf(arg) === '-v' || mayBeOption(arg)) && call.args[index + 1] !== undefined ? host.evaluate('name', valuesOf(call.args[index + 1] as Pattern), `${call.name} -v`, current) : current), state)
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
    case 'compgen':
      return compgen(call, state, host)
    case 'jobs': {
      const { letters, operands, hidden } = splitOptions(call.args, '')
      if (hidden) return hiddenCommand(call, state, host)
      // `jobs -x COMMAND ARGS` runs COMMAND in this shell.
      return letters.includes('x') ? host.run(operands, 'jobs -x', state, 'all') : state
    }
    case 'fc': {
      const { letters, hidden } = splitOptions(call.args, 'e')
      return letters.includes('l') && !hidden ? state : hiddenCommand(call, state, host, 'it runs commands from the shell history in this shell')
    }
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
