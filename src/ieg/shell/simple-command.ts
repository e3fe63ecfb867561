/**
 * One simple command: its assignments (and the values bash evaluates again),
 * its words expanded to argument lists, and the call of a function, a state
 * built-in or a command of the table; its redirections are redirections.ts.
 * Pure.
 */
import type { Assignment, Command, Redirection, Word } from 'unbash'
import type { BuiltinHost } from './builtin-host.js'
import { applyBuiltin, STATE_BUILTINS } from './builtins.js'
import { gitEnvironment } from './commands/git.js'
import { COMMANDS, readOnly } from './commands/index.js'
import type { CommandCall, CommandSink, ScriptGlobs } from './commands/types.js'
import { standardInputCarriesData } from './descriptors.js'
import type { TargetScope } from './effects.js'
import { expandAssignment, expandWord, literalField } from './expand.js'
import type { ExpansionEnv } from './expansion-env.js'
import { ANY, DIGITS, joinPattern, lit, literalOf, type Pattern, type Values } from './pattern.js'
import { changesWhatRuns, harmlessSetting } from './environment.js'
import { applyRedirections, isBareExec, keptDescriptors, NO_STDIN, type StdinFacts } from './redirections.js'
import { afterCommandEnvironment, isDeclaredInteger, isInteger, joinStates, withExpansionAssignments, unionValues, unknownShell, unknownVariables, withCommandEnvironment, withVariable, type ShellState } from './state.js'
import type { Mentions, Walker } from './walker.js'

const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/([^/]+)$/
/** A lone option that only prints help or a version. */
const HELP_OPTIONS: ReadonlySet<string> = new Set(['--help', '--version'])
/** Bash built-ins the command table also knows (`builtin echo`). */
const BASH_BUILTINS = new Set([':', 'true', 'false', 'echo', 'printf', 'pwd', 'test', '[', 'type', 'help', 'kill', 'wait', 'jobs', 'times', 'dirs', 'umask', 'ulimit', 'caller', 'compgen', 'complete', 'compopt', 'disown', 'suspend', 'logout', 'history', 'unalias', 'bg', 'fg', 'trap', 'exit', 'return', 'break', 'continue', 'shift', 'set'])
/** POSIX special built-ins: the assignments before one persist in POSIX mode (as before a function call). */
const SPECIAL_BUILTINS = new Set([':', '.', 'source', 'break', 'continue', 'eval', 'exec', 'exit', 'export', 'readonly', 'return', 'set', 'shift', 'times', 'trap', 'unset'])
/** State built-ins that change only the variables they name and the directory. */
const PLAIN_BUILTINS = new Set(['cd', 'pushd', 'popd', 'read', 'getopts', 'printf', 'test', '[', 'wait', 'let'])
/** Variables bash expands as prompt strings (`PS4` under `set -x`, the others in an interactive shell). */
const PROMPTS = new Set(['PS0', 'PS1', 'PS2', 'PS4'])

/** What a simple command carries besides its words. */
export interface InvokeFacts {
  /** Variables set for this command only, with their values. */
  readonly env: ReadonlyMap<string, Values>
  readonly stdin: StdinFacts
  readonly declared: readonly Assignment[]
  readonly uncertain: boolean
  readonly mentions: Mentions
}

/** An empty list, shared; never written. */
const NOTHING: readonly never[] = Object.freeze([])

function onlyWords(items: ReadonlyArray<Word | Assignment | Redirection>): boolean {
  for (const item of items) if (item.type !== 'Word') return false
  return true
}
/** The environment of a command with no assignments of its own; never written. */
const NO_ENVIRONMENT: ReadonlyMap<string, Values> = new Map()

function mentionText(item: Word | Assignment | Redirection): string {
  switch (item.type) {
    case 'Word': case 'Assignment': return item.text
    case 'HereDoc': return item.body.text
    case 'Redirect': case 'HereString': return item.target?.text ?? ''
  }
}

/** Under nullglob a glob that matches nothing vanishes: the fields with and without each glob field. */
function vanishingGlobs(fields: readonly Pattern[]): Pattern[][] {
  return fields.reduce<Pattern[][]>((variants, field) => variants.flatMap(variant => (field.some(atom => atom.t === 'star' || atom.t === 'qmark' || atom.t === 'class') ? [[...variant, field], variant] : [[...variant, field]])), [[]])
}

function subscriptsOf(values: Values): Values {
  if (values === null) return null
  return values.flatMap((value) => {
    const text = literalOf(value)
    if (text === null) return [ANY]
    const subscript = /^\[(.*?)\]\+?=/s.exec(text)?.[1]
    return subscript === undefined ? [] : [lit(subscript)]
  })
}

