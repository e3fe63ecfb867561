/**
 * The evidence matrix: every case in every arm over seeded trials through the
 * real agent loop in-process, each case once per arm through the installed
 * dsh CLI, and the gate-precision run. Writes docs/benchmarks/evidence.* (or
 * .cache/bench-quick/ with BENCH_QUICK=1). BENCH_TRIALS overrides the trial
 * count; BENCH_SEED the first seed. Fails when a governed arm certifies a
 * contract that covered the task while the oracle fails, claims falsely
 * without a weak contract to blame, or meets a gate case without the gate
 * deciding.
 */
import { ensureHost, packBundle } from '../test/support/dsh-profile.ts'
import { CASES } from './src/cases.ts'
import { createCliProfiles, runTrialCli } from './src/cli.ts'
import { runPolicyProbes } from './src/precision/policy-probes.ts'
import { runGatePrecision } from './src/precision/run.ts'
import { armMetrics, deviations, type ArmMetrics } from './src/metrics.ts'
import { matrixTotals, writeEvidenceReport, type EvidenceReport } from './src/report.ts'
import { ARM_NAMES, runTrialInProcess, type Arm, type TrialResult } from './src/trial.ts'

const quick = process.env['BENCH_QUICK'] === '1'
const trials = Number(process.env['BENCH_TRIALS'] ?? (quick ? 3 : 20))
const firstSeed = Number(process.env['BENCH_SEED'] ?? 1000)
if (!Number.isSafeInteger(trials) || trials < 1) throw new Error(`BENCH_TRIALS must be a positive integer, got ${String(process.env['BENCH_TRIALS'])}`)
const seeds = Array.from({ length: trials }, (_, index) => firstSeed + index)

const results: TrialResult[] = []
for (const benchCase of CASES) {
  for (const arm of ARM_NAMES) {
    for (const seed of seeds) results.push(await runTrialInProcess(benchCase, arm, seed))
  }
  process.stdout.write(`in-process: ${benchCase.id} done\n`)
}

const profiles = await createCliProfiles(ensureHost(), packBundle())
const cli: TrialResult[] = []
for (const benchCase of CASES) {
  for (const arm of ARM_NAMES) {
    // A gate case runs through the CLI with the first seed whose trial meets the gate.
    const seed = results.find(result => result.caseId === benchCase.id && result.arm === 'governed' && result.gated)?.seed ?? firstSeed
    const inProcess = results.find(result => result.caseId === benchCase.id && result.arm === arm && result.seed === seed)
    cli.push(await runTrialCli(profiles, benchCase, arm, seed, inProcess?.reviewAnswers ?? []))
  }
  process.stdout.write(`cli: ${benchCase.id} done\n`)
}

// A quick run executes every fourth probe of the corpus.
const gatePrecision = await runGatePrecision(quick ? 4 : 1)
const policyProbes = await runPolicyProbes()
const cases = CASES.map(benchCase => ({
  id: benchCase.id,
  title: benchCase.title,
  ...Object.fromEntries(ARM_NAMES.map(arm => [arm, armMetrics(results.filter(result => result.caseId === benchCase.id && result.arm === arm))])) as Record<Arm, ArmMetrics>,
}))
const report: EvidenceReport = {
  generatedAt: new Date().toISOString(),
  trialsPerArm: trials,
  seeds,
  cases,
  cli,
  gatePrecision,
  policyProbes,
  deviations: deviations([...results, ...cli]),
  totals: matrixTotals([...results, ...cli]),
}
const dir = await writeEvidenceReport(report, quick)
process.stdout.write(`\n${'case'.padEnd(30)} ${'arm'.padEnd(9)} claims oracle falseCompl falseCert weak accuracy\n`)
for (const entry of cases) {
  for (const arm of ARM_NAMES) {
    const m = entry[arm]
    process.stdout.write(`${entry.id.padEnd(30)} ${arm.padEnd(9)} ${String(m.completionClaims).padStart(6)} ${String(m.oracleSuccesses).padStart(6)} ${String(m.falseCompletions).padStart(10)} ${String(m.falseCertifications).padStart(9)} ${String(m.weakContracts).padStart(4)} ${String(m.expectedOutcomeAccuracy).padStart(8)}\n`)
  }
}
const totals = report.totals
process.stdout.write(`\ngate precision (executed ground truth): ${gatePrecision.falseBlocks}/${gatePrecision.legitimate} legitimate calls blocked, ${gatePrecision.trapsCaught}/${gatePrecision.traps} traps caught, ${gatePrecision.historyWrites.allowed}/${gatePrecision.historyWrites.count} history writes allowed\n`)
process.stdout.write(`policy probes: ${policyProbes.falseBlocks}/${policyProbes.legitimate} legitimate calls blocked, ${policyProbes.trapsCaught}/${policyProbes.traps} traps caught\n`)
process.stdout.write(`governed false certifications: ${totals.coveredFalseCertifications} of covering contracts, ${totals.weakFalseCertifications.governed} of weak contracts with review off, ${totals.weakFalseCertifications.reviewed} with review (review prevented ${totals.reviewPrevented}); unexplained governed false completions ${totals.unexplainedFalseCompletions}; deviations ${report.deviations.length}\nreport: ${dir}\n`)
if (totals.gateNotReached.length > 0) process.stdout.write(`gate cases that no gate decided: ${totals.gateNotReached.join(', ')}\n`)
if (totals.coveredFalseCertifications > 0 || totals.unexplainedFalseCompletions > 0 || totals.gateNotReached.length > 0) process.exitCode = 1
