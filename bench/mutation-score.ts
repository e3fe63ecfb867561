/**
 * Mutation scores from Stryker's JSON report, per decision core and in all:
 * (killed + timed out) / (killed + timed out + survived + not covered).
 * Mutants a `// Stryker disable` comment marks as equivalent (each with its
 * reason in the source) are counted apart and left out of the score.
 * With a report of the sampled shell classifier run (bench/mutation-sample.ts),
 * also its estimate with a 95% Wilson interval.
 * Written to reports/mutation/mutation-score.md, which `npm run
 * bench:robustness` copies into docs/robustness.md.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../test/support/dsh-profile.ts'

interface StrykerReport { files: Record<string, { mutants: Array<{ status: string }> }> }

/** The decision cores the score is reported for, by source path prefix. */
const CORES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['fold and record decoding', ['src/reliability/contract/fold.ts', 'src/reliability/contract/decode.ts']],
  ['coverage', ['src/reliability/contract/coverage.ts']],
  ['lifecycle', ['src/reliability/contract/lifecycle.ts']],
  ['checks', ['src/reliability/checks/']],
  ['gate and protected paths', ['src/ieg/workspace/gate.ts', 'src/ieg/workspace/protected.ts', 'src/ieg/workspace/classify-call.ts']],
  ['shell classifier', ['src/ieg/shell/']],
  ['overlap', ['src/ieg/workspace/overlap.ts']],
]

/** The score table of a full run's report. */
function scoreRows(report: StrykerReport): string[] {
  const rows: string[] = ['| decision core | mutants | killed | survived | not covered | score | marked equivalent |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |']
  let all = { total: 0, detected: 0, survived: 0, uncovered: 0, ignored: 0 }
  for (const [label, prefixes] of CORES) {
    const statuses = Object.entries(report.files).filter(([path]) => prefixes.some(prefix => path.replaceAll('\\', '/').includes(prefix))).flatMap(([, file]) => file.mutants.map(mutant => mutant.status))
    const detected = statuses.filter(status => status === 'Killed' || status === 'Timeout').length
    const survived = statuses.filter(status => status === 'Survived').length
    const uncovered = statuses.filter(status => status === 'NoCoverage').length
    const ignored = statuses.filter(status => status === 'Ignored').length
    const scored = detected + survived + uncovered
    all = { total: all.total + scored, detected: all.detected + detected, survived: all.survived + survived, uncovered: all.uncovered + uncovered, ignored: all.ignored + ignored }
    rows.push(scored === 0 ? `| ${label} | not mutated in this run | | | | | |` : `| ${label} | ${scored} | ${detected} | ${survived} | ${uncovered} | ${(detected / scored * 100).toFixed(1)}% | ${ignored} |`)
  }
  rows.push(`| **all** | ${all.total} | ${all.detected} | ${all.survived} | ${all.uncovered} | ${(all.detected / all.total * 100).toFixed(1)}% | ${all.ignored} |`)
  return rows
}

/** The 95% Wilson score interval of a proportion, in percent. */
function wilson(detected: number, total: number): [number, number] {
  const z = 1.96
  const p = detected / total
  const centre = (p + z * z / (2 * total)) / (1 + z * z / total)
  const half = (z / (1 + z * z / total)) * Math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
  return [(centre - half) * 100, (centre + half) * 100]
}

async function sampleLine(): Promise<string> {
  const sample = await readFile(join(PROJECT_ROOT, 'reports/mutation/shell-sample.json'), 'utf8').catch(() => null)
  const plan = await readFile(join(PROJECT_ROOT, 'reports/mutation/shell-sample-plan.json'), 'utf8').catch(() => null)
  if (sample === null || plan === null) return ''
  const { seed, windows, sampled, windowLines } = JSON.parse(plan) as { seed: number, windows: number, sampled: number, windowLines: number }
  const statuses = Object.values((JSON.parse(sample) as StrykerReport).files).flatMap(file => file.mutants.map(mutant => mutant.status))
  const detected = statuses.filter(status => status === 'Killed' || status === 'Timeout').length
  const scored = statuses.filter(status => ['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(status)).length
  const ignored = statuses.filter(status => status === 'Ignored').length
  const [low, high] = wilson(detected, scored)
  return `\nShell classifier, sampled (\`npm run mutation:shell-sample\`: ${sampled} of its ${windows} windows of ${windowLines} lines, seed ${seed}): ${detected} of ${scored} mutants detected, ${(detected / scored * 100).toFixed(1)}% (95% interval ${low.toFixed(1)}% to ${high.toFixed(1)}%); ${ignored} more marked equivalent.\n`
}

const full = await readFile(join(PROJECT_ROOT, 'reports/mutation/mutation.json'), 'utf8').catch(() => null)
if (full === null) {
  // A sampled run alone: print its estimate; mutation-score.md (the full run's record) is left as it was.
  const line = (await sampleLine()).trim()
  process.stdout.write(line === '' ? 'no Stryker report in reports/mutation/\n' : `${line}\nNo full run report (reports/mutation/mutation.json): reports/mutation/mutation-score.md is left as it was.\n`)
} else {
  const text = `Stryker (\`npm run mutation\`, vitest runner over the unit tier, run ${new Date().toISOString()}):\n\n${scoreRows(JSON.parse(full) as StrykerReport).join('\n')}\n${await sampleLine()}`
  await writeFile(join(PROJECT_ROOT, 'reports/mutation/mutation-score.md'), text)
  process.stdout.write(text)
}