/**
 * The value an assignment stores, after analyzing its subscript and array
 * elements (a subscript is evaluated as arithmetic).
 * @returns the values, or null when unknown (arrays, appends).
 */
export function assignmentValues(node: Assignment, env: ExpansionEnv): Values {
  if (node.index !== undefined) env.evaluate('arithmetic', expandAssignment(node.index, env), 'array subscript')
  // The elements of an integer array, an element or an append (`x+=v` adds v) evaluate their own text.
  const integer = isInteger(env.state, node.name)
  if (node.value.type === 'ArrayValue') {
    for (const element of node.value.elements) {
      const values = expandAssignment(element, env)
      if (element.text.startsWith('[')) env.evaluate('arithmetic', subscriptsOf(values), 'array subscript')
      if (integer) env.evaluate('arithmetic', values, `integer variable ${node.name}`)
    }
    return null
  }
  const value = expandAssignment(node.value, env)
  if (node.index === undefined && node.append !== true) return value
  if (integer) env.evaluate('arithmetic', value, `integer variable ${node.name}`)
  return null
}

/**
 * Analyze what bash does with an assigned value beyond storing it: prompt
 * strings are expanded, `PROMPT_COMMAND` runs, integer variables evaluate.
 */
function evaluateAssigned(walker: Walker, state: ShellState, name: string, values: Values, depth: number): void {
  const env = walker.env(state, depth)
  if (PROMPTS.has(name)) env.evaluate('prompt', values, name)
  if (name === 'PROMPT_COMMAND') for (const value of values ?? [ANY]) walker.scriptText(value, name, state, depth)
  if (isInteger(state, name)) env.evaluate('arithmetic', values, `integer variable ${name}`)
}

/** Analyze what bash does with each of a command's own assignments beyond storing it ({@link evaluateAssigned}). */
function evaluateEach(walker: Walker, state: ShellState, values: ReadonlyArray<readonly [string, Values]>, depth: number): void {
  for (const [name, value] of values) evaluateAssigned(walker, state, name, value, depth)
}

/**
 * Assign a shell variable. An integer variable stores the number its text
 * evaluates to; the text stays possible too, since `declare +i` (which the
 * state does not track) drops the attribute.
 * @returns the state after it.
 */
export function assignVariable(walker: Walker, state: ShellState, name: string, values: Values, depth: number): ShellState {
  evaluateAssigned(walker, state, name, values, depth)
  return storeVariable(walker, state, name, values)
}

/** The state with NAME holding values whose evaluation was already analyzed (an integer variable holds a number too). */
function storeVariable(walker: Walker, state: ShellState, name: string, values: Values): ShellState {
  return withVariable(state, name, isInteger(state, name) ? unionValues(values, [DIGITS], walker.options.maxAlternatives) : values)
}

/**
 * Analyze one simple command. When an expansion in it assigns a variable
 * (`${d:=x}`, `$((IFS=0))`, or unknown text evaluated as arithmetic, which
 * may assign any), later words, redirections and the command lookup may see
 * the new value: the command is analyzed again with both values possible.
 * @returns the state after it.
 */
export function simpleCommand(walker: Walker, node: Command, state: ShellState, depth: number): ShellState {
  const mark = walker.expansionAssignments().length
  const { after, expanded } = simpleCommandIn(walker, node, state, depth)
  const assigned = walker.expansionAssignments().slice(mark, expanded)
  if (assigned.length === 0) return after
  const max = walker.options.maxAlternatives
  const reassigned = withExpansionAssignments(state, assigned)
  return joinStates(after, simpleCommandIn(walker, node, joinStates(state, reassigned, max), depth).after, max)
}

