/**
 * The command table: every command the analysis knows, by name, declared
 * once. A name absent here runs code the analysis cannot see. Pure.
 */
import { hasOption, parseArgs } from '../argv.js'
import { ARCHIVE_WRITERS } from './archives.js'
import { FILE_WRITERS } from './files.js'
import { git } from './git.js'
import { OPTION_READERS, PLAIN_READERS } from './readers.js'
import { awk, sed } from './text-scripts.js'
import { opaqueCall, type CommandHandler } from './types.js'
import { COMMAND_RUNNERS } from './wrappers.js'

/** The handler of every command that only reads; callers may skip calling it. */
export const readOnly: CommandHandler = () => undefined

/** Commands without a workspace effect that are not file readers (process control, shell built-ins). */
const NO_WORKSPACE_EFFECT = ['kill', 'pkill', 'killall', 'exit', 'shift', 'umask', 'ulimit', 'caller', 'compopt', 'disown', 'suspend', 'logout', 'unalias', 'bg', 'fg', 'clear', 'reset', 'tput', 'stty']

/**
 * Both yq programs: mikefarah's (`--inplace`, `-P` a flag) and kislyuk's jq
 * wrapper (`--in-place`, no abbreviations). In place, every operand may
 * be a file: mikefarah's takes an existing file as the first operand, and a
 * program from `--from-file` leaves no expression operand.
 */
const yq: CommandHandler = (call, sink) => {
  const parsed = parseArgs(call.args, { shortValue: 'oIpsfw', longValue: ['output-format', 'input-format', 'indent', 'split-exp', 'from-file', 'expression', 'width'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-s', '--split-exp')) return opaqueCall(call, sink, '--split-exp writes files named by the expression')
  if (hasOption(parsed, '-i', '--inplace', '--in-place')) parsed.operands.forEach(file => sink.write('yq -i', file, 'entry'))
}

/** Every known command. */
export const COMMANDS: ReadonlyMap<string, CommandHandler> = new Map<string, CommandHandler>([
  ...PLAIN_READERS.map(name => [name, readOnly] as const),
  ...NO_WORKSPACE_EFFECT.map(name => [name, readOnly] as const),
  ...Object.entries(OPTION_READERS),
  ...Object.entries(FILE_WRITERS),
  ...Object.entries(ARCHIVE_WRITERS),
  ...Object.entries(COMMAND_RUNNERS),
  ['git', git],
  ['sed', sed], ['gsed', sed],
  ['awk', awk], ['gawk', awk], ['mawk', awk], ['nawk', awk],
  ['yq', yq],
])

/** Every table a command may be declared in, for the test that no name is declared twice. */
export const COMMAND_TABLES: Readonly<Record<string, readonly string[]>> = {
  plainReaders: PLAIN_READERS,
  noWorkspaceEffect: NO_WORKSPACE_EFFECT,
  optionReaders: Object.keys(OPTION_READERS),
  fileWriters: Object.keys(FILE_WRITERS),
  archiveWriters: Object.keys(ARCHIVE_WRITERS),
  commandRunners: Object.keys(COMMAND_RUNNERS),
  scripted: ['git', 'sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk', 'yq'],
}
