/** The parts of a full Stryker run in chunks: an even split, and a join that refuses a missing or stale chunk. */
import { describe, expect, it } from 'vitest'
import { chunkConfig, joinChunkReports, reconcileChunks, splitBySize } from '../../bench/src/mutation-chunks.ts'

describe('splitBySize', () => {
  it('puts each file, largest first, into the lightest chunk', () => {
    const sized = [{ file: 'a', size: 5 }, { file: 'b', size: 4 }, { file: 'c', size: 3 }, { file: 'd', size: 3 }, { file: 'e', size: 1 }]
    expect(splitBySize(sized, 2)).toEqual([['a', 'd'], ['b', 'c', 'e']])
  })

  it('leaves no file out and none twice', () => {
    const sized = Array.from({ length: 17 }, (_, index) => ({ file: `f${index}`, size: (index * 7) % 11 }))
    expect(splitBySize(sized, 5).flat().sort()).toEqual(sized.map(entry => entry.file).sort())
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses the chunk count %s', count => {
    expect(() => splitBySize([{ file: 'a', size: 1 }], count)).toThrow(/positive integer/)
  })
})

describe('joinChunkReports', () => {
  const report = (file: string): { files: Record<string, unknown>, schemaVersion: string } => ({ files: { [file]: { mutants: [] } }, schemaVersion: '2' })

  it('joins the files of every chunk made on the commit', () => {
    expect(joinChunkReports([{ commit: 'c1', report: report('x.ts') }, { commit: 'c1', report: report('y.ts') }], 'c1'))
      .toEqual({ files: { 'x.ts': { mutants: [] }, 'y.ts': { mutants: [] } }, schemaVersion: '2' })
  })

  it('refuses a chunk made on another commit, naming it', () => {
    expect(() => joinChunkReports([{ commit: 'c1', report: report('x.ts') }, { commit: 'c0', report: report('y.ts') }], 'c1')).toThrow('chunk 2 has no report for c1 (its report is from c0)')
  })

  it('refuses a chunk without a report', () => {
    expect(() => joinChunkReports([{ commit: '', report: null }], 'c1')).toThrow('chunk 1 has no report for c1')
    expect(() => joinChunkReports([{ commit: 'c1', report: null }], 'c1')).toThrow('chunk 1 has no report for c1')
  })

  it('refuses an empty plan', () => {
    expect(() => joinChunkReports([], 'c1')).toThrow('no chunks')
  })
})

describe('chunkConfig', () => {
  it('gives each chunk its own report and an incremental file apart from it', () => {
    const config = chunkConfig({ testRunner: 'vitest', mutate: ['src/**/*.ts'], jsonReporter: { fileName: 'reports/mutation/mutation.json' } }, ['src/a.ts'], 2)
    expect(config).toMatchObject({ testRunner: 'vitest', mutate: ['src/a.ts'], jsonReporter: { fileName: 'reports/mutation/chunk-3.json' }, incremental: true, incrementalFile: 'reports/mutation/chunk-3.incremental.json' })
    expect(config['incrementalFile']).not.toBe((config['jsonReporter'] as { fileName: string }).fileName)
  })
})

describe('reconcileChunks', () => {
  it('keeps planned files in their chunks, drops gone ones and adds new ones to the lightest chunk', () => {
    const sized = [{ file: 'a', size: 5 }, { file: 'b', size: 1 }, { file: 'n', size: 2 }, { file: 'm', size: 9 }]
    expect(reconcileChunks([['a', 'gone'], ['b']], sized)).toEqual([['a', 'n'], ['b', 'm']])
  })

  it('leaves an unchanged plan as it was', () => {
    const sized = [{ file: 'a', size: 5 }, { file: 'b', size: 1 }]
    expect(reconcileChunks([['b'], ['a']], sized)).toEqual([['b'], ['a']])
  })

  it('refuses an empty plan', () => {
    expect(() => reconcileChunks([], [])).toThrow('no chunks')
  })
})
