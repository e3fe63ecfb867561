/**
 * Classify a shell command line from its syntax tree (unbash): walk every
 * list, pipeline, compound command, function, substitution, nested script
 * and text bash evaluates again, tracking the working directory, variables
 * and descriptors, and collect what each simple command writes. A command is
 * read-only only when every simple command is a known reader and every
 * redirection goes to a descriptor or a discard device. Pure.
 */
import { posix } from 'node:path'
import type { AndOr, CompoundList, ParsedScript, PipelineNode } from 'unbash'
import { assertNever } from '../../kernel/assert-never.js'
import type { Exit } from './builtin-host.js'
import { TRAPPED_COMPOUNDS, walkCompound, type CompoundWalker } from './compound.js'
import { reachOfPath, withStandardInputData } from './descriptors.js'
import { summarize, type ShellAnalysis, type ShellEffect, type TargetScope } from './effects.js'
import { evaluateValues } from './evaluate.js'
import { evaluateVariable, type Evaluation, type ExpansionEnv, type NestedInput } from './expansion-env.js'
import { ANY, DIGITS, joinPattern, lit, literalOf, type Pattern, type Values } from './pattern.js'
import { parseText } from './runnable.js'
import { initialState, joinStates, withExpansionAssignments, sameState, unknownShell, unknownVariables, UNREAD_NAME, widenState, type FunctionBody, type ShellState } from './state.js'
import type { Mentions, ShellAnalysisOptions } from './walker.js'

export type { ShellAnalysisOptions } from './walker.js'

/**
 * Whether a command with these literal arguments prints only digits, words
 * and separators, never a path or a `.` (so its output in a word cannot
 * name a protected path): `nproc`, `wc` on standard input, `seq` of numbers,
 * `id -u`, `uname -m`, `date` with a numeric format.
 */
function printsNoPath(name: string, args: readonly string[]): boolean {
  switch (name) {
    case 'nproc': return true
    case 'wc': return args.every(arg => /^-[clmw]+$/.test(arg))
    case 'seq': return args.every(arg => /^-?\d+$/.test(arg))
    case 'id': return args.length > 0 && args.every(arg => /^-[ugGr]+$/.test(arg))
    // `uname -o` prints GNU/Linux, a path.
    case 'uname': return args.length > 0 && args.every(arg => /^-[smpi]+$/.test(arg))
    case 'date': return args.every(arg => /^\+(%[sYmdHMSjuUVGgwyeCzkIl]|[-:_ T])*$/.test(arg))
    default: return false
  }
}
/** `[[ ]]` operators whose operands are evaluated as arithmetic. */

/** The expansion environment of one state at one depth; its callbacks are prototype methods, so a new state costs one object. */
class StateEnv implements ExpansionEnv {
  readonly home: string | null
  readonly maxAlternatives: number
  private readonly analyzer: Analyzer
  readonly state: ShellState
  readonly depth: number
  constructor(analyzer: Analyzer, state: ShellState, depth: number) {
    this.analyzer = analyzer
    this.state = state
    this.depth = depth
    this.home = analyzer.options.home
    this.maxAlternatives = analyzer.options.maxAlternatives
  }

  nested(script: ParsedScript | undefined, via: string, input: NestedInput): Values {
    return this.analyzer.substitution(script, via, input === 'pipe' ? { ...this.state, descriptors: withStandardInputData(this.state.descriptors) } : this.state, this.depth)
  }
  evaluate(kind: Evaluation, values: Values, via: string): void { this.analyzer.evaluate(kind, values, via, this, this.state) }
  assigned(name: string, values: Values): void { this.analyzer.expansionAssigned(name, values) }
}

class Analyzer implements CompoundWalker {
  readonly effects: ShellEffect[] = []
  /** Opaque reports made so far, encoded. */
  private readonly opaqueReports = new Set<string>()
  looseGlobs = false
  readonly options: ShellAnalysisOptions
  /** Variables expansions assigned while the current command expanded (`${NAME:=word}`, arithmetic). */
  private readonly assigned: Array<readonly [string, Values]> = []
  /** States at each `return` of the functions being walked, innermost last. */
  private readonly returns: ShellState[][] = []
  /** States at each `break` and `continue` of the loops being walked, innermost last. */
  private readonly loopExits: Array<{ breaks: ShellState[], continues: ShellState[] }> = []
  private evaluations = 0
  private lastEnv: StateEnv | null = null

