/** Aggregate trial results into per-case, per-arm metrics and list deviations. Pure. */
import type { TrialResult } from './trial.ts'

/** Metrics of one case in one arm. */
export interface ArmMetrics {
  trials: number
  completionClaims: number
  oracleSuccesses: number
  falseCompletions: number
  certified: number
  exhausted: number
  abstained: number
  falseCertifications: number
  falseExhaustions: number
  falseAbstentions: number
  expectedOutcomes: number
  expectedOutcomeAccuracy: number
  meanModelCalls: number
  meanToolCalls: number
}

/** A trial whose outcome differs from what it should be. */
export interface Deviation {
  caseId: string
  arm: string
  seed: number
  expected: string
  got: string
  choices: TrialResult['choices']
}

/**
 * Whether a trial ended as it should. Governed trials of governor cases must
 * end in the expected governor outcome; gate cases (expected `none`) and
 * baseline trials are right when the final report matches the oracle: a claim
 * exactly when the oracle passes, and for gate cases an oracle pass. Where the
 * outcome needs human judgment (expected `abstained`), the oracle only checks
 * the checkable part, so a baseline trial is right when it does not claim.
 */
export function asExpected(result: TrialResult): boolean {
  if (result.expected === 'none') return result.arm === 'governed' ? result.oracle && !(result.claimed && !result.oracle) : result.claimed === result.oracle
  if (result.arm === 'governed') return result.outcome === result.expected
  if (result.expected === 'abstained') return !result.claimed
  return result.claimed === result.oracle
}

/**
 * Metrics of one case and arm.
 * @param results - that case's trials in that arm.
 */
export function armMetrics(results: readonly TrialResult[]): ArmMetrics {
  const count = (predicate: (result: TrialResult) => boolean): number => results.filter(predicate).length
  const expectedOutcomes = count(asExpected)
  const mean = (pick: (result: TrialResult) => number): number => (results.length === 0 ? 0 : Math.round((results.reduce((sum, result) => sum + pick(result), 0) / results.length) * 100) / 100)
  return {
    trials: results.length,
    completionClaims: count(result => result.claimed),
    oracleSuccesses: count(result => result.oracle),
    falseCompletions: count(result => result.claimed && !result.oracle),
    certified: count(result => result.outcome === 'certified'),
    exhausted: count(result => result.outcome === 'exhausted'),
    abstained: count(result => result.outcome === 'abstained'),
    falseCertifications: count(result => result.outcome === 'certified' && !result.oracle),
    falseExhaustions: count(result => result.outcome === 'exhausted' && result.oracle),
    falseAbstentions: count(result => result.outcome === 'abstained' && result.oracle && result.expected !== 'abstained'),
    expectedOutcomes,
    expectedOutcomeAccuracy: results.length === 0 ? 0 : Math.round((expectedOutcomes / results.length) * 1000) / 1000,
    meanModelCalls: mean(result => result.modelCalls),
    meanToolCalls: mean(result => result.toolCalls),
  }
}

/**
 * Every governed trial that did not end as it should (baseline misses are the point of the baseline).
 * @param results - all trials.
 */
export function deviations(results: readonly TrialResult[]): Deviation[] {
  return results.filter(result => result.arm === 'governed' && !asExpected(result)).map(result => ({
    caseId: result.caseId,
    arm: result.arm,
    seed: result.seed,
    expected: result.expected === 'none' ? 'oracle passes' : result.expected,
    got: `${result.outcome}, oracle ${result.oracle ? 'pass' : 'fail'}, ${result.claimed ? 'claimed' : 'no claim'}`,
    choices: result.choices,
  }))
}
