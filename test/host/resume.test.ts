import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionId } from '@deepseek-ai/dsh-session'
import * as reliability from '../../src/reliability/plugin.js'
import { readProjectionState } from '../../src/kernel/projection.js'
import { reliabilityFold, reliabilityPhase } from '../../src/reliability/contract/fold.js'
import { call, say } from '../support/script.ts'
import { scriptedUser, type ScriptedAnswer } from '../support/scripted-user.ts'
import { createAgent, mountHost, runTurn, scriptModel, type MountedHost } from '../support/host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

async function host(root: string, answers: ScriptedAnswer[] = [{ kind: 'option', label: 'Approve' }, { kind: 'card', choice: 'approved' }]): Promise<MountedHost> {
  const user = scriptedUser(answers)
  const mounted = await mountHost({ fs: true, userQuestions: true, persistenceRoot: root, plugins: [[user.plugin, {}], [reliability, { autoVerifyAtTurnStop: false }]] })
  cleanups.push(() => mounted.dispose())
  return mounted
}

describe('governance state survives a fresh process', () => {
  it('folds the same reviewed contract and attempts after loading the session from disk in a new Context', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-resume-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await host(root)
    scriptModel(first.ctx, [
      call('reliability_begin', {
        objective: 'README.md names the project',
        claims: [{ id: 'c1', statement: 'README names the project', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }],
        checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'demo' }],
      }),
      call('reliability_verify'),
      say('written'),
    ])
    const agent = createAgent(first.ctx, 'resume-1', root)
    await runTurn(agent, 'write governance events')
    const before = readProjectionState(first.ctx.sessionProjections, agent.session, reliabilityFold)
    expect(reliabilityPhase(before)).toBe('active')
    expect(before.attempts).toHaveLength(1)
    const writtenTypes = agent.session.events.map(event => event.type).filter(type => type.startsWith('reliability/'))
    expect(writtenTypes).toEqual(['reliability/intent-review', 'reliability/contract-review', 'reliability/contract', 'reliability/attempt'])
    expect(before.contract).toMatchObject({ version: 5, reviewMode: 'required' })
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()

    const second = await host(root)
    const handle = await second.ctx.agentLoop.resume(second.ctx, {
      resumeSessionId: SessionId('resume-1'),
      agentOptions: { provider: 'mock', model: 'mock' },
    })
    const after = readProjectionState(second.ctx.sessionProjections, handle.agent.session, reliabilityFold)
    expect(after).toEqual(before)
    expect(after.contract?.receipt).toBe(before.contract?.receipt)
  })

  it('shows the same review state after a resume: the intent approved, the evidence review dismissed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-resume-review-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await host(root, [{ kind: 'option', label: 'Approve' }, { kind: 'error', code: 'ASK_CANCELLED' }])
    scriptModel(first.ctx, [call('reliability_begin', { objective: 'README.md names the project', claims: [{ id: 'c1', statement: 'README names the project', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }], checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'demo' }] }), say('not opened')])
    const agent = createAgent(first.ctx, 'resume-review', root)
    await runTurn(agent, 'review')
    const before = readProjectionState(first.ctx.sessionProjections, agent.session, reliabilityFold)
    expect(before.review.intent?.decision).toBe('approved')
    expect(before.review.evidence?.decision).toBe('cancelled')
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()
    const second = await host(root)
    const handle = await second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('resume-review'), agentOptions: { provider: 'mock', model: 'mock' } })
    expect(readProjectionState(second.ctx.sessionProjections, handle.agent.session, reliabilityFold)).toEqual(before)
  })
})
