import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateChecks } from '../../src/reliability/checks/evaluate.ts'
import type { WorkspacePath } from '../../src/reliability/checks/paths.ts'
import { workspacePort } from '../../src/reliability/host/workspace-port.ts'
import { mountHost, type MountedHost } from '../support/host.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'

let host: MountedHost
let workspace: string
let outside: string

beforeAll(async () => {
  host = await mountHost({ fs: true })
  workspace = await mkdtemp(join(tmpdir(), 'dshg-port-'))
  outside = await mkdtemp(join(tmpdir(), 'dshg-outside-'))
  await writeFile(join(outside, 'secret.txt'), 'Hello from outside\n')
  await writeFile(join(workspace, 'README.md'), 'Hello\n')
  await writeFile(join(workspace, 'big.txt'), 'x'.repeat(2048))
  await writeFile(join(workspace, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]))
  await mkdir(join(workspace, 'docs'))
  await symlink(join(outside, 'secret.txt'), join(workspace, 'escape.txt'))
  await symlink(outside, join(workspace, 'outdir'))
  await symlink('README.md', join(workspace, 'alias.md'))
  await symlink('nowhere.md', join(workspace, 'dangling.md'))
})

afterAll(async () => {
  await host.dispose()
  await rm(workspace, { recursive: true, force: true })
  await rm(outside, { recursive: true, force: true })
})

const port = () => workspacePort(host.ctx.fs, workspace, { maxFileBytes: 1024, maxAttemptBytes: 4096, maxConcurrentReads: 2 })
const at = (path: string) => path as WorkspacePath

describe('the workspace port over the real host filesystem', () => {
  it('reads a contained regular UTF-8 file, following an inside symlink', async () => {
    expect(await port().readText(at('README.md'))).toEqual({ kind: 'text', text: 'Hello\n' })
    expect(await port().readText(at('alias.md'))).toEqual({ kind: 'text', text: 'Hello\n' })
  })

  it('refuses a symlink that resolves outside the workspace', async () => {
    const file = await port().readText(at('escape.txt'))
    expect(file.kind).toBe('refused')
    expect(file.kind === 'refused' ? file.reason : '').toContain('resolves outside the workspace')
    expect((await port().inspect(at('outdir/secret.txt'))).kind).toBe('refused')
    expect((await port().entry(at('outdir/secret.txt'))).kind).toBe('refused')
  })

  it('refuses oversize, non-UTF-8 and non-regular files', async () => {
    expect(await port().readText(at('big.txt'))).toEqual({ kind: 'refused', reason: 'is 2048 bytes, over the 1024-byte limit (maxFileBytes)' })
    expect(await port().readText(at('latin1.txt'))).toEqual({ kind: 'refused', reason: 'is not valid UTF-8 text' })
    expect(await port().inspect(at('docs'))).toEqual({ kind: 'refused', reason: 'is a directory, not a regular file' })
    expect(await port().readText(at('missing.md'))).toEqual({ kind: 'missing' })
  })

  it('fingerprints the bytes it judges, from the same single read, and nothing it refuses', async () => {
    const { createHash } = await import('node:crypto')
    const reader = port()
    expect(await reader.fingerprint(at('alias.md'))).toBe(createHash('sha256').update('Hello\n').digest('hex'))
    await writeFile(join(workspace, 'README.md'), 'Changed\n')
    try {
      // Within one attempt the file is read once: the fingerprint and the text stay those of that read.
      expect(await reader.readText(at('alias.md'))).toEqual({ kind: 'text', text: 'Hello\n' })
      expect(await port().fingerprint(at('README.md'))).toBe(createHash('sha256').update('Changed\n').digest('hex'))
    } finally {
      await writeFile(join(workspace, 'README.md'), 'Hello\n')
    }
    for (const path of ['escape.txt', 'big.txt', 'missing.md', 'docs', 'outdir/secret.txt']) expect(await port().fingerprint(at(path))).toBeNull()
  })

  it('sees a dangling symlink as an entry that is present', async () => {
    expect(await port().entry(at('dangling.md'))).toEqual({ kind: 'present', type: 'symlink' })
    expect(await port().entry(at('gone.md'))).toEqual({ kind: 'absent' })
  })

  it('makes every file check fail closed on an escaping symlink', async () => {
    const ctx = { workspace: port(), events: [], startedAtSeq: 0, governorTools: new Set<string>(), isSecret: () => false, verifierReceipts: new Map(), outcomes: createOutcomeMemo() }
    const results = await evaluateChecks([
      { id: 'a', kind: 'file_exists', args: { path: 'escape.txt' } },
      { id: 'b', kind: 'file_contains', args: { path: 'escape.txt', text: 'Hello' } },
      { id: 'c', kind: 'file_not_contains', args: { path: 'escape.txt', text: 'zzz' } },
      { id: 'd', kind: 'file_equals', args: { path: 'escape.txt', text: 'Hello from outside\n' } },
      { id: 'e', kind: 'file_absent', args: { path: 'dangling.md' } },
    ], ctx)
    expect(results.map(result => result.passed)).toEqual([false, false, false, false, false])
  })
})
