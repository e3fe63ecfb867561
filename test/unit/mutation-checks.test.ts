/**
 * The workspace-file evaluators, JSON pointers, path syntax, secret-like
 * files and the evaluation loop: exact evidence, the boundaries of each rule,
 * and failing closed.
 */
import { describe, expect, it } from 'vitest'
import type { CheckRecord } from '../../src/reliability/contract/records.ts'
import { evaluateChecks } from '../../src/reliability/checks/evaluate.ts'
import type { EntryEvidence, EvaluationContext, FileInspection, TextEvidence, Utf8Evidence, WorkspacePort } from '../../src/reliability/checks/evidence.ts'
import { fileContains, fileNotContains } from '../../src/reliability/checks/file-checks.ts'
import { isJsonPointer, resolvePointer } from '../../src/reliability/checks/json-pointer.ts'
import { MAX_PATH_CHARS, parseWorkspacePath, type WorkspacePath } from '../../src/reliability/checks/paths.ts'
import { secretFileMatcher, withheld } from '../../src/reliability/checks/secrets.ts'
import { CHECK_KINDS, checkKind } from '../../src/reliability/checks/vocabulary.ts'
import type { FoldEvent } from '../../src/kernel/projection.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'
import { createHash } from 'node:crypto'

/** A file's content, or why the adapter refused it. */
type FakeFile = string | { refused: string }

function fakeWorkspace(files: Record<string, FakeFile>): WorkspacePort {
  const refusal = (file: FakeFile | undefined) => file === undefined ? { kind: 'missing' as const } : typeof file === 'string' ? undefined : { kind: 'refused' as const, reason: file.refused }
  return {
    async inspect(path): Promise<FileInspection> {
      const file = files[path]
      return refusal(file) ?? { kind: 'file', size: Buffer.byteLength(file as string) }
    },
    async readText(path): Promise<TextEvidence> {
      const file = files[path]
      return refusal(file) ?? { kind: 'text', text: file as string }
    },
    async readUtf8(path): Promise<Utf8Evidence> {
      const file = files[path]
      return refusal(file) ?? { kind: 'utf8', bytes: Buffer.from(file as string, 'utf8') }
    },
    async fingerprint(path) {
      const file = files[path]
      return typeof file === 'string' ? createHash('sha256').update(file).digest('hex') : null
    },
    async entry(path): Promise<EntryEvidence> {
      const file = files[path]
      if (file === undefined) return { kind: 'absent' }
      return typeof file === 'string' ? { kind: 'present', type: 'file' } : { kind: 'refused', reason: file.refused }
    },
  }
}

const SECRET_PATTERNS = ['.env', '*.pem', 'secrets.json']

function context(workspace: WorkspacePort, events: FoldEvent[] = [], startedAtSeq = 0): EvaluationContext {
  return { workspace, events, startedAtSeq, governorTools: new Set(['reliability_verify']), isSecret: secretFileMatcher(SECRET_PATTERNS), verifierReceipts: new Map(), outcomes: createOutcomeMemo() }
}

const files: Record<string, FakeFile> = {
  'README.md': '# Title\nHello, world\n',
  'data.json': '{"a": {"b": [1, 2.5, "x"]}, "c": true}',
  'notes.txt': 'naïve café',
  'escape.md': { refused: 'resolves outside the workspace' },
  'config/.env': 'TOKEN=abc\n',
  'secrets.json': '{"token": "s3cr3t-value"}',
  'broken/secrets.json': '{"token": "s3cr3t-value",',
}
async function run(kind: string, args: Record<string, unknown>, at: EvaluationContext = context(fakeWorkspace(files))) {
  const [result] = await evaluateChecks([{ id: 'k', kind, args } as CheckRecord], at)
  return result!
}

