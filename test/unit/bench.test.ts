import { describe, expect, it } from 'vitest'
import { CASES } from '../../bench/src/cases.ts'
import { armMetrics, asExpected, deviations } from '../../bench/src/metrics.ts'
import { seeded } from '../../bench/src/policy.ts'
import { evidenceSvg } from '../../bench/src/report.ts'
import { perfSvg } from '../../bench/src/perf/report.ts'
import type { TrialResult } from '../../bench/src/trial.ts'

const trial = (overrides: Partial<TrialResult>): TrialResult => ({ caseId: 'c', arm: 'governed', seed: 1, choices: {}, expected: 'certified', claimed: true, oracle: true, outcome: 'certified', modelCalls: 3, toolCalls: 2, ...overrides })

describe('benchmark metrics', () => {
  it('count false completions and certifications against the oracle', () => {
    const metrics = armMetrics([trial({}), trial({ oracle: false }), trial({ outcome: 'exhausted', claimed: false, expected: 'exhausted' })])
    expect(metrics).toMatchObject({ trials: 3, completionClaims: 2, oracleSuccesses: 2, falseCompletions: 1, certified: 2, falseCertifications: 1, falseExhaustions: 1, expectedOutcomes: 3 })
  })

  it('judge baseline trials by whether the claim matches the oracle, gate cases by the oracle', () => {
    expect(asExpected(trial({ arm: 'baseline', outcome: 'none', claimed: true, oracle: false }))).toBe(false)
    expect(asExpected(trial({ arm: 'baseline', outcome: 'none', claimed: false, oracle: false }))).toBe(true)
    expect(asExpected(trial({ expected: 'none', outcome: 'none', claimed: false, oracle: true }))).toBe(true)
    expect(deviations([trial({ outcome: 'exhausted', seed: 42 })])).toEqual([{ caseId: 'c', arm: 'governed', seed: 42, expected: 'certified', got: 'exhausted, oracle pass, claimed', choices: {} }])
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
    const svg = evidenceSvg({ generatedAt: '', trialsPerArm: 1, seeds: [1], cases: CASES.map(c => ({ id: c.id, title: c.title, baseline: arm, governed: arm })), cli: [], gatePrecision: { legitimate: 1, falseBlocks: 0, falseBlockRate: 0, falselyBlocked: [], traps: 1, trapsCaught: 1, missedTraps: [], historyWrites: { count: 0, allowed: 0, blocked: [] }, groundTruth: '' }, policyProbes: { legitimate: 1, falseBlocks: 0, falseBlockRate: 0, falselyBlocked: [], traps: 1, trapsCaught: 1, missedTraps: [] }, deviations: [], totals: { governedFalseCertifications: 0, governedFalseCompletions: 0, baselineFalseCompletions: 0 } })
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
