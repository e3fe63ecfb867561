/**
 * Evidence from the session log: tool-trajectory checks and trusted verifier
 * runs. Exact evidence, the contract-start boundary, how results correlate
 * with calls, and which events may move the freshness boundary.
 */
import { describe, expect, it } from 'vitest'
import type { EvaluationContext } from '../../src/reliability/checks/evidence.ts'
import { noToolErrors, observeCalls, toolNotCalled, toolSucceeded } from '../../src/reliability/checks/trajectory.ts'
import { codeVerificationSucceeded, lastPossibleChange } from '../../src/reliability/checks/verification.ts'
import { sealProfiles, type VerifierProfileConfig } from '../../src/reliability/verification/profiles.ts'
import { outputDigest, verificationRecord, type VerificationFacts } from '../../src/reliability/verification/record.ts'
import type { FoldEvent } from '../../src/kernel/projection.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'

const GOVERNOR = new Set(['reliability_code_verify', 'reliability_verify'])

function call(seq: number, callId: string, name: string, args: unknown = {}): FoldEvent {
  return { type: 'tool/call', seq, data: { turn: 1, step: 1, callId, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } }
}
const ok = (callId: string) => [{ type: 'tool-result', toolCallId: callId, content: [], isError: false }]
const failedBlock = (callId: string) => [{ type: 'tool-result', toolCallId: callId, content: [], isError: true }]
function result(seq: number, callId: string, content: unknown[] | undefined = ok(callId), extra: Record<string, unknown> = {}): FoldEvent {
  return { type: 'tool/result', seq, data: { turn: 1, step: 1, message: { source: { kind: 'tool', callId }, ...(content === undefined ? {} : { content }) }, ...extra } } as unknown as FoldEvent
}

function context(events: FoldEvent[], startedAtSeq: number): EvaluationContext {
  return { workspace: undefined as never, events, startedAtSeq, governorTools: GOVERNOR, isSecret: () => false, verifierReceipts: new Map([['unit-tests', UNIT!.receipt], ['lint', LINT!.receipt]]), outcomes: createOutcomeMemo() }
}

describe('observed calls', () => {
  it('are the tool calls alone, in order, each with the outcome of the result carrying its call id', () => {
    const events: FoldEvent[] = [
      { type: 'reliability/contract', seq: 1, data: {} },
      call(2, 'a', 'bash'), result(3, 'a'),
      call(4, 'b', 'write_file', { path: 'x' }), result(5, 'b', failedBlock('b')),
      call(6, 'c', 'bash'),
      { type: 'model/message', seq: 7, data: { text: 'done' } },
    ]
    expect(observeCalls(events)).toEqual([
      { seq: 2, callId: 'a', name: 'bash', arguments: '{}', failed: false },
      { seq: 4, callId: 'b', name: 'write_file', arguments: '{"path":"x"}', failed: true },
      { seq: 6, callId: 'c', name: 'bash', arguments: '{}', failed: undefined },
    ])
  })

  it('fail on an error, or on a failed tool-result block among other blocks; no other block decides', () => {
    const events: FoldEvent[] = [
      call(2, 'error', 'bash'), result(3, 'error', undefined, { error: 'timed out' }),
      call(4, 'mixed', 'bash'), result(5, 'mixed', [{ type: 'text', text: 'partial' }, ...failedBlock('mixed')]),
      call(6, 'text', 'bash'), result(7, 'text', [{ type: 'text', isError: true }, ...ok('text')]),
      call(8, 'bare', 'bash'), result(9, 'bare', undefined),
    ]
    expect(observeCalls(events).map(observed => [observed.callId, observed.failed])).toEqual([['error', true], ['mixed', true], ['text', false], ['bare', false]])
  })

  it('ignore a result that names no call', async () => {
    const events: FoldEvent[] = [call(2, 'a', 'bash'), { type: 'tool/result', seq: 3, data: { turn: 1, step: 1, message: { content: [] } } }, result(4, 'a')]
    expect(observeCalls(events)).toEqual([{ seq: 2, callId: 'a', name: 'bash', arguments: '{}', failed: false }])
  })
})

