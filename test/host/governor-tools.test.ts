import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionId } from '@deepseek-ai/dsh-session'
import { receiptMatches } from '../../src/kernel/receipts.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { governedHost, governorEvents, readmeContract, steeredTexts, toolResults } from '../support/governed.ts'
import { call, say } from '../support/script.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

describe('governor tools refuse bad input without writing', () => {
  it('names the field, writes nothing, and leaves the session inactive', async () => {
    const host = await governedHost(cleanups)
    scriptModel(host.ctx, [
      call('reliability_begin', readmeContract({ claims: [{ id: 'c1', statement: 's', importance: 'critical', verification: 'deterministic', check_ids: ['nope'] }] })),
      call('reliability_begin', readmeContract({ checks: [{ id: 'has-hello', kind: 'file_contains', path: '../../etc/passwd', text: 'root' }] })),
      call('reliability_begin', readmeContract({ claims: [{ id: 'c1', statement: 's', importance: 'critical', verification: 'human-required', check_ids: ['has-hello'] }] })),
      call('reliability_verify'),
      call('reliability_abstain', { reason: 'nothing to abstain from' }),
      call('reliability_assess', readmeContract()),
      say('I could not open a contract.'),
    ])
    const agent = createAgent(host.ctx, 'refusals', host.workspace)
    await runTurn(agent, 'Make README.md say Hello.')
    const results = toolResults(agent)
    expect(results.slice(0, 5).map(result => result.isError)).toEqual([true, true, true, true, true])
    expect(results[0]!.text).toContain('claims[0].check_ids[0]: names no declared check ("nope")')
    expect(results[1]!.text).toContain('checks[0].path: must not contain a .. segment')
    expect(results[2]!.text).toContain('coverage is review-required, so no contract was opened')
    expect(results[2]!.text).toContain('claim c1 is human-required')
    expect(results[3]!.text).toContain('no evidence contract is open; call reliability_begin first')
    expect(results[4]!.text).toContain('no evidence contract is open')
    expect(results[5]).toMatchObject({ isError: false, text: expect.stringContaining('"status": "ready"') })
    expect(governorEvents(agent)).toEqual([])
  })

  it('refuses arguments the deployment does not offer (the schema omits them, so the host passes them through)', async () => {
    const host = await governedHost(cleanups, { codeVerificationProfiles: [{ id: 'unit-tests', description: 'The tests pass', command: 'node', args: ['--version'] }] })
    scriptModel(host.ctx, [
      call('reliability_begin', { ...readmeContract(), intent: 'not an object' }),
      call('reliability_begin_code', { ...readmeContract(), intent: [1, 2, 3] }),
      call('reliability_assess', { ...readmeContract(), intent: { bogus: [1] } }),
      call('reliability_assess', { ...readmeContract(), draft_receipt: 42 }),
      call('reliability_begin', { ...readmeContract(), draft_receipt: 'sha256:abc' }),
      say('Refused.'),
    ])
    const agent = createAgent(host.ctx, 'unoffered', host.workspace)
    await runTurn(agent, 'Make README.md say Hello.')
    const results = toolResults(agent)
    expect(results.slice(0, 5).map(result => result.isError)).toEqual([true, true, true, true, true])
    for (const result of results.slice(0, 3)) expect(result.text).toContain('intent: is accepted only when contract review is required (this deployment: off)')
    for (const result of results.slice(3, 5)) expect(result.text).toContain('draft_receipt: is accepted only in auxiliary-model authoring mode (this deployment: current-agent)')
    expect(governorEvents(agent)).toEqual([])
  })

  it('refuses a second contract while one is active', async () => {
    const host = await governedHost(cleanups, { autoVerifyAtTurnStop: false })
    scriptModel(host.ctx, [call('reliability_begin', readmeContract()), call('reliability_begin', readmeContract()), say('ok')])
    const agent = createAgent(host.ctx, 'second', host.workspace)
    await runTurn(agent, 'go')
    expect(toolResults(agent)[1]).toMatchObject({ isError: true, text: expect.stringContaining('is active; verify it or call reliability_abstain') })
    expect(governorEvents(agent).map(event => event.type)).toEqual(['reliability/contract'])
  })
})

