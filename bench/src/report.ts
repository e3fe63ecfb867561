/**
 * The evidence report: JSON (the record), Markdown (the summary) and an SVG
 * chart generated from the JSON. Full runs write docs/benchmarks/; quick runs
 * (BENCH_QUICK=1, as in CI) write .cache/bench-quick/ so they never touch the
 * committed report.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../test/support/dsh-profile.ts'
import type { ArmMetrics, Deviation } from './metrics.ts'
import type { PolicyProbes } from './precision/policy-probes.ts'
import type { GatePrecision } from './precision/run.ts'
import type { TrialResult } from './trial.ts'

/** The evidence matrix record. */
export interface EvidenceReport {
  generatedAt: string
  trialsPerArm: number
  seeds: number[]
  cases: Array<{ id: string, title: string, baseline: ArmMetrics, governed: ArmMetrics }>
  cli: TrialResult[]
  gatePrecision: GatePrecision
  policyProbes: PolicyProbes
  deviations: Deviation[]
  totals: { governedFalseCertifications: number, governedFalseCompletions: number, baselineFalseCompletions: number }
}

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
  const rowHeight = 34
  const top = 70
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
      parts.push(bar(x, y + 2, metric(entry.baseline), '#b0b0b0', `${Math.round(metric(entry.baseline) * 100)}%`))
      parts.push(bar(x, y + 15, metric(entry.governed), '#2b6cb0', `${Math.round(metric(entry.governed) * 100)}%`))
    }
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + 2 * panel + 140}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="10" y="22" font-size="15" font-weight="bold">Evidence matrix: ${report.trialsPerArm} trials per arm per case</text>
<text x="${labelWidth}" y="52" font-size="12" font-weight="bold">false completions (claimed, oracle fails)</text>
<text x="${labelWidth + panel + 60}" y="52" font-size="12" font-weight="bold">expected-outcome accuracy</text>
<rect x="10" y="34" width="10" height="10" fill="#b0b0b0"/><text x="24" y="43" font-size="11">baseline (bundle not mounted)</text>
<rect x="10" y="50" width="10" height="10" fill="#2b6cb0"/><text x="24" y="59" font-size="11">governed (bundle defaults)</text>
${parts.join('\n')}
</svg>
`
}

function metricsRow(id: string, arm: string, metrics: ArmMetrics): string {
  return `| ${id} | ${arm} | ${metrics.trials} | ${metrics.completionClaims} | ${metrics.oracleSuccesses} | ${metrics.falseCompletions} | ${metrics.certified}/${metrics.exhausted}/${metrics.abstained} | ${metrics.falseCertifications} | ${metrics.falseExhaustions} | ${metrics.falseAbstentions} | ${metrics.expectedOutcomeAccuracy} | ${metrics.meanModelCalls} | ${metrics.meanToolCalls} |`
}

/** Write the evidence report; returns the directory. */
export async function writeEvidenceReport(report: EvidenceReport, quick: boolean): Promise<string> {
  const dir = await outputDir(quick)
  await writeFile(join(dir, 'evidence.json'), `${JSON.stringify(report, null, 2)}\n`)
  await writeFile(join(dir, 'evidence.svg'), evidenceSvg(report))
  const table = report.cases.flatMap(entry => [metricsRow(entry.id, 'baseline', entry.baseline), metricsRow(entry.id, 'governed', entry.governed)])
  const cli = report.cli.map(result => `| ${result.caseId} | ${result.arm} | ${result.seed} | ${result.claimed ? 'yes' : 'no'} | ${result.oracle ? 'pass' : 'fail'} | ${result.outcome} | ${result.modelCalls} | ${result.toolCalls} |`)
  const deviations = report.deviations.length === 0 ? 'None: every governed trial ended as expected.' : report.deviations.map(d => `- ${d.caseId} (${d.arm}, seed ${d.seed}): expected ${d.expected}, got ${d.got}; choices ${JSON.stringify(d.choices)}`).join('\n')
  const gates = report.gatePrecision
  const probes = report.policyProbes
  const list = (title: string, items: readonly string[]): string => (items.length === 0 ? '' : `${title}:\n\n${items.map(item => `- \`${item.replaceAll('`', "'")}\``).join('\n')}\n\n`)
  await writeFile(join(dir, 'evidence.md'), `# Evidence matrix

Generated by \`npm run bench:evidence\` on ${report.generatedAt.slice(0, 10)}. ${report.trialsPerArm} trials per arm per case, seeds ${report.seeds[0]} to ${report.seeds.at(-1)} (seed = ${report.seeds[0]} + trial index).

Totals: governed false certifications **${report.totals.governedFalseCertifications}**, governed false completions **${report.totals.governedFalseCompletions}**, baseline false completions ${report.totals.baselineFalseCompletions}.

![evidence matrix](evidence.svg)

| case | arm | trials | claims | oracle passes | false completions | certified/exhausted/abstained | false certifications | false exhaustions | false abstentions | expected-outcome accuracy | model calls | tool calls |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${table.join('\n')}

## Deviations

${deviations}

## Gate precision

Protected paths, on executed ground truth (${gates.groundTruth}): ${gates.legitimate} probes changed nothing under \`.git\`, ${gates.falseBlocks} of them blocked (false-block rate ${gates.falseBlockRate}); ${gates.trapsCaught} of ${gates.traps} traps caught; ${gates.historyWrites.allowed} of ${gates.historyWrites.count} history writes allowed (\`workspace.gitHistory: allow\`).

${list('Blocked although they changed nothing protected', gates.falselyBlocked)}${list('Traps that ran', gates.missedTraps)}${list('History writes blocked', gates.historyWrites.blocked)}Policy probes (near-duplicate documents, retired information): ${probes.legitimate} legitimate calls, ${probes.falseBlocks} blocked${probes.falselyBlocked.length === 0 ? '' : `: ${probes.falselyBlocked.join(', ')}`}; ${probes.trapsCaught} of ${probes.traps} traps caught${probes.missedTraps.length === 0 ? '' : `; missed: ${probes.missedTraps.join(', ')}`}.

## Installed CLI, one trial per case and arm

| case | arm | seed | claimed | oracle | outcome | model calls | tool calls |
| --- | --- | --- | --- | --- | --- | --- | --- |
${cli.join('\n')}
`)
  return dir
}
