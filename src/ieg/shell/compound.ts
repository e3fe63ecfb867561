/**
 * Lists, pipelines and compound commands (`if`, loops, `case`, `[[ ]]`,
 * `(( ))`, groups, functions, redirected compounds): what each runs and the
 * state after it. An expansion that assigns a variable (`${d:=x}`,
 * `$((IFS=1))`, unknown text evaluated as arithmetic) does so before what
 * follows it runs: the loop body, the `case` items, the redirected command.
 * Pure.
 */
import type { AndOr, CompoundList, PipelineNode, TestExpression, Word } from 'unbash'
import { loopValues } from './builtins.js'
import { withOuterStandardInput, withStandardInputData } from './descriptors.js'
import { arithmeticallyAssigned, expandAssignment, expandWord, scanArithmetic } from './expand.js'
import type { ExpansionEnv } from './expansion-env.js'
import type { Pattern, Values } from './pattern.js'
import { applyRedirections, keptDescriptors } from './redirections.js'
import { assignVariable, simpleCommand } from './simple-command.js'
import { isReadonlyFunction, joinStates, withExpansionAssignments, withVariable, type ShellState } from './state.js'
import type { Walker } from './walker.js'

/** What the compound walk needs of the analyzer besides {@link Walker}. */
export interface CompoundWalker extends Walker {
  /** One node, then the variables its expansions assigned take their new values. */
  node(node: PipelineNode | AndOr, state: ShellState, depth: number): ShellState
  compound(list: CompoundList, state: ShellState, depth: number): ShellState
  /** A loop to a fixed point: `test` before each pass, `body` after it. */
  loop(test: (state: ShellState) => ShellState, body: (state: ShellState) => ShellState, state: ShellState): ShellState
  /** Trap actions set earlier, run around a command. */
  runTraps(state: ShellState, depth: number): ShellState
  /** Removes and returns the expansion assignments made since `mark`. */
  takeAssignments(mark: number): ReadonlyArray<readonly [string, Values]>
}

/** Compound commands a DEBUG trap runs before, as it runs before every simple command. */
export const TRAPPED_COMPOUNDS: ReadonlySet<string> = new Set(['TestCommand', 'ArithmeticCommand', 'For', 'Select', 'Case', 'ArithmeticFor'])
const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge'])

/**
 * Run `step` (expanding words, making redirections) in `state`; when it
 * assigned a variable, run it again where either value is possible, since
 * a later part, or IFS splitting the assigning part's own result, may see it.
 * @returns each run's result, and the state with what the runs assigned.
 */
function twiceIfAssigned<T>(walker: Walker, state: ShellState, step: (from: ShellState) => T): { results: T[], after: ShellState } {
  const mark = walker.expansionAssignments().length
  const first = step(state)
  const assigned = walker.assignedSince(state, mark)
  if (assigned === state) return { results: [first], after: state }
  const again = step(joinStates(state, assigned, walker.options.maxAlternatives))
  return { results: [first, again], after: walker.assignedSince(state, mark) }
}

/** The fields of a loop's word list (null: `"$@"`), each word's fields from every run. */
function loopFields(walker: Walker, words: readonly Word[] | undefined, state: ShellState, depth: number): { fields: Pattern[][] | null, after: ShellState } {
  if (words === undefined) return { fields: null, after: state }
  const { results, after } = twiceIfAssigned(walker, state, (from) => {
    const env = walker.env(from, depth)
    return words.map(word => expandWord(word, env).alternatives.flat())
  })
  return { fields: words.map((_, index) => results.flatMap(fields => fields[index] ?? [])), after }
}

/** Expand words for what they run and assign ({@link twiceIfAssigned}). */
function expandWords(walker: Walker, words: readonly Word[], state: ShellState, depth: number): void {
  twiceIfAssigned(walker, state, (from) => {
    const env = walker.env(from, depth)
    for (const word of words) expandWord(word, env)
  })
}

/**
 * Walk one list, pipeline or command.
 * @returns the state after it.
 */