describe('manual verification', () => {
  it('certifies on the already-correct fast path with one manual attempt', async () => {
    const host = await governedHost(cleanups)
    await writeFile(join(host.workspace, 'README.md'), 'Hello\n')
    scriptModel(host.ctx, [call('reliability_begin', readmeContract()), call('reliability_verify'), say('Certified.')])
    const agent = createAgent(host.ctx, 'fast', host.workspace)
    await runTurn(agent, 'Make README.md say Hello.')
    const events = governorEvents(agent)
    expect(events.map(event => event.type)).toEqual(['reliability/contract', 'reliability/attempt', 'reliability/terminal'])
    expect(events[1]!.data).toMatchObject({ trigger: 'manual', verdict: 'pass' })
    expect(toolResults(agent)[1]!.text).toContain(String(events[2]!.data['receipt']))
    expect(steeredTexts(agent)).toEqual([])
  })

  it('ignores tool evidence from before the contract started', async () => {
    const host = await governedHost(cleanups)
    const contract = {
      objective: 'README is written by the tool',
      claims: [{ id: 'wrote', statement: 'write_file succeeded', importance: 'critical', verification: 'deterministic', check_ids: ['w'] }],
      checks: [{ id: 'w', kind: 'tool_succeeded', tool: 'write_file', arguments_contain: { path: 'README.md' } }],
      max_attempts: 1,
    }
    scriptModel(host.ctx, [
      call('write_file', { path: 'README.md', content: 'Hello' }),
      call('reliability_begin', contract),
      call('reliability_verify'),
      say('Not certified.'),
    ])
    const agent = createAgent(host.ctx, 'stale', host.workspace)
    await runTurn(agent, 'go')
    const events = governorEvents(agent)
    expect(events.map(event => event.type)).toEqual(['reliability/contract', 'reliability/attempt', 'reliability/terminal'])
    expect(events[1]!.data).toMatchObject({ verdict: 'fail', results: [{ passed: false, evidence: expect.stringContaining('1 predate the contract and do not count') }] })
    expect(events[2]!.data).toMatchObject({ outcome: 'exhausted' })
  })
})

describe('a contract resumed from disk', () => {
  it('continues mid-way in a new Context and certifies with the same receipts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dshg-resume-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const first = await governedHost(cleanups, { autoVerifyAtTurnStop: false }, { persistenceRoot: root })
    scriptModel(first.ctx, [call('reliability_begin', readmeContract()), call('reliability_verify'), say('Stopping for now.')])
    const agent = createAgent(first.ctx, 'resume-mid', first.workspace)
    await runTurn(agent, 'Make README.md say Hello.')
    const before = governorEvents(agent)
    expect(before.map(event => event.type)).toEqual(['reliability/contract', 'reliability/attempt'])
    await first.ctx.sessions.flush(agent.session)
    await first.dispose()

    const second = await governedHost(cleanups, {}, { persistenceRoot: root, workspace: first.workspace })
    const adapter = scriptModel(second.ctx, [
      call('reliability_status'),
      call('write_file', { path: 'README.md', content: 'Hello\n' }),
      say('Done.'),
      say('Certified.'),
    ])
    const handle = await second.ctx.agentLoop.resume(second.ctx, { resumeSessionId: SessionId('resume-mid'), agentOptions: { provider: 'mock', model: 'mock' } })
    await runTurn(handle.agent, 'Continue.')
    expect(adapter.script.finished).toBe(true)
    expect(toolResults(handle.agent).at(-2)?.text ?? '').toContain('"attemptsUsed": 1')
    const after = governorEvents(handle.agent)
    expect(after.slice(0, 2)).toEqual(before)
    expect(after.map(event => event.type)).toEqual(['reliability/contract', 'reliability/attempt', 'reliability/attempt', 'reliability/terminal'])
    const [contract, attempt1, attempt2, terminal] = after.map(event => event.data)
    expect(attempt2).toMatchObject({ attempt: 2, trigger: 'turn-stop', verdict: 'pass', contractId: contract!['contractId'] })
    expect(terminal).toMatchObject({ outcome: 'certified', attemptReceipt: attempt2!['receipt'] })
    for (const record of [contract, attempt1, attempt2, terminal]) expect(receiptMatches(record as { receipt: string })).toBe(true)
    expect(steeredTexts(handle.agent).at(-1)).toContain(String(terminal!['receipt']))
  })
})
