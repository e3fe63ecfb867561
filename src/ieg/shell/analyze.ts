/**
 * Classify a shell command line from its syntax tree (unbash): walk every
 * list, pipeline, compound command, function call, substitution and nested
 * script, tracking the working directory and variables, and collect what
 * each simple command writes. A command is read-only only when every simple
 * command is a known reader and every redirection goes to a descriptor or a
 * discard device. Pure.
 */
import { parse, type Assignment, type CommandNode, type CompoundList, type ParsedScript, type PipelineNode, type AndOr, type Redirection, type Statement, type Word } from 'unbash'
import { applyBuiltin, loopValues, STATE_BUILTINS } from './builtins.js'
import { COMMANDS, readOnly } from './commands/index.js'
import type { CommandCall, CommandSink } from './commands/types.js'
import { summarize, type ShellAnalysis, type ShellEffect, type TargetScope } from './effects.js'
import { expandAssignment, expandWord, scanParts, type ExpansionEnv } from './expand.js'
import { ANY, DIGITS, joinPattern, lit, literalOf, type Pattern } from './pattern.js'
import { initialState, joinStates, withVariable, type ShellState, type Values } from './state.js'

/** Settings of one analysis. */
export interface ShellAnalysisOptions {
  /** The shell keeps its directory, variables and options between calls. */
  readonly persistent: boolean
  /** The absolute directory the command starts in (the tool's working directory). */
  readonly startDirectory: string
  /** The home directory a fresh shell sees, or null when unknown. */
  readonly home: string | null
  /** The temporary directory a fresh shell sees, or null when unknown. */
  readonly tempDirectory: string | null
  /** Deepest nesting of scripts, functions and wrapped commands analyzed. */
  readonly maxDepth: number
  /** Most alternatives a word or a state value keeps before it counts as unknown. */
  readonly maxAlternatives: number
  /** Commands the operator declared read-only, as literal argument-list prefixes. */
  readonly readOnlyCommands: readonly (readonly string[])[]
}

const DISCARD = /^\/dev\/(null|stdout|stderr|stdin|tty|fd\/\d+|zero)$/
const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/([^/]+)$/
const VALUE_SAFE = new Set(['nproc', 'date', 'whoami', 'id', 'uname', 'getconf', 'hostname', 'wc', 'seq', 'expr'])
const SENSITIVE_ENV = /^(PATH|BASH_ENV|ENV|LD_.+|DYLD_.+|PYTHON.*|PERL5.*|RUBY.*|NODE_OPTIONS|GIT_.+|SHELLOPTS|BASHOPTS|GLOBIGNORE|IFS)$/
const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>'])
/** Bash built-ins the command table also knows (`builtin echo`). */
const BASH_BUILTINS = new Set([':', 'true', 'false', 'echo', 'printf', 'pwd', 'test', '[', 'type', 'help', 'kill', 'wait', 'jobs', 'times', 'dirs', 'umask', 'ulimit', 'caller', 'compgen', 'complete', 'compopt', 'disown', 'suspend', 'logout', 'history', 'unalias', 'bg', 'fg', 'trap', 'exit', 'return', 'break', 'continue', 'shift'])

interface StdinFacts { text: string | null, unknown: boolean }

/** What a simple command carries besides its words. */
interface InvokeFacts {
  readonly envNames: readonly string[]
  readonly stdin: StdinFacts
  readonly declared: readonly Assignment[]
  readonly uncertain: boolean
}

const NO_STDIN: StdinFacts = { text: null, unknown: false }
const PLAIN: InvokeFacts = { envNames: [], stdin: NO_STDIN, declared: [], uncertain: false }
const PLAIN_PIPED: InvokeFacts = { ...PLAIN, stdin: { text: null, unknown: true } }

class Analyzer {
  readonly effects: ShellEffect[] = []
  looseGlobs = false
  private readonly options: ShellAnalysisOptions
  readonly maxDepth: number
  constructor(options: ShellAnalysisOptions) {
    this.options = options
    this.maxDepth = options.maxDepth
  }

  opaque(via: string, reason: string, words: readonly Pattern[], state: ShellState | null = null): void {
    this.looseGlobs ||= state?.looseGlobs ?? true
    const cwds = state?.cwd ?? [ANY]
    this.effects.push({ kind: 'opaque', via, reason, words: words.flatMap(word => cwds.map(cwd => joinPattern(cwd, word))) })
  }

