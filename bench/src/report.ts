/**
 * The evidence report: JSON (the record), Markdown (the summary) and an SVG
 * chart generated from the JSON. Full runs write docs/benchmarks/; quick runs
 * (BENCH_QUICK=1, as in CI) write .cache/bench-quick/ so they never touch the
 * committed report.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../test/support/dsh-profile.ts'
import { isFalseCertification, isFalseCompletion, type ArmMetrics, type Deviation } from './metrics.ts'
import type { PolicyProbes } from './precision/policy-probes.ts'
import type { GatePrecision } from './precision/run.ts'
import { ARM_NAMES, ARMS, type Arm, type TrialResult } from './trial.ts'

/** Totals over every trial of the matrix (in-process and installed CLI). */
export interface MatrixTotals {
  /** Governed false certifications of contracts that checked everything the task asks: must be 0. */
  coveredFalseCertifications: number
  /** False certifications of weak contracts, per governed arm. */
  weakFalseCertifications: { governed: number, reviewed: number }
  /** How many weak-contract false certifications the review arm did not have. */
  reviewPrevented: number
  /** Certifications of a task the user did not want done as asked, per governed arm (no contract could catch them; review can). */
  unwantedCertifications: { governed: number, reviewed: number }
  /** Governed false completions not explained by a weak contract's or an unwanted task's certification: must be 0. */
  unexplainedFalseCompletions: number
  /** Governed trials of gate cases that no `ieg` gate decided (the host or a tool refused first): must be empty. */
  gateNotReached: string[]
  baselineFalseCompletions: number
}

/** The evidence matrix record. */
export interface EvidenceReport {
  generatedAt: string
  trialsPerArm: number
  seeds: number[]
  cases: Array<{ id: string, title: string } & Record<Arm, ArmMetrics>>
  cli: TrialResult[]
  gatePrecision: GatePrecision
  policyProbes: PolicyProbes
  deviations: Deviation[]
  totals: MatrixTotals
}

/**
 * The matrix totals.
 * @param results - every trial.
 */
export function matrixTotals(results: readonly TrialResult[]): MatrixTotals {
  const governed = results.filter(result => result.arm !== 'baseline')
  const weak = (result: TrialResult): boolean => isFalseCertification(result) && result.covered === false && !result.unwanted
  const unwanted = (result: TrialResult): boolean => isFalseCertification(result) && result.unwanted
  const perArm = (predicate: (result: TrialResult) => boolean) => ({ governed: governed.filter(result => result.arm === 'governed' && predicate(result)).length, reviewed: governed.filter(result => result.arm === 'reviewed' && predicate(result)).length })
  const weakCounts = perArm(weak)
  return {
    coveredFalseCertifications: governed.filter(result => isFalseCertification(result) && result.covered !== false && !result.unwanted).length,
    weakFalseCertifications: weakCounts,
    reviewPrevented: weakCounts.governed - weakCounts.reviewed,
    unwantedCertifications: perArm(unwanted),
    unexplainedFalseCompletions: governed.filter(result => isFalseCompletion(result) && !weak(result) && !unwanted(result)).length,
    baselineFalseCompletions: results.filter(result => result.arm === 'baseline' && isFalseCompletion(result)).length,
    gateNotReached: governed.filter(result => result.gated && result.refusals.ieg === 0).map(result => `${result.caseId} (${result.arm}, seed ${result.seed})`),
  }
}

/** Bar colour of each arm in the chart. */
const ARM_COLOURS: Record<Arm, string> = { baseline: '#b0b0b0', governed: '#90cdf4', reviewed: '#2b6cb0' }

/** Where a report is written: docs/benchmarks/ for a full run, .cache/bench-quick/ for a quick one. */
export async function outputDir(quick: boolean): Promise<string> {
  const dir = quick ? join(PROJECT_ROOT, '.cache/bench-quick') : join(PROJECT_ROOT, 'docs/benchmarks')
  await mkdir(dir, { recursive: true })
  return dir
}

