/**
 * Commands that run other commands: wrappers (`sudo`, `env`, `timeout`,
 * `xargs`, `flock`, `script`, `busybox`), shells with `-c` or a literal
 * here-document, and completion hooks. The command they run is analyzed as a
 * command of its own; a script they run is parsed recursively. Pure.
 */
import { hasOption, optionValues, parseArgs, type OptionSpec } from '../argv.js'
import { STANDARD_INPUT } from '../descriptors.js'
import { changesWhatRuns } from '../environment.js'
import { ANY, concat, hasAny, lit, literalOf, type Pattern, type Values } from '../pattern.js'
import { opaqueCall, type CommandCall, type CommandHandler, type CommandSink } from './types.js'

/** Names of POSIX-style shells. */
export const SHELL_NAMES: readonly string[] = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh']

/** Shell options that let globs match dot files or ignore case. */
const LOOSE_GLOB_OPTIONS = new Set(['dotglob', 'nocaseglob', 'globasciiranges'])

/** Run everything after the wrapper's own options as a command. */
function wrapper(spec: OptionSpec & { readonly skipOperands?: number }): CommandHandler {
  return (call, sink) => {
    const parsed = parseArgs(call.args, { ...spec, stopAtOperand: true })
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
    const inner = parsed.operands.slice(spec.skipOperands ?? 0)
    if (inner.length === 0) return
    sink.run(inner, call.name, call.uncertainArity)
  }
}

function env(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'uCS', longValue: ['unset', 'chdir', 'split-string'], longOptional: ['block-signal', 'default-signal', 'ignore-signal'], longFlags: ['ignore-environment', 'null', 'debug', 'list-signal-handling'], stopAtOperand: true })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-S', '--split-string')) return opaqueCall(call, sink, '-S splits a string into a command line')
  const assigned = new Map<string, Values>()
  let index = 0
  for (; index < parsed.operands.length; index += 1) {
    const operand = parsed.operands[index] as Pattern
    const first = operand[0]
    const name = first?.t === 'lit' ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.s)?.[1] : undefined
    if (name === undefined) break
    const value = concat([{ t: 'lit', s: (first as { s: string }).s.slice(name.length + 1) }], operand.slice(1))
    assigned.set(name, hasAny(value) ? null : [value])
  }
  const inner = parsed.operands.slice(index)
  if (inner.length === 0) return
  const directory = optionValues(parsed, '-C', '--chdir')[0]
  if (directory === undefined) return sink.run(inner, 'env', call.uncertainArity, assigned)
  sink.within(directory, scoped => scoped.run(inner, 'env -C', call.uncertainArity, assigned))
}

function shell(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'oO', longValue: ['rcfile', 'init-file'], longFlags: ['login', 'noprofile', 'norc', 'posix', 'restricted', 'verbose', 'version', 'debugger', 'dump-strings', 'dump-po-strings', 'help', 'pretty-print'], stopAtOperand: true })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-i', '-l', '--login', '--rcfile', '--init-file')) return opaqueCall(call, sink, 'an interactive or login shell runs startup files the analysis cannot see')
  const options = optionValues(parsed, '-O').map(literalOf)
  if (options.some(name => name === null || name === 'expand_aliases')) return opaqueCall(call, sink, '-O expand_aliases (or an option that is not literal) changes what every command name runs')
  const globs = { loose: options.some(name => LOOSE_GLOB_OPTIONS.has(name ?? '')), nullGlob: options.includes('nullglob') }
  if (hasOption(parsed, '-c')) {
    const script = parsed.operands[0]
    if (script === undefined) return opaqueCall(call, sink, '-c has no script')
    return sink.script(script, `${call.name} -c`, globs)
  }
  // A lone `-` ends the options: the script is the next operand, standard input only without one.
  const operands = parsed.operands[0] !== undefined && literalOf(parsed.operands[0]) === '-' ? parsed.operands.slice(1) : parsed.operands
  const file = operands[0] === undefined ? null : literalOf(operands[0])
  const fromStdin = operands.length === 0 || hasOption(parsed, '-s') || STANDARD_INPUT.has(file ?? '')
  if (!fromStdin) return opaqueCall(call, sink, 'it runs a script file the analysis cannot see')
  if (call.stdinText !== null) return sink.script(lit(call.stdinText), `${call.name} <<`, globs)
  if (call.stdinUnknown) return opaqueCall(call, sink, 'it runs a script from standard input the analysis cannot see')
}

function xargs(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'InPLdEsa', shortOptional: 'ile', longValue: ['max-args', 'max-procs', 'delimiter', 'max-chars', 'arg-file', 'process-slot-var'], longOptional: ['replace', 'max-lines', 'eof'], longFlags: ['null', 'no-run-if-empty', 'verbose', 'interactive', 'exit', 'open-tty', 'show-limits'], stopAtOperand: true })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  // The slot variable reaches the environment of every command run.
  if (optionValues(parsed, '--process-slot-var').some(name => changesWhatRuns(literalOf(name) ?? 'PATH'))) return opaqueCall(call, sink, '--process-slot-var sets a variable that changes what the command runs')
  const replace = optionValues(parsed, '-I', '-i', '--replace').map(literalOf)[0] ?? (hasOption(parsed, '-i', '--replace') ? '{}' : null)
  const inner = parsed.operands.length === 0 ? [lit('echo')] : parsed.operands
  const withInput = replace === null ? [...inner, ANY] : inner.map(arg => (literalOf(arg)?.includes(replace) === true ? ANY : arg))
  sink.run(withInput, 'xargs', true)
}

