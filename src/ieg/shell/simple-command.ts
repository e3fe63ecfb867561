/**
 * One simple command: its redirections (and the descriptors they open), its
 * assignments (and the values bash evaluates again), its words expanded to
 * argument lists, and the call of a function, a state built-in or a command
 * of the table. Pure.
 */
import type { Assignment, Command, Redirection, Word } from 'unbash'
import { applyBuiltin, STATE_BUILTINS, type BuiltinHost } from './builtins.js'
import { gitEnvironment } from './commands/git.js'
import { COMMANDS, readOnly } from './commands/index.js'
import type { CommandCall, CommandSink, ScriptGlobs } from './commands/types.js'
import { duplicateDescriptor, openDescriptor, standardInputCarriesData, VARIABLE_DESCRIPTOR } from './descriptors.js'
import type { TargetScope } from './effects.js'
import { expandAssignment, expandWord, hereDocumentValues, literalField } from './expand.js'
import type { ExpansionEnv } from './expansion-env.js'
import { ANY, DIGITS, hasAny, joinPattern, lit, literalOf, type Pattern, type Values } from './pattern.js'
import { changesWhatRuns, harmlessSetting } from './environment.js'
import { afterCommandEnvironment, isInteger, joinStates, withExpansionAssignment, unionValues, unknownVariables, withCommandEnvironment, withVariable, type ShellState } from './state.js'
import type { Mentions, Walker } from './walker.js'

const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/([^/]+)$/
/** A lone option that only prints help or a version. */
const HELP_OPTIONS: ReadonlySet<string> = new Set(['--help', '--version'])
const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>'])
/** Bash built-ins the command table also knows (`builtin echo`). */
const BASH_BUILTINS = new Set([':', 'true', 'false', 'echo', 'printf', 'pwd', 'test', '[', 'type', 'help', 'kill', 'wait', 'jobs', 'times', 'dirs', 'umask', 'ulimit', 'caller', 'compgen', 'complete', 'compopt', 'disown', 'suspend', 'logout', 'history', 'unalias', 'bg', 'fg', 'trap', 'exit', 'return', 'break', 'continue', 'shift', 'set'])
/** POSIX special built-ins: the assignments before one persist in POSIX mode (as before a function call). */
const SPECIAL_BUILTINS = new Set([':', '.', 'source', 'break', 'continue', 'eval', 'exec', 'exit', 'export', 'readonly', 'return', 'set', 'shift', 'times', 'trap', 'unset'])
/** State built-ins that change only the variables they name and the directory. */
const PLAIN_BUILTINS = new Set(['cd', 'pushd', 'popd', 'read', 'getopts', 'printf', 'test', '[', 'wait', 'let'])
/** Variables bash expands as prompt strings (`PS4` under `set -x`, the others in an interactive shell). */
const PROMPTS = new Set(['PS0', 'PS1', 'PS2', 'PS4'])

interface StdinFacts { readonly text: string | null, readonly unknown: boolean }

/** What a simple command carries besides its words. */
export interface InvokeFacts {
  /** Variables set for this command only, with their values. */
  readonly env: ReadonlyMap<string, Values>
  readonly stdin: StdinFacts
  readonly declared: readonly Assignment[]
  readonly uncertain: boolean
  readonly mentions: Mentions
}

const NO_STDIN: StdinFacts = { text: null, unknown: false }
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

