/** Timing statistics for the performance figures. Pure. */

/** Median and 99th percentile of samples. */
export interface Summary { readonly median: number, readonly p99: number, readonly samples: number }

/**
 * Summarize samples.
 * @param samples - measurements (any unit).
 */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { median: at(0.5), p99: at(0.99), samples: sorted.length }
}

/**
 * Time an async operation repeatedly.
 * @param iterations - measured runs (after a short warm-up).
 * @param operation - the operation.
 * @returns microseconds per run.
 */
export async function timeAsync(iterations: number, operation: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, iterations); i += 1) await operation()
  const samples: number[] = []
  for (let i = 0; i < iterations; i += 1) {
    const start = process.hrtime.bigint()
    await operation()
    samples.push(Number(process.hrtime.bigint() - start) / 1000)
  }
  return samples
}
