/**
 * Declaration built-ins (`declare`, `typeset`, `local`, `export`,
 * `readonly`): the attributes and values they set, as bash applies them
 * inside and outside functions. Pure.
 */
import type { BuiltinCall, BuiltinHost } from './builtin-host.js'
import { NAME, NAME_ONLY, splitOptions } from './builtin-options.js'
import { lit, literalOf, type Pattern } from './pattern.js'
import { joinStates, unionValues, unknownVariables, UNREAD_NAME, withAttributeLetters, withVariable, type ShellState } from './state.js'

/** Declaration built-ins whose `-p`/`+p` only prints (`export -p NAME=value` still assigns). */
const PRINTING_DECLARATIONS: ReadonlySet<string> = new Set(['declare', 'typeset', 'local'])
/** The option letters each declaration built-in accepts; any other fails it before it assigns. */
const DECLARATION_LETTERS: Record<string, string> = { declare: 'aAfFgiIlnprtux', typeset: 'aAfFgiIlnprtux', local: 'aAfFgiIlnprtux', export: 'fnp', readonly: 'aAfp' }

/**
 * A declaration built-in.
 * @returns the state after it.
 */
export function declare(call: BuiltinCall, state: ShellState, host: BuiltinHost): ShellState {
  const { letters, minus, operands } = splitOptions(call.args, '')
  // Outside a function `local` fails and assigns nothing; so does an option the built-in does not take.
  if (call.name === 'local' && !host.inFunction) return state
  if ([...letters].some(letter => !(DECLARATION_LETTERS[call.name] ?? '').includes(letter))) return state
  const readonly = call.name === 'readonly' || letters.includes('r')
  if (letters.includes('n')) return nameReferences(call, operands, state, host)
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
  // Through a name reference, `declare -i r` may make any variable integer.
  if (letters.includes('i')) next = { ...next, integers: new Set([...next.integers, ...names, ...(state.references ? [UNREAD_NAME] : [])]) }
  if (letters.includes('A')) next = { ...next, associative: new Set([...next.associative, ...names]) }
  // The case letters apply to the values assigned here; readonly only after them.
  next = withAttributeLetters(next, names, [...'lu'].filter(letter => letters.includes(letter)).join(''))
  for (const node of call.assignments) next = host.assign(node, next)
  if (readonly) next = withAttributeLetters(next, names, 'r')
  for (const operand of operands) {
    const text = literalOf(operand)
    // An operand that is not literal may be an option too (`declare $X`, X='-n r=d').
    if (text === null) return PRINTING_DECLARATIONS.has(call.name) ? { ...unknownVariables(next), references: true } : unknownVariables(next)
    host.evaluate('name', [operand], call.name, next)
    // An operand that is `NAME=value` only after quotes or expansions (`declare "X=b"`, `declare $V`) still assigns.
    const assigned = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=(.*)$/s.exec(text)
    if (assigned !== null) next = host.assignValues(assigned[1] as string, assigned[2] === undefined && assigned[3] === '' ? [lit(assigned[4] ?? '')] : null, next)
    else if (makesLocals && NAME_ONLY.test(text)) next = withVariable(next, text, unionValues(next.vars.has(text) ? next.vars.get(text) ?? null : null, [[]], host.maxAlternatives))
  }
  return next
}

/**
 * `declare -n`: from here on an assignment to one variable may store into
 * another, so no value is known. The referenced name is evaluated at every
 * use of the reference: a subscript in it runs (`declare -n r='a[$(…)]'`).
 */
function nameReferences(call: BuiltinCall, operands: readonly Pattern[], state: ShellState, host: BuiltinHost): ShellState {
  const via = `${call.name} -n`
  for (const node of call.assignments) host.evaluate('name', host.assignedValues(node, state), via, state)
  for (const operand of operands) {
    const text = literalOf(operand)
    const value = text === null ? undefined : /^[^=]*=(.*)$/s.exec(text)?.[1]
    if (text === null || value !== undefined) host.evaluate('name', value === undefined ? null : [lit(value)], via, state)
  }
  return { ...unknownVariables(state), references: true }
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