describe('tool_succeeded', () => {
  const detail = (count: number, tool: string, needed: number) => `${count} successful matching call(s) of ${tool} after the contract started (seq 1); ${needed} needed`

  it('states the count it found, and only the notes that apply when it fails', async () => {
    const events: FoldEvent[] = [
      call(2, 'a', 'bash'), result(3, 'a'),
      call(4, 'b', 'bash'), result(5, 'b', failedBlock('b')),
      call(6, 'c', 'bash'),
      call(7, 'd', 'lint'), result(8, 'd'),
      call(9, 'e', 'lint'),
    ]
    const ctx = context(events, 1)
    expect(await toolSucceeded({ tool: 'bash' }, ctx)).toEqual({ passed: true, evidence: detail(1, 'bash', 1) })
    expect(await toolSucceeded({ tool: 'deploy' }, ctx)).toEqual({ passed: false, evidence: detail(0, 'deploy', 1) })
    // A call still without a result has not failed.
    expect(await toolSucceeded({ tool: 'lint', min_count: 2 }, ctx)).toEqual({ passed: false, evidence: detail(1, 'lint', 2) })
    expect(await toolSucceeded({ tool: 'bash', min_count: 2 }, ctx)).toEqual({ passed: false, evidence: `${detail(1, 'bash', 2)}; 1 failed` })
    const withStale = context([call(0, 'old', 'bash'), result(1, 'old'), ...events], 1)
    expect(await toolSucceeded({ tool: 'bash', min_count: 2 }, withStale)).toEqual({ passed: false, evidence: `${detail(1, 'bash', 2)}; 1 failed; 1 predate the contract and do not count` })
  })

  it('matches arguments_contain only against arguments that are a JSON object holding every listed member', async () => {
    const events = ['not json', 'null', '[]', '"text"', '{}', '{"command":"npm test","cwd":"app"}'].flatMap((args, index) => [call(2 * index + 2, `c${index}`, 'bash', args), result(2 * index + 3, `c${index}`)])
    const ctx = context(events, 1)
    expect(await toolSucceeded({ tool: 'bash', arguments_contain: {}, min_count: 3 }, ctx)).toEqual({ passed: false, evidence: detail(2, 'bash', 3) })
    expect(await toolSucceeded({ tool: 'bash', arguments_contain: { command: 'npm test', cwd: 'app' } }, ctx)).toMatchObject({ passed: true })
    expect(await toolSucceeded({ tool: 'bash', arguments_contain: { command: 'npm test', cwd: 'web' } }, ctx)).toEqual({ passed: false, evidence: detail(0, 'bash', 1) })
  })
})

describe('tool_not_called and no_tool_errors', () => {
  const events: FoldEvent[] = [
    call(1, 'old', 'write_file'), result(2, 'old', failedBlock('old')),
    // The contract starts at seq 3: an event at the start is not after it.
    call(3, 'edge', 'delete_file'), result(4, 'edge', failedBlock('edge')),
    call(5, 'a', 'bash'), result(6, 'a', failedBlock('a')),
    call(7, 'b', 'bash'), result(8, 'b'),
    call(9, 'c', 'reliability_verify'), result(10, 'c', failedBlock('c')),
    call(11, 'd', 'edit_file'), result(12, 'd', undefined, { error: 'denied' }),
  ]
  const ctx = context(events, 3)

  it('tool_not_called looks only after the contract start and lists every later call as final evidence', async () => {
    expect(await toolNotCalled({ tool: 'write_file' }, ctx)).toEqual({ passed: true, evidence: 'write_file was not called after the contract started' })
    expect(await toolNotCalled({ tool: 'delete_file' }, ctx)).toMatchObject({ passed: true })
    expect(await toolNotCalled({ tool: 'bash' }, ctx)).toEqual({ passed: false, final: true, evidence: 'bash was called 2 time(s) after the contract started (seq 5, 7)' })
  })

  it('no_tool_errors lists every failure after the contract start except the governor\'s own, as final evidence', async () => {
    expect(await noToolErrors({}, ctx)).toEqual({ passed: false, final: true, evidence: '2 tool call(s) failed after the contract started: bash (seq 5), edit_file (seq 11)' })
    expect(await noToolErrors({}, context(events.slice(0, 4), 3))).toEqual({ passed: true, evidence: 'no tool call failed after the contract started' })
  })

  it('tool_succeeded does not count a call at the contract start', async () => {
    expect(await toolSucceeded({ tool: 'delete_file' }, context([call(3, 'edge', 'delete_file'), result(4, 'edge')], 3))).toMatchObject({ passed: false, evidence: expect.stringContaining('1 predate the contract') as unknown as string })
  })
})

const profile = (id: string, extra: Partial<VerifierProfileConfig> = {}): VerifierProfileConfig => ({ id, description: `${id} pass`, command: 'npm', args: ['run', id], timeoutMs: 60_000, sandboxMode: 'read-only', required: false, maxOutputBytes: 1_000_000, ...extra })
const [UNIT, LINT] = sealProfiles([profile('unit-tests'), profile('lint', { sandboxMode: 'workspace-write' })])
const facts = (extra: Partial<VerificationFacts> = {}): VerificationFacts => ({
  profileId: 'unit-tests', profileReceipt: UNIT!.receipt, executable: '/usr/bin/npm', outcome: 'passed', exitCode: 0, signal: null, durationMs: 5,
  sandbox: { mode: 'read-only', enforcement: 'full' }, stdout: outputDigest('ok\n', false), stderr: outputDigest('', false), detail: null, ...extra,
})
const lintFacts = { profileId: 'lint', profileReceipt: LINT!.receipt }
const writer = { sandbox: { mode: 'workspace-write' as const, enforcement: 'full' as const } }

