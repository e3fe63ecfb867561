/**
 * The two strict JSON parsers agree: the native fast path (`parseStrictJson`,
 * used for `json_equals` over large files) and `lossless-json`
 * (`parseLosslessJson`, used for model-written drafts) accept the same texts
 * and read them to the same value, over generated JSON with duplicate keys
 * (also spelled with escapes), big, tiny and negative-zero numbers, and deep
 * nesting.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson, parseStrictJson } from '../../src/kernel/json.ts'
import { parseLosslessJson } from '../../src/kernel/lossless-json.ts'

const EDGE_NUMBERS = ['-0', '0.0', '-0.0', '1e400', '-1e400', '1e-400', '5e-324', '1.7976931348623157e308', '9007199254740993', '9007199254740992', '0.1', '1.0', '100', '1E2', '123456789012345678', '0.30000000000000004', '2.5e-7', '1e21', '12345678901234567890e-5', '0.1000000000000000055511151231257827']
const numberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(value => JSON.stringify(value)),
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
  fc.constantFrom(...EDGE_NUMBERS),
)
const KEYS = ['"a"', '"b"', '"\\u0061"', '"c"', '"__proto__"']
const jsonText = fc.letrec(tie => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, numberText, fc.constantFrom('true', 'false', 'null', '"a"', '"\\u00e9"'), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }).map(items => `[${items.join(',')}]`),
  object: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 4 }).map(entries => `{${entries.map(([key, value]) => `${key}:${value}`).join(', ')}}`),
})).value as fc.Arbitrary<string>

function agreement(text: string): { same: boolean, native: string, lossless: string } {
  const native = parseStrictJson(text)
  const lossless = parseLosslessJson(text)
  const show = (result: typeof native): string => result.ok ? canonicalJson(result.value) : 'refused'
  return { same: show(native) === show(lossless), native: show(native), lossless: show(lossless) }
}

describe('strict JSON: native fast path and lossless-json agree', () => {
  it('on generated JSON', () => {
    fc.assert(fc.property(jsonText, text => agreement(text).same), { numRuns: 5000 })
  })

  it('on the edge cases, one by one, and refuses what must be refused', () => {
    for (const number of EDGE_NUMBERS) expect(agreement(`[${number}]`), number).toMatchObject({ same: true })
    for (const text of ['{"a":1,"a":1}', '{"a":1,"\\u0061":2}', '[-0]', '[1e400]', '[1e-400]', '[9007199254740993]', '{"a":', '[1,]']) {
      expect(parseLosslessJson(text).ok, text).toBe(false)
      expect(parseStrictJson(text).ok, text).toBe(false)
    }
  })

  it('on deep nesting', () => {
    const deep = `${'['.repeat(500)}1${']'.repeat(500)}`
    expect(agreement(deep)).toMatchObject({ same: true, native: deep })
  })
})
