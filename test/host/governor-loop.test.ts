import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import * as workspaceTools from '../support/workspace-tools.ts'
import { createAgent, mountHost, runTurn, scriptModel } from '../support/host.ts'
import { governedHost, governorEvents, lastMessageText, readmeContract, steeredTexts } from '../support/governed.ts'
import { call, say } from '../support/script.ts'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

describe('the agent loop without the governor', () => {
  it('ends on a false "done": the claim is taken at its word and the file is missing', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'dshg-ws-'))
    const host = await mountHost({ fs: true, plugins: [[workspaceTools, {}]] })
    cleanups.push(() => host.dispose())
    const adapter = scriptModel(host.ctx, [say('Done: README.md now greets the reader.')])
    const agent = createAgent(host.ctx, 'ungoverned', workspace)
    await runTurn(agent, 'Make README.md say Hello.')
    expect(adapter.requests).toHaveLength(1)
    await expect(readFile(join(workspace, 'README.md'), 'utf8')).rejects.toThrow(/ENOENT/)
    expect(agent.session.events.some(event => event.type.startsWith('reliability/'))).toBe(false)
  })
})

describe('turn-stop enforcement', () => {
  it('fails, steers the exact evidence, repairs, and certifies with a receipt', async () => {
    const host = await governedHost(cleanups)
    const adapter = scriptModel(host.ctx, [
      call('reliability_begin', readmeContract()),
      say('Done: README.md now greets the reader.'),
      ({ transcript }) => {
        expect(transcript.at(-1)).toContain('README.md does not exist')
        return call('write_file', { path: 'README.md', content: '# Demo\n\nHello, reader.\n' })
      },
      say('Fixed; README.md says Hello.'),
      ({ transcript }) => say(`Certified. ${/sha256:[0-9a-f]{64}/.exec(transcript.at(-1) ?? '')?.[0] ?? 'no receipt'}`),
    ])
    const agent = createAgent(host.ctx, 'repair', host.workspace)
    await runTurn(agent, 'Make README.md say Hello.')

    expect(adapter.script.finished).toBe(true)
    expect(await readFile(join(host.workspace, 'README.md'), 'utf8')).toContain('Hello')
    const events = governorEvents(agent)
    expect(events.map(event => event.type)).toEqual(['reliability/contract', 'reliability/attempt', 'reliability/attempt', 'reliability/terminal'])
    const [contract, first, second, terminal] = events.map(event => event.data)
    expect(contract).toMatchObject({ version: 3, reviewMode: 'off', maxAttempts: 3 })
    expect(first).toMatchObject({ attempt: 1, trigger: 'turn-stop', verdict: 'fail', results: [{ checkId: 'has-hello', passed: false, evidence: 'README.md does not exist' }] })
    expect(second).toMatchObject({ attempt: 2, trigger: 'turn-stop', verdict: 'pass' })
    expect(terminal).toMatchObject({ outcome: 'certified', attemptReceipt: second!['receipt'] })

    const steers = steeredTexts(agent)
    expect(steers).toHaveLength(2)
    expect(steers[0]).toContain('- has-hello (file_contains): README.md does not exist')
    expect(steers[1]).toContain(`Certification receipt: ${String(terminal!['receipt'])}`)
    expect(lastMessageText(adapter.requests.at(-1)!)).toContain(String(terminal!['receipt']))
    expect(adapter.requests.at(-1)!.messages.at(-1)?.content).toBeDefined()
  })

  it('exhausts at the attempt limit, steers "do not claim completion", and steers no more', async () => {
    const host = await governedHost(cleanups)
    const adapter = scriptModel(host.ctx, [
      call('reliability_begin', readmeContract({ max_attempts: 2 })),
      say('Done.'),
      say('Done, really.'),
      say('Understood: the greeting is not verified.'),
    ])
    const agent = createAgent(host.ctx, 'exhaust', host.workspace)
    await runTurn(agent, 'Make README.md say Hello.')

    expect(adapter.requests).toHaveLength(4)
    const events = governorEvents(agent)
    expect(events.map(event => event.type)).toEqual(['reliability/contract', 'reliability/attempt', 'reliability/attempt', 'reliability/terminal'])
    expect(events[3]!.data).toMatchObject({ outcome: 'exhausted', attemptReceipt: events[2]!.data['receipt'] })
    const steers = steeredTexts(agent)
    expect(steers).toHaveLength(2)
    expect(steers[1]).toContain('Do not claim the task is complete')
    expect(steers[1]).toContain('README.md does not exist')
  })

  it('bounds steering by the budget even when the model never stops claiming', async () => {
    const host = await governedHost(cleanups, { maxAttempts: 5 })
    const adapter = scriptModel(host.ctx, Array.from({ length: 12 }, (_, index) => (index === 0 ? call('reliability_begin', readmeContract()) : say('Done.'))))
    const agent = createAgent(host.ctx, 'bounded', host.workspace)
    await runTurn(agent, 'Make README.md say Hello.')
    expect(governorEvents(agent).filter(event => event.type === 'reliability/attempt')).toHaveLength(5)
    expect(steeredTexts(agent)).toHaveLength(5)
    expect(adapter.requests).toHaveLength(1 + 1 + 5)
  })

  it('lets the agent abstain; nothing is evaluated afterwards', async () => {
    const host = await governedHost(cleanups)
    const adapter = scriptModel(host.ctx, [
      call('reliability_begin', readmeContract()),
      call('reliability_abstain', { reason: '   ' }),
      call('reliability_abstain', { reason: 'Whether the greeting reads well needs a human.' }),
      say('I abstained: a human must judge the wording.'),
    ])
    const agent = createAgent(host.ctx, 'abstain', host.workspace)
    await runTurn(agent, 'Write a warm greeting in README.md.')
    expect(adapter.script.finished).toBe(true)
    const events = governorEvents(agent)
    expect(events.map(event => event.type)).toEqual(['reliability/contract', 'reliability/terminal'])
    expect(events[1]!.data).toMatchObject({ outcome: 'abstained', reason: 'Whether the greeting reads well needs a human.', attemptReceipt: null })
    expect(steeredTexts(agent)).toEqual([])
  })

  it('is off when autoVerifyAtTurnStop is false', async () => {
    const host = await governedHost(cleanups, { autoVerifyAtTurnStop: false })
    scriptModel(host.ctx, [call('reliability_begin', readmeContract()), say('Done.')])
    const agent = createAgent(host.ctx, 'manual-only', host.workspace)
    await runTurn(agent, 'Make README.md say Hello.')
    expect(governorEvents(agent).map(event => event.type)).toEqual(['reliability/contract'])
  })
})
