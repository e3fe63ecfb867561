/**
 * The two-stage contract review through the installed CLI: the bundle and
 * the scripted-user bundle in a real headless profile, the scripted model on
 * 127.0.0.1. What the user was asked and what the session log on disk holds.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { createProfile, makeWorkspace, readSessionLogs, SCRIPTED_USER_BUNDLE, type Profile } from '../support/dsh-profile.ts'
import { wireText, type ScriptedModelServer } from '../support/model-server.ts'
import { RELEASE_CONTRACT, RELEASE_WORKSPACE } from '../support/release-scenario.ts'
import { call, say } from '../support/script.ts'
import { e2eEnv, runScripted, scriptedUserFiles, type ScriptedUserAnswer } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

async function reviewRun(answers: readonly ScriptedUserAnswer[]): Promise<{ profile: Profile, types: string[], decisions: unknown[], toolResult: string, asked: number }> {
  const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), extraBundles: [SCRIPTED_USER_BUNDLE] })
  const workspace = await makeWorkspace(RELEASE_WORKSPACE)
  const user = await scriptedUserFiles(answers)
  const { server } = await runScripted(profile, 'Release version 1.2.0.', workspace, [call('reliability_begin', RELEASE_CONTRACT), say('The contract was not opened; I will ask how to proceed.')], servers, user.env)
  const logs = await readSessionLogs(profile.home)
  expect(logs).toHaveLength(1)
  const governed = logs[0]!.events.filter(event => event.type.startsWith('reliability/'))
  return { profile, types: governed.map(event => event.type), decisions: governed.map(event => (event.data as { decision?: unknown }).decision), toolResult: wireText(server.requests[1]!.messages.at(-1)!), asked: (await user.asked()).length }
}

describe('contract review in a real dsh profile', () => {
  it('the intent revised: the review is recorded, the feedback reaches the agent, and no contract exists', async () => {
    const run = await reviewRun([{ text: 'Also bump the version in README.md' }])
    expect(run.types).toEqual(['reliability/intent-review'])
    expect(run.decisions).toEqual(['revised'])
    expect(run.toolResult).toContain('Also bump the version in README.md')
    expect(run.toolResult).toContain('No contract was opened: the intent review ended revised')
    expect(run.asked).toBe(1)
  })

  it('the evidence rejected: both reviews are recorded and no contract exists', async () => {
    const run = await reviewRun([{ option: 'Approve' }, { option: 'Reject' }])
    expect(run.types).toEqual(['reliability/intent-review', 'reliability/contract-review'])
    expect(run.decisions).toEqual(['approved', 'rejected'])
    expect(run.toolResult).toContain('No contract was opened: the evidence review ended rejected')
    expect(run.asked).toBe(2)
  })

  it('without a question provider the refusal names the setting for unattended mode', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL') })
    const workspace = await makeWorkspace(RELEASE_WORKSPACE)
    const { server } = await runScripted(profile, 'Release version 1.2.0.', workspace, [call('reliability_begin', RELEASE_CONTRACT), say('Nothing is verified.')], servers)
    expect(wireText(server.requests[1]!.messages.at(-1)!)).toContain('reliability-governor.contractReview.mode: off')
  })
})
