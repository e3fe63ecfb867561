/**
 * The failure mode that event registration prevents. This file must not import
 * the bundle's plugin modules statically: vitest gives each file a fresh module
 * graph, so the host's reader catalog starts without the governance types.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KNOWN_SESSION_EVENT_TYPES, SessionId } from '@deepseek-ai/dsh-session'
import * as eventWriter from '../support/event-writer.ts'
import { sampleContract } from '../support/records.ts'
import { call, say } from '../support/script.ts'
import { createAgent, mountHost, runTurn, scriptModel } from '../support/host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

describe('a session holding governance events', () => {
  it('is refused by the reader until the bundle registers its event types', async () => {
    expect(KNOWN_SESSION_EVENT_TYPES.has('reliability/contract')).toBe(false)
    const root = await mkdtemp(join(tmpdir(), 'dshg-unregistered-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await mountHost({ persistenceRoot: root, plugins: [[eventWriter, {}]] })
    scriptModel(first.ctx, [call('write_session_event', { type: 'reliability/contract', data: sampleContract('ct-x', 0) }), say('ok')])
    const agent = createAgent(first.ctx, 'unregistered-1')
    await runTurn(agent, 'write')
    await first.dispose()

    const second = await mountHost({ persistenceRoot: root })
    cleanups.push(() => second.dispose())
    const resume = () => second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('unregistered-1'), agentOptions: { provider: 'mock', model: 'mock' } })
    await expect(resume()).rejects.toThrow(/event type "reliability\/contract" \(seq \d+\) unknown to this harness/)

    await import('../../src/ieg/plugin.js')
    expect(KNOWN_SESSION_EVENT_TYPES.has('reliability/contract')).toBe(true)
    const handle = await resume()
    expect(handle.agent.session.events.some(event => event.type === 'reliability/contract')).toBe(true)
  })
})
