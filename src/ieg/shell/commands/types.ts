/**
 * The interface between the command table and the analyzer: a command call
 * with its statically expanded arguments, and the sink a handler reports its
 * effects to. Pure types.
 */
import type { TargetScope } from '../effects.js'
import type { Pattern, Values } from '../pattern.js'

/** One simple command as the table sees it. */
export interface CommandCall {
  /** The command name (basename for a command in a standard system directory). */
  readonly name: string
  readonly args: readonly Pattern[]
  /** An unquoted unknown expansion may have split into any number of arguments. */
  readonly uncertainArity: boolean
  /** Variables set for the command (`NAME=value cmd`) or assigned earlier in the command line, with their possible values (null: unknown). */
  readonly env: ReadonlyMap<string, Values>
  /** The literal text fed on standard input by a here-document or here-string, if any. */
  readonly stdinText: string | null
  /** Standard input carries text the analysis cannot see (a pipe, a file, an expanding here-document). */
  readonly stdinUnknown: boolean
  /** The directory temporary files go to (`$TMPDIR`, else `/tmp`). */
  readonly tempDirectory: Pattern
}

/** Glob options a shell is started with (`bash -O dotglob -c …`). */
export interface ScriptGlobs {
  /** Globs may match dot files or other cases (`dotglob`, `nocaseglob`, `globasciiranges`). */
  readonly loose: boolean
  /** Globs that match nothing vanish (`nullglob`). */
  readonly nullGlob: boolean
}

/** Where a handler reports. Paths are as written, relative to the command's working directory. */
export interface CommandSink {
  write(via: string, path: Pattern, scope: TargetScope, partial?: boolean): void
  opaque(via: string, reason: string, words: readonly Pattern[]): void
  history(via: string): void
  control(via: string, reason: string): void
  /** Analyze script text a new shell runs (`sh -c`, `flock -c`), outside every function; opaque when it is not literal. `globs`: the glob options it starts with. */
  script(text: Pattern, via: string, globs?: ScriptGlobs): void
  /** Analyze an argument list the command runs as a command of its own (wrappers, `find -exec`), with the variables the wrapper sets for it. */
  run(argv: readonly Pattern[], via: string, uncertainArity: boolean, env?: ReadonlyMap<string, Values>): void
  /** Report through a working directory other than the command's own (`git -C dir`, `tar -C dir`); null when it is not known (`find -execdir`). */
  within(directory: Pattern | null, report: (sink: CommandSink) => void): void
}

/** A command's effects from its arguments. */
export type CommandHandler = (call: CommandCall, sink: CommandSink) => void

/**
 * Report an opaque call that names all of its arguments.
 * @param call - the call.
 * @param sink - the sink.
 * @param reason - why it is opaque.
 */
export function opaqueCall(call: CommandCall, sink: CommandSink, reason: string): void {
  sink.opaque(call.name, reason, call.args)
}
