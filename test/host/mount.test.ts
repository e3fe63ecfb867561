import { afterEach, describe, expect, it } from 'vitest'
import * as reliability from '../../src/reliability/plugin.js'
import * as ieg from '../../src/ieg/plugin.js'
import { call, say } from '../support/script.ts'
import { createAgent, mountHost, runTurn, scriptModel, type MountedHost } from '../support/host.ts'

const hosts: MountedHost[] = []
afterEach(async () => { await Promise.all(hosts.splice(0).map(h => h.dispose())) })

function toolNames(request: { tools?: ReadonlyArray<{ name: string }> }): string[] {
  return (request.tools ?? []).map(tool => tool.name).sort()
}

describe('both rows on the real tool registry and agent loop', () => {
  it('lists both status tools to the model and answers them', async () => {
    const host = await mountHost({ fs: true, plugins: [[reliability, {}], [ieg, {}]] })
    hosts.push(host)
    const adapter = scriptModel(host.ctx, [call('reliability_status'), call('ieg_status'), say('done')])
    const agent = createAgent(host.ctx, 'mount-both')
    await runTurn(agent, 'status please')
    expect(adapter.requests).toHaveLength(3)
    expect(toolNames(adapter.requests[0]!)).toEqual(expect.arrayContaining(['ieg_status', 'reliability_status']))
    const results = agent.session.events.filter(event => event.type === 'tool/result')
    expect(results).toHaveLength(2)
    const text = JSON.stringify(results.map(event => event.data))
    expect(text).toContain('\\"phase\\": \\"inactive\\"')
    expect(text).toContain('\\"row\\": \\"ieg\\"')
  })
})
