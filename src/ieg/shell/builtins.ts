/**
 * Shell built-ins that change the state the analysis tracks: `cd`,
 * `pushd`/`popd`, declarations and `unset`, `read`-like assignments, `shopt`,
 * `hash -p`, `alias`, `eval`, `source`, `command`, `builtin`. Each returns the
 * next state, or undefined when the name is not such a built-in. Pure.
 */
import { posix } from 'node:path'
import type { Assignment } from 'unbash'
import { ANY, concat, DIGITS, joinPattern, lit, literalOf, type Pattern } from './pattern.js'
import { unionValues, withVariable, type ShellState, type Values } from './state.js'

/** What a built-in may ask of the analyzer. */
export interface BuiltinHost {
  readonly maxAlternatives: number
  /** Analyze script text in the given state; returns the state after it. */
  script(text: Pattern, via: string, state: ShellState): ShellState
  /** Run an argument list as a command, skipping functions (`command`) or external programs (`builtin`). */
  run(argv: readonly Pattern[], via: string, state: ShellState, lookup: 'no-functions' | 'builtins-only'): ShellState
  opaque(via: string, reason: string, words: readonly Pattern[]): void
  /** The value of an assignment argument (`export NAME=value`). */
  assignment(node: Assignment, state: ShellState): Values
}

/** A built-in call: expanded words plus the assignment arguments of declaration commands. */
export interface BuiltinCall {
  readonly name: string
  readonly args: readonly Pattern[]
  readonly assignments: readonly Assignment[]
  readonly home: string | null
}

function changeDirectory(state: ShellState, target: Values, max: number): ShellState {
  if (target === null || state.cwd === null) return { ...state, oldCwd: state.cwd, cwd: null }
  const next: Pattern[] = []
  for (const base of state.cwd) {
    for (const directory of target) {
      const baseText = literalOf(base)
      const dirText = literalOf(directory)
      if (baseText !== null && dirText !== null) {
        next.push(lit(dirText.startsWith('/') ? posix.normalize(dirText) : posix.join(baseText, dirText)))
      } else {
        next.push(joinPattern(base, directory))
      }
    }
  }
  return { ...state, oldCwd: state.cwd, cwd: unionValues(state.cwd, next, max) }
}

function cd(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const operands = call.args.filter(arg => !/^-[LPe@]+$/.test(literalOf(arg) ?? ''))
  if (state.vars.has('CDPATH') || call.args.some(arg => literalOf(arg) === '-P')) return { ...state, oldCwd: state.cwd, cwd: null }
  const target = operands[0]
  if (target === undefined) return changeDirectory(state, call.home === null ? null : [lit(call.home)], host.maxAlternatives)
  if (literalOf(target) === '-') return changeDirectory(state, state.oldCwd, host.maxAlternatives)
  return changeDirectory(state, [target], host.maxAlternatives)
}

function declare(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const nameref = call.args.some(arg => /^-[a-zA-Z]*n/.test(literalOf(arg) ?? ''))
  let next = state
  for (const node of call.assignments) next = withVariable(next, node.name, nameref || node.index !== undefined || node.append === true ? null : host.assignment(node, state))
  return next
}

function assignsNames(names: readonly string[], state: ShellState, value: Values): ShellState {
  return names.reduce((next, name) => withVariable(next, name, value), state)
}

function namedOperands(args: readonly Pattern[], valued: string): string[] {
  const names: string[] = []
  for (let i = 0; i < args.length; i += 1) {
    const text = literalOf(args[i] as Pattern)
    if (text === null) continue
    if (text.startsWith('-')) {
      if ([...text.slice(1)].some(letter => valued.includes(letter)) && text.length === 2) i += 1
      continue
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) names.push(text)
  }
  return names
}

/** Names {@link applyBuiltin} handles. */
export const STATE_BUILTINS: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd', 'export', 'declare', 'typeset', 'local', 'readonly', 'unset', 'read', 'mapfile', 'readarray', 'getopts', 'let', 'printf', 'shopt', 'hash', 'enable', 'alias', 'eval', 'source', '.', 'command', 'builtin', 'exec'])

const LOOSE_GLOB_OPTIONS = new Set(['dotglob', 'nocaseglob', 'globasciiranges'])