  /** The command line analyzed: the text searched when code the analysis cannot see has no text of its own. */
  readonly source: string

  constructor(options: ShellAnalysisOptions, source: string) {
    this.options = options
    this.source = source
  }

  /** Reports an opaque step; the same report again (a command analyzed twice) adds nothing. */
  opaque(via: string, reason: string, words: readonly Pattern[], state: ShellState | null, mentions?: Mentions): void {
    this.looseGlobs ||= state?.looseGlobs ?? true
    const cwds = state?.cwd ?? [ANY]
    const effect: ShellEffect = { kind: 'opaque', via, reason, words: words.flatMap(word => cwds.map(cwd => joinPattern(cwd, word))), mentions: mentions?.() ?? [this.source] }
    const key = JSON.stringify(effect)
    if (this.opaqueReports.has(key)) return
    this.opaqueReports.add(key)
    this.effects.push(effect)
  }

  write(via: string, path: Pattern, scope: TargetScope, state: ShellState, partial = false): void {
    this.looseGlobs ||= state.looseGlobs
    for (const cwd of state.cwd ?? [ANY]) {
      const joined = joinPattern(cwd, path)
      const text = literalOf(joined)
      const normalized = text === null ? null : posix.normalize(text)
      // `/proc/self/../self/cwd` and `/dev//fd/3` reach what their normalized forms do, and what they name as written.
      const forms = normalized !== null && normalized !== text && /^\/(proc|dev)\//.test(normalized) ? [lit(normalized), joined] : [joined]
      for (const form of forms) {
        const reach = reachOfPath(form, state.descriptors, state.cwd)
        if (reach.kind === 'discard') continue
        for (const target of reach.kind === 'paths' ? reach.paths : [joined]) this.effects.push({ kind: 'write', via, target: { path: target, scope, ...(partial ? { partial: true as const } : {}) } })
      }
    }
  }

  history(via: string): void {
    this.effects.push({ kind: 'git-history', via })
  }

  control(via: string, reason: string): void {
    this.effects.push({ kind: 'repository-control', via, reason })
  }

  env(state: ShellState, depth: number): ExpansionEnv {
    if (this.lastEnv?.state === state && this.lastEnv.depth === depth) return this.lastEnv
    this.lastEnv = new StateEnv(this, state, depth)
    return this.lastEnv
  }

  /** An expansion assigned a variable while the current node expanded. */
  expansionAssigned(name: string, values: Values): void {
    this.assigned.push([name, values])
  }

  evaluate(kind: Evaluation, values: Values, via: string, env: ExpansionEnv, state: ShellState): void {
    if (this.evaluations >= this.options.maxDepth) {
      this.opaque(via, `text is evaluated again more than ${this.options.maxDepth} levels deep`, [], state)
      this.expansionAssigned(UNREAD_NAME, null)
      return
    }
    this.evaluations += 1
    try {
      evaluateValues(kind, values, via, env, { unknown: (where, reason) => { this.opaque(where, reason, [], state); this.expansionAssigned(UNREAD_NAME, null) } })
    } finally {
      this.evaluations -= 1
    }
  }

  substitution(script: ParsedScript | undefined, via: string, state: ShellState, depth: number): Values {
    if (script === undefined) {
      this.opaque(via, 'its script does not parse', [], state)
      return null
    }
    // Traps set inside run as the substitution's shell ends.
    this.runTraps(this.script(script, state, depth + 1, via), depth + 1)
    const statement = script.commands.length === 1 ? script.commands[0]?.command : undefined
    // The output is the last command's of a pipeline (`git ls-files | wc -l`).
    const only = statement?.type === 'Pipeline' ? statement.commands.at(-1) : statement
    if (only?.type !== 'Command' || only.name === undefined || only.name.parts !== undefined || only.prefix.length > 0) return null
    const words = only.suffix.filter(item => item.type === 'Word')
    const inputOnly = only.suffix.every(item => item.type === 'Word' || item.type === 'HereString' || item.type === 'HereDoc' || (item.type === 'Redirect' && item.operator === '<'))
    if (!inputOnly || words.some(word => word.parts !== undefined)) return null
    const name = only.name.value
    if (name === 'pwd') return state.cwd
    if (name === 'echo' && words.every(word => !/^-[neE]+$/.test(word.value))) return [lit(words.map(word => word.value).join(' '))]
    return printsNoPath(name, words.map(word => word.value)) ? [DIGITS] : null
  }