export function walkCompound(walker: CompoundWalker, node: PipelineNode | AndOr, entry: ShellState, depth: number): ShellState {
  const max = walker.options.maxAlternatives
  // Besides simple commands, a DEBUG trap runs before `[[ ]]`, `(( ))`, `for`, `select` and `case`.
  const state = entry.traps.length > 0 && TRAPPED_COMPOUNDS.has(node.type) ? walker.runTraps(entry, depth) : entry
  switch (node.type) {
    case 'AndOr': {
      const commands = node.commands
      let current = walker.node(commands[0] as PipelineNode, state, depth)
      for (let index = 1; index < commands.length; index += 1) current = joinStates(current, walker.node(commands[index] as PipelineNode, current, depth), max)
      return current
    }
    case 'Pipeline': {
      const commands = node.commands
      if (commands.length === 1) return walker.node(commands[0] as PipelineNode, state, depth)
      // Every command after the first reads the pipe, whatever it is (`… | { bash; }`).
      const piped = { ...state, descriptors: withStandardInputData(state.descriptors) }
      let last = state
      for (let index = 0; index < commands.length; index += 1) last = walker.node(commands[index] as PipelineNode, index > 0 ? piped : state, depth)
      // A last command that changed nothing leaves the state as it was (the join below would rebuild it).
      if (last === piped) return state
      return joinStates(state, { ...last, descriptors: withOuterStandardInput(last.descriptors, state.descriptors) }, max)
    }
    case 'Command':
      if (state.traps.length === 0) return simpleCommand(walker, node, state, depth)
      return walker.runTraps(simpleCommand(walker, node, walker.runTraps(state, depth), depth), depth)
    case 'If': {
      let tested = walker.compound(node.clause, state, depth)
      let result = walker.compound(node.then, tested, depth)
      for (const branch of node.elif) {
        tested = walker.compound(branch.clause, tested, depth)
        result = joinStates(result, walker.compound(branch.then, tested, depth), max)
      }
      return joinStates(result, node.else === undefined ? tested : walker.compound(node.else, tested, depth), max)
    }
    case 'For':
    case 'Select': {
      const { fields, after } = loopFields(walker, node.wordlist, state, depth)
      // Before each pass `select` reads the answer into REPLY, and an integer loop variable evaluates its word in the state the last pass left.
      const assignLoopVariable = (current: ShellState): ShellState => {
        const evaluated = walker.expansionAssignments().length
        const read = node.type === 'Select' ? assignVariable(walker, current, 'REPLY', null, depth) : current
        return walker.assignedSince(assignVariable(walker, read, node.name.value, loopValues(fields, max), depth), evaluated)
      }
      return joinStates(after, walker.loop(current => current, current => assignLoopVariable(walker.compound(node.body, current, depth)), assignLoopVariable(after)), max)
    }
    case 'ArithmeticFor':
      return walker.loop(current => arithmetic(walker, [node.test], current, depth), current => arithmetic(walker, [node.update], walker.compound(node.body, current, depth), depth), arithmetic(walker, [node.initialize], state, depth))
    case 'While':
      return walker.loop(current => walker.compound(node.clause, current, depth), current => walker.compound(node.body, current, depth), state)
    case 'Subshell':
      // Its own EXIT and ERR traps run as it ends, in the state it ends in.
      walker.runTraps(walker.compound(node.body, state, depth), depth)
      return state
    case 'BraceGroup':
      return walker.compound(node.body, state, depth)
    case 'Case': {
      const mark = walker.expansionAssignments().length
      expandWords(walker, [node.word], state, depth)
      let result = walker.assignedSince(state, mark)
      let carried: ShellState | null = null
      for (const item of node.items) {
        // An item is reached after the word and every earlier pattern expanded.
        const reached = walker.assignedSince(state, mark)
        const entered: ShellState = carried === null ? reached : joinStates(reached, carried, max)
        const patterns = walker.expansionAssignments().length
        expandWords(walker, item.pattern, entered, depth)
        const after = walker.compound(item.body, walker.assignedSince(entered, patterns), depth)
        result = joinStates(result, after, max)
        carried = item.terminator === ';&' || item.terminator === ';;&' ? after : null
      }
      return result
    }
    case 'TestCommand':
      testExpression(walker, node.expression, state, depth)
      return state
    case 'ArithmeticCommand':
      return arithmetic(walker, [node.expression], state, depth)
    case 'Redirected': {
      const mark = walker.expansionAssignments().length
      const { results } = twiceIfAssigned(walker, state, from => applyRedirections(walker, node.redirects, from, depth).state)
      const inner = results.reduce((left, right) => joinStates(left, right, max))
      const after = walker.node(node.command, walker.assignedSince(inner, mark), depth)
      return { ...after, descriptors: keptDescriptors(false, state, inner, after) }
    }
    case 'Function': {
      const functions = new Map(state.functions)
      // Redefining a readonly function fails and keeps the old body; only some paths may have made it readonly.
      functions.set(node.name.value, isReadonlyFunction(state, node.name.value) ? [...state.functions.get(node.name.value) ?? [null], node.body] : [node.body])
      const defined = { ...state, functions }
      walker.functionBody(node.body, defined, depth)
      return defined
    }
    case 'Coproc':
      // The shell writes to a coprocess's standard input (`>&${COPROC[1]}`).
      walker.functionBody(node.body, { ...state, descriptors: withStandardInputData(state.descriptors) }, depth)
      return state
  }
}

