/**
 * git by effect. Readers read; history commands (add, commit, branch, tag,
 * fetch) change only the repository and are reported as history; working-
 * tree commands (checkout, reset --hard, clean, stash, merge, ...) write the
 * working tree; changes that arrange code execution or redirect the
 * repository (hook, fsmonitor, alias and editor settings, `--git-dir`,
 * `GIT_DIR=`, a redirected user configuration) are repository control, a
 * write to the protected `.git`. Unknown subcommands (aliases) are opaque.
 * Pure.
 */
import { joinPattern, lit, literalOf, type Pattern } from '../pattern.js'
import { harmlessSetting } from '../environment.js'
import { controlSetting } from './git-settings.js'
import { runSubcommand } from './git-subcommands.js'
import { opaqueCall, type CommandCall, type CommandSink } from './types.js'

/** Environment that points git at other configuration, repositories or programs (the `GIT_TEST_*` knobs among them: `GIT_TEST_FSMONITOR` runs a hook). */
const REDIRECTING_ENV = /^(GIT_(TEST_[A-Z0-9_]+|ATTR_SOURCE|ALLOW_PROTOCOL|PROTOCOL_FROM_USER|DIR|WORK_TREE|CONFIG|CONFIG_GLOBAL|CONFIG_SYSTEM|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_\d+|CONFIG_VALUE_\d+|EXEC_PATH|SSH|SSH_COMMAND|ASKPASS|PROXY_COMMAND|EXTERNAL_DIFF|TEMPLATE_DIR|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|CEILING_DIRECTORIES|DISCOVERY_ACROSS_FILESYSTEM|REPLACE_REF_BASE)|HOME|XDG_CONFIG_HOME|SSH_ASKPASS|LESSOPEN|LESSCLOSE|LESSKEY|LESSKEYIN|LESSEDIT)$/
/** Environment naming a pager or editor git runs: allowed when its value runs nothing else. */
const PROGRAM_ENV = /^(GIT_PAGER|PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|EDITOR|VISUAL|LESS)$/
const PATHSPEC_ENV = /^GIT_(ICASE|GLOB|NOGLOB|LITERAL)_PATHSPECS$/
/** The global options that set the same pathspec magic. */
const PATHSPEC_OPTION = /^--(icase|glob|noglob|literal)-pathspecs$/
/** Trace settings: a value that is a path makes git write that file. */
const TRACE_ENV = /^GIT_TRACE/

/**
 * Whether git's handler judges this environment variable itself (instead of
 * the command being opaque because the variable is set).
 * @param name - a variable set for the command.
 */
export function gitEnvironment(name: string): boolean {
  return name.startsWith('GIT_') || REDIRECTING_ENV.test(name) || PROGRAM_ENV.test(name)
}

/** Judge the environment; returns true when it decided the call. */
function environment(call: CommandCall, sink: CommandSink): boolean {
  for (const [name, values] of call.env) {
    if (REDIRECTING_ENV.test(name)) {
      sink.control(`${name}=… git`, `${name} redirects the repository, its configuration, or a program git runs`)
      return true
    }
    if (PROGRAM_ENV.test(name) && !harmlessSetting(name, values)) {
      sink.control(`${name}=… git`, `${name} names a program git runs`)
      return true
    }
    // Pathspec magic chosen by the environment (`GIT_ICASE_PATHSPECS`) changes which files a pathspec names.
    if (PATHSPEC_ENV.test(name)) {
      opaqueCall(call, sink, `${name} changes which files a pathspec names`)
      return true
    }
    if (TRACE_ENV.test(name)) {
      for (const value of values ?? [[{ t: 'any' } as const]]) {
        const text = literalOf(value)
        if (text !== null && /^(|0|1|2|true|false|\d+)$/i.test(text)) continue
        sink.write(`${name}=… git`, value, 'entry')
        // A GIT_TRACE2* target that is a directory gets a new file per process inside it.
        if (name.startsWith('GIT_TRACE2')) sink.write(`${name}=… git`, value, 'beneath')
      }
    }
  }
  return false
}

/** `git [global options] subcommand ...`. */
export function git(call: CommandCall, sink: CommandSink): void {
  if (environment(call, sink)) return
  let directory: Pattern = lit('.')
  let index = 0
  while (index < call.args.length) {
    const text = literalOf(call.args[index] as Pattern)
    if (text === null) return opaqueCall(call, sink, 'a git argument before the subcommand is not literal')
    if (!text.startsWith('-')) break
    if (text === '-C') {
      const next = call.args[index + 1]
      if (next === undefined) return opaqueCall(call, sink, 'git -C has no directory')
      directory = joinPattern(directory, next)
      index += 2
      continue
    }
    if (text === '-c' || text === '--config-env' || text.startsWith('--config-env=')) {
      const separate = text === '-c' || text === '--config-env'
      const setting = separate ? literalOf(call.args[index + 1] ?? []) : text.slice(text.indexOf('=') + 1)
      if (setting === null || (text === '-c' ? controlSetting(setting) : true)) return sink.control(`git ${text}`, 'a per-command setting makes git run a program or read it from the environment')
      index += separate ? 2 : 1
      continue
    }
    // `--bare` makes the directory itself the repository; `--shallow-file` also takes the next word.
    if (/^--(git-dir|work-tree|exec-path=|namespace|super-prefix|attr-source|shallow-file)|^--bare$/.test(text)) return sink.control(`git ${text}`, 'it redirects the repository or the programs git runs')
    if (PATHSPEC_OPTION.test(text)) return opaqueCall(call, sink, `${text} changes which files a pathspec names`)
    if (text === '--version' || text === '--help' || /^--(exec-path|html-path|man-path|info-path)$/.test(text)) return
    index += 1
  }
  const sub = call.args[index] === undefined ? null : literalOf(call.args[index] as Pattern)
  if (sub === null) return call.args[index] === undefined ? undefined : opaqueCall(call, sink, 'the git subcommand is not literal')
  const rest = call.args.slice(index + 1)
  if (rest.length === 1 && (literalOf(rest[0] as Pattern) === '--help' || literalOf(rest[0] as Pattern) === '-h')) return
  runSubcommand(sub, rest, sink, call, directory)
}