  write(via: string, path: Pattern, scope: TargetScope, state: ShellState, partial = false): void {
    if (DISCARD.test(literalOf(path) ?? '')) return
    this.looseGlobs ||= state.looseGlobs
    for (const cwd of state.cwd ?? [ANY]) this.effects.push({ kind: 'write', via, target: { path: joinPattern(cwd, path), scope, ...(partial ? { partial: true as const } : {}) } })
  }

  private lastEnv: ExpansionEnv | null = null
  private lastEnvDepth = -1

  env(state: ShellState, depth: number): ExpansionEnv {
    if (this.lastEnv?.state === state && this.lastEnvDepth === depth) return this.lastEnv
    this.lastEnv = { state, home: this.options.home, maxAlternatives: this.options.maxAlternatives, nested: (script, via) => this.substitution(script, via, state, depth) }
    this.lastEnvDepth = depth
    return this.lastEnv
  }

  substitution(script: ParsedScript | undefined, via: string, state: ShellState, depth: number): Values {
    if (script === undefined) {
      this.opaque(via, 'its script does not parse', [], state)
      return null
    }
    this.script(script, state, depth + 1, via)
    const only = script.commands.length === 1 ? script.commands[0]?.command : undefined
    const name = only?.type === 'Command' && only.name !== undefined && only.name.parts === undefined ? only.name.value : null
    if (name === 'pwd') return state.cwd
    return name !== null && VALUE_SAFE.has(name) ? [DIGITS] : null
  }