/**
 * Apply a state-changing built-in.
 * @param call - the call.
 * @param state - state before it.
 * @param host - analyzer callbacks.
 * @returns the state after it, or undefined when `call.name` is not such a built-in.
 */
export function applyBuiltin(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState | undefined {
  switch (call.name) {
    case 'cd':
    case 'pushd':
      return cd(call, state, host)
    case 'popd':
      return { ...state, oldCwd: state.cwd, cwd: null }
    case 'export': case 'declare': case 'typeset': case 'local': case 'readonly':
      return declare(call, state, host)
    case 'unset':
      return assignsNames(namedOperands(call.args, ''), state, [[]])
    case 'read':
      return assignsNames(namedOperands(call.args, 'adinNptu'), state, null)
    case 'mapfile': case 'readarray':
      return assignsNames(namedOperands(call.args, 'dnOsuCc').slice(-1), state, null)
    case 'getopts':
      return assignsNames(call.args.slice(1, 2).map(arg => literalOf(arg) ?? '').filter(name => name !== ''), state, null)
    case 'let':
      return assignsNames(call.args.map(arg => /^([A-Za-z_][A-Za-z0-9_]*)/.exec(literalOf(arg) ?? '')?.[1] ?? '').filter(name => name !== ''), state, [DIGITS])
    case 'printf': {
      const at = call.args.findIndex(arg => literalOf(arg) === '-v')
      const name = at < 0 ? null : literalOf(call.args[at + 1] ?? [])
      return at < 0 ? state : name === null ? { ...state, vars: new Map(), commandLookupUnknown: true } : withVariable(state, name, null)
    }
    case 'shopt': {
      const setting = call.args.some(arg => literalOf(arg) === '-s')
      const names = call.args.map(literalOf)
      if (!setting) return state
      if (names.some(name => name === null || name === 'expand_aliases')) return { ...state, aliases: true }
      return names.some(name => LOOSE_GLOB_OPTIONS.has(name ?? '')) ? { ...state, looseGlobs: true } : state
    }
    case 'hash':
      return call.args.some(arg => literalOf(arg) === '-p' || literalOf(arg) === null) ? { ...state, commandLookupUnknown: true } : state
    case 'enable':
      if (call.args.length > 0) host.opaque('enable', 'it loads or changes shell built-ins', call.args)
      return call.args.length > 0 ? { ...state, commandLookupUnknown: true } : state
    case 'alias':
      for (const arg of call.args) {
        const text = literalOf(arg)
        if (text === null) host.opaque('alias', 'an alias definition is not literal', [arg])
        else if (text.includes('=')) host.script(lit(text.slice(text.indexOf('=') + 1)), 'alias', state)
      }
      return state
    case 'eval':
      return host.script(call.args.reduce<Pattern>((joined, arg, index) => (index === 0 ? arg : concat(joined, lit(' '), arg)), []), 'eval', state)
    case 'source': case '.':
      host.opaque(call.name, 'it runs a script file the analysis cannot see', call.args)
      return { ...state, cwd: null, vars: new Map([...state.vars].map(([name]) => [name, null])), commandLookupUnknown: true }
    case 'command':
      if (call.args.some(arg => /^-[a-zA-Z]*[vV]/.test(literalOf(arg) ?? ''))) return state
      return host.run(call.args.filter(arg => literalOf(arg) !== '-p'), 'command', state, 'no-functions')
    case 'builtin':
      return host.run(call.args, 'builtin', state, 'builtins-only')
    case 'exec': {
      const argv = call.args.filter((arg, index) => !/^-[acl]+$/.test(literalOf(arg) ?? '') && literalOf(call.args[index - 1] ?? []) !== '-a')
      return argv.length === 0 ? state : host.run(argv, 'exec', state, 'no-functions')
    }
    default:
      return undefined
  }
}

/** Values a variable takes in a `for` or `select` loop over expanded words. */
export function loopValues(fields: readonly (readonly Pattern[])[] | null): Values {
  if (fields === null) return null
  const values = fields.flat()
  return values.length === 0 ? [[]] : values.some(value => value.some(atom => atom.t === 'any')) ? [ANY] : values
}
