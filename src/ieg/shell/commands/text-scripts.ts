/**
 * `sed` and `awk`, which read unless their options or their script say
 * otherwise: `sed -i`, the sed commands `w`, `W` and `e` (and the `w` and `e`
 * flags of `s`), awk's `system`, pipes and output redirections, `gawk -i
 * inplace`. A script text that cannot be read fully is opaque. Pure.
 */
import { hasOption, optionValues, parseArgs, type OptionSpec } from '../argv.js'
import { lit, literalOf, type Pattern } from '../pattern.js'
import { opaqueCall, type CommandCall, type CommandSink } from './types.js'

/** What a sed script does besides printing. */
export interface SedScriptEffects {
  readonly writes: string[]
  readonly executes: boolean
  /** A command the scanner does not know: the script cannot be proven read-only. */
  readonly unknown: boolean
}

/** The rest of the line after leading blanks (a `w` file name keeps trailing ones), and where the line ends. */
function restOfLine(text: string, from: number): [string, number] {
  const end = text.indexOf('\n', from)
  const stop = end < 0 ? text.length : end
  return [text.slice(from, stop).trimStart(), stop]
}

/**
 * The index after a bracket expression opening at `from` (`[/]`, `[^]/]`,
 * `[[:alpha:]/]`), in which the delimiter is an ordinary character; -1 when
 * it does not close on its line or holds a backslash (read differently by
 * sed and awk implementations).
 */
function skipBracket(text: string, from: number): number {
  let i = from + 1
  if (text[i] === '^') i += 1
  if (text[i] === ']') i += 1
  while (i < text.length && text[i] !== ']') {
    if (text[i] === '\\' || text[i] === '\n') return -1
    if (text[i] === '[' && /[:.=]/.test(text[i + 1] ?? '')) {
      const close = text.indexOf(`${text[i + 1] as string}]`, i + 2)
      if (close < 0) return -1
      i = close + 2
      continue
    }
    i += 1
  }
  return i < text.length ? i + 1 : -1
}

/** Skip a delimited part starting after its opening delimiter; returns the index after the closing one. In a regular expression, a bracket expression may hold the delimiter. */
function skipDelimited(text: string, from: number, delimiter: string, regex = false): number {
  let i = from
  while (i < text.length && text[i] !== delimiter) {
    if (regex && text[i] === '[') {
      i = skipBracket(text, i)
      if (i < 0) return -1
      continue
    }
    if (text[i] === '\\') i += 1
    else if (text[i] === '\n' && delimiter !== '\n') return -1
    i += 1
  }
  return i < text.length ? i + 1 : -1
}

function skipAddress(text: string, from: number): number {
  let i = from
  const one = (second: boolean): boolean => {
    if (second && /[+~]/.test(text[i] ?? '') && /[0-9]/.test(text[i + 1] ?? '')) {
      i += 1
      while (/[0-9]/.test(text[i] ?? '')) i += 1
      return true
    }
    if (/[0-9$]/.test(text[i] ?? '')) {
      while (/[0-9$~+]/.test(text[i] ?? '')) i += 1
      return true
    }
    if (text[i] === '/' || text[i] === '\\') {
      const delimiter = text[i] === '\\' ? text[i + 1] ?? '' : '/'
      const next = skipDelimited(text, i + (text[i] === '\\' ? 2 : 1), delimiter, true)
      if (next < 0) return false
      i = next
      while (/[IM]/.test(text[i] ?? '')) i += 1
      return true
    }
    return true
  }
  if (!one(false)) return -1
  while (text[i] === ' ') i += 1
  if (text[i] === ',') {
    i += 1
    while (text[i] === ' ') i += 1
    if (!one(true)) return -1
  }
  while (text[i] === ' ' || text[i] === '!') i += 1
  return i
}

/**
 * Scan a sed script.
 * @param text - the script.
 */
export function scanSedScript(text: string): SedScriptEffects {
  const writes: string[] = []
  let executes = false
  let i = 0
  while (i < text.length) {
    const ch = text[i] as string
    if (/[\s;{}]/.test(ch)) { i += 1; continue }
    if (ch === '#') { i = restOfLine(text, i)[1]; continue }
    i = skipAddress(text, i)
    if (i < 0) return { writes, executes, unknown: true }
    const command = text[i] ?? ''
    i += 1
    if (command === '' || command === '}' || command === '{') continue
    if ('aic'.includes(command)) {
      let [, stop] = restOfLine(text, i)
      while (text[stop - 1] === '\\' && stop < text.length) stop = restOfLine(text, stop + 1)[1]
      i = stop
    } else if (command === 's' || command === 'y') {
      const delimiter = text[i] ?? ''
      let next = skipDelimited(text, i + 1, delimiter, command === 's')
      next = next < 0 ? -1 : skipDelimited(text, next, delimiter)
      if (next < 0) return { writes, executes, unknown: true }
      i = next
      while (command === 's' && /[gpPiImMe0-9w]/.test(text[i] ?? '')) {
        if (text[i] === 'e') executes = true
        if (text[i] === 'w') {
          const [file, stop] = restOfLine(text, i + 1)
          writes.push(file)
          i = stop
          break
        }
        i += 1
      }
    } else if (command === 'w' || command === 'W') {
      const [file, stop] = restOfLine(text, i)
      writes.push(file)
      i = stop
    } else if (command === 'e') {
      executes = true
      i = restOfLine(text, i)[1]
    } else if ('rRbtT:v'.includes(command)) {
      while (i < text.length && text[i] !== '\n' && (command === 'r' || command === 'R' || text[i] !== ';')) i += 1
    } else if (!'qQlLFz=dDgGhHnNpPx'.includes(command)) {
      return { writes, executes, unknown: true }
    }
  }
  return { writes, executes, unknown: false }
}

