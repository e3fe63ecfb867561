/**
 * The in-process evidence-matrix harness can show a governed failure: with
 * a deliberately broken build (every check passes) the same trials that the
 * real build scores as clean report false certifications of contracts that
 * covered the task.
 */
import { describe, expect, it } from 'vitest'
import { CASES } from '../../bench/src/cases.ts'
import { EVERY_CHECK_PASSES, plantedRows } from '../../bench/src/planted.ts'
import { matrixTotals } from '../../bench/src/report.ts'
import { runTrialInProcess, type TrialResult } from '../../bench/src/trial.ts'

const SEEDS = [1000, 1001, 1002, 1003]

async function trials(rows?: Awaited<ReturnType<typeof plantedRows>>): Promise<TrialResult[]> {
  const results: TrialResult[] = []
  for (const id of ['missing-file', 'wrong-literal']) {
    const benchCase = CASES.find(candidate => candidate.id === id)!
    for (const arm of ['governed', 'reviewed'] as const) {
      for (const seed of SEEDS) results.push(await runTrialInProcess(benchCase, arm, seed, rows))
    }
  }
  return results
}

describe('the in-process evidence matrix', () => {
  it('reports false certifications of covering contracts for a build where every check passes, and none for the real build', async () => {
    const real = matrixTotals(await trials())
    expect(real.coveredFalseCertifications).toBe(0)
    expect(real.unexplainedFalseCompletions).toBe(0)
    const broken = matrixTotals(await trials(await plantedRows(EVERY_CHECK_PASSES)))
    expect(broken.coveredFalseCertifications).toBeGreaterThan(0)
  }, 120_000)
})
