import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProfile, dumpConfig, makeWorkspace, readSessionLogs, runTask, type Profile } from '../support/dsh-profile.ts'
import { startModelServer, systemPromptOf, toolNamesOf, type ScriptedModelServer } from '../support/model-server.ts'
import { call, say } from '../support/script.ts'
import { e2eEnv } from './env.ts'


const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

describe('the packed bundle in a real dsh profile', () => {
  let profile: Profile
  beforeAll(async () => {
    profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL') })
  })

  it('composes both rows into the profile tree', async () => {
    const dump = await dumpConfig(profile)
    expect(dump).toMatch(/- id: reliability-governor\n\s+name: dsh-governance\/reliability/)
    expect(dump).toMatch(/- id: ieg\n\s+name: dsh-governance\/ieg/)
  })

  it('offers both status tools to the model and runs them in a headless task', async () => {
    const server = await startModelServer([call('reliability_status'), call('ieg_status'), say('Both rows answered.')])
    servers.push(server)
    const workspace = await makeWorkspace({ 'README.md': '# demo\n' })
    const result = await runTask(profile, 'Report governance status.', { cwd: workspace, baseURL: server.baseURL })
    expect(result.stderr).not.toMatch(/Error:/)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Both rows answered.')
    expect(server.errors).toEqual([])
    expect(server.script.finished).toBe(true)
    const first = server.requests[0]
    expect(first).toBeDefined()
    expect(toolNamesOf(first!)).toEqual(expect.arrayContaining(['reliability_status', 'ieg_status']))
    expect(systemPromptOf(first!).length).toBeGreaterThan(0)
    const logs = await readSessionLogs(profile.home)
    expect(logs).toHaveLength(1)
    const results = logs[0]!.events.filter(event => event.type === 'tool/result').map(event => JSON.stringify(event.data))
    expect(results).toHaveLength(2)
    expect(results[0]).toContain('\\"phase\\": \\"inactive\\"')
    expect(results[1]).toContain('\\"row\\": \\"ieg\\"')
    expect(await readFile(join(workspace, 'README.md'), 'utf8')).toBe('# demo\n')
  })
})
