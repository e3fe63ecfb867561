/** The pure parts of a full Stryker run in chunks (bench/mutation-chunks.ts). */

/** A Stryker JSON report: its `files` map is what chunks contribute. */
export interface ChunkReport { readonly files: Record<string, unknown>, readonly [key: string]: unknown }

/**
 * Split files into `count` chunks of about equal size: largest first, each
 * into the lightest chunk so far; each chunk's files sorted.
 * @param sized - files with their sizes in bytes.
 * @param count - how many chunks, a positive integer.
 */
export function splitBySize(sized: ReadonlyArray<{ readonly file: string, readonly size: number }>, count: number): string[][] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`a chunk count must be a positive integer, not ${String(count)}`)
  const ordered = [...sized].sort((a, b) => b.size - a.size || a.file.localeCompare(b.file))
  const chunks = Array.from({ length: count }, () => ({ size: 0, files: [] as string[] }))
  for (const entry of ordered) {
    const lightest = chunks.reduce((best, chunk) => chunk.size < best.size ? chunk : best)
    lightest.size += entry.size
    lightest.files.push(entry.file)
  }
  return chunks.map(chunk => chunk.files.sort())
}

/**
 * One report of every chunk's files, refused unless every chunk has a report
 * made on `commit`.
 * @param parts - each chunk's report (null when missing) and the commit it was made on ('' when none).
 * @param commit - the commit the joined report stands for.
 */
export function joinChunkReports(parts: ReadonlyArray<{ readonly commit: string, readonly report: ChunkReport | null }>, commit: string): ChunkReport {
  if (parts.length === 0) throw new Error('the chunk plan has no chunks')
  let joined: ChunkReport | undefined
  for (const [index, part] of parts.entries()) {
    if (part.report === null || part.commit !== commit) throw new Error(`chunk ${index + 1} has no report for ${commit}${part.commit === '' || part.commit === commit ? '' : ` (its report is from ${part.commit})`}`)
    joined = joined === undefined ? { ...part.report, files: { ...part.report.files } } : { ...joined, files: { ...joined.files, ...part.report.files } }
  }
  return joined as ChunkReport
}

/**
 * The Stryker configuration of chunk `index` (from 0): the base with its
 * `mutate` list, its own JSON report, and an incremental file of its own
 * beside the report (Stryker writes both at the end; one path for both
 * would interleave the two writes).
 * @param base - stryker.config.json.
 * @param mutate - the chunk's files.
 * @param index - the chunk's index.
 */
export function chunkConfig(base: Readonly<Record<string, unknown>>, mutate: readonly string[], index: number): Record<string, unknown> {
  const stem = `reports/mutation/chunk-${index + 1}`
  return { ...base, $schema: undefined, mutate, jsonReporter: { fileName: `${stem}.json` }, incremental: true, incrementalFile: `${stem}.incremental.json` }
}

/**
 * A plan brought up to date with the current `mutate` files: a file that is
 * gone leaves its chunk, a new file joins the chunk lightest by current size,
 * and every other file stays where it was, so its chunk's incremental file
 * still applies.
 * @param chunks - the planned chunks.
 * @param sized - the files the `mutate` list names now, with their sizes.
 */
export function reconcileChunks(chunks: ReadonlyArray<readonly string[]>, sized: ReadonlyArray<{ readonly file: string, readonly size: number }>): string[][] {
  if (chunks.length === 0) throw new Error('the chunk plan has no chunks')
  const sizes = new Map(sized.map(entry => [entry.file, entry.size]))
  const kept = chunks.map(chunk => chunk.filter(file => sizes.has(file)))
  const planned = new Set(kept.flat())
  const added = sized.filter(entry => !planned.has(entry.file)).sort((a, b) => b.size - a.size || a.file.localeCompare(b.file))
  const weights = kept.map(chunk => chunk.reduce((sum, file) => sum + (sizes.get(file) as number), 0))
  for (const entry of added) {
    const lightest = weights.indexOf(Math.min(...weights))
    kept[lightest]?.push(entry.file)
    weights[lightest] = (weights[lightest] as number) + entry.size
  }
  return kept.map(chunk => [...chunk].sort())
}
