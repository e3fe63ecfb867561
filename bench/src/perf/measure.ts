/**
 * Recording performance figures: every budgeted figure is measured in at
 * least three runs in one process and reported as min / median / max of the
 * runs; the status compares the median with the budget. Scaling tables show
 * how a cost grows with its input. Pure apart from printing.
 */

/** One figure of the report. */
export interface PerfFigure {
  name: string
  unit: string
  /** The median of the runs. */
  value: number
  min: number
  max: number
  runs: number
  budget: number | null
  comparison: '<' | '<='
  status: 'within' | 'OVER' | 'info'
  detail: string
}

/** One scaling table. */
export interface PerfTable {
  title: string
  note: string
  columns: string[]
  rows: Array<Array<string | number>>
}

/** Min, median and max of per-run values. */
export interface Spread { readonly min: number, readonly median: number, readonly max: number, readonly runs: number }

/** A spread of one value (a size, which does not vary between runs). */
export function exact(value: number): Spread {
  return { min: value, median: value, max: value, runs: 1 }
}

/**
 * Run a measurement several times in this process.
 * @param runs - how many runs (at least three for a budgeted figure).
 * @param once - one run, returning its value.
 */
export async function overRuns(runs: number, once: (run: number) => Promise<number> | number): Promise<Spread> {
  const values: number[] = []
  for (let run = 0; run < runs; run += 1) values.push(await once(run))
  const sorted = [...values].sort((a, b) => a - b)
  return { min: sorted[0] ?? 0, median: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0, max: sorted.at(-1) ?? 0, runs: sorted.length }
}

/**
 * A quantile of samples (nearest rank).
 * @param samples - measurements.
 * @param q - 0.5 for the median, 0.99 for p99.
 */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0
}

const round = (value: number): number => Math.round(value * 1000) / 1000

/** The figures and tables of one report, printed as they are recorded. */
export class PerfRecord {
  readonly figures: PerfFigure[] = []
  readonly tables: PerfTable[] = []

  /**
   * Record a figure.
   * @param name - what it measures, exactly.
   * @param unit - its unit.
   * @param spread - per-run values.
   * @param budget - the budget, or null for an informative figure.
   * @param detail - how it was measured.
   * @param inclusive - the budget is `<=` rather than `<`.
   */
  figure(name: string, unit: string, spread: Spread, budget: number | null, detail: string, inclusive = false): void {
    const within = budget !== null && (inclusive ? spread.median <= budget : spread.median < budget)
    const status = budget === null ? 'info' : within ? 'within' : 'OVER'
    this.figures.push({ name, unit, value: round(spread.median), min: round(spread.min), max: round(spread.max), runs: spread.runs, budget, comparison: inclusive ? '<=' : '<', status, detail })
    const range = spread.runs > 1 ? ` (min ${round(spread.min)}, max ${round(spread.max)}, ${spread.runs} runs)` : ''
    process.stdout.write(`${name.padEnd(72)} ${String(round(spread.median)).padStart(10)} ${unit.padEnd(7)}${budget === null ? '' : ` budget ${inclusive ? '<=' : '<'} ${budget}: ${status}`}${range}\n`)
  }

  /**
   * Record a scaling table.
   * @param table - title, note, columns and rows.
   */
  table(table: PerfTable): void {
    this.tables.push(table)
    process.stdout.write(`\n${table.title}\n${table.columns.join(' | ')}\n${table.rows.map(row => row.join(' | ')).join('\n')}\n\n`)
  }
}