const DISCARDS = new Set(['/dev/stdout', '/dev/stderr', '/dev/null'])

/** `sed`: reads unless `-i` or its script writes or executes. */
export function sed(call: CommandCall, sink: CommandSink): void {
  // `-i` takes only an attached suffix (`-il` is in place with suffix `l`).
  const parsed = parseArgs(call.args, { shortValue: 'efl', shortOptional: 'i', longValue: ['expression', 'file', 'line-length'], longFlags: ['in-place', 'quiet', 'silent', 'sandbox', 'debug', 'posix', 'regexp-extended', 'separate', 'unbuffered', 'null-data', 'follow-symlinks', 'zero-terminated'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-f', '--file')) return opaqueCall(call, sink, 'its script comes from a file')
  const given = optionValues(parsed, '-e', '--expression')
  const scripts = given.length > 0 ? given : parsed.operands.slice(0, 1)
  const files = given.length > 0 ? parsed.operands : parsed.operands.slice(1)
  for (const script of scripts) {
    const text = literalOf(script)
    if (text === null) return opaqueCall(call, sink, 'its script is not literal')
    const effects = scanSedScript(text)
    if (effects.unknown) return opaqueCall(call, sink, 'its script holds a command the analysis does not know')
    if (effects.executes && !hasOption(parsed, '--sandbox')) return opaqueCall(call, sink, 'its script runs commands (e)')
    if (!hasOption(parsed, '--sandbox')) for (const file of effects.writes) if (!DISCARDS.has(file)) sink.write('sed w', lit(file), 'entry')
  }
  if (hasOption(parsed, '-i', '--in-place')) {
    if (files.length === 0 && call.uncertainArity) return opaqueCall(call, sink, 'its files are not literal')
    const suffix = inPlaceSuffix(call.args)
    for (const file of files) {
      sink.write('sed -i', file, 'entry')
      if (suffix !== '') sink.write('sed -i (backup)', backupName(file, suffix), 'entry')
    }
  }
}

/** The backup suffix of the last `-i[SUFFIX]` or `--in-place[=SUFFIX]` (any unique prefix, `--i`), as getopt keeps the last. */
function inPlaceSuffix(args: readonly Pattern[]): string {
  let suffix = ''
  for (const arg of args) {
    const text = literalOf(arg) ?? ''
    if (text === '--') break
    const long = /^--([a-z-]+)(=(.*))?$/s.exec(text)
    if (long !== null && 'in-place'.startsWith(long[1] ?? '-')) suffix = long[3] ?? ''
    if (!/^-[^-]/.test(text)) continue
    for (let i = 1; i < text.length; i += 1) {
      if (text[i] === 'i') {
        suffix = text.slice(i + 1)
        break
      }
      if ('efl'.includes(text[i] as string)) break
    }
  }
  return suffix
}

/** GNU sed's backup name: the suffix appended, or `*` in it replaced by the file's name. */
function backupName(file: Pattern, suffix: string): Pattern {
  const text = literalOf(file)
  if (!suffix.includes('*')) return [...file, { t: 'lit', s: suffix }]
  if (text === null) return [{ t: 'any' }]
  // GNU sed puts the operand as written in place of each `*`; a name with a slash is then taken from the working directory.
  const cut = text.lastIndexOf('/')
  const name = suffix.replaceAll('*', text)
  return lit(name.includes('/') ? name : `${text.slice(0, cut + 1)}${name}`)
}

/** Words after which a `/` starts a regular expression, not a division. */
const AWK_REGEX_AFTER_WORD = /\b(print|printf|return|in|getline|case|else|do)$/

function stripAwkLiterals(program: string): string {
  let out = ''
  let last = ''
  for (let i = 0; i < program.length; i += 1) {
    const ch = program[i] as string
    if (ch === '"') {
      i = skipDelimited(program, i + 1, '"') - 1
      if (i < 0) return program
      out += '""'
      last = '"'
      continue
    }
    if (ch === '/' && (/^$|[(,~!&|{};\n=<>?:+*%^-]/.test(last) || AWK_REGEX_AFTER_WORD.test(out.trimEnd()))) {
      const end = skipDelimited(program, i + 1, '/', true)
      if (end > 0) {
        out += '//'
        i = end - 1
        last = '/'
        continue
      }
    }
    out += ch
    if (!/[ \t]/.test(ch)) last = ch
  }
  return out
}

/** Whether a `print`/`printf` statement starting at `from` redirects its output (`>` outside parentheses). */
function printRedirects(code: string, from: number): boolean {
  let depth = 0
  // The statement goes on after a newline that follows `,`, `&&` or `||`.
  let last = ''
  for (let i = from; i < code.length; i += 1) {
    const ch = code[i] as string
    if (ch === '(') depth += 1
    else if (ch === ')') {
      if (depth === 0) return false
      depth -= 1
    } else if (depth === 0 && (ch === ';' || ch === '}' || (ch === '\n' && !CONTINUES_LINE.includes(last)))) return false
    else if (depth === 0 && ch === '>') return true
    if (ch !== ' ' && ch !== '\t' && ch !== '\n') last = ch
  }
  return false
}
const CONTINUES_LINE = ',&|'

/**
 * Whether an awk program can write a file or run a command: `system()`, a
 * pipe (not `||`), a library, or a `print` redirected to a file other than
 * standard output or error.
 * @param program - the program text.
 */
export function awkProgramWrites(program: string): boolean {
  // Stripping literals only replaces their contents, so text with none of these cannot write.
  if (!/[|>@]|system/.test(program)) return false
  // Only a redirection that ends the statement names the stream: awk reads `> "/dev/stdout" ? a : b` as a computed file name.
  const joined = program.replace(/\\\r?\n/g, ' ').replace(/>>?\s*"\/dev\/(stdout|stderr)"(?=[ \t]*([;}\n#]|$))/g, '')
  // `case` is a keyword only in gawk: a `/` after it starts a regex there and divides in mawk, which changes what the rest is.
  if (/\bcase\s*\//.test(joined)) return true
  const code = stripAwkLiterals(joined)
  if (/\bsystem\s*\(|@load|@include|(^|[^|])\|(?!\|)/.test(code)) return true
  for (const match of code.matchAll(/\bprintf?\b/g)) if (printRedirects(code, match.index + match[0].length)) return true
  return false
}

/** gawk's options; `-d`, `-D`, `-L`, `-o` and `-p` take only an attached value. */
const AWK_OPTIONS: OptionSpec = { shortValue: 'FvfiEWlZe', shortOptional: 'dDLop', longValue: ['field-separator', 'assign', 'file', 'include', 'exec', 'load', 'source', 'locale'], longOptional: ['dump-variables', 'debug', 'lint', 'pretty-print', 'profile'], stopAtOperand: true }
/** gawk options that write a file: the attached value, or the default name. */
const AWK_DUMPS: ReadonlyArray<readonly [readonly string[], string]> = [[['-d', '--dump-variables'], 'awkvars.out'], [['-p', '--profile'], 'awkprof.out'], [['-o', '--pretty-print'], 'awkprof.out']]

/** `awk` and its variants: read unless the program, `-i inplace` or a gawk dump option writes. */
export function awk(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, AWK_OPTIONS)
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-f', '--file', '-E', '--exec', '-l', '--load', '-W')) return opaqueCall(call, sink, 'its program comes from a file, loads code, or sets an implementation option (-W)')
  if (hasOption(parsed, '-D', '--debug')) return opaqueCall(call, sink, 'its debugger (-D) runs the commands it reads')
  for (const [names, file] of AWK_DUMPS) {
    for (const option of parsed.options) if (names.includes(option.name)) sink.write(`awk ${names[0] as string}`, option.value ?? lit(file), 'entry')
  }
  const includes = optionValues(parsed, '-i', '--include').map(literalOf)
  const sources = optionValues(parsed, '-e', '--source')
  const program = sources.length > 0 ? sources : parsed.operands.slice(0, 1)
  for (const text of program.map(literalOf)) {
    if (text === null) return opaqueCall(call, sink, 'its program is not literal')
    if (awkProgramWrites(text)) return opaqueCall(call, sink, 'its program can write files or run commands')
  }
  if (includes.some(name => name !== 'inplace')) return opaqueCall(call, sink, 'it includes an awk library')
  if (includes.includes('inplace')) {
    const files: Pattern[] = (sources.length > 0 ? parsed.operands : parsed.operands.slice(1)).filter(arg => !(literalOf(arg) ?? '').includes('='))
    for (const file of files) sink.write('awk -i inplace', file, 'entry')
  }
}