  script(script: ParsedScript, state: ShellState, depth: number, via: string): ShellState {
    if (depth > this.options.maxDepth) {
      this.opaque(via, `nesting deeper than ${this.options.maxDepth} levels`, [], state)
      return { ...state, cwd: null }
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
    return this.script(parse(literal), state, depth + 1, via)
  }

  list(statements: readonly Statement[], state: ShellState, depth: number): ShellState {
    let current = state
    for (const statement of statements) {
      const after = this.node(statement.command, current, depth, false)
      current = statement.background === true ? current : after
    }
    return current
  }

  compound(list: CompoundList, state: ShellState, depth: number): ShellState {
    return this.list(list.commands, state, depth)
  }

  loop(body: (state: ShellState) => ShellState, state: ShellState): ShellState {
    const max = this.options.maxAlternatives
    const once = body(state)
    return joinStates(state, body(joinStates(state, once, max)), max)
  }

  node(node: PipelineNode | AndOr, state: ShellState, depth: number, piped: boolean): ShellState {
    const max = this.options.maxAlternatives
    switch (node.type) {
      case 'AndOr':
        return node.commands.reduce((current, command) => this.node(command, current, depth, piped), state)
      case 'Pipeline':
        if (node.commands.length === 1) return this.node(node.commands[0] as CommandNode, state, depth, piped)
        node.commands.forEach((command, index) => this.node(command, state, depth, index > 0))
        return state
      case 'Command':
        return this.simple(node.name, node.prefix, node.suffix, state, depth, piped)
      case 'If': {
        const tested = this.compound(node.clause, state, depth)
        let result = joinStates(tested, this.compound(node.then, tested, depth), max)
        for (const branch of node.elif) {
          const elifTested = this.compound(branch.clause, tested, depth)
          result = joinStates(result, this.compound(branch.then, elifTested, depth), max)
        }
        return node.else === undefined ? result : joinStates(result, this.compound(node.else, tested, depth), max)
      }
      case 'For':
      case 'Select': {
        const env = this.env(state, depth)
        const fields = node.wordlist === undefined ? null : node.wordlist.map(word => expandWord(word, env).alternatives.flat())
        const withLoopVariable = withVariable(state, node.name.value, loopValues(fields))
        return this.loop(current => this.compound(node.body, current, depth), withLoopVariable)
      }
      case 'ArithmeticFor':
        this.arithmetic([node.initialize, node.test, node.update], state, depth)
        return this.loop(current => this.compound(node.body, current, depth), state)
      case 'While':
        return this.loop(current => this.compound(node.body, this.compound(node.clause, current, depth), depth), state)
      case 'Subshell':
        this.compound(node.body, state, depth)
        return state
      case 'BraceGroup':
        return this.compound(node.body, state, depth)
      case 'Case': {
        expandWord(node.word, this.env(state, depth))
        return node.items.reduce((result, item) => {
          item.pattern.forEach(word => expandWord(word, this.env(state, depth)))
          return joinStates(result, this.compound(item.body, state, depth), max)
        }, state)
      }
      case 'TestCommand':
        this.testWords(node.expression, state, depth)
        return state
      case 'ArithmeticCommand':
        return this.arithmetic([node.expression], state, depth)
      case 'Redirected':
        this.redirections(node.redirects, state, depth)
        return this.node(node.command, state, depth, piped)
      case 'Function': {
        const functions = new Map(state.functions)
        functions.set(node.name.value, node.body)
        if (this.options.persistent) this.functionBody(node.body, state, depth)
        return { ...state, functions }
      }
      case 'Coproc':
        this.functionBody(node.body, state, depth)
        return state
    }
  }

  functionBody(body: CommandNode | CompoundList, state: ShellState, depth: number): ShellState {
    if (depth + 1 > this.options.maxDepth) {
      this.opaque('function', `nesting deeper than ${this.options.maxDepth} levels`, [], state)
      return { ...state, cwd: null }
    }
    return body.type === 'CompoundList' ? this.compound(body, state, depth + 1) : this.node(body, state, depth + 1, false)
  }

  testWords(node: unknown, state: ShellState, depth: number): void {
    if (typeof node !== 'object' || node === null) return
    const record = node as Record<string, unknown>
    if (record['type'] === 'Word') {
      expandWord(record as unknown as Word, this.env(state, depth))
      return
    }
    for (const value of Object.values(record)) {
      if (Array.isArray(value)) value.forEach(item => this.testWords(item, state, depth))
      else this.testWords(value, state, depth)
    }
  }

  arithmetic(expressions: readonly unknown[], state: ShellState, depth: number): ShellState {
    let next = state
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return
      const record = node as Record<string, unknown>
      if (record['type'] === 'ArithmeticCommandExpansion' || record['type'] === 'CommandExpansion') this.substitution(record['script'] as ParsedScript | undefined, 'command substitution', state, depth)
      const target = record['left'] ?? record['operand']
      const operator = String(record['operator'] ?? '')
      if ((/^[^=!<>]?=$|^[<>]{2}=$/.test(operator) || operator === '++' || operator === '--') && typeof target === 'object' && target !== null && (target as Record<string, unknown>)['type'] === 'ArithmeticWord') {
        next = withVariable(next, String((target as Record<string, unknown>)['value']).replace(/\[.*$/, ''), [DIGITS])
      }
      for (const [key, value] of Object.entries(record)) {
        if (key === 'script') continue
        if (Array.isArray(value)) value.forEach(visit)
        else visit(value)
      }
    }
    expressions.forEach(visit)
    return next
  }

  redirections(redirects: readonly Redirection[], state: ShellState, depth: number): StdinFacts {
    const stdin: StdinFacts = { text: null, unknown: false }
    const env = this.env(state, depth)
    for (const redirect of redirects) {
      if (redirect.type === 'HereDoc') {
        const expands = redirect.delimiter?.quoted !== true && (redirect.body.parts ?? []).some(part => part.type !== 'Literal')
        if (!expands) stdin.text = redirect.body.text
        else {
          scanParts(redirect.body.parts, env)
          stdin.unknown = true
        }
        continue
      }
      if (redirect.target === undefined) continue
      const fields = expandWord(redirect.target, env)
      if (redirect.type === 'HereString') {
        const only = fields.alternatives.length === 1 ? fields.alternatives[0] : undefined
        const text = only === undefined ? null : literalOf(only.flatMap((field, index) => (index === 0 ? field : [{ t: 'lit' as const, s: ' ' }, ...field])))
        if (text === null) stdin.unknown = true
        else stdin.text = `${text}\n`
        continue
      }
      const duplicate = (redirect.operator === '>&' || redirect.operator === '<&') && fields.alternatives.every(fieldsOf => fieldsOf.every(field => /^(\d+-?|-)$/.test(literalOf(field) ?? '')))
      if (redirect.operator === '<' || redirect.operator === '<&') {
        if (redirect.descriptor === undefined || (redirect.descriptor.type === 'FileDescriptor' && redirect.descriptor.value === 0)) stdin.unknown = true
        continue
      }
      if (duplicate || !(WRITE_OPERATORS.has(redirect.operator) || redirect.operator === '>&')) continue
      for (const alternative of fields.alternatives) for (const field of alternative) this.write(`redirection ${redirect.operator}`, field, 'entry', state)
    }
    return stdin
  }

  simple(name: Word | undefined, prefix: readonly (Assignment | Redirection)[], suffix: readonly (Word | Assignment | Redirection)[], state: ShellState, depth: number, piped: boolean): ShellState {
    const env = this.env(state, depth)
    const assignments = prefix.filter((item): item is Assignment => item.type === 'Assignment')
    const values = assignments.map(node => [node.name, node.index !== undefined || node.value.type === 'ArrayValue' ? null : expandAssignment(node.value, env)] as const)
    const plain = prefix.length === 0 && suffix.every(item => item.type === 'Word')
    const stdin = plain ? NO_STDIN : this.redirections([...prefix, ...suffix].filter((item): item is Redirection => item.type !== 'Word' && item.type !== 'Assignment'), state, depth)
    if (name === undefined) return values.reduce((next, [variable, value]) => withVariable(next, variable, value), state)
    const words = plain ? [name, ...(suffix as readonly Word[])] : [name, ...suffix.filter((item): item is Word => item.type === 'Word')]
    const declared = plain ? [] : suffix.filter((item): item is Assignment => item.type === 'Assignment')
    declared.forEach(node => { if (node.value.type === 'Word') expandAssignment(node.value, env) })
    let argv: Pattern[][] = [[]]
    let uncertain = false
    for (const word of words) {
      const fields = expandWord(word, env)
      uncertain ||= fields.uncertainArity
      if (argv.length === 1 && fields.alternatives.length === 1) {
        (argv[0] as Pattern[]).push(...(fields.alternatives[0] as Pattern[]))
        continue
      }
      argv = argv.flatMap(prefixArgs => fields.alternatives.map(alternative => [...prefixArgs, ...alternative]))
      if (argv.length > this.options.maxAlternatives) {
        this.opaque(name.value, 'its words have too many possible values to analyze', [ANY], state)
        return state
      }
    }
    const facts: InvokeFacts = plain && values.length === 0 && !uncertain ? (piped ? PLAIN_PIPED : PLAIN) : { envNames: values.map(([variable]) => variable), stdin: { text: stdin.text, unknown: stdin.unknown || (piped && stdin.text === null) }, declared, uncertain }
    let result: ShellState | null = null
    for (const alternative of argv) {
      const after = this.invoke(alternative, facts, state, depth, 'all')
      result = result === null ? after : joinStates(result, after, this.options.maxAlternatives)
    }
    return result ?? state
  }

  invoke(argv: readonly Pattern[], facts: InvokeFacts, state: ShellState, depth: number, lookup: 'all' | 'no-functions' | 'builtins-only'): ShellState {
    const [head, ...args] = argv
    if (head === undefined) return state
    const written = literalOf(head)
    if (written === null) {
      this.opaque('command', 'the command name is not literal', argv, state)
      return state
    }
    const system = SYSTEM_BIN.exec(written)
    if (written.includes('/') && system === null) {
      this.opaque(written, 'it runs a program by path, which the analysis cannot see', argv, state)
      return state
    }
    const name = system?.[3] ?? written
    const body = lookup === 'all' ? state.functions.get(name) : undefined
    if (body !== undefined) return this.functionBody(body, state, depth)
    if (STATE_BUILTINS.has(name)) {
      const after = this.builtin(name, args, facts, state, depth)
      if (after !== undefined) return after
    }
    if (lookup === 'builtins-only' && !BASH_BUILTINS.has(name)) {
      this.opaque(name, 'it is not a shell built-in', argv, state)
      return state
    }
    if (this.options.readOnlyCommands.length > 0 && this.options.readOnlyCommands.some(entry => entry.length <= argv.length && entry.every((word, index) => (index === 0 ? word === name : literalOf(argv[index] as Pattern) === word)))) return state
    const dangerousEnv = facts.envNames.length === 0 ? undefined : facts.envNames.find(variable => SENSITIVE_ENV.test(variable) && !(name === 'git' && variable.startsWith('GIT_')))
    if (state.aliases || state.commandLookupUnknown || dangerousEnv !== undefined) {
      this.opaque(name, dangerousEnv === undefined ? 'aliases, PATH or hashing changed, so the command name may run another program' : `${dangerousEnv} is set for it, which changes what runs`, argv, state)
      return state
    }
    if (args.length === 1 && ['--help', '--version'].includes(literalOf(args[0] as Pattern) ?? '')) return state
    const handler = COMMANDS.get(name)
    if (handler === undefined) {
      this.opaque(name, `${name} is not a command the analysis knows, so what it writes cannot be proven`, argv, state)
      return state
    }
    if (handler === readOnly) return state
    const call: CommandCall = { name, args, uncertainArity: facts.uncertain, envNames: state.vars.size === 0 ? facts.envNames : [...facts.envNames, ...state.vars.keys()], stdinText: facts.stdin.text, stdinUnknown: facts.stdin.unknown, tempDirectory: this.options.tempDirectory === null ? ANY : lit(this.options.tempDirectory) }
    handler(call, this.sink(state, depth))
    return state
  }

  builtin(name: string, args: readonly Pattern[], facts: InvokeFacts, state: ShellState, depth: number): ShellState | undefined {
    const host = {
      maxAlternatives: this.options.maxAlternatives,
      script: (text: Pattern, via: string, current: ShellState) => this.scriptText(text, via, current, depth),
      run: (inner: readonly Pattern[], _via: string, current: ShellState, innerLookup: 'no-functions' | 'builtins-only') => this.invoke(inner, { ...facts, envNames: [] }, current, depth + 1, innerLookup),
      opaque: (via: string, reason: string, words: readonly Pattern[]) => this.opaque(via, reason, words, state),
      assignment: (node: Assignment, current: ShellState) => (node.value.type === 'Word' ? expandAssignment(node.value, this.env(current, depth)) : null),
    }
    return applyBuiltin({ name, args, assignments: facts.declared, home: this.options.home }, state, host)
  }

  sink(state: ShellState, depth: number): CommandSink {
    return new AnalyzerSink(this, state, depth)
  }
}

/** The sink the command table reports to, bound to one command's state. */
class AnalyzerSink implements CommandSink {
  private readonly analyzer: Analyzer
  private readonly state: ShellState
  private readonly depth: number
  constructor(analyzer: Analyzer, state: ShellState, depth: number) {
    this.analyzer = analyzer
    this.state = state
    this.depth = depth
  }