describe('the evaluation loop', () => {
  it('fails a check of an unknown kind, naming the kind', async () => {
    expect(await run('file_sizes', { path: 'README.md' })).toEqual({ checkId: 'k', passed: false, evidence: 'unknown check kind file_sizes' })
  })

  it('fails a check closed, with the reason, when the workspace cannot be read', async () => {
    const broken = (reason: unknown): EvaluationContext => context({ ...fakeWorkspace(files), inspect: () => Promise.reject(reason) })
    expect(await run('file_exists', { path: 'README.md' }, broken(new Error('disk gone')))).toEqual({ checkId: 'k', passed: false, evidence: 'could not be evaluated: disk gone' })
    expect(await run('file_exists', { path: 'README.md' }, broken('EIO'))).toEqual({ checkId: 'k', passed: false, evidence: 'could not be evaluated: EIO' })
  })

  it('marks as final only a failure whose evidence is already in the log', async () => {
    const events: FoldEvent[] = [{ type: 'tool/call', seq: 2, data: { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{}' } }]
    const checks: CheckRecord[] = [
      { id: 'present', kind: 'file_exists', args: { path: 'README.md' } },
      { id: 'missing', kind: 'file_exists', args: { path: 'gone.md' } },
      { id: 'called', kind: 'tool_not_called', args: { tool: 'bash' } },
    ]
    expect(await evaluateChecks(checks, context(fakeWorkspace(files), events, 1))).toEqual([
      { checkId: 'present', passed: true, evidence: 'README.md exists (21 bytes)' },
      { checkId: 'missing', passed: false, evidence: 'gone.md does not exist' },
      { checkId: 'called', passed: false, final: true, evidence: 'bash was called 1 time(s) after the contract started (seq 2)' },
    ])
  })

  it('looks a kind\'s declaration up by name', () => {
    expect(checkKind('json_equals')).toBe(CHECK_KINDS.json_equals)
    expect(checkKind('file_absent').required).toEqual(['path'])
    for (const kind of ['tool_succeeded', 'tool_not_called', 'no_tool_errors'] as const) expect(checkKind(kind).brittleness, kind).toContain('trajectory, not outcome')
  })
})

describe('file checks', () => {
  it('file_absent says the path is absent, or why it could not look', async () => {
    expect(await run('file_absent', { path: 'gone.md' })).toMatchObject({ passed: true, evidence: 'gone.md is absent' })
    expect(await run('file_absent', { path: 'escape.md' })).toMatchObject({ passed: false, evidence: 'escape.md: resolves outside the workspace' })
  })

  it('a passing check states what it matched', async () => {
    expect(await run('file_contains', { path: 'README.md', text: 'Hello' })).toMatchObject({ passed: true, evidence: 'README.md contains "Hello"' })
    expect(await run('file_not_contains', { path: 'README.md', text: 'TODO' })).toMatchObject({ passed: true, evidence: 'README.md does not contain "TODO"' })
    expect(await run('file_equals', { path: 'README.md', text: '# Title\nHello, world\n' })).toMatchObject({ passed: true, evidence: 'README.md equals the expected 21 characters' })
    expect(await run('json_equals', { path: 'data.json', pointer: '/a/b', value: [1, 2.5, 'x'] })).toMatchObject({ passed: true, evidence: 'data.json#/a/b equals [1,2.5,"x"]' })
  })

  it('every content check fails with the reason when the file is missing or refused', async () => {
    const lone = '\uD800'
    const argsOf = [
      ['file_contains', { text: 'x' }], ['file_contains', { text: lone }],
      ['file_not_contains', { text: 'x' }], ['file_not_contains', { text: lone }],
      ['file_equals', { text: 'x' }], ['json_equals', { pointer: '', value: 1 }],
    ] as const
    for (const [kind, args] of argsOf) {
      expect(await run(kind, { path: 'gone.md', ...args }), kind).toEqual({ checkId: 'k', passed: false, evidence: 'gone.md does not exist' })
      expect(await run(kind, { path: 'escape.md', ...args }), kind).toEqual({ checkId: 'k', passed: false, evidence: 'escape.md: resolves outside the workspace' })
    }
  })

  it('a well-formed literal is searched in the validated bytes, without decoding the file', async () => {
    // The port's contract: readUtf8 is the same read as readText without building the text.
    const bytesOnly = context({ ...fakeWorkspace(files), readText: () => Promise.reject(new Error('the text was decoded')) })
    const path = 'notes.txt' as WorkspacePath
    expect(await fileContains({ path, text: 'café' }, bytesOnly)).toEqual({ passed: true, evidence: 'notes.txt contains "café"' })
    expect(await fileNotContains({ path, text: 'café' }, bytesOnly)).toEqual({ passed: false, evidence: 'notes.txt still contains "café" at character 6' })
  })

  it('file_equals reports the first differing character and up to 40 characters of each side from there', async () => {
    const at = context(fakeWorkspace({ 'short.txt': 'abcdef', 'long.txt': `${'x'.repeat(10)}A${'y'.repeat(50)}` }))
    expect(await run('file_equals', { path: 'short.txt', text: 'abXdef' }, at)).toMatchObject({
      passed: false, evidence: 'short.txt differs from the expected text at character 2: found "cdef", expected "Xdef" (lengths 6 and 6)',
    })
    expect(await run('file_equals', { path: 'long.txt', text: `${'x'.repeat(10)}Bzzzzz` }, at)).toMatchObject({
      passed: false, evidence: `long.txt differs from the expected text at character 10: found "A${'y'.repeat(39)}", expected "Bzzzzz" (lengths 61 and 16)`,
    })
  })

  it('a secret-like file is never quoted in evidence, only its size and hash', async () => {
    const equals = await run('file_equals', { path: 'config/.env', text: 'TOKEN=xyz' })
    expect(equals.evidence).toBe(`config/.env differs from the expected text (9 characters): ${withheld('TOKEN=abc\n')}`)
    const json = await run('json_equals', { path: 'secrets.json', pointer: '/token', value: 'guess' })
    expect(json.evidence).toBe(`secrets.json#/token is ${withheld('"s3cr3t-value"')}, expected "guess"`)
    const broken = await run('json_equals', { path: 'broken/secrets.json', pointer: '/token', value: 'guess' })
    expect(broken.evidence).toBe(`broken/secrets.json is not unambiguous JSON: ${withheld(files['broken/secrets.json'] as string)}`)
    for (const result of [equals, json, broken]) expect(result.evidence).not.toContain('s3cr3t')
  })

  it('a secret-like file never tells a guesser how much of a guess was right, or its JSON structure', async () => {
    const evidence = async (kind: string, args: Record<string, unknown>): Promise<string> => (await run(kind, args)).evidence
    expect(await evidence('file_equals', { path: 'config/.env', text: 'TOKEN=abd\n' })).toBe(await evidence('file_equals', { path: 'config/.env', text: 'XOKEN=abd\n' }))
    expect(await evidence('file_not_contains', { path: 'config/.env', text: 'abc' })).toBe('config/.env still contains "abc" (position withheld: secret-like file)')
    expect(await evidence('file_not_contains', { path: 'README.md', text: 'Hello' })).toBe('README.md still contains "Hello" at character 8')
    const missing = await evidence('json_equals', { path: 'secrets.json', pointer: '/token/inner', value: 'guess' })
    expect(missing).toBe(`secrets.json: /token/inner does not resolve; ${withheld(files['secrets.json'] as string)}`)
    expect(missing).not.toContain('string')
  })
})

describe('secret-like files', () => {
  it('match a pattern by file name in any directory, ignoring case', () => {
    const isSecret = secretFileMatcher(SECRET_PATTERNS)
    for (const path of ['.env', 'config/.env', 'a/b/.ENV', 'server.pem', 'deploy/keys/Server.PEM', '.pem', 'secrets.json']) expect(isSecret(path), path).toBe(true)
  })

  it('match the whole file name, with * as the only wildcard', () => {
    const isSecret = secretFileMatcher(SECRET_PATTERNS)
    for (const path of ['.envrc', '.env.dev', 'x.env', 'env', 'xenv', 'config/env', '.env/notes.txt', 'server.pem.bak', 'pem', 'secrets-json', 'README.md']) expect(isSecret(path), path).toBe(false)
    const literal = secretFileMatcher(['key(1)+[a].txt'])
    expect(literal('keys/key(1)+[a].txt')).toBe(true)
    expect(literal('key1+a.txt')).toBe(false)
    expect(secretFileMatcher([])('.env')).toBe(false)
  })

  it('evidence about one states its size in UTF-8 bytes and its sha256, never the text', () => {
    expect(withheld('abc')).toBe('content withheld (secret-like file; 3 bytes, sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad)')
    expect(withheld('héllo')).toBe('content withheld (secret-like file; 6 bytes, sha256:3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179)')
  })
})

describe('JSON pointers', () => {
  it('the empty pointer is valid and names the whole document', () => {
    expect(isJsonPointer('')).toBe(true)
    expect(resolvePointer([1], '')).toEqual({ found: true, value: [1] })
  })

  it('index arrays only by canonical decimal indices below the length', () => {
    const document = { list: Array.from({ length: 11 }, (_, index) => index * 10) }
    expect(resolvePointer(document, '/list/0')).toEqual({ found: true, value: 0 })
    expect(resolvePointer(document, '/list/1')).toEqual({ found: true, value: 10 })
    expect(resolvePointer(document, '/list/10')).toEqual({ found: true, value: 100 })
    for (const token of ['11', '01', '1x', 'x1', '-1', '-', '1.0', ' 1', '']) {
      expect(resolvePointer(document, `/list/${token}`), token).toEqual({ found: false, reason: `no array element at /list/${token}` })
    }
  })

  it('find only an object\'s own members, naming the first missing one', () => {
    expect(resolvePointer({ a: { b: 1 } }, '/a/c/d')).toEqual({ found: false, reason: 'no member at /a/c' })
    expect(resolvePointer({}, '/toString')).toEqual({ found: false, reason: 'no member at /toString' })
  })

  it('name the value they cannot descend into', () => {
    expect(resolvePointer({ a: null }, '/a/b')).toEqual({ found: false, reason: '/a/b descends into a null' })
    expect(resolvePointer({ a: 'text' }, '/a/0')).toEqual({ found: false, reason: '/a/0 descends into a string' })
    expect(resolvePointer({ a: true }, '/a/x/y')).toEqual({ found: false, reason: '/a/x descends into a boolean' })
  })
})

describe('workspace paths', () => {
  it('accept at most MAX_PATH_CHARS characters', () => {
    expect(parseWorkspacePath('a'.repeat(MAX_PATH_CHARS))).toEqual({ ok: true, path: 'a'.repeat(MAX_PATH_CHARS) })
    expect(parseWorkspacePath('a'.repeat(MAX_PATH_CHARS + 1))).toEqual({ ok: false, reason: `must be at most ${MAX_PATH_CHARS} characters` })
  })

  it('refuse only a leading drive letter: a colon later in a path is an ordinary character', () => {
    expect(parseWorkspacePath('notes/c:d.md')).toEqual({ ok: true, path: 'notes/c:d.md' })
  })
})