/** A session log built in order; each helper appends events with the next seqs. */
function sessionLog() {
  const events: FoldEvent[] = []
  const add = (type: string, data: unknown): FoldEvent => {
    const event = { type, seq: events.length + 1, data } as unknown as FoldEvent
    events.push(event)
    return event
  }
  return {
    events,
    add,
    run: (extra: Partial<VerificationFacts> = {}) => add('reliability/code-verification', verificationRecord(facts(extra))),
    finished: (name: string) => {
      const started = add('tool/call', { callId: `c${events.length + 1}`, name, arguments: '{}' })
      return [started, add('tool/result', { message: { source: { callId: `c${started.seq}` } } })]
    },
  }
}
const FRESH = '(the contract start or the last point where a tool call may have changed the code)'
const verify = (events: FoldEvent[], args: Record<string, unknown> = {}, startedAtSeq = 0) => codeVerificationSucceeded({ profile: 'unit-tests', ...args }, context(events, startedAtSeq))

describe('code_verification_succeeded', () => {
  it('states the passing run and the freshness boundary', async () => {
    const log = sessionLog()
    const run = log.run()
    expect(await verify(log.events)).toEqual({ passed: true, evidence: `verifier unit-tests passed (seq ${run.seq}, 1 passing run(s) after seq 0 ${FRESH})` })
  })

  it('with an empty log, counts freshness from the contract start', async () => {
    expect(lastPossibleChange([], 7, GOVERNOR)).toBe(7)
    expect(await verify([])).toEqual({ passed: false, evidence: `no run of verifier unit-tests after seq 0 ${FRESH}; call reliability_code_verify with profile_id unit-tests` })
  })

  it('never lowers the boundary below the contract start for calls made before it', () => {
    const log = sessionLog()
    log.finished('bash')
    expect(lastPossibleChange(log.events, 10, GOVERNOR)).toBe(10)
  })

  it('does not count another governor tool\'s call, nor events other than calls and results, as a possible change', async () => {
    const log = sessionLog()
    log.run()
    log.finished('reliability_verify')
    log.add('model/message', { text: 'verified' })
    expect(lastPossibleChange(log.events, 0, GOVERNOR)).toBe(0)
    expect(await verify(log.events)).toMatchObject({ passed: true })
  })

  it('counts a result that names no call as a possible change', async () => {
    for (const data of [{}, { message: {} }, { message: { source: {} } }]) {
      const log = sessionLog()
      log.run()
      const orphan = log.add('tool/result', data)
      expect(lastPossibleChange(log.events, 0, GOVERNOR), JSON.stringify(data)).toBe(orphan.seq)
      expect(await verify(log.events)).toMatchObject({ passed: false })
    }
  })

  it('trusts a run record only from a verification event', async () => {
    const log = sessionLog()
    log.add('custom/echo', verificationRecord(facts()))
    expect(await verify(log.events)).toMatchObject({ passed: false, evidence: expect.stringContaining('no run of verifier unit-tests') as unknown as string })
  })

  it('keeps other profiles\' runs after a read-only run, and a workspace-write run keeps its own profile\'s', async () => {
    const log = sessionLog()
    log.run(lintFacts)
    log.run()
    expect(await codeVerificationSucceeded({ profile: 'lint' }, context(log.events, 0))).toMatchObject({ passed: true })
    const writes = sessionLog()
    writes.run({ ...lintFacts, ...writer })
    writes.run({ ...lintFacts, ...writer })
    expect(await codeVerificationSucceeded({ profile: 'lint', min_count: 2 }, context(writes.events, 0))).toMatchObject({ passed: true })
  })

  it('counts only passing runs toward min_count', async () => {
    const log = sessionLog()
    log.run({ outcome: 'failed', exitCode: 1 })
    log.run()
    expect(await verify(log.events, { min_count: 2 })).toEqual({ passed: false, evidence: `1 passing run(s) of verifier unit-tests after seq 0 ${FRESH}; 2 needed` })
  })

  it('names the exit code of a failed latest run only when there was one', async () => {
    const log = sessionLog()
    const timedOut = log.run({ outcome: 'timeout', exitCode: null, signal: 'SIGTERM' })
    expect(await verify(log.events)).toEqual({ passed: false, evidence: `the latest run of verifier unit-tests (seq ${timedOut.seq}) ended timeout` })
    const failed = log.run({ outcome: 'failed', exitCode: 2 })
    expect(await verify(log.events)).toEqual({ passed: false, evidence: `the latest run of verifier unit-tests (seq ${failed.seq}) ended failed with exit code 2` })
  })
})
