import { describe, expect, it } from 'vitest'
import type { EntryEvidence, EvaluationContext, FileInspection, TextEvidence, Utf8Evidence, WorkspacePort } from '../../src/reliability/checks/evidence.ts'
import { evaluateChecks } from '../../src/reliability/checks/evaluate.ts'
import { parseWorkspacePath } from '../../src/reliability/checks/paths.ts'
import { decodeUtf8Strict, isWellFormedText } from '../../src/kernel/text.ts'
import fc from 'fast-check'
import { isJsonPointer, resolvePointer } from '../../src/reliability/checks/json-pointer.ts'
import { CHECK_KINDS } from '../../src/reliability/checks/vocabulary.ts'
import type { FoldEvent } from '../../src/kernel/projection.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'
import { createHash } from 'node:crypto'

type FakeFile = string | { refused: string } | { type: string }

function fakeWorkspace(files: Record<string, FakeFile>): WorkspacePort {
  return {
    async inspect(path): Promise<FileInspection> {
      const file = files[path]
      if (file === undefined) return { kind: 'missing' }
      if (typeof file === 'string') return { kind: 'file', size: Buffer.byteLength(file) }
      return 'refused' in file ? { kind: 'refused', reason: file.refused } : { kind: 'refused', reason: `is a ${file.type}, not a regular file` }
    },
    async readText(path): Promise<TextEvidence> {
      const file = files[path]
      if (file === undefined) return { kind: 'missing' }
      if (typeof file === 'string') return { kind: 'text', text: file }
      return { kind: 'refused', reason: 'refused' in file ? file.refused : `is a ${file.type}` }
    },
    async readUtf8(path): Promise<Utf8Evidence> {
      const file = files[path]
      if (file === undefined) return { kind: 'missing' }
      if (typeof file === 'string') return { kind: 'utf8', bytes: Buffer.from(file, 'utf8') }
      return { kind: 'refused', reason: 'refused' in file ? file.refused : `is a ${file.type}` }
    },
    async fingerprint(path) {
      const file = files[path]
      return typeof file === 'string' ? createHash('sha256').update(file).digest('hex') : null
    },
    async entry(path): Promise<EntryEvidence> {
      const file = files[path]
      if (file === undefined) return { kind: 'absent' }
      if (typeof file === 'object' && 'refused' in file) return { kind: 'refused', reason: file.refused }
      return { kind: 'present', type: typeof file === 'string' ? 'file' : file.type }
    },
  }
}

function context(files: Record<string, FakeFile>, events: FoldEvent[] = [], startedAtSeq = 0): EvaluationContext {
  return { workspace: fakeWorkspace(files), events, startedAtSeq, governorTools: new Set(['reliability_verify']), isSecret: path => path.endsWith('.env'), verifierReceipts: new Map(), outcomes: createOutcomeMemo() }
}

async function run(kind: keyof typeof CHECK_KINDS, args: Record<string, unknown>, ctx: EvaluationContext) {
  const [result] = await evaluateChecks([{ id: 'k', kind, args: args as never }], ctx)
  return result!
}

