/**
 * The information ledger in a real headless dsh profile: a value recorded,
 * later marked INVALID with its correction, the old value written back into
 * a document (warned at the defaults, refused under deny), and the session
 * reloaded from disk with the ledger intact.
 */
import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SessionId } from '@deepseek-ai/dsh-session'
import { iegFold } from '../../src/ieg/orientation/fold.ts'
import * as ieg from '../../src/ieg/plugin.ts'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { createProfile, makeWorkspace, readSessionLogs } from '../support/dsh-profile.ts'
import { mountHost } from '../support/host.ts'
import { wireText, type ScriptedModelServer } from '../support/model-server.ts'
import { call, say } from '../support/script.ts'
import { e2eEnv, runScripted } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

const STEPS = [
  call('ieg_record_information', { id: 'api-port', value: '3000', provenance: 'the old README' }),
  call('ieg_set_information_status', { id: 'api-port', status: 'INVALID', disposition: 'CORRECTED' }),
  call('ieg_record_information', { id: 'api-port-fixed', value: '8080', provenance: 'config.json' }),
  call('write', { file_path: 'NOTES.md', content: '# Notes\n\nThe API listens on 3000.\n' }),
  say('Noted.'),
]

describe('the information ledger in a real dsh profile', () => {
  it('warns when the invalid value is written back, and the ledger reloads from disk', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL') })
    const workspace = await makeWorkspace({ 'config.json': '{ "port": 8080 }\n' })
    const { server } = await runScripted(profile, 'Write down the API port.', workspace, STEPS, servers)
    expect(await readFile(join(workspace, 'NOTES.md'), 'utf8')).toContain('3000')
    const afterWrite = server.requests[4]!.messages.map(wireText).join('\n')
    expect(afterWrite).toContain('IEG information integrity warning: this write brought back information recorded as no longer valid: api-port (INVALID, CORRECTED): "3000"')

    const logs = await readSessionLogs(profile.home)
    const records = logs[0]!.events.filter(event => event.type === 'ieg/information').map(event => event.data as { id: string, status: string })
    expect(records.map(record => [record.id, record.status])).toEqual([['api-port', 'PROVISIONAL'], ['api-port', 'INVALID'], ['api-port-fixed', 'PROVISIONAL']])
    const host = await mountHost({ fs: true, persistenceRoot: join(profile.home, 'sessions'), plugins: [[ieg, {}]] })
    try {
      const handle = await host.ctx.agentLoop.resume(host.ctx, { resumeSessionId: SessionId(basename(dirname(logs[0]!.path))), agentOptions: { provider: 'mock', model: 'mock' } })
      const state = readProjectionState(host.ctx.sessionProjections, handle.agent.session, iegFold)
      expect(state.information.map(record => [record.id, record.status, record.disposition])).toEqual([['api-port', 'INVALID', 'CORRECTED'], ['api-port-fixed', 'PROVISIONAL', null]])
      expect(state.integrityError).toBeNull()
    } finally {
      await host.dispose()
    }
  })

  it('refuses the write when the operator sets reintroduction to deny', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), patch: '- id: ieg\n  config:\n    modules:\n      informationIntegrity:\n        reintroduction: deny\n' })
    const workspace = await makeWorkspace({ 'config.json': '{ "port": 8080 }\n' })
    const { server } = await runScripted(profile, 'Write down the API port.', workspace, STEPS, servers)
    expect(wireText(server.requests[4]!.messages.at(-1)!)).toContain('IEG information integrity: this write brings back information recorded as no longer valid')
    await expect(readFile(join(workspace, 'NOTES.md'), 'utf8')).rejects.toThrow()
  })
})
