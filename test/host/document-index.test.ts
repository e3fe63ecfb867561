import { mkdir, mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { FileSystem } from '@deepseek-ai/dsh-fs'
import { DocumentIndex, type DocumentScan } from '../../src/ieg/host/documents.ts'
import { mountHost } from '../support/host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const SCAN: DocumentScan = { directories: ['.', 'docs'], extensions: ['.md'], maxDocuments: 100, maxDocumentBytes: 4096 }

/** The real host filesystem, with its reads and listings counted. */
async function countedFs(): Promise<{ fs: FileSystem, calls: { readBytes: number, listDir: number } }> {
  const host = await mountHost({ fs: true })
  cleanups.push(() => host.dispose())
  const real = host.ctx.fs
  const calls = { readBytes: 0, listDir: 0 }
  const fs = new Proxy(real, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (key === 'readBytes') calls.readBytes += 1
        if (key === 'listDir') calls.listDir += 1
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { fs, calls }
}

async function workspace(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'dshg-doc-index-'))
  cleanups.push(() => rm(root, { recursive: true, force: true }))
  for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text)
  return root
}

describe('the document index', () => {
  it('reads each document once, then again only when its file version changes, and sees added and removed documents', async () => {
    const root = await workspace({ 'A.md': '# Alpha\n\nalpha words here\n', 'B.md': '# Beta\n\nbeta words here\n', 'code.ts': 'export {}\n' })
    const { fs, calls } = await countedFs()
    const index = new DocumentIndex()
    const first = await index.read(fs, root, SCAN)
    expect(first.map(document => [document.path, document.title])).toEqual([['A.md', 'alpha'], ['B.md', 'beta']])
    expect(calls).toEqual({ readBytes: 2, listDir: 1 })

    await index.read(fs, root, SCAN)
    expect(calls).toEqual({ readBytes: 2, listDir: 1 })

    await writeFile(join(root, 'B.md'), '# Gamma\n\nchanged words\n')
    const changed = await index.read(fs, root, SCAN)
    expect(changed.map(document => document.title)).toEqual(['alpha', 'gamma'])
    expect(calls).toEqual({ readBytes: 3, listDir: 1 })

    await writeFile(join(root, 'C.md'), '# Delta\n')
    await unlink(join(root, 'A.md'))
    const relisted = await index.read(fs, root, SCAN)
    expect(relisted.map(document => document.path)).toEqual(['B.md', 'C.md'])
    expect(calls).toEqual({ readBytes: 4, listDir: 2 })
  })

  it('resolves and contains every name again when it reuses a listing, so a link re-pointed outside is never followed', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'dshg-doc-outside-'))
    cleanups.push(() => rm(outside, { recursive: true, force: true }))
    await writeFile(join(outside, 'guide.md'), '# Deployment password rotation\n')
    const root = await workspace({})
    await mkdir(join(root, 'docs'))
    await mkdir(join(root, 'sub'))
    await writeFile(join(root, 'sub/guide.md'), '# Contributor guide\n')
    await symlink('../sub/guide.md', join(root, 'docs/guide.md'))
    const { fs } = await countedFs()
    const index = new DocumentIndex()
    expect((await index.read(fs, root, SCAN)).map(document => [document.path, document.title])).toEqual([['docs/guide.md', 'contributor guide']])
    await rename(join(root, 'sub'), join(root, 'sub-old'))
    await symlink(outside, join(root, 'sub'))
    expect(await index.read(fs, root, SCAN)).toEqual([])
  })

  it('reads at most maxDocuments documents, skips oversized ones, and never follows a document link out of the workspace', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'dshg-doc-outside-'))
    cleanups.push(() => rm(outside, { recursive: true, force: true }))
    await writeFile(join(outside, 'SECRET.md'), '# Secret\n')
    const files: Record<string, string> = { 'BIG.md': `# Big\n${'x'.repeat(5000)}\n` }
    for (let i = 0; i < 6; i += 1) files[`D${i}.md`] = `# Doc ${i}\n`
    const root = await workspace(files)
    await symlink(join(outside, 'SECRET.md'), join(root, 'LINK.md'))
    const { fs, calls } = await countedFs()
    const index = new DocumentIndex()
    const all = await index.read(fs, root, SCAN)
    expect(all.map(document => document.path)).toEqual(['D0.md', 'D1.md', 'D2.md', 'D3.md', 'D4.md', 'D5.md'])
    expect(calls.readBytes).toBe(6)
    const few = await new DocumentIndex().read(fs, root, { ...SCAN, maxDocuments: 3 })
    expect(few.map(document => document.path)).toEqual(['D0.md', 'D1.md', 'D2.md'])
    expect(calls.readBytes).toBe(9)
  })
})