/** One pass; `expanded` counts the walker's expansion assignments once the words and redirections have expanded. */
function simpleCommandIn(walker: Walker, node: Command, state: ShellState, depth: number): { after: ShellState, expanded: number } {
  const env = walker.env(state, depth)
  const plain = node.prefix.length === 0 && onlyWords(node.suffix)
  const items: ReadonlyArray<Word | Assignment | Redirection> = plain ? NOTHING : [...node.prefix, ...node.suffix]
  const redirected = plain ? { stdin: NO_STDIN, state } : applyRedirections(walker, items.filter((item): item is Redirection => item.type !== 'Word' && item.type !== 'Assignment'), state, depth)
  const values = node.prefix.filter((item): item is Assignment => item.type === 'Assignment').map(item => [item.name, assignmentValues(item, env)] as const)
  const commandName = node.name
  if (commandName === undefined) {
    const expanded = walker.expansionAssignments().length
    // Each assignment is evaluated in the state the ones before it left (`n=IFS=1 m=…` with n and m integer).
    return { after: values.reduce((next, [name, value]) => {
      const mark = walker.expansionAssignments().length
      return walker.assignedSince(assignVariable(walker, next, name, value, depth), mark)
    }, state), expanded }
  }
  const words = plain ? [commandName, ...(node.suffix as readonly Word[])] : [commandName, ...node.suffix.filter((item): item is Word => item.type === 'Word')]
  const declared = plain ? NOTHING : node.suffix.filter((item): item is Assignment => item.type === 'Assignment')
  let argv: Pattern[][] = [[]]
  const inheritedInput = !redirected.stdin.unknown && redirected.stdin.text === null && standardInputCarriesData(state.descriptors)
  // A copied descriptor (`<&3`) reads what an earlier redirection opened, anywhere in the command line.
  const copiedInput = items.some(item => item.type === 'Redirect' && item.operator === '<&')
  // The source text, and what it expands to where that is literal (`$'\x2e'`, a here-string's text);
  // input from a pipe or an earlier redirection may come from anywhere in the command line.
  const mentions: Mentions = () => [commandName.text, ...items.map(mentionText), ...(plain ? node.suffix.map(item => mentionText(item)) : []), redirected.stdin.text ?? '', ...argv.flat().map(arg => literalOf(arg) ?? ''), ...(inheritedInput || copiedInput ? [walker.source] : [])]
  let uncertain = false
  for (const word of words) {
    const field = argv.length === 1 ? literalField(word) : null
    if (field !== null) {
      (argv[0] as Pattern[]).push(field)
      continue
    }
    const expandedWord = expandWord(word, env)
    const fields = state.nullGlob ? { ...expandedWord, alternatives: expandedWord.alternatives.flatMap(vanishingGlobs) } : expandedWord
    uncertain ||= fields.uncertainArity
    if (argv.length === 1 && fields.alternatives.length === 1) {
      (argv[0] as Pattern[]).push(...(fields.alternatives[0] as Pattern[]))
      continue
    }
    argv = argv.flatMap(prefixArgs => fields.alternatives.map(alternative => [...prefixArgs, ...alternative]))
    if (argv.length > walker.options.maxAlternatives) {
      walker.opaque(commandName.value, 'its words have too many possible values to analyze', [ANY], state, mentions)
      const expanded = walker.expansionAssignments().length
      evaluateEach(walker, state, values, depth)
      return { after: state, expanded }
    }
  }
  // bash assigns (and so evaluates) the command's own assignments after its words expand.
  const expanded = walker.expansionAssignments().length
  evaluateEach(walker, state, values, depth)
  const facts: InvokeFacts = { env: values.length === 0 ? NO_ENVIRONMENT : new Map(values), stdin: { text: redirected.stdin.text, unknown: redirected.stdin.unknown || inheritedInput }, declared, uncertain, mentions }
  let result: ShellState | null = null
  for (const alternative of argv) {
    // Words that expand to nothing leave no command: the assignments, evaluated above, stay in the shell.
    const after = alternative.length === 0 ? values.reduce((next, [name, value]) => storeVariable(walker, next, name, value), redirected.state) : invoke(walker, alternative, facts, redirected.state, depth, 'all')
    result = result === null ? after : joinStates(result, after, walker.options.maxAlternatives)
  }
  const after = result ?? state
  // Once `_` is declared integer, bash evaluates each command's last argument as it assigns `_`.
  if (isDeclaredInteger(after, '_')) walker.env(after, depth).evaluate('arithmetic', argv.flatMap(alternative => alternative.slice(-1)), 'integer variable _')
  const descriptors = keptDescriptors(isBareExec(argv), state, redirected.state, after)
  // The assignment arguments of a declaration built-in (`declare a=… b=…`) expand with its words.
  return { after: descriptors === after.descriptors ? after : { ...after, descriptors }, expanded: declared.length > 0 ? walker.expansionAssignments().length : expanded }
}

function declaredReadOnly(walker: Walker, name: string, argv: readonly Pattern[]): boolean {
  const entries = walker.options.readOnlyCommands
  return entries.length > 0 && entries.some(entry => entry.length <= argv.length && entry.every((word, index) => (index === 0 ? word === name : literalOf(argv[index] as Pattern) === word)))
}