/** The body of an unquoted here-document without expansions as the reader gets it: `\$`, `` \` `` and `\\` lose their backslash, a backslash-newline is removed. */
function unescapedHereDocument(text: string): string {
  return text.replace(/\\([$`\\]|\n)/g, (_whole, escaped: string) => (escaped === '\n' ? '' : escaped))
}

/** The descriptor a redirection opens: its number, the variable slot for `{var}`, or the operator's default. */
function descriptorOf(redirect: Redirection, fallback: number): number {
  if (redirect.descriptor === undefined) return fallback
  return redirect.descriptor.type === 'FileDescriptor' ? redirect.descriptor.value : VARIABLE_DESCRIPTOR
}

/**
 * `exec` that leaves the shell running (directly or through `command` or
 * `builtin`): its redirections stay open in the shell.
 */
function isBareExec(argv: readonly Pattern[][]): boolean {
  if (argv.length !== 1) return false
  const words = (argv[0] as Pattern[]).map(literalOf)
  while (words[0] === 'command' || words[0] === 'builtin') words.splice(0, words[1] === '-p' ? 2 : 1)
  return words[0] === 'exec' && execRunsNoCommand(words.slice(1))
}

/**
 * Whether `exec` with these words after its name runs no command: nothing
 * follows its options (`-c`, `-l`, `-a NAME`, `--`), or it refuses an option
 * and returns. A word the analysis cannot read may expand to nothing.
 * @param words - the literal words, null where not literal.
 */
function execRunsNoCommand(words: readonly (string | null)[]): boolean {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string | null
    if (word === null) return true
    if (word === '--') return index + 1 === words.length
    if (!word.startsWith('-') || word === '-') return false
    for (let at = 1; at < word.length; at += 1) {
      const letter = word[at]
      if (letter === 'a') {
        if (at + 1 === word.length) index += 1
        break
      }
      if (letter !== 'c' && letter !== 'l') return true
    }
  }
  return true
}

/**
 * Apply redirections in order: record writes, track which file each
 * descriptor refers to, and what standard input carries.
 * @returns standard input's facts and the state with the descriptors opened.
 */
export function applyRedirections(walker: Walker, redirects: readonly Redirection[], state: ShellState, depth: number): { stdin: StdinFacts, state: ShellState } {
  let stdin: StdinFacts = NO_STDIN
  let descriptors = state.descriptors
  const env = walker.env(state, depth)
  const opened = (fields: readonly Pattern[]): Values => (fields.some(hasAny) ? null : fields.flatMap(field => (state.cwd ?? [ANY]).map(cwd => joinPattern(cwd, field))))
  for (const redirect of redirects) {
    if (redirect.type === 'HereDoc') {
      const descriptor = descriptorOf(redirect, 0)
      const parts = redirect.body.parts ?? []
      const expands = redirect.delimiter?.quoted !== true && parts.some(part => part.type !== 'Literal')
      const expanded = expands ? hereDocumentValues(parts, env) : null
      const text = expanded?.length === 1 ? literalOf(expanded[0] as Pattern) : null
      const plain = redirect.delimiter?.quoted === true ? redirect.body.text : unescapedHereDocument(redirect.body.text)
      if (descriptor === 0) stdin = !expands ? { text: plain, unknown: false } : text === null ? { text: null, unknown: true } : { text, unknown: false }
      descriptors = openDescriptor(descriptors, descriptor, [])
      continue
    }
    if (redirect.target === undefined) continue
    if (redirect.type === 'HereString') {
      // Expanded like an assignment's value: no braces, no splitting, no globs.
      const descriptor = descriptorOf(redirect, 0)
      const values = expandAssignment(redirect.target, env)
      const text = values?.length === 1 ? literalOf(values[0] as Pattern) : null
      if (descriptor === 0) stdin = text === null ? { text: null, unknown: true } : { text: `${text}\n`, unknown: false }
      descriptors = openDescriptor(descriptors, descriptor, [])
      continue
    }
    const fields = expandWord(redirect.target, env)
    const all = fields.alternatives.flat()
    const operator = redirect.operator
    const sourceText = all.length === 1 ? literalOf(all[0] as Pattern) : null
    if ((operator === '>&' || operator === '<&') && (sourceText === null ? operator === '<&' : /^(\d+-?|-)$/.test(sourceText))) {
      const descriptor = descriptorOf(redirect, operator === '<&' ? 0 : 1)
      descriptors = duplicateDescriptor(descriptors, descriptor, sourceText)
      if (descriptor === 0) stdin = { text: null, unknown: true }
      continue
    }
    if (operator === '<') {
      const descriptor = descriptorOf(redirect, 0)
      descriptors = openDescriptor(descriptors, descriptor, opened(all))
      if (descriptor === 0) stdin = { text: null, unknown: true }
      continue
    }
    if (!WRITE_OPERATORS.has(operator) && operator !== '>&') continue
    for (const field of all) walker.write(`redirection ${operator}`, field, 'entry', { ...state, descriptors })
    const both = operator === '&>' || operator === '&>>' || (operator === '>&' && redirect.descriptor === undefined)
    const numbers = both ? [1, 2] : [descriptorOf(redirect, operator === '<>' ? 0 : 1)]
    for (const number of numbers) descriptors = openDescriptor(descriptors, number, opened(all))
    // `<> FILE` (or `0> FILE`) on standard input: a program reads the file.
    if (numbers.includes(0)) stdin = { text: null, unknown: true }
  }
  const named = redirects.flatMap(redirect => (redirect.descriptor?.type === 'FileDescriptorVariable' ? [redirect.descriptor.name] : []))
  const withTable = descriptors === state.descriptors ? state : { ...state, descriptors }
  return { stdin, state: named.reduce((next, name) => withVariable(next, name, [DIGITS]), withTable) }
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
  if (node.value.type === 'ArrayValue') {
    for (const element of node.value.elements) {
      const values = expandAssignment(element, env)
      if (element.text.startsWith('[')) env.evaluate('arithmetic', subscriptsOf(values), 'array subscript')
    }
    return null
  }
  const value = expandAssignment(node.value, env)
  return node.index !== undefined || node.append === true ? null : value
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
 * (`${d:=x}`, `$((IFS=0))`), later words and redirections may see the new
 * value: the command is analyzed again with both values possible.
 * @returns the state after it.
 */
export function simpleCommand(walker: Walker, node: Command, state: ShellState, depth: number): ShellState {
  const mark = walker.expansionAssignments().length
  const { after, expanded } = simpleCommandIn(walker, node, state, depth)
  const assigned = walker.expansionAssignments().slice(mark, expanded)
  if (assigned.length === 0) return after
  const max = walker.options.maxAlternatives
  const reassigned = assigned.reduce((next, [name, values]) => withExpansionAssignment(next, name, values), state)
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
    return { after: values.reduce((next, [name, value]) => assignVariable(walker, next, name, value, depth), state), expanded }
  }
  values.forEach(([name, value]) => evaluateAssigned(walker, state, name, value, depth))
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
      return { after: state, expanded: walker.expansionAssignments().length }
    }
  }
  const expanded = walker.expansionAssignments().length
  const facts: InvokeFacts = { env: values.length === 0 ? NO_ENVIRONMENT : new Map(values), stdin: { text: redirected.stdin.text, unknown: redirected.stdin.unknown || inheritedInput }, declared, uncertain, mentions }
  let result: ShellState | null = null
  for (const alternative of argv) {
    // Words that expand to nothing leave no command: the assignments, evaluated above, stay in the shell.
    const after = alternative.length === 0 ? values.reduce((next, [name, value]) => storeVariable(walker, next, name, value), redirected.state) : invoke(walker, alternative, facts, redirected.state, depth, 'all')
    result = result === null ? after : joinStates(result, after, walker.options.maxAlternatives)
  }
  const after = result ?? state
  const descriptors = keptDescriptors(isBareExec(argv), state, redirected.state, after)
  return { after: descriptors === after.descriptors ? after : { ...after, descriptors }, expanded }
}

/**
 * The descriptors after a command: a bare `exec` keeps what its redirections
 * opened; a command that changed the table itself (an `exec` inside a
 * function, `eval` or group) keeps its table; otherwise the command's own
 * redirections close again, except `{var}` descriptors, which bash leaves
 * open (it closes them only under `shopt -s varredir_close`).
 */
export function keptDescriptors(bareExec: boolean, before: ShellState, redirected: ShellState, after: ShellState): ShellState['descriptors'] {
  if (bareExec) return redirected.descriptors
  if (after.descriptors !== redirected.descriptors) return after.descriptors
  const opened = redirected.descriptors?.get(VARIABLE_DESCRIPTOR)
  if (before.descriptors === null || opened === undefined || before.descriptors.get(VARIABLE_DESCRIPTOR) === opened) return before.descriptors
  return new Map(before.descriptors).set(VARIABLE_DESCRIPTOR, opened)
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
    walker.opaque(written, 'aliases expand (expand_aliases), so the command may be anything', argv, state, facts.mentions)
    return unknownVariables({ ...state, cwd: null, oldCwd: null })
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
    evaluate: (kind, values, via, current) => walker.env(current, depth).evaluate(kind, values, via),
    // An argument of a declaration built-in is brace-expanded first (`declare d={a,b}` assigns a, then b).
    assign: (node, current) => assignVariable(walker, current, node.name, node.value.type !== 'ArrayValue' && node.value.parts?.some(part => part.type === 'BraceExpansion') === true ? null : assignmentValues(node, walker.env(current, depth)), depth),
    assignValues: (name, values, current) => assignVariable(walker, current, name, values, depth),
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
