/**
 * One trial of a case through the installed `dsh` CLI: the packed bundle and
 * the bench-tools fixture bundle in throwaway profiles (the baseline profile
 * disables both rows), the scripted model on 127.0.0.1, the reviewing user's
 * answers replayed from the in-process trial of the same seed, and the same
 * oracle.
 */
import { writeFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createProfile, PROJECT_ROOT, readSessionLogs, runTask, SCRIPTED_USER_BUNDLE, type Profile } from '../../test/support/dsh-profile.ts'
import { startModelServer } from '../../test/support/model-server.ts'
import type { BenchCase } from './cases.ts'
import { policyScript, worldRandom } from './policy.ts'
import { draftSystemPrompt } from '../../lib/reliability/authoring/draft-prompt.js'
import type { ScriptedUserAnswer } from '../../scripts/scripted-user/index.js'
import { auxiliaryRoute, governedIegConfig, governedReliabilityConfig, layOut, scoreTrial, type Arm, type TrialResult } from './trial.ts'

const FIXTURE = join(PROJECT_ROOT, 'bench/fixtures/bench-tools')

/** The CLI profiles: the baseline one disables both rows; both governed arms share the other. */
export interface CliProfiles { readonly baseline: Profile, readonly governed: Profile }

/**
 * Create the baseline and governed profiles.
 * @param dsh - the host binary.
 * @param tarball - the packed bundle.
 */
export async function createCliProfiles(dsh: string, tarball: string): Promise<CliProfiles> {
  return {
    baseline: await createProfile({ dsh, tarball, extraBundles: [FIXTURE], patch: '- id: reliability-governor\n  disabled: true\n- id: ieg\n  disabled: true\n' }),
    governed: await createProfile({ dsh, tarball, extraBundles: [FIXTURE, SCRIPTED_USER_BUNDLE] }),
  }
}

/**
 * Run one trial through the CLI.
 * @param profiles - the profiles.
 * @param benchCase - the case.
 * @param arm - which arm.
 * @param seed - trial seed.
 * @param reviewAnswers - the reviewing user's answers from the in-process trial of the same seed, replayed in order.
 */
export async function runTrialCli(profiles: CliProfiles, benchCase: BenchCase, arm: Arm, seed: number, reviewAnswers: readonly ScriptedUserAnswer[]): Promise<TrialResult> {
  const trial = benchCase.arrange(worldRandom(seed, benchCase.id))
  const { workspace, cleanup } = await layOut(trial)
  const profile = arm === 'baseline' ? profiles.baseline : profiles.governed
  const patchFile = `${workspace}.patch.yml`
  const patch = arm === 'baseline' ? '[]\n' : `- id: ieg\n  config: ${JSON.stringify(governedIegConfig(benchCase))}\n- id: reliability-governor\n  config: ${JSON.stringify(governedReliabilityConfig(benchCase, arm))}\n`
  await writeFile(patchFile, patch)
  const answersFile = `${workspace}.answers.json`
  await writeFile(answersFile, JSON.stringify(reviewAnswers))
  const side = arm !== 'baseline' && auxiliaryRoute(benchCase) !== null ? { systemPrefix: draftSystemPrompt().split('\n')[0]!, entries: (trial.draftReplies ?? []).map(text => ({ kind: 'text' as const, text })) } : undefined
  const server = await startModelServer(policyScript(trial, seed, benchCase.id), side)
  try {
    const before = new Set((await readSessionLogs(profile.home)).map(log => log.path))
    const result = await runTask(profile, trial.task, { cwd: workspace, baseURL: server.baseURL, patchFile, env: { DSHG_SCRIPTED_ANSWERS: answersFile } })
    if (result.code !== 0) throw new Error(`dsh exited ${String(result.code)} in ${benchCase.id}/${arm}: ${result.stderr.slice(-2000)}`)
    const log = (await readSessionLogs(profile.home)).find(entry => !before.has(entry.path))
    return await scoreTrial(benchCase, arm, seed, trial, workspace, { events: log?.events ?? [], modelCalls: server.requests.length }, reviewAnswers)
  } finally {
    await server.close()
    await rm(patchFile, { force: true })
    await rm(answersFile, { force: true })
    await cleanup()
  }
}
