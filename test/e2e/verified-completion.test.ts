import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { SessionId } from '@deepseek-ai/dsh-session'
import * as reliability from '../../src/reliability/plugin.ts'
import { reliabilityFold, reliabilityPhase } from '../../src/reliability/contract/fold.ts'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { mountHost } from '../support/host.ts'
import { call, say } from '../support/script.ts'
import { afterAll, describe, expect, it } from 'vitest'
import { createProfile, makeWorkspace, readSessionLogs, SCRIPTED_USER_BUNDLE } from '../support/dsh-profile.ts'
import { systemPromptOf, toolNamesOf, wireText, type ScriptedModelServer } from '../support/model-server.ts'
import { RELEASE_TASK, RELEASE_WORKSPACE, releaseScript } from '../support/release-scenario.ts'
import { e2eEnv, runScripted, scriptedUserFiles } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

describe('verified completion in a real dsh profile', () => {
  it('after both reviews are approved, fails, repairs and certifies; the steered receipt is the terminal event on disk', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), extraBundles: [SCRIPTED_USER_BUNDLE] })
    const workspace = await makeWorkspace(RELEASE_WORKSPACE)
    const user = await scriptedUserFiles([{ option: 'Approve' }, { option: 'Approve' }])
    const { result, server } = await runScripted(profile, RELEASE_TASK, workspace, releaseScript(), servers, user.env)
    expect((await user.asked()).map(question => question.question)).toEqual(['Approve what "done" means', 'Approve how "done" will be checked'])

    const first = server.requests[0]!
    expect(toolNamesOf(first)).toEqual(expect.arrayContaining(['reliability_assess', 'reliability_begin', 'reliability_verify', 'reliability_status', 'reliability_abstain', 'read', 'write']))
    expect(systemPromptOf(first)).toContain('Reliability governor: when a task\'s outcome can be checked')

    const logs = await readSessionLogs(profile.home)
    expect(logs).toHaveLength(1)
    const governed = logs[0]!.events.filter(event => event.type.startsWith('reliability/'))
    expect(governed.map(event => event.type)).toEqual(['reliability/intent-review', 'reliability/contract-review', 'reliability/contract', 'reliability/attempt', 'reliability/attempt', 'reliability/terminal'])
    expect(governed[2]!.data).toMatchObject({ version: 5, reviewMode: 'required', reviews: { intent: (governed[0]!.data as { receipt: string }).receipt, evidence: (governed[1]!.data as { receipt: string }).receipt } })
    expect(governed[3]!.data).toMatchObject({ verdict: 'fail', trigger: 'turn-stop' })
    const terminal = governed[5]!.data as { outcome: string, receipt: string, attemptReceipt: string }
    expect(terminal.outcome).toBe('certified')
    expect(terminal.attemptReceipt).toBe((governed[4]!.data as { receipt: string }).receipt)
    const steered = wireText(server.requests.at(-1)!.messages.at(-1)!)
    expect(steered).toContain(`Certification receipt: ${terminal.receipt}`)
    expect(result.stdout).toContain(`Certified: ${terminal.receipt}`)

    expect(await readFile(join(workspace, 'CHANGELOG.md'), 'utf8')).toContain('## 1.2.0')
    expect(JSON.parse(await readFile(join(workspace, 'package.json'), 'utf8'))).toEqual({ name: 'demo', version: '1.2.0' })
  })

  it('refuses a contract whose value nests 2,000 deep with the field and bound, continues, and the session reloads', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL') })
    const workspace = await makeWorkspace({ 'config.json': '{"a": 1}\n' })
    let deep: unknown = 1
    for (let level = 0; level < 2000; level += 1) deep = [deep]
    const { server } = await runScripted(profile, 'Pin the config.', workspace, [
      call('reliability_begin', {
        objective: 'config.json holds the nested value',
        claims: [{ id: 'c1', statement: 'the value is pinned', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }],
        checks: [{ id: 'k1', kind: 'json_equals', path: 'config.json', pointer: '/a', value: deep }],
      }),
      call('reliability_status'),
      say('I could not open the contract; nothing is verified.'),
    ], servers)
    const refusal = wireText(server.requests[1]!.messages.at(-1)!)
    expect(refusal).toContain('checks[0].value: nests deeper than 32 levels (limits.json.maxDepth)')
    expect(wireText(server.requests[2]!.messages.at(-1)!)).toContain('"phase": "inactive"')
    const logs = await readSessionLogs(profile.home)
    expect(logs).toHaveLength(1)
    expect(logs[0]!.events.filter(event => event.type.startsWith('reliability/'))).toEqual([])
    const host = await mountHost({ fs: true, persistenceRoot: join(profile.home, 'sessions'), plugins: [[reliability, {}]] })
    try {
      const handle = await host.ctx.agentLoop.resume(host.ctx, { resumeSessionId: SessionId(basename(dirname(logs[0]!.path))), agentOptions: { provider: 'mock', model: 'mock' } })
      expect(reliabilityPhase(readProjectionState(host.ctx.sessionProjections, handle.agent.session, reliabilityFold))).toBe('inactive')
    } finally {
      await host.dispose()
    }
  })
})
