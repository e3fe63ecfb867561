/**
 * The working-directory built-ins `cd`, `pushd` and `popd` as bash runs
 * them: options and `--`, `cd -` through `OLDPWD`, `cd` alone through
 * `HOME`, `CDPATH` and `cdable_vars` searches, and the physical fallback a
 * logical `cd` takes when `dir/..` does not exist lexically (so a path with
 * `..` is also kept as written, for the host to resolve physically). A
 * failed `cd` leaves the directory as it was, so the previous directory
 * stays possible. Pure.
 */
import { posix } from 'node:path'
import { mayBeOption } from './builtin-options.js'
import { joinPattern, lit, literalOf, type Pattern, type Values } from './pattern.js'
import { unionValues, type ShellState } from './state.js'

/** What a directory built-in does. */
export type DirectoryChange =
  /** Changes to one of `targets` (null: unknown). */
  | { readonly kind: 'to', readonly targets: Values }
  /** Changes to a directory the analysis cannot tell (the directory stack, a search path). */
  | { readonly kind: 'unknown' }
  /** Leaves the directory (`pushd -n`). */
  | { readonly kind: 'none' }

function options(args: readonly Pattern[], flags: RegExp): { letters: string, operands: readonly Pattern[] } {
  let letters = ''
  for (let i = 0; i < args.length; i += 1) {
    const text = literalOf(args[i] as Pattern)
    if (text === '--') return { letters, operands: args.slice(i + 1) }
    if (text === null || !flags.test(text)) return { letters, operands: args.slice(i) }
    letters += text.slice(1)
  }
  return { letters, operands: [] }
}

function variable(state: ShellState, name: string, fallback: Values): Values {
  if (state.references) return null
  if (state.vars.has(name)) return state.vars.get(name) ?? null
  return state.unknownNames ? null : fallback
}

/**
 * Read a `cd`, `pushd` or `popd` call.
 * @param name - which built-in.
 * @param args - expanded arguments.
 * @param state - the state it runs in.
 * @param envNames - variables assigned for this command only.
 * @param home - the home directory of a fresh shell.
 */
export function directoryCall(name: string, args: readonly Pattern[], state: ShellState, envNames: readonly string[], home: string | null): DirectoryChange {
  if (name === 'popd') return options(args, /^-n$/).letters.includes('n') ? { kind: 'none' } : { kind: 'unknown' }
  const { letters, operands } = options(args, name === 'cd' ? /^-[LPe@]+$/ : /^-n$/)
  const operand = operands[0]
  // A first operand that may be an option (`cd -$(printf P) link`) leaves the target unknown.
  if (operands.length > 1 && mayBeOption(operand as Pattern)) return { kind: 'unknown' }
  if (name === 'pushd') {
    if (letters.includes('n')) return { kind: 'none' }
    if (operand === undefined || /^[-+]\d+$/.test(literalOf(operand) ?? '')) return { kind: 'unknown' }
  }
  if (operand === undefined) return { kind: 'to', targets: variable(state, 'HOME', home === null ? null : [lit(home)]) }
  const text = literalOf(operand)
  if (text === '-') return { kind: 'to', targets: variable(state, 'OLDPWD', state.oldCwd) }
  const searched = state.vars.has('CDPATH') || state.unknownNames || envNames.includes('CDPATH')
  if (searched && !(text !== null && /^(\/|\.\.?(\/|$))/.test(text))) return { kind: 'unknown' }
  return { kind: 'to', targets: [operand] }
}

function hasParentSegment(text: string): boolean {
  return text.split('/').includes('..')
}

function candidates(base: Pattern, directory: Pattern): Pattern[] {
  const baseText = literalOf(base)
  const dirText = literalOf(directory)
  if (baseText === null || dirText === null) return [joinPattern(base, directory)]
  const absolute = dirText.startsWith('/')
  const lexical = lit(absolute ? posix.normalize(dirText) : posix.join(baseText, dirText))
  if (!hasParentSegment(dirText) && !hasParentSegment(baseText)) return [lexical]
  return [lexical, lit(absolute ? dirText : `${baseText.replace(/\/+$/, '')}/${dirText}`)]
}

/**
 * The state after a directory change. `PWD` and `OLDPWD` follow the change.
 * @param change - what the built-in does.
 * @param state - the state before it.
 * @param max - bound on alternatives.
 */
export function changeDirectory(change: DirectoryChange, state: ShellState, max: number): ShellState {
  if (change.kind === 'none') return state
  const vars = new Map(state.vars)
  vars.delete('PWD')
  vars.delete('OLDPWD')
  const moved = (cwd: Values): ShellState => ({ ...state, vars, oldCwd: state.cwd, cwd })
  if (change.kind === 'unknown' || change.targets === null || state.cwd === null) return moved(null)
  const next: Pattern[] = []
  for (const base of state.cwd) for (const directory of change.targets) next.push(...candidates(base, directory))
  return moved(unionValues(state.cwd, next, max))
}
