/**
 * Brace expansion over source text, as bash's brace expansion reads it:
 * quotes, backslashes, `${...}` and `$(...)` (with their own quotes and
 * nesting) hide braces and commas; alternatives and sequences expand in order.
 */
import { describe, expect, it } from 'vitest'
import { expandBraces } from '../../src/ieg/shell/braces.ts'

describe('brace expansion', () => {
  it('expands alternatives and sequences in order, nested ones inside out', () => {
    expect(expandBraces('{a,b}/c', 16)).toEqual(['a/c', 'b/c'])
    expect(expandBraces('x{a,{b,c}}y', 16)).toEqual(['xay', 'xby', 'xcy'])
    expect(expandBraces('f{1..3}', 16)).toEqual(['f1', 'f2', 'f3'])
    expect(expandBraces('{a..c}', 16)).toEqual(['a', 'b', 'c'])
    expect(expandBraces('{05..1..2}', 16)).toEqual(['05', '03', '01'])
    expect(expandBraces('{1..a}', 16)).toEqual(['{1..a}'])
    expect(expandBraces('{a}', 16)).toEqual(['{a}'])
  })

  it('returns null past the bound', () => {
    expect(expandBraces('{1..100}', 16)).toBeNull()
    expect(expandBraces('{a,b}{c,d}{e,f}{g,h}{i,j}', 16)).toBeNull()
  })

  it('does not read braces or commas inside a parameter expansion', () => {
    expect(expandBraces('{a,${x}}', 16)).toEqual(['a', '${x}'])
    expect(expandBraces('{a,${x:-{b,c}}}', 16)).toEqual(['a', '${x:-{b,c}}'])
    expect(expandBraces('${x,y}{a,b}', 16)).toEqual(['${x,y}a', '${x,y}b'])
    expect(expandBraces('${x:-"}"}{a,b}', 16)).toEqual(['${x:-"}"}a', '${x:-"}"}b'])
  })

  it('does not read braces or commas inside a command substitution, its quotes or escapes', () => {
    expect(expandBraces('{a,$(echo "}")}', 16)).toEqual(['a', '$(echo "}")'])
    expect(expandBraces("{a,$(echo '}' ,)}", 16)).toEqual(['a', "$(echo '}' ,)"])
    expect(expandBraces('{a,$(echo \\))}', 16)).toEqual(['a', '$(echo \\))'])
    expect(expandBraces('{a,$(echo \\) ,x)}', 16)).toEqual(['a', '$(echo \\) ,x)'])
    expect(expandBraces('{a,$(f $(g),h)}', 16)).toEqual(['a', '$(f $(g),h)'])
    expect(expandBraces('{a,$(echo `x,y`)}', 16)).toEqual(['a', '$(echo `x,y`)'])
    expect(expandBraces('$(x{a,b})', 16)).toEqual(['$(x{a,b})'])
  })

  it('does not read quoted or escaped braces and commas', () => {
    expect(expandBraces('{a,"b,c"}', 16)).toEqual(['a', '"b,c"'])
    expect(expandBraces("{a,'}'}", 16)).toEqual(['a', "'}'"])
    expect(expandBraces('{a\\,b}', 16)).toEqual(['{a\\,b}'])
    expect(expandBraces('\\{a,b}', 16)).toEqual(['\\{a,b}'])
    expect(expandBraces('{a,`echo }`}', 16)).toEqual(['a', '`echo }`'])
  })

  it('leaves an unterminated construct as it is', () => {
    expect(expandBraces('{a,${x', 16)).toEqual(['{a,${x'])
    expect(expandBraces('{a,$(x', 16)).toEqual(['{a,$(x'])
    expect(expandBraces('{a,"b', 16)).toEqual(['{a,"b'])
    expect(expandBraces("{a,'b", 16)).toEqual(["{a,'b"])
  })
})
