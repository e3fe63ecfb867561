/** Operator-declared read-only commands: each a literal command prefix, parsed once at load. Pure. */
import { parse } from 'unbash'

/**
 * Parse one declared read-only command.
 * @param text - the configured text, such as `npm test`.
 * @returns its literal words, or the reason it is refused.
 */
export function parseReadOnlyCommand(text: string): string[] | string {
  const script = parse(text)
  if (script.errors !== undefined && script.errors.length > 0) return `does not parse as a command (${script.errors[0]?.message ?? 'syntax error'})`
  const command = script.commands.length === 1 && script.commands[0]?.background !== true ? script.commands[0]?.command : undefined
  if (command?.type !== 'Command' || command.name === undefined) return 'must be one simple command (no lists, pipes or compound commands)'
  if (command.prefix.length > 0 || command.suffix.some(item => item.type !== 'Word')) return 'must hold only words (no assignments or redirections)'
  const words = [command.name, ...command.suffix].map(item => (item.type === 'Word' && item.parts === undefined && !item.text.startsWith('~') ? item.value : null))
  if (words.some(word => word === null)) return 'must be literal words (no expansions, globs or quotes that expand)'
  const name = words[0] as string
  if (name.includes('/')) return 'must name the command without a path'
  return words as string[]
}
