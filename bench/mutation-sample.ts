/**
 * A seeded sample of the shell classifier for Stryker: every file of
 * src/ieg/shell/ is cut into 10-line windows and a fixed fraction of the
 * windows is mutated, so one run estimates the classifier's score (mutating
 * all of it takes hours). Writes reports/mutation/shell-sample.config.json
 * (the Stryker configuration) and shell-sample-plan.json (what was sampled),
 * which bench/mutation-score.ts reads with the run's report.
 * `MUTATION_SEED` and `MUTATION_FRACTION` change the sample.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { PROJECT_ROOT } from '../test/support/dsh-profile.ts'

const WINDOW = 10
const seed = Number(process.env['MUTATION_SEED'] ?? '20261201')
const fraction = Number(process.env['MUTATION_FRACTION'] ?? '0.12')
if (!Number.isInteger(seed) || !(fraction > 0 && fraction <= 1)) throw new Error('MUTATION_SEED must be an integer and MUTATION_FRACTION in (0, 1]')

/** mulberry32: a small seeded generator, so a seed always draws the same sample. */
function random(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const root = join(PROJECT_ROOT, 'src/ieg/shell')
const files = (await readdir(root, { recursive: true })).filter(name => name.endsWith('.ts')).map(name => join(root, name)).sort()
const windows: string[] = []
for (const file of files) {
  const lines = (await readFile(file, 'utf8')).split('\n').length
  for (let start = 1; start <= lines; start += WINDOW) windows.push(`${relative(PROJECT_ROOT, file)}:${start}-${Math.min(start + WINDOW - 1, lines)}`)
}
const draw = random(seed)
const shuffled = windows.map(window => [draw(), window] as const).sort((a, b) => a[0] - b[0]).map(([, window]) => window)
const sample = shuffled.slice(0, Math.round(windows.length * fraction)).sort()

const base = JSON.parse(await readFile(join(PROJECT_ROOT, 'stryker.config.json'), 'utf8')) as Record<string, unknown>
const out = join(PROJECT_ROOT, 'reports/mutation')
await mkdir(out, { recursive: true })
await writeFile(join(out, 'shell-sample.config.json'), `${JSON.stringify({ ...base, $schema: undefined, mutate: sample, jsonReporter: { fileName: 'reports/mutation/shell-sample.json' } }, null, 2)}\n`)
await writeFile(join(out, 'shell-sample-plan.json'), `${JSON.stringify({ seed, fraction, windowLines: WINDOW, windows: windows.length, sampled: sample.length }, null, 2)}\n`)
process.stdout.write(`sampled ${sample.length} of ${windows.length} windows of ${WINDOW} lines (seed ${seed})\n`)
