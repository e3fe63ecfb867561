import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createProfile, makeWorkspace, readSessionLogs } from '../support/dsh-profile.ts'
import { systemPromptOf, toolNamesOf, wireText, type ScriptedModelServer } from '../support/model-server.ts'
import { RELEASE_TASK, RELEASE_WORKSPACE, releaseScript } from '../support/release-scenario.ts'
import { e2eEnv, runScripted } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

describe('verified completion in a real dsh profile', () => {
  it('fails, repairs and certifies; the steered receipt is the terminal event on disk', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL') })
    const workspace = await makeWorkspace(RELEASE_WORKSPACE)
    const { result, server } = await runScripted(profile, RELEASE_TASK, workspace, releaseScript(), servers)

    const first = server.requests[0]!
    expect(toolNamesOf(first)).toEqual(expect.arrayContaining(['reliability_assess', 'reliability_begin', 'reliability_verify', 'reliability_status', 'reliability_abstain', 'read', 'write']))
    expect(systemPromptOf(first)).toContain('Reliability governor: for a task whose outcome can be checked')

    const logs = await readSessionLogs(profile.home)
    expect(logs).toHaveLength(1)
    const governed = logs[0]!.events.filter(event => event.type.startsWith('reliability/'))
    expect(governed.map(event => event.type)).toEqual(['reliability/contract', 'reliability/attempt', 'reliability/attempt', 'reliability/terminal'])
    expect(governed[1]!.data).toMatchObject({ verdict: 'fail', trigger: 'turn-stop' })
    const terminal = governed[3]!.data as { outcome: string, receipt: string, attemptReceipt: string }
    expect(terminal.outcome).toBe('certified')
    expect(terminal.attemptReceipt).toBe((governed[2]!.data as { receipt: string }).receipt)
    const steered = wireText(server.requests.at(-1)!.messages.at(-1)!)
    expect(steered).toContain(`Certification receipt: ${terminal.receipt}`)
    expect(result.stdout).toContain(`Certified: ${terminal.receipt}`)

    expect(await readFile(join(workspace, 'CHANGELOG.md'), 'utf8')).toContain('## 1.2.0')
    expect(JSON.parse(await readFile(join(workspace, 'package.json'), 'utf8'))).toEqual({ name: 'demo', version: '1.2.0' })
  })
})