describe('file checks', () => {
  const files: Record<string, FakeFile> = {
    'README.md': '# Title\nHello, world\n',
    'data.json': '{"a": {"b": [1, 2.5, "x"]}, "c": true}',
    'dupe.json': '{"a": 1, "a": 2}',
    'big.json': '{"n": 12345678901234567890}',
    'docs': { type: 'directory' },
    'escape.md': { refused: 'resolves outside the workspace (to /etc/passwd)' },
    'huge.log': { refused: 'is 2000000 bytes, over the 1048576-byte limit (maxFileBytes)' },
    'binary.bin': { refused: 'is not valid UTF-8 text' },
  }
  const ctx = context(files)

  it('file_exists passes for a regular file and fails for missing, directories and escapes', async () => {
    expect(await run('file_exists', { path: 'README.md' }, ctx)).toMatchObject({ passed: true, evidence: 'README.md exists (21 bytes)' })
    expect(await run('file_exists', { path: 'nope.md' }, ctx)).toMatchObject({ passed: false, evidence: 'nope.md does not exist' })
    expect(await run('file_exists', { path: 'docs' }, ctx)).toMatchObject({ passed: false, evidence: 'docs: is a directory, not a regular file' })
    expect(await run('file_exists', { path: 'escape.md' }, ctx)).toMatchObject({ passed: false, evidence: expect.stringContaining('outside the workspace') })
  })

  it('file_absent passes only when no entry of any kind exists', async () => {
    expect(await run('file_absent', { path: 'gone.md' }, ctx)).toMatchObject({ passed: true })
    expect(await run('file_absent', { path: 'README.md' }, ctx)).toMatchObject({ passed: false, evidence: 'README.md still exists (file)' })
    expect(await run('file_absent', { path: 'docs' }, ctx)).toMatchObject({ passed: false, evidence: 'docs still exists (directory)' })
    expect(await run('file_absent', { path: 'escape.md' }, ctx)).toMatchObject({ passed: false })
  })

  it('file_contains and file_not_contains search bytes exactly as text, at the same character index (property)', async () => {
    // Haystacks are well-formed (decoded files never hold lone surrogates); literals may hold them.
    // U+FFFD is what a lone surrogate becomes when encoded, so a byte search must not find it for one.
    const text = fc.array(fc.oneof(fc.constant('\uFFFD'), fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 5 }).map(parts => parts.join(''))
    const loneSurrogate = fc.integer({ min: 0xD800, max: 0xDFFF }).map(unit => String.fromCharCode(unit))
    const literal = fc.oneof(loneSurrogate, fc.string({ unit: 'binary', maxLength: 6 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }))
    await fc.assert(fc.asyncProperty(text, text, literal, async (before, after, needle) => {
      for (const file of [before + after, before + needle + after]) {
        if (!isWellFormedText(file)) continue
        const ctx = context({ 'f.txt': file })
        const at = file.indexOf(needle)
        expect(await run('file_contains', { path: 'f.txt', text: needle }, ctx)).toMatchObject({ passed: at >= 0 })
        expect(await run('file_not_contains', { path: 'f.txt', text: needle }, ctx)).toMatchObject(at < 0 ? { passed: true } : { passed: false, evidence: expect.stringMatching(new RegExp(` at character ${at}$`)) })
      }
    }), { numRuns: 2000 })
  })

  it('file_contains and file_not_contains compare literals and fail on unreadable files', async () => {
    expect(await run('file_contains', { path: 'README.md', text: 'Hello' }, ctx)).toMatchObject({ passed: true })
    expect(await run('file_contains', { path: 'README.md', text: 'Goodbye' }, ctx)).toMatchObject({ passed: false, evidence: 'README.md does not contain "Goodbye"' })
    expect(await run('file_contains', { path: 'missing.md', text: 'x' }, ctx)).toMatchObject({ passed: false, evidence: 'missing.md does not exist' })
    expect(await run('file_contains', { path: 'huge.log', text: 'x' }, ctx)).toMatchObject({ passed: false, evidence: expect.stringContaining('over the 1048576-byte limit') })
    expect(await run('file_contains', { path: 'binary.bin', text: 'x' }, ctx)).toMatchObject({ passed: false, evidence: 'binary.bin: is not valid UTF-8 text' })
    expect(await run('file_not_contains', { path: 'README.md', text: 'TODO' }, ctx)).toMatchObject({ passed: true })
    expect(await run('file_not_contains', { path: 'README.md', text: 'Hello' }, ctx)).toMatchObject({ passed: false, evidence: 'README.md still contains "Hello" at character 8' })
    expect(await run('file_not_contains', { path: 'missing.md', text: 'Hello' }, ctx)).toMatchObject({ passed: false })
  })

  it('file_equals compares the complete text and reports the first difference', async () => {
    expect(await run('file_equals', { path: 'README.md', text: '# Title\nHello, world\n' }, ctx)).toMatchObject({ passed: true })
    const diff = await run('file_equals', { path: 'README.md', text: '# Title\nHello, world' }, ctx)
    expect(diff.passed).toBe(false)
    expect(diff.evidence).toContain('differs from the expected text at character 20')
  })

  it('file_equals reports where one text ends inside the other, and withholds where a secret-like file differs', async () => {
    const files = context({ 'short.txt': 'abc', 'long.txt': 'abcd', 'app.env': 'KEY=1\n' })
    expect(await run('file_equals', { path: 'short.txt', text: 'abcd' }, files)).toMatchObject({ passed: false, evidence: 'short.txt differs from the expected text at character 3: found "", expected "d" (lengths 3 and 4)' })
    expect(await run('file_equals', { path: 'long.txt', text: 'abc' }, files)).toMatchObject({ passed: false, evidence: 'long.txt differs from the expected text at character 3: found "d", expected "" (lengths 4 and 3)' })
    const secret = await run('file_equals', { path: 'app.env', text: 'KEY=2\n' }, files)
    expect(secret.passed).toBe(false)
    expect(secret.evidence).not.toContain('at character')
    expect(await run('file_equals', { path: 'app.env', text: 'KEY=1\n' }, files)).toMatchObject({ passed: true })
  })

  it('json_equals resolves a pointer and compares canonically; ambiguous JSON fails', async () => {
    expect(await run('json_equals', { path: 'data.json', pointer: '/a/b', value: [1, 2.5, 'x'] }, ctx)).toMatchObject({ passed: true })
    expect(await run('json_equals', { path: 'data.json', pointer: '', value: { c: true, a: { b: [1, 2.5, 'x'] } } }, ctx)).toMatchObject({ passed: true })
    expect(await run('json_equals', { path: 'data.json', pointer: '/c', value: false }, ctx)).toMatchObject({ passed: false, evidence: 'data.json#/c is true, expected false' })
    expect(await run('json_equals', { path: 'data.json', pointer: '/a/b/9', value: 1 }, ctx)).toMatchObject({ passed: false, evidence: 'data.json: no array element at /a/b/9' })
    expect(await run('json_equals', { path: 'dupe.json', pointer: '/a', value: 2 }, ctx)).toMatchObject({ passed: false, evidence: expect.stringContaining('duplicate key "a"') })
    expect(await run('json_equals', { path: 'big.json', pointer: '/n', value: 12345678901234567000 }, ctx)).toMatchObject({ passed: false, evidence: expect.stringContaining('cannot be represented exactly') })
    expect(await run('json_equals', { path: 'README.md', pointer: '', value: 1 }, ctx)).toMatchObject({ passed: false, evidence: expect.stringContaining('is not unambiguous JSON') })
  })
})