  script(script: ParsedScript, state: ShellState, depth: number, via: string): ShellState {
    if (depth > this.options.maxDepth) {
      this.opaque(via, `nesting deeper than ${this.options.maxDepth} levels`, [ANY], state)
      return unknownVariables({ ...state, cwd: null })
    }
    if (script.errors !== undefined && script.errors.length > 0) {
      this.opaque(via, `the text does not parse as bash (${script.errors[0]?.message ?? 'syntax error'})`, [], state)
      return state
    }
    return this.list(script.commands, state, depth)
  }

  scriptText(text: Pattern, via: string, state: ShellState, depth: number): ShellState {
    const literal = literalOf(text)
    if (literal === null) {
      this.opaque(via, 'the script it runs is not literal', [text], state)
      return { ...state, cwd: null }
    }
    return this.scriptSource(literal, state, depth + 1, via)
  }

  /** Script text: what bash runs of it; opaque where it does not parse. */
  scriptSource(text: string, state: ShellState, depth: number, via: string): ShellState {
    const parsed = parseText(text)
    switch (parsed.kind) {
      case 'parsed':
        return this.script(parsed.script, state, depth, via)
      case 'broken':
        this.opaque(via, `the text does not parse as bash (${parsed.error})`, [], state)
        return parsed.runnable === null ? state : this.script(parsed.runnable, state, depth, via)
      case 'unknown':
        this.opaque(via, `the text does not parse as bash (${parsed.error}), and what runs before the error is not known`, [ANY], state)
        return unknownShell(state)
      default:
        return assertNever(parsed)
    }
  }

  childShellText(text: Pattern, via: string, state: ShellState, depth: number): ShellState {
    // A new shell runs outside every function of this one (`local` fails there).
    const outer = this.returns.splice(0)
    try {
      const end = this.scriptText(text, via, state, depth)
      // Its traps run as the new shell ends.
      this.runTraps(end, depth + 1)
      return end
    } finally {
      this.returns.push(...outer)
    }
  }

  list(statements: ReadonlyArray<{ readonly command: PipelineNode | AndOr, readonly background?: boolean | undefined }>, state: ShellState, depth: number): ShellState {
    let current = state
    for (const statement of statements) {
      const after = this.node(statement.command, current, depth)
      current = statement.background === true ? current : after
    }
    return current
  }

  compound(list: CompoundList, state: ShellState, depth: number): ShellState {
    return this.list(list.commands, state, depth)
  }

  /**
   * A loop, to a fixed point: `test` runs before each pass (the states it
   * leaves are where the loop may end), `body` after it, `continue` states
   * join the next pass and `break` states the end. Past `maxDepth` passes,
   * whatever still changes becomes unknown.
   */
  loop(test: (state: ShellState) => ShellState, body: (state: ShellState) => ShellState, state: ShellState): ShellState {
    const max = this.options.maxAlternatives
    let entry = state
    let result: ShellState | null = null
    for (let pass = 1; ; pass += 1) {
      const frame = { breaks: [] as ShellState[], continues: [] as ShellState[] }
      this.loopExits.push(frame)
      let tested: ShellState
      let end: ShellState
      try {
        tested = test(entry)
        end = body(tested)
      } finally {
        this.loopExits.pop()
      }
      result = [tested, ...frame.breaks].reduce((joined, left) => joinStates(joined, left, max), result ?? tested)
      const next = [end, ...frame.continues].reduce((joined, left) => joinStates(joined, left, max), entry)
      if (sameState(next, entry)) return result
      if (pass > 2 * this.options.maxDepth) return unknownVariables({ ...joinStates(result, next, max), cwd: null, oldCwd: null })
      entry = pass >= this.options.maxDepth ? widenState(entry, next) : next
    }
  }

