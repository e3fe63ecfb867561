/**
 * Option parsing over statically expanded arguments, the way getopt and GNU
 * long options read them: short clusters (`-uo FILE`, `-oFILE`), long options
 * with `=` or a following value, unambiguous long-option prefixes, and `--`.
 * An argument whose start is not literal may be an option: it is kept as an
 * operand and flagged. Pure.
 */
import { literalOf, type Pattern } from './pattern.js'

/** Which options take a value. */
export interface OptionSpec {
  /** Short option letters that take a value (`o` for `-o FILE`). */
  readonly shortValue?: string
  /** Long option names that take a value, without `--`. */
  readonly longValue?: readonly string[]
  /** Long option names that take no value, so a prefix is not mistaken for a valued one. */
  readonly longFlags?: readonly string[]
  /** Short option letters whose value is optional: only the rest of the cluster is the value (`-i[REPLACE]`). */
  readonly shortOptional?: string
  /** Long option names whose value is optional: only `--name=value` gives one (`--backup[=CONTROL]`). */
  readonly longOptional?: readonly string[]
  /** Options are only read before the first operand (POSIX order, as in `find` or `xargs`). */
  readonly stopAtOperand?: boolean
}

/** One option as given. */
export interface ParsedOption {
  /** `-o` or `--output` (the full declared name when a prefix was given). */
  readonly name: string
  readonly value: Pattern | null
}

/** Parsed arguments. */
export interface ParsedArgs {
  readonly options: readonly ParsedOption[]
  readonly operands: readonly Pattern[]
  /** Some argument could be an option the parse cannot read (its start is not literal). */
  readonly unreadable: boolean
}

/** Every declared long option name of a spec, computed once per spec. */
const longNames = new WeakMap<OptionSpec, readonly string[]>()

function longName(given: string, spec: OptionSpec): string {
  let all = longNames.get(spec)
  if (all === undefined) {
    all = [...spec.longValue ?? [], ...spec.longOptional ?? [], ...spec.longFlags ?? []]
    longNames.set(spec, all)
  }
  if (all.includes(given)) return given
  const candidates = all.filter(name => name.startsWith(given))
  return candidates.length === 1 ? candidates[0] as string : given
}

/** `-X` for each short option letter seen, built once. */
const shortNames = new Map<string, string>()

function shortName(letter: string): string {
  let name = shortNames.get(letter)
  if (name === undefined) {
    name = `-${letter}`
    if (shortNames.size < 256) shortNames.set(letter, name)
  }
  return name
}

/**
 * Parse arguments.
 * @param args - expanded arguments after the command name.
 * @param spec - which options take values.
 */
export function parseArgs(args: readonly Pattern[], spec: OptionSpec = {}): ParsedArgs {
  const options: ParsedOption[] = []
  const operands: Pattern[] = []
  let unreadable = false
  let optionsEnded = false
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as Pattern
    const text = literalOf(arg)
    const first = arg[0]
    if (optionsEnded) {
      operands.push(arg)
      continue
    }
    if (text === null) {
      if (first === undefined || first.t !== 'lit' || first.s.startsWith('-')) unreadable = true
      operands.push(arg)
      if (spec.stopAtOperand === true) optionsEnded = true
      continue
    }
    if (text === '--') {
      optionsEnded = true
      continue
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=')
      const name = longName(eq < 0 ? text.slice(2) : text.slice(2, eq), spec)
      const takesValue = (spec.longValue ?? []).includes(name)
      if (eq >= 0) options.push({ name: `--${name}`, value: [{ t: 'lit', s: text.slice(eq + 1) }] })
      else if (takesValue) {
        options.push({ name: `--${name}`, value: args[i + 1] ?? null })
        i += 1
      } else options.push({ name: `--${name}`, value: null })
      continue
    }
    if (text.startsWith('-') && text.length > 1) {
      for (let j = 1; j < text.length; j += 1) {
        const letter = text[j] as string
        if ((spec.shortOptional ?? '').includes(letter)) {
          const rest = text.slice(j + 1)
          options.push({ name: shortName(letter), value: rest === '' ? null : [{ t: 'lit', s: rest }] })
          break
        }
        if ((spec.shortValue ?? '').includes(letter)) {
          const rest = text.slice(j + 1)
          if (rest !== '') options.push({ name: shortName(letter), value: [{ t: 'lit', s: rest }] })
          else {
            options.push({ name: shortName(letter), value: args[i + 1] ?? null })
            i += 1
          }
          break
        }
        options.push({ name: shortName(letter), value: null })
      }
      continue
    }
    operands.push(arg)
    if (spec.stopAtOperand === true) optionsEnded = true
  }
  return { options, operands, unreadable }
}

/**
 * Whether any of the named options was given.
 * @param parsed - parsed arguments.
 * @param names - option names such as `-i` or `--in-place`.
 */
export function hasOption(parsed: ParsedArgs, ...names: readonly string[]): boolean {
  for (const option of parsed.options) if (names.includes(option.name)) return true
  return false
}

/**
 * Values of the named options, in order.
 * @param parsed - parsed arguments.
 * @param names - option names.
 */
export function optionValues(parsed: ParsedArgs, ...names: readonly string[]): Pattern[] {
  const values: Pattern[] = []
  for (const option of parsed.options) if (option.value !== null && names.includes(option.name)) values.push(option.value)
  return values
}