function flock(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'wEc', longValue: ['timeout', 'conflict-exit-code', 'command'], stopAtOperand: true })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  const lockFile = parsed.operands[0]
  if (lockFile === undefined) return opaqueCall(call, sink, 'it names no lock file')
  const inner = parsed.operands.slice(1)
  const command = optionValues(parsed, '-c', '--command')[0] ?? (['-c', '--command'].includes(literalOf(inner[0] ?? []) ?? '') ? inner[1] : undefined)
  // `flock NUMBER` alone locks an open descriptor; before a command, NUMBER is a file it opens and may create.
  const descriptor = inner.length === 0 && command === undefined && /^\d+$/.test(literalOf(lockFile) ?? '')
  if (!descriptor) sink.write('flock', lockFile, 'entry')
  if (command !== undefined) return sink.script(command, 'flock -c')
  if (inner.length > 0) sink.run(inner, 'flock', call.uncertainArity)
}

function script(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'cEIOBTmo', shortOptional: 't', longValue: ['command', 'echo', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format', 'output-limit'], longOptional: ['timing'], longFlags: ['append', 'force', 'flush', 'quiet', 'return'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  for (const log of optionValues(parsed, '-I', '-O', '-B', '-T', '-t', '--log-in', '--log-out', '--log-io', '--log-timing', '--timing')) sink.write('script log', log, 'entry')
  sink.write('script', parsed.operands[0] ?? lit('typescript'), 'entry')
  const command = optionValues(parsed, '-c', '--command')[0]
  if (command !== undefined) sink.script(command, 'script -c')
  else opaqueCall(call, sink, 'it starts an interactive shell')
}

function timeWrapper(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'fo', longValue: ['format', 'output'], stopAtOperand: true })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  for (const output of optionValues(parsed, '-o', '--output')) sink.write('time -o', output, 'entry')
  if (parsed.operands.length > 0) sink.run(parsed.operands, 'time', call.uncertainArity)
}

function sudo(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'ugCDhprtUTc', longValue: ['user', 'group', 'close-from', 'chdir', 'host', 'prompt', 'role', 'type', 'other-user', 'command-timeout'], stopAtOperand: true })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-e', '--edit', '-s', '--shell', '-i', '--login') || parsed.operands.length === 0) return opaqueCall(call, sink, 'it starts a shell or an editor')
  const directory = optionValues(parsed, '-D', '--chdir')[0]
  if (directory === undefined) return sink.run(parsed.operands, call.name, call.uncertainArity)
  sink.within(directory, scoped => scoped.run(parsed.operands, `${call.name} -D`, call.uncertainArity))
}

/** `compgen`/`complete`: `-C COMMAND` runs a command, `-F FUNCTION` calls a function, `-W WORDS` expands its words like a command line. */
function completion(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'oAGWFCXPSV' })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  for (const command of optionValues(parsed, '-C')) sink.script(command, `${call.name} -C`)
  for (const words of optionValues(parsed, '-W')) sink.script(concat(lit(': '), words), `${call.name} -W`)
  for (const name of optionValues(parsed, '-F')) sink.run([name], `${call.name} -F`, false)
}

/** Words joined with single spaces, as `eval` and `watch` join their arguments into a script. */
export function joinWords(words: readonly Pattern[]): Pattern {
  return words.reduce<Pattern>((joined, word, index) => (index === 0 ? word : concat(joined, lit(' '), word)), [])
}

/** Commands that run another command or a script, keyed by name. */
export const COMMAND_RUNNERS: Record<string, CommandHandler> = {
  sudo, doas: sudo,
  env,
  // With standard output on a terminal, nohup appends to nohup.out in the working directory.
  nohup: (call, sink) => {
    if (call.args.length > 0) sink.write('nohup', lit('nohup.out'), 'entry')
    wrapper({})(call, sink)
  },
  nice: wrapper({ shortValue: 'n', longValue: ['adjustment'] }),
  ionice: wrapper({ shortValue: 'cnp', longValue: ['class', 'classdata', 'pid'] }),
  timeout: wrapper({ shortValue: 'sk', longValue: ['signal', 'kill-after'], skipOperands: 1 }),
  stdbuf: wrapper({ shortValue: 'ioe', longValue: ['input', 'output', 'error'] }),
  chrt: wrapper({ skipOperands: 1 }),
  taskset: (call, sink) => {
    const parsed = parseArgs(call.args, { longFlags: ['all-tasks', 'cpu-list', 'pid'], stopAtOperand: true })
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
    if (hasOption(parsed, '-p', '--pid')) return
    const inner = parsed.operands.slice(1)
    if (inner.length > 0) sink.run(inner, 'taskset', call.uncertainArity)
  },
  setsid: wrapper({}),
  unbuffer: wrapper({}),
  caffeinate: wrapper({ shortValue: 'tw' }),
  watch: (call, sink) => {
    // `-d` takes only an attached value (`-dx` is -d with `x`, not -x).
    const parsed = parseArgs(call.args, { shortValue: 'nqs', shortOptional: 'd', longValue: ['interval', 'equexit'], longOptional: ['differences'], stopAtOperand: true })
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
    if (hasOption(parsed, '-x', '--exec')) return sink.run(parsed.operands, 'watch -x', call.uncertainArity)
    sink.script(joinWords(parsed.operands), 'watch')
  },
  busybox: (call, sink) => (call.args.length === 0 ? undefined : sink.run(call.args, 'busybox', call.uncertainArity)),
  time: timeWrapper,
  xargs,
  flock,
  script,
  complete: completion,
  ...Object.fromEntries(SHELL_NAMES.map(name => [name, shell])),
}
