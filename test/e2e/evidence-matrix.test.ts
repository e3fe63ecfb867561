/**
 * The installed-CLI evidence-matrix harness can show a governed failure: a
 * trial whose contract covers the task scores clean with the real bundle and
 * as a false certification with a deliberately broken build installed.
 */
import { describe, expect, it } from 'vitest'
import { CASES } from '../../bench/src/cases.ts'
import { createCliProfiles, runTrialCli } from '../../bench/src/cli.ts'
import { EVERY_CHECK_PASSES, plantedTarball } from '../../bench/src/planted.ts'
import { matrixTotals } from '../../bench/src/report.ts'
import { runTrialInProcess } from '../../bench/src/trial.ts'
import { e2eEnv } from './env.ts'

describe('the installed-CLI evidence matrix', () => {
  it('reports a false certification of a covering contract with a broken build installed, and none with the real one', async () => {
    const benchCase = CASES.find(candidate => candidate.id === 'wrong-literal')!
    let seed = 1000
    while ((await runTrialInProcess(benchCase, 'governed', seed)).covered !== true) seed += 1
    const real = await runTrialCli(await createCliProfiles(e2eEnv('DSHG_DSH_BIN'), e2eEnv('DSHG_TARBALL')), benchCase, 'governed', seed, [])
    expect(real).toMatchObject({ covered: true, outcome: 'certified', oracle: true })
    expect(matrixTotals([real]).coveredFalseCertifications).toBe(0)
    const broken = await runTrialCli(await createCliProfiles(e2eEnv('DSHG_DSH_BIN'), await plantedTarball(EVERY_CHECK_PASSES)), benchCase, 'governed', seed, [])
    expect(broken).toMatchObject({ covered: true, outcome: 'certified', oracle: false })
    expect(matrixTotals([broken]).coveredFalseCertifications).toBe(1)
  })
})