/**
 * A `[[ ]]` expression: its words expand, and `-v` names and arithmetic
 * operands are evaluated, left to right, each part seeing what the parts
 * before it assigned (`[[ $((IFS=1)) == $(…) ]]`).
 * @returns the state with what its parts assigned.
 */
function testExpression(walker: Walker, expression: TestExpression, state: ShellState, depth: number): ShellState {
  const step = (current: ShellState, run: (env: ExpansionEnv) => void): ShellState => {
    const mark = walker.expansionAssignments().length
    run(walker.env(current, depth))
    return walker.assignedSince(current, mark)
  }
  switch (expression.type) {
    case 'TestUnary':
      return step(state, env => {
        const operand = expandAssignment(expression.operand, env)
        if (expression.operator === '-v') env.evaluate('name', operand, '[[ -v ]]')
      })
    case 'TestBinary': {
      let left: Values = null
      let right: Values = null
      const expanded = step(step(state, env => { left = expandAssignment(expression.left, env) }), env => { right = expandAssignment(expression.right, env) })
      if (!ARITHMETIC_TESTS.has(expression.operator)) return expanded
      const via = `[[ ${expression.operator} ]]`
      return step(step(expanded, env => env.evaluate('arithmetic', left, via)), env => env.evaluate('arithmetic', right, via))
    }
    case 'TestLogical':
      return expression.operands.reduce((current, operand) => testExpression(walker, operand, current, depth), state)
    case 'TestNot':
      return testExpression(walker, expression.operand, state, depth)
    case 'TestGroup':
      return testExpression(walker, expression.expression, state, depth)
  }
}

/**
 * Arithmetic expressions (`(( ))`, the clauses of `for ((…))`): their
 * expansions run, and the names they assign hold numbers afterwards.
 * @returns the state after them, with what their expansions assigned (`$(( y = 0 ))`).
 */
function arithmetic(walker: CompoundWalker, expressions: ReadonlyArray<Parameters<typeof scanArithmetic>[0] | undefined>, state: ShellState, depth: number): ShellState {
  const env = walker.env(state, depth)
  const mark = walker.expansionAssignments().length
  let next = state
  const assign = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    const record = node as Record<string, unknown>
    const target = record['left'] ?? record['operand']
    const operator = String(record['operator'] ?? '')
    if ((/^[^=!<>]?=$|^[<>]{2}=$/.test(operator) || operator === '++' || operator === '--') && typeof target === 'object' && target !== null && (target as Record<string, unknown>)['type'] === 'ArithmeticWord') {
      const written = String((target as Record<string, unknown>)['value'])
      const name = written.replace(/\[.*$/s, '').replace(/^\$/, '')
      next = withVariable(next, name, arithmeticallyAssigned(name, written.includes('['), walker.env(next, depth)))
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === 'script' || key === 'parts') continue
      if (Array.isArray(value)) value.forEach(assign)
      else assign(value)
    }
  }
  for (const expression of expressions) {
    if (expression === undefined) continue
    scanArithmetic(expression, env)
    assign(expression)
  }
  // What expansions inside assigned holds before the next part runs (a `for ((…))` body).
  return withExpansionAssignments(next, walker.takeAssignments(mark))
}