function toolCall(seq: number, callId: string, name: string, args: unknown = {}): FoldEvent {
  return { type: 'tool/call', seq, data: { turn: 1, step: 1, callId, name, arguments: JSON.stringify(args) } }
}
function toolResult(seq: number, callId: string, isError = false): FoldEvent {
  return { type: 'tool/result', seq, data: { turn: 1, step: 1, message: { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [], isError }] } } }
}

describe('trajectory checks', () => {
  const events: FoldEvent[] = [
    toolCall(1, 'old', 'bash', { command: 'npm test' }), toolResult(2, 'old'),
    { type: 'reliability/contract', seq: 3, data: {} },
    toolCall(4, 'c1', 'bash', { command: 'npm run lint' }), toolResult(5, 'c1'),
    toolCall(6, 'c2', 'write_file', { path: 'a' }), toolResult(7, 'c2', true),
    toolCall(8, 'c3', 'reliability_verify'), toolResult(9, 'c3', true),
    toolCall(10, 'c4', 'bash', { command: 'npm test' }),
  ]
  const ctx = context({}, events, 3)

  it('tool_succeeded counts only correlated successes after the contract started', async () => {
    expect(await run('tool_succeeded', { tool: 'bash' }, ctx)).toMatchObject({ passed: true })
    expect(await run('tool_succeeded', { tool: 'bash', min_count: 2 }, ctx)).toMatchObject({ passed: false })
    const stale = await run('tool_succeeded', { tool: 'bash', arguments_contain: { command: 'npm test' } }, ctx)
    expect(stale.passed).toBe(false)
    expect(stale.evidence).toContain('1 predate the contract and do not count')
    expect(await run('tool_succeeded', { tool: 'write_file' }, ctx)).toMatchObject({ passed: false, evidence: expect.stringContaining('1 failed') })
  })

  it('tool_succeeded with evidence only before the contract fails', async () => {
    const before = context({}, events.slice(0, 3), 3)
    const result = await run('tool_succeeded', { tool: 'bash' }, before)
    expect(result.passed).toBe(false)
    expect(result.evidence).toContain('predate the contract')
  })

  it('tool_not_called and no_tool_errors look only after the contract, ignoring the governor\'s tools', async () => {
    expect(await run('tool_not_called', { tool: 'delete_file' }, ctx)).toMatchObject({ passed: true })
    expect(await run('tool_not_called', { tool: 'write_file' }, ctx)).toMatchObject({ passed: false, evidence: expect.stringContaining('seq 6') })
    expect(await run('no_tool_errors', {}, ctx)).toMatchObject({ passed: false, evidence: '1 tool call(s) failed after the contract started: write_file (seq 6)' })
    expect(await run('no_tool_errors', {}, context({}, events.slice(0, 6), 3))).toMatchObject({ passed: true })
  })
})

describe('path, text and pointer rules', () => {
  it('accepts relative paths and normalizes aliases to one name', () => {
    expect(parseWorkspacePath('./docs//a/./b.md')).toEqual({ ok: true, path: 'docs/a/b.md' })
    for (const [raw, reason] of [['', 'empty'], ['/etc/passwd', 'absolute'], ['C:/x', 'absolute'], ['~/x', 'absolute'], ['a/../b', '..'], ['..', '..'], ['a\\b', 'separator'], ['.', 'workspace itself'], ['a\0b', 'NUL']]) {
      const parsed = parseWorkspacePath(raw!)
      expect(parsed.ok, raw).toBe(false)
      expect(parsed.ok ? '' : parsed.reason).toContain(reason)
    }
  })

  it('decodes strict UTF-8 only', () => {
    expect(decodeUtf8Strict(Buffer.from('héllo'))).toBe('héllo')
    expect(decodeUtf8Strict(Uint8Array.from([0x68, 0xff, 0x69]))).toBeUndefined()
  })

  it('resolves RFC 6901 pointers with escapes', () => {
    expect(isJsonPointer('/a~1b/~0c')).toBe(true)
    expect(isJsonPointer('a')).toBe(false)
    expect(isJsonPointer('/a~2')).toBe(false)
    expect(resolvePointer({ 'a/b': { '~c': 1 } }, '/a~1b/~0c')).toEqual({ found: true, value: 1 })
    expect(resolvePointer({ a: [1] }, '/a/01')).toEqual({ found: false, reason: 'no array element at /a/01' })
    expect(resolvePointer({ a: 1 }, '/a/b')).toEqual({ found: false, reason: '/a/b descends into a number' })
  })
})
