/**
 * The literal-word shortcut of word expansion: text the shortcut takes as its
 * own value must be a word the parser finds no structure in, whose value is
 * that text; anything else goes through full expansion.
 */
import fc from 'fast-check'
import { parse, type Word } from 'unbash'
import { describe, expect, it } from 'vitest'
import { isPlainText, literalField } from '../../src/ieg/shell/expand.ts'
import { lit } from '../../src/ieg/shell/pattern.ts'

/** The words after `:` in a parsed line, or null when it is not one plain command. */
function argumentWords(text: string): readonly Word[] | null {
  const script = parse(`: ${text}`)
  const command = script.commands.length === 1 ? script.commands[0]?.command : undefined
  if (command?.type !== 'Command' || (script.errors?.length ?? 0) > 0) return null
  return command.suffix.every(item => item.type === 'Word') ? command.suffix as readonly Word[] : null
}

const printable = fc.string({ unit: fc.integer({ min: 32, max: 126 }).map(code => String.fromCharCode(code)), minLength: 1, maxLength: 12 })

describe('literal words', () => {
  it('takes text as its own value only where the parser sees a plain word with that value', () => {
    fc.assert(fc.property(printable, (text) => {
      if (!isPlainText(text)) return
      const words = argumentWords(text)
      expect(words).toHaveLength(1)
      const word = words?.[0] as Word
      expect(word.parts).toBeUndefined()
      expect(word.value).toBe(text)
    }), { numRuns: 20000 })
  }, 30_000)

  it('accepts the characters that never start structure, and no other', () => {
    expect(isPlainText('src/file-1.ts')).toBe(true)
    expect(isPlainText('-F:,a=b+c@d%e_f.g')).toBe(true)
    for (const special of ['$', '`', '"', "'", '\\', '*', '?', '[', '{', '}', '~', '!', '(', ')', '#', '&', ';', '<', '>', '|', ' ', '^', 'é']) {
      expect(isPlainText(`a${special}b`), special).toBe(false)
    }
  })

  it('gives quoted text without expansions one field, and leaves tildes and expansions to full expansion', () => {
    const field = (text: string) => {
      const words = argumentWords(text)
      return literalField(words?.[0] as Word)
    }
    expect(field('plain')).toEqual(lit('plain'))
    expect(field('"a b"')).toEqual(lit('a b'))
    expect(field("'x'y")).toEqual(lit('xy'))
    expect(field('""')).toEqual([])
    expect(field('~/x')).toBeNull()
    expect(field('$HOME')).toBeNull()
    expect(field('a*')).toBeNull()
    expect(field('{a,b}')).toBeNull()
  })
})
