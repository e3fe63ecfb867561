/**
 * The callbacks `mapfile -C` and `compgen -C` run: bash appends the
 * callback's arguments, each single-quoted, to the callback text and
 * evaluates the result (`CALLBACK INDEX 'LINE'`, `CALLBACK compgen 'WORD' ''`),
 * so what the input holds reaches the callback's words. The callback runs
 * through the analyzer the built-in is given.
 */
import { parse } from 'unbash'
import type { BuiltinCall, BuiltinHost } from './builtin-host.js'
import { ANY, concat, lit, literalOf, type Pattern } from './pattern.js'
import { joinStates, withVariable, type ShellState } from './state.js'

/** The text bash evaluates, and whether it reads {@link UNKNOWN_ARGUMENT}, which the caller sets unknown. */
export interface CallbackScript { readonly text: Pattern, readonly readsUnknownArgument: boolean }

/**
 * The text bash evaluates for a callback given `args`: the callback, then
 * each argument single-quoted. An argument the analysis does not know is one
 * word of any text; the whole text is unknown when that word would not stay
 * one argument ({@link unknownArgumentsText}).
 */
export function callbackScript(callback: Pattern, args: readonly Pattern[]): CallbackScript {
  const texts = args.map(literalOf)
  const written = literalOf(callback)
  if (texts.every(text => text !== null) || written === null) {
    return { text: concat(callback, ...texts.flatMap(text => [lit(' '), text === null ? ANY : lit(`'${text.replaceAll("'", "'\\''")}'`)])), readsUnknownArgument: false }
  }
  const unknown = unknownArgumentsText(written, args.length)
  return unknown === null ? { text: concat(callback, lit(' '), ANY), readsUnknownArgument: false } : { text: unknown, readsUnknownArgument: true }
}

/** The options of a `mapfile` call that decide what its callback is given. */
export interface MapfileInput {
  /** The literal text on standard input, or null when unknown. */
  readonly stdin: string | null
  /** The -d value (null when not literal); undefined when not given. A character beyond ASCII makes the lines unknown. */
  readonly delimiter: string | null | undefined
  /** The -O value (null when not literal); undefined when not given. */
  readonly origin: string | null | undefined
  /** Whether -t strips the delimiter before the callback sees the line. */
  readonly strip: boolean
}

/**
 * The argument lists the callback may be called with: one per line of
 * known input (the callback runs every -c lines, so any of them may be
 * passed), or null when the input or an option is not known.
 */
export function mapfileCallbackArgs(input: MapfileInput, maxLines: number): Pattern[][] | null {
  if (input.stdin === null || input.delimiter === null || input.origin === null) return null
  const delimiter = input.delimiter === undefined ? '\n' : input.delimiter === '' ? '\0' : input.delimiter.charAt(0)
  // bash splits at the delimiter's first byte, which other characters may share.
  if (delimiter.charCodeAt(0) > 0x7f) return null
  const origin = input.origin === undefined ? 0 : /^\d+$/.test(input.origin) ? Number(input.origin) : null
  if (origin === null) return null
  const pieces = input.stdin.split(delimiter)
  const lines = pieces.map((piece, index) => (index < pieces.length - 1 && !input.strip ? `${piece}${delimiter}` : piece)).filter((line, index) => index < pieces.length - 1 || line !== '')
  if (lines.length > maxLines) return null
  return lines.map((line, index) => [lit(String(origin + index)), lit(line)])
}

/** A variable that stands for an argument the analysis does not know, set unknown while the callback runs. */
export const UNKNOWN_ARGUMENT = '__dsh_callback_argument'

/**
 * The callback text with `count` arguments the analysis does not know, each
 * one word (they are single-quoted), or null when appending them does not
 * simply add words to the callback's last command: after a comment or an
 * open quote the input itself would be read as code.
 */
function unknownArgumentsText(callback: string, count: number): Pattern | null {
  const probe = `${callback}${" 0 ''".repeat(count)}`
  const script = parse(probe)
  if ((script.errors ?? []).length > 0) return null
  let node = script.commands.at(-1)?.command
  while (node?.type === 'AndOr' || node?.type === 'Pipeline') node = node.commands.at(-1)
  if (node?.type !== 'Command' || node.suffix.length < 2 * count) return null
  const tail = node.suffix.slice(-2 * count)
  if (tail.at(-1)?.end !== probe.length || !tail.every((item, index) => item.type === 'Word' && item.text === (index % 2 === 0 ? '0' : "''"))) return null
  return lit(`${callback}${` "$${UNKNOWN_ARGUMENT}"`.repeat(count)}`)
}

/**
 * `mapfile -C`: the callback runs in the shell with each line it may be
 * given, any number of them, each run seeing what the ones before it did.
 */
export function mapfileCallbacks(call: BuiltinCall, callback: Pattern, values: ReadonlyMap<string, Pattern>, letters: string, state: ShellState, host: BuiltinHost): ShellState {
  const optionText = (letter: string): string | null | undefined => { const value = values.get(letter); return value === undefined ? undefined : literalOf(value) }
  // -u reads another descriptor, whose text the analysis does not follow.
  const input = { stdin: values.has('u') ? null : call.stdinText, delimiter: optionText('d'), origin: optionText('O'), strip: letters.includes('t') }
  const via = `${call.name} -C`
  const calls = mapfileCallbackArgs(input, host.maxAlternatives) ?? [[ANY, ANY]]
  return calls.reduce((current, args) => joinStates(current, runCallback(callback, args, via, current, host), host.maxAlternatives), state)
}

export function runCallback(callback: Pattern, args: readonly Pattern[], via: string, state: ShellState, host: BuiltinHost): ShellState {
  const script = callbackScript(callback, args)
  return host.script(script.text, via, script.readsUnknownArgument ? withVariable(state, UNKNOWN_ARGUMENT, null) : state)
}