  leave(kind: Exit, state: ShellState, levels: number | null): void {
    if (kind === 'return') {
      this.returns.at(-1)?.push(state)
      return
    }
    const frames = levels === null ? this.loopExits : [this.loopExits.at(-Math.min(levels, this.loopExits.length))]
    for (const frame of frames) (kind === 'break' ? frame?.breaks : frame?.continues)?.push(state)
  }

  /** Trap actions set earlier may run before and after any command; in-shell ones change its state. */
  runTraps(state: ShellState, depth: number): ShellState {
    let current = state
    for (const trap of state.traps) {
      const ran = this.scriptText(trap.action, 'trap', { ...current, traps: [] }, depth)
      if (trap.inShell) current = joinStates(current, { ...ran, traps: current.traps }, this.options.maxAlternatives)
    }
    return current
  }

  expansionAssignments(): ReadonlyArray<readonly [string, Values]> {
    return this.assigned
  }

  assignedSince(state: ShellState, mark: number): ShellState {
    return withExpansionAssignments(state, this.assigned.slice(mark))
  }

  takeAssignments(mark: number): ReadonlyArray<readonly [string, Values]> {
    return this.assigned.splice(mark)
  }

  /**
   * One node, then the variables its expansions assigned take their new
   * values. Text evaluated again that the analysis cannot follow may have
   * assigned any variable (`$(printf IFS)=1` as arithmetic): it counts as
   * assigning {@link UNREAD_NAME}, so every variable is unknown after the node.
   */
  node(node: PipelineNode | AndOr, state: ShellState, depth: number): ShellState {
    const mark = this.assigned.length
    const walked = this.walk(node, state, depth)
    if (this.assigned.length === mark) return walked
    return withExpansionAssignments(walked, this.assigned.splice(mark))
  }

  private walk(node: PipelineNode | AndOr, entry: ShellState, depth: number): ShellState {
    if (entry.tracing && (node.type === 'Command' || TRAPPED_COMPOUNDS.has(node.type))) {
      const mark = this.assigned.length
      const walked = this.walkNode(node, entry, depth)
      // bash expands PS4 once the command's words have expanded, and does not trace what PS4's own expansion runs.
      const traced = joinStates(entry, this.assignedSince(entry, mark), this.options.maxAlternatives)
      evaluateVariable('PS4', 'prompt', this.env({ ...traced, tracing: false }, depth), 'PS4 under set -x')
      return walked
    }
    return this.walkNode(node, entry, depth)
  }

  private walkNode(node: PipelineNode | AndOr, entry: ShellState, depth: number): ShellState {
    // Under extdebug a DEBUG trap may skip the command: the state before it stays possible.
    if (entry.skippable && entry.traps.length > 0 && (node.type === 'Command' || TRAPPED_COMPOUNDS.has(node.type))) return joinStates(this.runTraps(entry, depth), walkCompound(this, node, entry, depth), this.options.maxAlternatives)
    return walkCompound(this, node, entry, depth)
  }

  inFunction(): boolean {
    return this.returns.length > 0
  }

  /** A function body; the states at each `return` join the state at its end. */
  functionBody(body: FunctionBody, state: ShellState, depth: number): ShellState {
    if (depth + 1 > this.options.maxDepth) {
      this.opaque('function', `nesting deeper than ${this.options.maxDepth} levels`, [ANY], state)
      return unknownVariables({ ...state, cwd: null })
    }
    this.returns.push([])
    try {
      const end = body.type === 'CompoundList' ? this.compound(body, state, depth + 1) : this.node(body, state, depth + 1)
      return (this.returns.at(-1) ?? []).reduce((joined, left) => joinStates(joined, left, this.options.maxAlternatives), end)
    } finally {
      this.returns.pop()
    }
  }
}

/**
 * Analyze one command line.
 * @param text - the command as given to the shell tool.
 * @param options - shell kind and bounds.
 * @returns the outcome, every effect, and why it is opaque.
 */
export function analyzeShellCommand(text: string, options: ShellAnalysisOptions): ShellAnalysis {
  const analyzer = new Analyzer(options, text)
  const start = initialState(options.persistent, options.startDirectory)
  const end = analyzer.runTraps(analyzer.scriptSource(text, start, 0, 'command'), 0)
  return summarize(analyzer.effects, start.looseGlobs || end.looseGlobs || analyzer.looseGlobs)
}
