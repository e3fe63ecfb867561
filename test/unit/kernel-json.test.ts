import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson, isJsonValue, parseStrictJson } from '../../src/kernel/json.ts'
import { contentReceipt, isReceipt } from '../../src/kernel/receipts.ts'

describe('lossless JSON', () => {
  it('accepts plain data and refuses what the session log refuses', () => {
    expect(isJsonValue({ a: [1, 'x', null, true, { b: 0 }] })).toBe(true)
    for (const bad of [undefined, Number.NaN, Infinity, -0, new Date(0), new Map(), { a: undefined }, [() => 1], 1n]) {
      expect(isJsonValue(bad)).toBe(false)
    }
  })

  it('serializes canonically with sorted keys and names the path of a bad value', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,1]},"b":1}')
    expect(() => canonicalJson({ a: { b: Number.NaN } })).toThrow('$.a.b')
    expect(() => canonicalJson({ a: [new Date(0)] })).toThrow('$.a[0]')
    expect(() => canonicalJson({ a: [1, { 'b c': [undefined] }] })).toThrow('$.a[1].b c[0]: undefined is not JSON')
    expect(() => canonicalJson({ z: 1, a: [Object.is] })).toThrow('$.a[0]: function is not JSON')
    // A hole in an array is not JSON; joining would have produced `[1,,2]`.
    expect(() => canonicalJson([1, , 2])).toThrow('$[1]: undefined is not JSON')
    expect(isJsonValue([1, , 2])).toBe(false)
  })

  it('is the text JSON.stringify gives the value with every object\'s keys sorted', () => {
    const sorted = (value: unknown): unknown => Array.isArray(value) ? value.map(sorted) : typeof value === 'object' && value !== null ? Object.fromEntries(Object.keys(value).sort().map(key => [key, sorted((value as Record<string, unknown>)[key])])) : value
    // JSON.stringify puts integer-like keys first whatever the insertion order, so the reference holds for other keys.
    const integerKeys = (value: unknown): boolean => typeof value === 'object' && value !== null && (Array.isArray(value) ? value.some(integerKeys) : Object.entries(value).some(([key, member]) => /^(0|[1-9][0-9]*)$/.test(key) || integerKeys(member)))
    fc.assert(fc.property(fc.jsonValue({ noUnicodeString: false }).filter(value => isJsonValue(value) && !integerKeys(value)), (value) => {
      expect(canonicalJson(value)).toBe(JSON.stringify(sorted(value)))
    }), { numRuns: 300 })
  })

  it('parses strictly: duplicate keys and inexact numbers are ambiguous', () => {
    expect(parseStrictJson('{"a": [1, 2.5, "x"]}')).toEqual({ ok: true, value: { a: [1, 2.5, 'x'] } })
    const duplicate = parseStrictJson('{"a": 1, "a": 2}')
    expect(duplicate.ok).toBe(false)
    expect(duplicate.ok ? '' : duplicate.reason).toBe('duplicate key "a" in one object')
    const big = parseStrictJson('{"n": 12345678901234567890}')
    expect(big.ok ? '' : big.reason).toMatch(/12345678901234567890 cannot be represented exactly/)
    expect(parseStrictJson('{"n": -0}').ok).toBe(false)
    expect(parseStrictJson('{"n": ').ok).toBe(false)
  })
})

describe('content receipts', () => {
  it('are sha256 over canonical JSON, independent of key order', () => {
    const receipt = contentReceipt({ b: 1, a: 2 })
    expect(receipt).toBe(contentReceipt({ a: 2, b: 1 }))
    expect(receipt).toBe('sha256:d3626ac30a87e6f7a6428233b3c68299976865fa5508e4267c5415c76af7a772')
    expect(isReceipt(receipt)).toBe(true)
    expect(isReceipt('sha256:abc')).toBe(false)
  })

  it('refuse non-JSON values', () => {
    expect(() => contentReceipt({ at: new Date(0) })).toThrow(TypeError)
  })
})

describe('strict parsing edge cases', () => {
  it('finds duplicates after unescaping, at any depth, and not across objects', () => {
    expect(parseStrictJson('{"a": 1, "\\u0061": 2}')).toEqual({ ok: false, reason: 'duplicate key "a" in one object' })
    expect(parseStrictJson('{"x": [{"k": 1}, {"k": 2}], "y": {"k": {"k": 3}}}').ok).toBe(true)
    expect(parseStrictJson('{"x": {"q": "a\\"b", "q": 1}}')).toEqual({ ok: false, reason: 'duplicate key "q" in one object' })
    expect(parseStrictJson('[{"a": 1}, {"a": 1, "b": {}, "a": 2}]').ok).toBe(false)
  })

  it('accepts numbers that round-trip and refuses those that do not', () => {
    for (const text of ['0', '-1', '0.1', '1.5e3', '123456789012345', '9007199254740991', '1e-7', '2.5E+10']) expect(parseStrictJson(text).ok, text).toBe(true)
    for (const text of ['12345678901234567890', '1e400', '0.12345678901234567891', '-0']) expect(parseStrictJson(text).ok, text).toBe(false)
  })
})

describe('prompt text', () => {
  it('refuses a prompt variable opening and passes other text, a lone brace included', async () => {
    const { assertNoPromptVariable } = await import('../../src/kernel/prompt-text.ts')
    expect(assertNoPromptVariable('a { b } c', 's')).toBe('a { b } c')
    expect(() => assertNoPromptVariable('use {{name}}', 'x:section')).toThrow('x:section must not contain "{{"')
  })
})