/** How a command's prefix assignments outlive it ({@link afterCommandEnvironment}). */
function environmentKind(argv: readonly Pattern[], state: ShellState, lookup: 'all' | 'no-functions' | 'builtins-only'): 'persists' | 'runs-code' | 'plain' {
  const name = literalOf(argv[0] ?? [])
  if (name === null || state.aliases) return 'runs-code'
  if ((lookup === 'all' && state.functions.has(name)) || SPECIAL_BUILTINS.has(name)) return 'persists'
  return STATE_BUILTINS.has(name) && !PLAIN_BUILTINS.has(name) ? 'runs-code' : 'plain'
}

/**
 * Run one argument list: a function, a state built-in, or a command of the
 * table, with the command's own variable assignments visible to what it runs.
 * @returns the state after it.
 */
export function invoke(walker: Walker, argv: readonly Pattern[], facts: InvokeFacts, state: ShellState, depth: number, lookup: 'all' | 'no-functions' | 'builtins-only'): ShellState {
  if (facts.env.size === 0) return invokeIn(walker, argv, facts, state, depth, lookup)
  const scoped = withCommandEnvironment(state, facts.env)
  const after = invokeIn(walker, argv, facts, scoped, depth, lookup)
  return afterCommandEnvironment(state, scoped, after, facts.env, environmentKind(argv, state, lookup), walker.options.maxAlternatives)
}

/** {@link invoke} in the state with the command's assignments applied. */
function invokeIn(walker: Walker, argv: readonly Pattern[], facts: InvokeFacts, state: ShellState, depth: number, lookup: 'all' | 'no-functions' | 'builtins-only'): ShellState {
  const head = argv[0]
  if (head === undefined) return state
  const args = argv.slice(1)
  const written = literalOf(head)
  if (written === null) {
    walker.opaque('command', 'the command name is not literal', argv, state, facts.mentions)
    return state
  }
  if (state.aliases) {
    walker.opaque(written, 'aliases, history expansion or a changed built-in may make it any command', argv, state, facts.mentions)
    return unknownShell(state)
  }
  // Functions are found by the word as written, slashes included (`/bin/true() { …; }`).
  const bodies = lookup === 'all' ? state.functions.get(written) : undefined
  if (bodies !== undefined) {
    const max = walker.options.maxAlternatives
    const ran = bodies.map(body => (body === null ? invokeIn(walker, argv, facts, state, depth, 'no-functions') : walker.functionBody(body, state, depth)))
    const joined = ran.reduce((left, right) => joinStates(left, right, max))
    // `local` values are restored at return: the caller's values stay possible.
    return { ...joined, vars: joinStates(state, joined, max).vars }
  }
  const system = written.includes('/') ? SYSTEM_BIN.exec(written) : null
  if (written.includes('/') && system === null) {
    walker.opaque(written, 'it runs a program by path, which the analysis cannot see', argv, state, facts.mentions)
    return state
  }
  const name = system?.[3] ?? written
  if (STATE_BUILTINS.has(name)) {
    const after = applyBuiltin({ name, args, assignments: facts.declared, envNames: [...facts.env.keys()], stdinText: facts.stdin.text, home: walker.options.home }, state, builtinHost(walker, facts, state, depth))
    if (after !== undefined) return after
  }
  if (lookup === 'builtins-only' && !BASH_BUILTINS.has(name)) {
    walker.opaque(name, 'it is not a shell built-in', argv, state, facts.mentions)
    return state
  }
  if (declaredReadOnly(walker, name, argv)) return state
  const git = name === 'git' ? gitEnvironment : null
  const valueOf = (variable: string): Values | undefined => (facts.env.has(variable) ? facts.env.get(variable) : state.vars.get(variable))
  const dangerous = facts.env.size === 0 && state.vars.size === 0 ? [] : [...new Set([...facts.env.keys(), ...state.vars.keys()])].filter(variable => changesWhatRuns(variable) && git?.(variable) !== true && !harmlessSetting(variable, valueOf(variable)))
  if (state.commandLookupUnknown) {
    walker.opaque(name, 'PATH, hashing or a startup file changed, so the command name may run another program', argv, state, facts.mentions)
    return state
  }
  if (dangerous.length > 0) {
    // What the variables hold is part of what the program may run or write.
    const held = dangerous.flatMap(variable => valueOf(variable) ?? [ANY])
    walker.opaque(name, `${dangerous.join(', ')} ${dangerous.length === 1 ? 'is' : 'are'} set for it, which changes what it runs or reads`, [...argv, ...held], state, () => [...facts.mentions(), ...held.map(value => literalOf(value) ?? '')])
  }
  const shellOptions = facts.env.has('SHELLOPTS') || facts.env.has('BASHOPTS')
  if (args.length === 1 && HELP_OPTIONS.has(literalOf(args[0] as Pattern) ?? '')) return state
  const handler = COMMANDS.get(name)
  if (handler === undefined) {
    for (const fallback of state.functions.get('command_not_found_handle') ?? []) if (fallback !== null) walker.functionBody(fallback, state, depth)
    walker.opaque(name, `${name} is not a command the analysis knows, so what it writes cannot be proven`, argv, state, facts.mentions)
    return state
  }
  if (handler === readOnly) return state
  const call: CommandCall = { name, args, uncertainArity: facts.uncertain, env: state.vars.size === 0 ? facts.env : new Map([...state.vars, ...facts.env]), stdinText: facts.stdin.text, stdinUnknown: facts.stdin.unknown, tempDirectory: walker.options.tempDirectory === null ? ANY : lit(walker.options.tempDirectory) }
  handler(call, new AnalyzerSink(walker, shellOptions ? { ...state, looseGlobs: true } : state, depth, facts.mentions))
  return state
}