/** Text safe inside SVG. */
export function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/** Side-by-side bars per case: false-completion rate and expected-outcome accuracy, baseline against governed. */
export function evidenceSvg(report: EvidenceReport): string {
  const rowHeight = 46
  const top = 90
  const labelWidth = 300
  const panel = 260
  const height = top + report.cases.length * rowHeight + 40
  const parts: string[] = []
  const bar = (x: number, y: number, fraction: number, color: string, label: string): string =>
    `<rect x="${x}" y="${y}" width="${Math.max(1, fraction * panel).toFixed(1)}" height="11" fill="${color}"/><text x="${x + Math.max(1, fraction * panel) + 4}" y="${y + 10}" font-size="10" fill="#333">${label}</text>`
  report.cases.forEach((entry, index) => {
    const y = top + index * rowHeight
    parts.push(`<text x="${labelWidth - 8}" y="${y + 17}" font-size="12" text-anchor="end" fill="#111">${escapeXml(entry.title)}</text>`)
    const columns: Array<[number, (metrics: ArmMetrics) => number]> = [
      [labelWidth, metrics => metrics.falseCompletions / Math.max(1, metrics.trials)],
      [labelWidth + panel + 60, metrics => metrics.expectedOutcomeAccuracy],
    ]
    for (const [x, metric] of columns) {
      ARM_NAMES.forEach((arm, armIndex) => parts.push(bar(x, y + 2 + armIndex * 13, metric(entry[arm]), ARM_COLOURS[arm], `${Math.round(metric(entry[arm]) * 100)}%`)))
    }
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + 2 * panel + 140}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="10" y="22" font-size="15" font-weight="bold">Evidence matrix: ${report.trialsPerArm} trials per arm per case</text>
<text x="${labelWidth}" y="${top - 8}" font-size="12" font-weight="bold">false completions (claimed, oracle fails)</text>
<text x="${labelWidth + panel + 60}" y="${top - 8}" font-size="12" font-weight="bold">expected-outcome accuracy</text>
${ARM_NAMES.map((arm, index) => `<rect x="10" y="${30 + index * 14}" width="10" height="10" fill="${ARM_COLOURS[arm]}"/><text x="24" y="${39 + index * 14}" font-size="11">${arm}: ${escapeXml(ARMS[arm])}</text>`).join('\n')}
${parts.join('\n')}
</svg>
`
}

function metricsRow(id: string, arm: string, metrics: ArmMetrics): string {
  return `| ${id} | ${arm} | ${metrics.trials} | ${metrics.completionClaims} | ${metrics.oracleSuccesses} | ${metrics.falseCompletions} | ${metrics.certified}/${metrics.exhausted}/${metrics.abstained} | ${metrics.falseCertifications} (${metrics.coveredFalseCertifications}) | ${metrics.weakContracts} | ${metrics.falseExhaustions} | ${metrics.falseAbstentions} | ${metrics.expectedOutcomeAccuracy} | ${metrics.meanModelCalls} | ${metrics.meanToolCalls} |`
}

/** Write the evidence report; returns the directory. */
export async function writeEvidenceReport(report: EvidenceReport, quick: boolean): Promise<string> {
  const dir = await outputDir(quick)
  await writeFile(join(dir, 'evidence.json'), `${JSON.stringify(report, null, 2)}\n`)
  await writeFile(join(dir, 'evidence.svg'), evidenceSvg(report))
  const table = report.cases.flatMap(entry => ARM_NAMES.map(arm => metricsRow(entry.id, arm, entry[arm])))
  const cli = report.cli.map(result => `| ${result.caseId} | ${result.arm} | ${result.seed} | ${result.claimed ? 'yes' : 'no'} | ${result.oracle ? 'pass' : 'fail'} | ${result.outcome} | ${result.covered === null ? '-' : result.covered ? 'yes' : 'no'} | ${result.refusals.ieg} / ${result.refusals.other} | ${result.modelCalls} | ${result.toolCalls} |`)
  const totals = report.totals
  const deviations = report.deviations.length === 0 ? 'None: every governed trial ended as expected.' : report.deviations.map(d => `- ${d.caseId} (${d.arm}, seed ${d.seed}): expected ${d.expected}, got ${d.got}; choices ${JSON.stringify(d.choices)}`).join('\n')
  const gates = report.gatePrecision
  const probes = report.policyProbes
  const list = (title: string, items: readonly string[]): string => (items.length === 0 ? '' : `${title}:\n\n${items.map(item => `- \`${item.replaceAll('`', "'")}\``).join('\n')}\n\n`)
  await writeFile(join(dir, 'evidence.md'), `# Evidence matrix

Generated by \`npm run bench:evidence\` on ${report.generatedAt.slice(0, 10)}. ${report.trialsPerArm} trials per arm per case, seeds ${report.seeds[0]} to ${report.seeds.at(-1)} (seed = ${report.seeds[0]} + trial index).

Arms: ${ARM_NAMES.map(arm => `**${arm}**: ${ARMS[arm]}`).join('; ')}.

Totals (in-process and installed CLI): governed false certifications of contracts that checked everything the task asks **${totals.coveredFalseCertifications}**; false certifications of weak contracts **${totals.weakFalseCertifications.governed}** with review off and **${totals.weakFalseCertifications.reviewed}** with review, so review prevented **${totals.reviewPrevented}**; certifications of a task the user did not want done (no contract can catch those, review can) ${totals.unwantedCertifications.governed} with review off and ${totals.unwantedCertifications.reviewed} with review; governed false completions not explained by a weak contract **${totals.unexplainedFalseCompletions}**; baseline false completions ${totals.baselineFalseCompletions}; governed trials of gate cases that no gate decided: ${totals.gateNotReached.length === 0 ? 'none' : totals.gateNotReached.join(', ')}.

![evidence matrix](evidence.svg)

| case | arm | trials | claims | oracle passes | false completions | certified/exhausted/abstained | false certifications (of covering contracts) | weak contracts | false exhaustions | false abstentions | expected-outcome accuracy | model calls | tool calls |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${table.join('\n')}

## Deviations

${deviations}

## Gate precision

Protected paths, on executed ground truth (${gates.groundTruth}): ${gates.legitimate} probes changed nothing under \`.git\`, ${gates.falseBlocks} of them blocked (false-block rate ${gates.falseBlockRate}); ${gates.trapsCaught} of ${gates.traps} traps caught; ${gates.historyWrites.allowed} of ${gates.historyWrites.count} history writes allowed (\`workspace.gitHistory: allow\`).

${list('Blocked although they changed nothing protected', gates.falselyBlocked)}${list('Traps that ran', gates.missedTraps)}${list('History writes blocked', gates.historyWrites.blocked)}Policy probes (near-duplicate documents, retired information): ${probes.legitimate} legitimate calls, ${probes.falseBlocks} blocked${probes.falselyBlocked.length === 0 ? '' : `: ${probes.falselyBlocked.join(', ')}`}; ${probes.trapsCaught} of ${probes.traps} traps caught${probes.missedTraps.length === 0 ? '' : `; missed: ${probes.missedTraps.join(', ')}`}.

## Installed CLI, one trial per case and arm

| case | arm | seed | claimed | oracle | outcome | covering contract | refused by IEG / others | model calls | tool calls |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${cli.join('\n')}
`)
  return dir
}
