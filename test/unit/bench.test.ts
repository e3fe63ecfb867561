import { describe, expect, it } from 'vitest'
import { CASES } from '../../bench/src/cases.ts'
import { armMetrics, asExpected, deviations } from '../../bench/src/metrics.ts'
import { seeded } from '../../bench/src/policy.ts'
import { evidenceSvg, matrixTotals } from '../../bench/src/report.ts'
import { perfSvg } from '../../bench/src/perf/report.ts'
import type { TrialResult } from '../../bench/src/trial.ts'

const trial = (overrides: Partial<TrialResult>): TrialResult => ({ caseId: 'c', arm: 'governed', seed: 1, choices: {}, expected: 'certified', claimed: true, oracle: true, outcome: 'certified', covered: true, unwanted: false, gated: false, modelCalls: 3, toolCalls: 2, refusals: { ieg: 0, other: 0 }, reviewAnswers: [], ...overrides })

describe('benchmark metrics', () => {
  it('count false completions and certifications against the oracle', () => {
    const metrics = armMetrics([trial({}), trial({ oracle: false }), trial({ outcome: 'exhausted', claimed: false, expected: 'exhausted' }), trial({ oracle: false, covered: false })])
    expect(metrics).toMatchObject({ trials: 4, completionClaims: 3, oracleSuccesses: 2, falseCompletions: 2, certified: 3, falseCertifications: 2, coveredFalseCertifications: 1, weakContracts: 1, falseExhaustions: 1, expectedOutcomes: 1 })
  })

  it('judge baseline trials by whether the claim matches the oracle, gate cases by the oracle', () => {
    expect(asExpected(trial({ arm: 'baseline', outcome: 'none', claimed: true, oracle: false }))).toBe(false)
    expect(asExpected(trial({ arm: 'baseline', outcome: 'none', claimed: false, oracle: false }))).toBe(true)
    expect(asExpected(trial({ expected: 'none', outcome: 'none', claimed: false, oracle: true }))).toBe(true)
    expect(deviations([trial({ outcome: 'exhausted', seed: 42 }), trial({ arm: 'baseline', outcome: 'none', oracle: false })])).toEqual([{ caseId: 'c', arm: 'governed', seed: 42, expected: 'an outcome consistent with the oracle', got: 'exhausted, oracle pass, claimed, covering contract', choices: {} }])
    expect(asExpected(trial({ outcome: 'exhausted', claimed: false, oracle: false }))).toBe(true)
    expect(asExpected(trial({ outcome: 'open', claimed: false }))).toBe(false)
    expect(asExpected(trial({ outcome: 'none', claimed: false, covered: null }))).toBe(false)
  })

  it('total false certifications by contract coverage and the weak ones review prevented', () => {
    const weak = { oracle: false, covered: false } as const
    const gate = { caseId: 'gate', outcome: 'none', claimed: false, covered: null, gated: true }
    const unwanted = trial({ oracle: false, unwanted: true })
    expect(matrixTotals([trial(weak), trial(weak), trial({ ...weak, arm: 'reviewed' }), trial({ arm: 'reviewed', oracle: false }), trial({ arm: 'baseline', outcome: 'none', oracle: false }), trial(gate), trial({ ...gate, seed: 2, refusals: { ieg: 1, other: 0 } }), unwanted])).toEqual({
      coveredFalseCertifications: 1,
      weakFalseCertifications: { governed: 2, reviewed: 1 },
      reviewPrevented: 1,
      unwantedCertifications: { governed: 1, reviewed: 0 },
      unexplainedFalseCompletions: 1,
      baselineFalseCompletions: 1,
      gateNotReached: ['gate (governed, seed 1)'],
    })
  })

  it('reproduces every case\'s trial from its seed', () => {
    for (const benchCase of CASES) {
      const first = benchCase.arrange(seeded(7))
      const again = benchCase.arrange(seeded(7))
      expect(JSON.stringify({ ...again, reactions: undefined, plan: again.plan.map(turn => ({ ...turn, calls: 'calls' in turn ? turn.calls.map(c => [c.name, c.arguments]) : [] })) }))
        .toBe(JSON.stringify({ ...first, reactions: undefined, plan: first.plan.map(turn => ({ ...turn, calls: 'calls' in turn ? turn.calls.map(c => [c.name, c.arguments]) : [] })) }))
    }
    expect(new Set(CASES.map(benchCase => benchCase.id)).size).toBe(CASES.length)
  })

  it('draw charts that name every case and every budgeted figure', () => {
    const arm = armMetrics([trial({})])
    const svg = evidenceSvg({ generatedAt: '', trialsPerArm: 1, seeds: [1], cases: CASES.map(c => ({ id: c.id, title: c.title, baseline: arm, governed: arm, reviewed: arm })), cli: [], gatePrecision: { legitimate: 1, falseBlocks: 0, falseBlockRate: 0, falselyBlocked: [], traps: 1, trapsCaught: 1, missedTraps: [], historyWrites: { count: 0, allowed: 0, blocked: [] }, groundTruth: '' }, policyProbes: { legitimate: 1, falseBlocks: 0, falseBlockRate: 0, falselyBlocked: [], traps: 1, trapsCaught: 1, missedTraps: [] }, deviations: [], totals: matrixTotals([]) })
    for (const benchCase of CASES) expect(svg).toContain(benchCase.title.replaceAll('&', '&amp;'))
    const perf = perfSvg([{ name: 'gate <x>', unit: 'µs', value: 150, min: 140, max: 160, runs: 3, budget: 100, comparison: '<', status: 'OVER', detail: '' }])
    expect(perf).toContain('gate &lt;x&gt;')
    expect(perf).toContain('#c53030')
  })
})

describe('human-judgment cases', () => {
  it('count a baseline trial that does not claim as right', () => {
    expect(asExpected(trial({ arm: 'baseline', expected: 'abstained', outcome: 'none', claimed: false, oracle: true }))).toBe(true)
    expect(asExpected(trial({ arm: 'baseline', expected: 'abstained', outcome: 'none', claimed: true, oracle: true }))).toBe(false)
  })
})
