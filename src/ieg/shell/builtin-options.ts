/**
 * How shell built-ins read their arguments: option clusters led by `-` or
 * `+`, valued letters, and variable names. Pure.
 */
import { lit, literalOf, type Pattern } from './pattern.js'

/** A variable name at the start of a word. */
export const NAME = /^[A-Za-z_][A-Za-z0-9_]*/
/** A word that is exactly a variable name. */
export const NAME_ONLY = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Split arguments into option clusters and operands; `valued` letters take
 * the rest of their cluster, or the next word, as their value. With `known`,
 * the operands start at the first word that is not a `-` cluster of known
 * letters: it is the command word of `command` or `exec` (bash runs
 * `command +v` as a command named `+v`, and refuses an unknown letter, which
 * taking it as the command over-approximates). `hidden`: a word that is not
 * literal stood where an option may, so the options are unknown.
 */
export function splitOptions(args: readonly Pattern[], valued: string, known?: string): { letters: string, minus: string, values: Map<string, Pattern>, operands: Pattern[], hidden: boolean } {
  let letters = ''
  // A word that is not literal where an option may stand (`-$(printf v)`): the options are unknown.
  let hidden = false
  let minus = ''
  const values = new Map<string, Pattern>()
  const operands: Pattern[] = []
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as Pattern
    const text = literalOf(arg)
    if (operands.length === 0 && text === '--') {
      operands.push(...args.slice(i + 1))
      break
    }
    if (operands.length > 0 || text === null || !/^[-+]./.test(text) || (known !== undefined && !isCluster(text, known, valued))) {
      if (operands.length === 0 && text === null) hidden = mayBeOption(arg)
      operands.push(arg)
      continue
    }
    for (let j = 1; j < text.length; j += 1) {
      const letter = text[j] as string
      letters += letter
      if (text.startsWith('-')) minus += letter
      if (!valued.includes(letter)) continue
      const value = j + 1 < text.length ? lit(text.slice(j + 1)) : args[i + 1]
      if (j + 1 >= text.length) i += 1
      if (value !== undefined) values.set(letter, value)
      break
    }
  }
  return { letters, minus, values, operands, hidden }
}

/** Whether `text` is a `-` cluster of `known` letters, up to a `valued` letter whose value may follow. */
function isCluster(text: string, known: string, valued: string): boolean {
  if (!text.startsWith('-')) return false
  for (let j = 1; j < text.length; j += 1) {
    const letter = text[j] as string
    if (!known.includes(letter)) return false
    if (valued.includes(letter)) return true
  }
  return true
}

/**
 * Whether a word that is not literal may expand to an option (`-$(printf v)`,
 * a glob matching a file named `-v`): the built-in's options are then unknown.
 */
export function mayBeOption(arg: Pattern): boolean {
  if (literalOf(arg) !== null) return false
  const first = arg[0]
  if (first === undefined || first.t === 'digits') return false
  return first.t !== 'lit' || first.s.startsWith('-') || first.s.startsWith('+')
}
