import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { EvaluationContext, WorkspacePort } from '../../src/reliability/checks/evidence.ts'
import { evaluateChecks } from '../../src/reliability/checks/evaluate.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'
import { CHECK_KIND_NAMES, CHECK_KINDS } from '../../src/reliability/checks/vocabulary.ts'

/** A workspace over mutable file contents that counts content reads (text or bytes). */
function countingWorkspace(files: Map<string, string>): WorkspacePort & { reads: number } {
  const port = {
    reads: 0,
    inspect: async (path: string) => (files.has(path) ? { kind: 'file' as const, size: Buffer.byteLength(files.get(path)!) } : { kind: 'missing' as const }),
    readText: async (path: string) => {
      port.reads += 1
      return files.has(path) ? { kind: 'text' as const, text: files.get(path)! } : { kind: 'missing' as const }
    },
    readUtf8: async (path: string) => {
      port.reads += 1
      return files.has(path) ? { kind: 'utf8' as const, bytes: Buffer.from(files.get(path)!) } : { kind: 'missing' as const }
    },
    entry: async (path: string) => (files.has(path) ? { kind: 'present' as const, type: 'file' } : { kind: 'absent' as const }),
    fingerprint: async (path: string) => (files.has(path) ? createHash('sha256').update(files.get(path)!).digest('hex') : null),
  }
  return port
}

const CHECKS = [
  { id: 'json', kind: 'json_equals', args: { path: 'a.json', pointer: '/v', value: 1 } },
  { id: 'has', kind: 'file_contains', args: { path: 'a.json', text: '"v"' } },
  { id: 'lacks', kind: 'file_not_contains', args: { path: 'b.txt', text: 'TODO' } },
  { id: 'same', kind: 'file_equals', args: { path: 'b.txt', text: 'done\n' } },
]

describe('outcomes kept across attempts of one contract', () => {
  const attempt = (port: WorkspacePort, memo: ReturnType<typeof createOutcomeMemo>, secret = (_: string) => false) => {
    const ctx: EvaluationContext = { workspace: port, events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: secret, verifierReceipts: new Map(), outcomes: memo }
    return evaluateChecks(CHECKS, ctx)
  }

  it('are recalled while the content is unchanged, and judged again once it changes', async () => {
    const files = new Map([['a.json', '{"v": 1}'], ['b.txt', 'done\n']])
    const port = countingWorkspace(files)
    const memo = createOutcomeMemo()
    const first = await attempt(port, memo)
    expect(first.map(result => result.passed)).toEqual([true, true, true, true])
    const judged = port.reads
    expect(judged).toBeGreaterThanOrEqual(CHECKS.length)
    expect(await attempt(port, memo)).toEqual(first)
    expect(port.reads).toBe(judged)
    files.set('a.json', '{"v": 2}')
    const changed = await attempt(port, memo)
    expect(changed.map(result => result.passed)).toEqual([false, true, true, true])
    expect(port.reads).toBe(judged + 2)
    files.set('b.txt', 'TODO\n')
    expect((await attempt(port, memo)).map(result => result.passed)).toEqual([false, true, false, false])
  })

  it('are judged again when the same content turns secret-like, or under a fresh memo', async () => {
    const files = new Map([['a.json', '{"v": 3}'], ['b.txt', 'done\n']])
    const port = countingWorkspace(files)
    const memo = createOutcomeMemo()
    const plain = await attempt(port, memo)
    expect(plain[0]?.evidence).toContain('is 3')
    const secret = await attempt(port, memo, path => path === 'a.json')
    expect(secret[0]?.evidence).not.toContain('is 3')
    const reads = port.reads
    await attempt(port, createOutcomeMemo())
    expect(port.reads).toBeGreaterThan(reads)
  })

  it('never cover a check whose arguments changed under the same id', async () => {
    const files = new Map([['a.json', '{"v": 1}']])
    const memo = createOutcomeMemo()
    const port = countingWorkspace(files)
    const ctx: EvaluationContext = { workspace: port, events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: () => false, verifierReceipts: new Map(), outcomes: memo }
    expect((await evaluateChecks([{ id: 'k', kind: 'json_equals', args: { path: 'a.json', pointer: '/v', value: 1 } }], ctx))[0]?.passed).toBe(true)
    expect((await evaluateChecks([{ id: 'k', kind: 'json_equals', args: { path: 'a.json', pointer: '/v', value: 2 } }], ctx))[0]?.passed).toBe(false)
  })

  it('are never kept for content without a hash: each attempt judges the file again', async () => {
    const files = new Map([['a.json', '{"v": 1}'], ['b.txt', 'done\n']])
    const counted = countingWorkspace(files)
    const memo = createOutcomeMemo()
    const unhashed: WorkspacePort = { ...counted, fingerprint: async () => null }
    expect((await attempt(unhashed, memo)).map(result => result.passed)).toEqual([true, true, true, true])
    const reads = counted.reads
    files.set('a.json', '{"v": 2}')
    expect((await attempt(unhashed, memo)).map(result => result.passed)).toEqual([false, true, true, true])
    expect(counted.reads).toBe(2 * reads)
  })

  it('are never kept for kinds that judge more than content, even when the hash holds still', async () => {
    const present = new Set(['a.txt'])
    let lookups = 0
    const port: WorkspacePort = {
      ...countingWorkspace(new Map()),
      entry: async (path: string) => {
        lookups += 1
        return present.has(path) ? { kind: 'present' as const, type: 'file' } : { kind: 'absent' as const }
      },
      fingerprint: async () => 'unchanging',
    }
    const ctx: EvaluationContext = { workspace: port, events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: () => false, verifierReceipts: new Map(), outcomes: createOutcomeMemo() }
    const checks = [{ id: 'gone', kind: 'file_absent', args: { path: 'a.txt' } }]
    expect((await evaluateChecks(checks, ctx))[0]?.passed).toBe(false)
    present.clear()
    expect((await evaluateChecks(checks, ctx))[0]?.passed).toBe(true)
    expect(lookups).toBe(2)
  })

  it('are kept only for kinds that judge a file\'s content alone', () => {
    const judging = CHECK_KIND_NAMES.filter(kind => CHECK_KINDS[kind].judgesContent)
    expect(judging).toEqual(['file_contains', 'file_not_contains', 'file_equals', 'json_equals'])
    for (const kind of judging) expect(CHECK_KINDS[kind].required).toContain('path')
  })
})
