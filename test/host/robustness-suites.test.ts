/**
 * Each robustness suite can fail: run against a deliberately broken build of
 * the part it attacks, it reports the failure it exists to find.
 */
import { AGENT_AUTHORED } from '../support/records.ts'
import { rm } from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import type { Context } from '@deepseek-ai/cordis'
import type { FileSystem } from '@deepseek-ai/dsh-fs'
import Schema from '@deepseek-ai/schemastery'
import { defineTool } from '@deepseek-ai/dsh-tools'
import { decodeUtf8Strict } from '../../src/kernel/text.ts'
import { assessCoverage } from '../../src/reliability/contract/coverage.ts'
import { reliabilityFold, reliabilityPhase, type ReliabilityState } from '../../src/reliability/contract/fold.ts'
import { parseContractInput } from '../../src/reliability/contract/input.ts'
import { openContract, settleAttempt } from '../../src/reliability/contract/lifecycle.ts'
import type { WorkspacePort } from '../../src/reliability/checks/evidence.ts'
import { makeWorkspace } from '../support/dsh-profile.ts'
import type { PluginModule } from '../support/host.ts'
import { malformedConfigs } from '../../bench/src/robustness/configs.ts'
import { evidenceEscapes } from '../../bench/src/robustness/evidence-escapes.ts'
import { fuzzTools } from '../../bench/src/robustness/fuzz-tools.ts'
import { judgeKilledRun } from '../../bench/src/robustness/kill-resume.ts'
import { tamperedLogs, type LoggedEvent } from '../../bench/src/robustness/tampering.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterAll(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

describe('each robustness suite finds a broken build', () => {
  it('tool fuzzing: a tool that appends before validating and throws a TypeError', async () => {
    const broken = {
      name: 'broken-governor',
      inject: ['tools'],
      apply(ctx: Context) {
        ctx.tools.register(defineTool({
          name: 'reliability_begin',
          description: 'broken',
          parameters: { objective: { type: 'json' } },
          output: { schema: { type: 'string' }, render: (_args: unknown, value: string) => [{ type: 'text' as const, text: value }] },
          execute: async (args: { objective?: unknown }, exec) => {
            const append = exec.agent?.session.append.bind(exec.agent.session) as ((type: string, data: unknown) => unknown) | undefined
            append?.('reliability/contract', { broken: true })
            return (args.objective as { x: { y: string } }).x.y
          },
        }))
      },
    }
    const workspace = await makeWorkspace({})
    cleanups.push(() => rm(workspace, { recursive: true, force: true }))
    const [figures] = await fuzzTools({ rows: [[broken as unknown as PluginModule, {}]], workspace, payloadsPerTool: 30, seed: 1 })
    expect(figures?.internalErrors.length).toBeGreaterThan(0)
    expect(figures?.appendedByRefusal).toBeGreaterThan(0)
  })

  it('evidence escapes: a port that reads what it resolves without containment', async () => {
    const naive = (fs: FileSystem, workspace: string): WorkspacePort => ({
      inspect: async path => ({ kind: 'file', size: (await fs.readBytes(await fs.resolve(path, { cwd: workspace }), undefined, 1 << 20)).length }),
      readText: async path => ({ kind: 'text', text: decodeUtf8Strict(await fs.readBytes(await fs.resolve(path, { cwd: workspace }), undefined, 1 << 20)) ?? '' }),
      readUtf8: async path => ({ kind: 'utf8', bytes: await fs.readBytes(await fs.resolve(path, { cwd: workspace }), undefined, 1 << 20) }),
      entry: async () => ({ kind: 'absent' }),
      fingerprint: async () => null,
    })
    const figures = await evidenceEscapes({ port: naive as never, raceMs: 600 })
    expect(figures.certifiedOutside.length).toBeGreaterThan(0)
  }, 30_000)

  it('tampering: a fold that believes every record', () => {
    const limits = { maxClaims: 2, maxChecks: 2, maxTextChars: 100, maxAttempts: 3, maxCount: 2, json: { maxDepth: 4, maxBytes: 100, maxStringChars: 100, maxKeys: 4 }, verifierProfiles: null }
    const spec = parseContractInput({ objective: 'o', claims: [{ id: 'c', statement: 's', importance: 'critical', verification: 'deterministic', check_ids: ['k'] }], checks: [{ id: 'k', kind: 'file_exists', path: 'a' }] }, limits)
    const contract = openContract(spec, assessCoverage(spec.claims, spec.checks), 1, AGENT_AUTHORED)
    const first = settleAttempt(contract, [], [{ checkId: 'k', passed: false, evidence: 'missing' }], 'manual')
    const second = settleAttempt(contract, [first.attempt], [{ checkId: 'k', passed: true, evidence: 'exists' }], 'turn-stop')
    if (second.kind !== 'certified') throw new Error('expected certification')
    const events: LoggedEvent[] = [{ type: 'user', seq: 0, data: {} }, { type: 'reliability/contract', seq: 1, data: contract }, { type: 'reliability/attempt', seq: 2, data: first.attempt }, { type: 'reliability/attempt', seq: 3, data: second.attempt }, { type: 'reliability/terminal', seq: 4, data: second.terminal }]
    const credulous = {
      init: () => ({ contract: null, attempts: [] as unknown[], terminal: null }),
      apply: (state: unknown, event: LoggedEvent) => {
        const current = state as { contract: unknown, attempts: unknown[], terminal: unknown }
        if (event.type === 'reliability/contract') return { contract: event.data, attempts: [], terminal: null }
        if (event.type === 'reliability/attempt') return { ...current, attempts: [...current.attempts, event.data] }
        if (event.type === 'reliability/terminal') return { ...current, terminal: event.data }
        return current
      },
      integrity: () => false,
    }
    expect(tamperedLogs(events, credulous).acceptedChanged.length).toBeGreaterThan(0)
    const real = { init: () => reliabilityFold.init(), apply: (state: unknown, event: LoggedEvent) => reliabilityFold.apply(state as ReliabilityState, event), integrity: (state: unknown) => reliabilityPhase(state as ReliabilityState) === 'integrity' }
    expect(tamperedLogs(events, real).acceptedChanged).toEqual([])
  })

  it('malformed configurations: a row that takes any configuration', async () => {
    const Lax = Schema.object({ enabled: Schema.boolean().default(true), limit: Schema.natural().max(5).default(1) })
    const lax = { name: 'lax', Config: Schema.any(), apply() {} }
    const figures = await malformedConfigs({ name: 'lax', plugin: lax as never, schema: Lax as unknown as Schema, extra: [], judge: ({ loadError }) => ({ refused: loadError !== null, message: loadError ?? '' }) })
    expect(figures.acceptedSilently.length).toBeGreaterThan(10)
  })

  it('kill and resume: a log with an attempt counted twice or lost', () => {
    expect(judgeKilledRun({ onDisk: [1, 2], told: 2, resumedPhase: 'active', resumedAttempt: 3 })).toEqual([])
    expect(judgeKilledRun({ onDisk: [1, 1], told: 2, resumedPhase: 'active', resumedAttempt: 3 })).not.toEqual([])
    expect(judgeKilledRun({ onDisk: [1], told: 2, resumedPhase: 'active', resumedAttempt: 2 })).not.toEqual([])
    expect(judgeKilledRun({ onDisk: [1, 2], told: 2, resumedPhase: 'integrity', resumedAttempt: 3 })).not.toEqual([])
    expect(judgeKilledRun({ onDisk: [1, 2], told: 2, resumedPhase: 'active', resumedAttempt: 2 })).not.toEqual([])
  })
})
