/**
 * Performance figures on the real host services, printed against budgets and
 * written to docs/benchmarks/ (or .cache/bench-quick/ with BENCH_QUICK=1).
 * Every budgeted figure is measured in at least three runs in this process
 * (min / median / max); a figure over budget is reported, never hidden.
 * `BENCH_ONLY=gate,checks` runs named sections only and writes to the quick
 * directory.
 */
import { PerfRecord } from './src/perf/measure.ts'
import { writePerfReport } from './src/perf/report.ts'
import { gateFigures } from './src/perf/gate.ts'
import { foldFigures } from './src/perf/fold.ts'
import { checkFigures } from './src/perf/checks.ts'
import { footprintFigures } from './src/perf/footprint.ts'
import { turnFigures } from './src/perf/turn.ts'

const quick = process.env['BENCH_QUICK'] === '1'
const only = process.env['BENCH_ONLY']?.split(',') ?? null
const runs = 3
const record = new PerfRecord()
const sections: ReadonlyArray<readonly [string, () => Promise<void>]> = [
  ['gate', () => gateFigures(record, quick
    ? { runs, samples: 200, documentSamples: 30, documentCounts: [5, 25, 100], commandBytes: [100, 400, 1000] }
    : { runs, samples: 1000, documentSamples: 200, documentCounts: [5, 25, 100, 500, 2000], commandBytes: [100, 250, 500, 1000, 2000, 4000] })],
  ['fold', () => foldFigures(record, { runs, eventCounts: quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000] })],
  ['checks', () => checkFigures(record, quick ? { runs, evaluations: 5, fileSizes: [1024, 1024 * 1024] } : { runs, evaluations: 21, fileSizes: [1024, 16 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024, 16 * 1024 * 1024] })],
  ['footprint', () => footprintFigures(record)],
  ['turn', () => turnFigures(record, quick ? { runs, turns: 10, ratioPairs: 6 } : { runs, turns: 60, ratioPairs: 30 })],
]
for (const [name, run] of sections) if (only === null || only.includes(name)) await run()
const out = await writePerfReport(record.figures, record.tables, quick || only !== null)
process.stdout.write(`\nreport: ${out}\n`)
