import { afterAll, describe, expect, it } from 'vitest'
import { createProfile, makeWorkspace, runTask, type Profile } from '../support/dsh-profile.ts'
import { startModelServer, toolNamesOf, type ScriptedModelServer } from '../support/model-server.ts'
import { say } from '../support/script.ts'
import { e2eEnv } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

async function toolsOffered(patch: string): Promise<string[]> {
  const profile: Profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), patch })
  const server = await startModelServer([say('nothing to do')])
  servers.push(server)
  const result = await runTask(profile, 'Say hello.', { cwd: await makeWorkspace({}), baseURL: server.baseURL })
  expect(result.code, result.stderr).toBe(0)
  expect(server.requests).toHaveLength(1)
  return toolNamesOf(server.requests[0]!).filter(name => name === 'reliability_status' || name === 'ieg_status')
}

describe('operators toggle each row independently', () => {
  it('a disabled ieg row leaves only the governor\'s tool', async () => {
    expect(await toolsOffered('- id: ieg\n  disabled: true\n')).toEqual(['reliability_status'])
  })

  it('enabled: false in the ieg config leaves only the governor\'s tool', async () => {
    expect(await toolsOffered('- id: ieg\n  config:\n    enabled: false\n')).toEqual(['reliability_status'])
  })

  it('a disabled governor row leaves only the ieg tool', async () => {
    expect(await toolsOffered('- id: reliability-governor\n  disabled: true\n')).toEqual(['ieg_status'])
  })
})

describe('misconfiguration', () => {
  it('fails the run at load with the row and key path in the message', async () => {
    const profile = await createProfile({
      dsh: e2eEnv('DSHG_DSH_BIN'),
      tarball: e2eEnv('DSHG_TARBALL'),
      patch: '- id: reliability-governor\n  config:\n    enabled: true\n    maxAttempt: 3\n',
    })
    const server = await startModelServer([say('should not be asked')])
    servers.push(server)
    const result = await runTask(profile, 'Say hello.', { cwd: await makeWorkspace({}), baseURL: server.baseURL })
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('failed to apply loader entry reliability-governor (dsh-governance/reliability): dsh-governance: reliability-governor config $.maxAttempt is not a known key')
    expect(server.requests).toHaveLength(0)
  })
})
