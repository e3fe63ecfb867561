/**
 * A small POSIX-shell lexer for classification: words (quotes removed, with a
 * flag saying whether any part was quoted) and control/redirection operators.
 * Quoted text is data. A `>` is an operator only where it starts a token or
 * follows file-descriptor digits or `&`, and is not followed by `=`, so arrows
 * (`=>`, `->`) and comparisons (`>=`) stay inside words. Pure.
 */

/** One lexed token. */
export type ShellToken =
  | { readonly kind: 'word', readonly text: string, readonly quoted: boolean }
  | { readonly kind: 'separator', readonly text: string }
  | { readonly kind: 'redirect', readonly text: string }

const SEPARATORS = ['&&', '||', ';;', ';', '|&', '|', '&', '\n', '(', ')']
const OUTPUT_OPERATORS = ['>>', '>|', '>&', '>']
const INPUT_OPERATORS = ['<<<', '<<', '<&', '<>', '<']

function operatorAt(command: string, index: number): string | undefined {
  const list = command[index] === '>' ? OUTPUT_OPERATORS : command[index] === '<' ? INPUT_OPERATORS : []
  const operator = list.find(op => command.startsWith(op, index))
  if (operator === undefined) return undefined
  if (operator.endsWith('>') && command[index + operator.length] === '=') return undefined
  return operator
}

/**
 * Split a command line into tokens.
 * @param command - shell command text.
 * @returns tokens in order; an unterminated quote extends to the end.
 */
export function lexShell(command: string): ShellToken[] {
  const tokens: ShellToken[] = []
  let word = ''
  let quoted = false
  let inWord = false
  const flush = (): void => {
    if (inWord) tokens.push({ kind: 'word', text: word, quoted })
    word = ''
    quoted = false
    inWord = false
  }
  let i = 0
  while (i < command.length) {
    const ch = command[i] as string
    if (ch === '\\' && i + 1 < command.length) {
      if (command[i + 1] !== '\n') {
        word += command[i + 1]
        inWord = true
        quoted = true
      }
      i += 2
      continue
    }
    if (ch === '\'' || ch === '"') {
      const end = command.indexOf(ch, i + 1)
      const stop = end < 0 ? command.length : end
      word += command.slice(i + 1, stop)
      inWord = true
      quoted = true
      i = stop + 1
      continue
    }
    if (ch === ' ' || ch === '\t') {
      flush()
      i += 1
      continue
    }
    if (ch === '#' && !inWord) {
      const newline = command.indexOf('\n', i)
      i = newline < 0 ? command.length : newline
      continue
    }
    if (ch === '&' && !inWord && command[i + 1] === '>') {
      const operator = command.startsWith('&>>', i) ? '&>>' : '&>'
      tokens.push({ kind: 'redirect', text: operator })
      i += operator.length
      continue
    }
    if (ch === '>' || ch === '<') {
      const fd = inWord && !quoted && /^\d+$/.test(word) ? word : ''
      const operator = !inWord || fd !== '' ? operatorAt(command, i) : undefined
      if (operator !== undefined) {
        word = ''
        inWord = false
        tokens.push({ kind: 'redirect', text: `${fd}${operator}` })
        i += operator.length
        continue
      }
    }
    const separator = SEPARATORS.find(op => command.startsWith(op, i))
    if (separator !== undefined) {
      flush()
      tokens.push({ kind: 'separator', text: separator })
      i += separator.length
      continue
    }
    word += ch
    inWord = true
    i += 1
  }
  flush()
  return tokens
}
