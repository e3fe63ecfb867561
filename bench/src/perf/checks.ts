/**
 * Check figures: evaluating file checks through the real host filesystem,
 * against the plain cost of reading and hashing the same files through it.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileSystem } from '@deepseek-ai/dsh-fs'
import { evaluateChecks } from '../../../lib/reliability/checks/evaluate.js'
import { createOutcomeMemo } from '../../../lib/reliability/checks/outcome-memo.js'
import type { OutcomeMemo } from '../../../lib/reliability/checks/evidence.js'
import { workspacePort } from '../../../lib/reliability/host/workspace-port.js'
import { mountHost } from '../../../test/support/host.ts'
import { overRuns, quantile, type PerfRecord } from './measure.ts'

/** Runs, evaluations per run and file sizes of the scaling table. */
export interface CheckScale {
  readonly runs: number
  readonly evaluations: number
  readonly fileSizes: readonly number[]
}

/** Reads at once, as the workspace port allows by default. */
const CONCURRENT_READS = 4

type Check = { id: string, kind: string, args: Record<string, unknown> }

/** Read and hash files through ctx.fs with the same concurrency cap as the checks: the floor any check over the files pays. */
async function readAndHash(fs: FileSystem, workspace: string, paths: readonly string[]): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const path = paths[next] as string
      next += 1
      const target = await fs.resolve(path, { cwd: workspace })
      createHash('sha256').update(await fs.readBytes(target, undefined, 64 * 1024 * 1024)).digest('hex')
    }
  }
  await Promise.all(Array.from({ length: CONCURRENT_READS }, worker))
}

/** Median time of each operation over interleaved repetitions, in milliseconds. */
async function interleaved(evaluations: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const first: number[] = []
  const second: number[] = []
  for (let i = 0; i < evaluations + 2; i += 1) {
    for (const [operation, samples] of (i % 2 === 0 ? [[a, first], [b, second]] : [[b, second], [a, first]]) as Array<[() => Promise<unknown>, number[]]>) {
      const start = process.hrtime.bigint()
      await operation()
      if (i >= 2) samples.push(Number(process.hrtime.bigint() - start) / 1e6)
    }
  }
  return [quantile(first, 0.5), quantile(second, 0.5)]
}

/**
 * Record the check figure and the file-size table.
 * @param record - where figures go.
 * @param scale - runs, evaluations and sizes.
 */
export async function checkFigures(record: PerfRecord, scale: CheckScale): Promise<void> {
  const host = await mountHost({ fs: true })
  const fs = host.ctx.fs
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-perf-checks-'))
  const budget = { maxFileBytes: 64 * 1024 * 1024, maxAttemptBytes: 1024 * 1024 * 1024, maxConcurrentReads: CONCURRENT_READS }
  // `memo` is the contract's outcome memo: one shared by every evaluation times repeated attempts, none times first attempts.
  const evaluate = (checks: readonly Check[], memo: OutcomeMemo | null) => async () => {
    const results = await evaluateChecks(checks as never, { workspace: workspacePort(fs, workspace, budget), events: [], startedAtSeq: 0, governorTools: new Set<string>(), isSecret: () => false, verifierReceipts: new Map(), outcomes: memo ?? createOutcomeMemo() })
    const failed = results.find(result => !(result as { passed: boolean }).passed)
    if (failed !== undefined) throw new Error(`a benchmark check failed (${JSON.stringify(failed)}), so the figure would time a failure path`)
  }
  const checks: Check[] = []
  for (let i = 0; i < 20; i += 1) {
    const size = Math.floor(((i + 1) / 20) * 1024 * 1024) - 64
    await writeFile(join(workspace, `f${i}.json`), `{"id": ${i}, "pad": "${'x'.repeat(size)}"}`)
    checks.push(i % 3 === 0 ? { id: `k${i}`, kind: 'json_equals', args: { path: `f${i}.json`, pointer: '/id', value: i } } : i % 3 === 1 ? { id: `k${i}`, kind: 'file_contains', args: { path: `f${i}.json`, text: `"id": ${i}` } } : { id: `k${i}`, kind: 'file_not_contains', args: { path: `f${i}.json`, text: 'TODO' } })
  }
  const paths = checks.map(check => check.args['path'] as string)
  const ratioOf = (memo: () => OutcomeMemo | null) => overRuns(scale.runs, async () => {
    const [checked, plain] = await interleaved(scale.evaluations, evaluate(checks, memo()), () => readAndHash(fs, workspace, paths))
    return checked / plain
  })
  const how = `median of ${scale.evaluations} interleaved evaluations per run; both through ctx.fs with at most ${CONCURRENT_READS} reads at once; json_equals, file_contains and file_not_contains in turn`
  record.figure('checks: 20 file checks over files up to 1 MiB, a repeated attempt over unchanged files, against reading and hashing them (median ratio)', 'x', await ratioOf(createOutcomeMemo), 1.5, `${how}; every evaluation reads, hashes and checks each file again, and recalls an outcome kept by an earlier attempt of the same contract for the same content`)
  record.figure('checks: 20 file checks over files up to 1 MiB, a first attempt, against reading and hashing them (median ratio)', 'x', await ratioOf(() => null), null, `${how}; nothing kept from an earlier attempt, so every check is judged (json_equals parses its whole file)`)

  const rows: Array<Array<string | number>> = []
  for (const size of scale.fileSizes) {
    await writeFile(join(workspace, 'sized.txt'), `${'line of ordinary text\n'.repeat(Math.ceil(size / 22))}`.slice(0, size))
    const check: Check = { id: 'k', kind: 'file_not_contains', args: { path: 'sized.txt', text: 'NEEDLE' } }
    const [checked, plain] = await interleaved(Math.max(3, Math.floor(scale.evaluations / 2)), evaluate([check], null), () => readAndHash(fs, workspace, ['sized.txt']))
    rows.push([size >= 1024 * 1024 ? `${size / 1024 / 1024} MiB` : `${size / 1024} KiB`, checked.toFixed(2), plain.toFixed(2), (checked / plain).toFixed(2)])
  }
  record.table({ title: 'One check by file size', note: 'A file_not_contains check on a first attempt (the whole file is searched) against reading and hashing the same file through ctx.fs; medians of interleaved repetitions, milliseconds.', columns: ['file size', 'check (ms)', 'read and hash (ms)', 'ratio'], rows })
  await host.dispose()
  await rm(workspace, { recursive: true, force: true })
}