  write(via: string, path: Pattern, scope: TargetScope, partial?: boolean): void { this.analyzer.write(via, path, scope, this.state, partial) }
  opaque(via: string, reason: string, words: readonly Pattern[]): void { this.analyzer.opaque(via, reason, words, this.state) }
  history(via: string): void { this.analyzer.effects.push({ kind: 'git-history', via }) }
  control(via: string, reason: string): void { this.analyzer.effects.push({ kind: 'repository-control', via, reason }) }
  script(text: Pattern, via: string): void { this.analyzer.scriptText(text, via, this.state, this.depth) }
  run(argv: readonly Pattern[], via: string, uncertain: boolean): void {
    if (this.depth + 1 > this.analyzer.maxDepth) return this.analyzer.opaque(via, `nesting deeper than ${this.analyzer.maxDepth} levels`, argv, this.state)
    this.analyzer.invoke(argv, { ...PLAIN_PIPED, uncertain }, this.state, this.depth + 1, 'all')
  }
  within(directory: Pattern, report: (sink: CommandSink) => void): void {
    report(new AnalyzerSink(this.analyzer, { ...this.state, cwd: (this.state.cwd ?? [ANY]).map(cwd => joinPattern(cwd, directory)) }, this.depth))
  }
}

/**
 * Analyze one command line.
 * @param text - the command as given to the shell tool.
 * @param options - shell kind and bounds.
 * @returns the outcome, every effect, and why it is opaque.
 */
export function analyzeShellCommand(text: string, options: ShellAnalysisOptions): ShellAnalysis {
  const analyzer = new Analyzer(options)
  const start = initialState(options.persistent, options.startDirectory)
  const end = analyzer.script(parse(text), start, 0, 'command')
  return summarize(analyzer.effects, start.looseGlobs || end.looseGlobs || analyzer.looseGlobs)
}