function builtinHost(walker: Walker, facts: InvokeFacts, state: ShellState, depth: number): BuiltinHost {
  return {
    maxAlternatives: walker.options.maxAlternatives,
    script: (text, via, current) => walker.scriptText(text, via, current, depth),
    run: (inner, _via, current, innerLookup) => invoke(walker, inner, facts, current, depth + 1, innerLookup),
    opaque: (via, reason, words) => walker.opaque(via, reason, words, state, facts.mentions),
    evaluate: (kind, values, via, current) => {
      const mark = walker.expansionAssignments().length
      walker.env(current, depth).evaluate(kind, values, via)
      return walker.assignedSince(current, mark)
    },
    // An argument of a declaration built-in is brace-expanded first (`declare d={a,b}` assigns a, then b).
    assign: (node, current) => {
      const values = assignmentValues(node, walker.env(current, depth))
      return assignVariable(walker, current, node.name, node.value.type !== 'ArrayValue' && node.value.parts?.some(part => part.type === 'BraceExpansion') === true ? null : values, depth)
    },
    assignValues: (name, values, current) => assignVariable(walker, current, name, values, depth),
    assignedValues: (node, current) => assignmentValues(node, walker.env(current, depth)),
    leave: (kind, current, levels) => walker.leave(kind, current, levels),
    inFunction: walker.inFunction(),
  }
}

/** The sink the command table reports to, bound to one command's state. */
class AnalyzerSink implements CommandSink {
  private readonly walker: Walker
  private readonly state: ShellState
  private readonly depth: number
  private readonly mentions: Mentions
  constructor(walker: Walker, state: ShellState, depth: number, mentions: Mentions) {
    this.walker = walker
    this.state = state
    this.depth = depth
    this.mentions = mentions
  }

  write(via: string, path: Pattern, scope: TargetScope, partial?: boolean): void { this.walker.write(via, path, scope, this.state, partial) }
  opaque(via: string, reason: string, words: readonly Pattern[]): void { this.walker.opaque(via, reason, words, this.state, this.mentions) }
  history(via: string): void { this.walker.history(via) }
  control(via: string, reason: string): void { this.walker.control(via, reason) }
  script(text: Pattern, via: string, globs?: ScriptGlobs): void {
    const state = globs === undefined ? this.state : { ...this.state, looseGlobs: this.state.looseGlobs || globs.loose, nullGlob: this.state.nullGlob || globs.nullGlob }
    this.walker.childShellText(text, via, state, this.depth)
  }
  run(argv: readonly Pattern[], via: string, uncertain: boolean, env: ReadonlyMap<string, Values> = new Map()): void {
    if (this.depth + 1 > this.walker.options.maxDepth) return this.walker.opaque(via, `nesting deeper than ${this.walker.options.maxDepth} levels`, [ANY, ...argv], this.state, this.mentions)
    invoke(this.walker, argv, { env, stdin: { text: null, unknown: true }, declared: [], uncertain, mentions: this.mentions }, this.state, this.depth + 1, 'all')
  }
  within(directory: Pattern | null, report: (sink: CommandSink) => void): void {
    const cwd = directory === null ? null : (this.state.cwd ?? [ANY]).map(base => joinPattern(base, directory))
    report(new AnalyzerSink(this.walker, { ...this.state, cwd }, this.depth, this.mentions))
  }
}
