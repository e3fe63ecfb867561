/**
 * Turn figures: the CPU time the bundle's own code takes in a governed turn
 * (a contract opened, a gated write, a read, the turn-stop verification that
 * certifies), from a sampling CPU profile, and the whole host turn against
 * the same turn without the bundle.
 */
import { Session } from 'node:inspector/promises'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'
import * as reliability from '../../../lib/reliability/plugin.js'
import * as ieg from '../../../lib/ieg/plugin.js'
import { IegSchema } from '../../../lib/ieg/config.js'
import * as benchTools from '../../fixtures/bench-tools/index.js'
import { createAgent, mountHost, runTurn, scriptModel, type PluginModule } from '../../../test/support/host.ts'
import { PROJECT_ROOT } from '../../../test/support/dsh-profile.ts'
import { act } from '../policy.ts'
import { BENCH_FILE_TOOLS } from '../trial.ts'
import { overRuns, quantile, type PerfRecord } from './measure.ts'

/** Runs and turns per run. */
export interface TurnScale {
  readonly runs: number
  readonly turns: number
  readonly ratioPairs: number
}

/**
 * The scripted steps of one turn: open a contract, write, read, stop; the
 * governed arm's certification message reaches the model, which answers once more.
 */
function turnSteps(index: number, governed: boolean) {
  const contract = { objective: 'retitle the readme', claims: [{ id: 'c', statement: 'the title is set', importance: 'critical', verification: 'deterministic', check_ids: ['k'] }], checks: [{ id: 'k', kind: 'file_contains', path: 'README.md', text: `# App ${index}` }] }
  return [act('reliability_begin', contract), act('write_file', { path: 'README.md', content: `# App ${index}\n` }), act('read_file', { path: 'README.md' }), { kind: 'text' as const, text: 'done' }, ...(governed ? [{ kind: 'text' as const, text: 'Certified.' }] : [])]
}

/** A stand-in for reliability_begin in the ungoverned arm, so both arms take the same model steps. */
const beginStandIn = {
  name: 'bench-begin-stand-in',
  inject: ['tools'],
  apply(ctx: Context) {
    ctx.tools.register(defineTool({ name: 'reliability_begin', description: 'Benchmark stand-in: returns at once.', parameters: {}, output: { schema: { type: 'string' }, render: (_args: unknown, value: string) => [{ type: 'text' as const, text: value }] }, execute: async () => 'ok' }))
  },
}

function plugins(governed: boolean): Array<readonly [PluginModule, unknown]> {
  const defaults = IegSchema({} as never).workspace
  const list: Array<readonly [PluginModule, unknown]> = [[benchTools as unknown as PluginModule, {}]]
  if (governed) list.push([reliability as unknown as PluginModule, { contractReview: { mode: 'off' } }], [ieg as unknown as PluginModule, { workspace: { ...defaults, mutatingTools: [...defaults.mutatingTools, ...BENCH_FILE_TOOLS] } }])
  else list.push([beginStandIn as unknown as PluginModule, {}])
  return list
}

type CpuProfile = { nodes: Array<{ id: number, callFrame: { url: string }, children?: number[] }>, samples: number[], timeDeltas: number[] }

/**
 * CPU milliseconds with a function of the bundle's build (lib/) on the
 * stack, from a profile's samples, in total and by the outermost bundle
 * module on the stack (the module the host called into).
 */
function bundleMilliseconds(profile: CpuProfile): { total: number, byModule: Map<string, number> } {
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const urls = new Map(profile.nodes.map(node => [node.id, node.callFrame.url]))
  const ours = `${PROJECT_ROOT}/lib/`
  const outermost = new Map<number, string | null>()
  const moduleOf = (id: number): string | null => {
    if (outermost.has(id)) return outermost.get(id) ?? null
    const up = parent.get(id)
    const above = up === undefined ? null : moduleOf(up)
    const url = urls.get(id) ?? ''
    const result = above ?? (url.includes(ours) ? url.slice(url.indexOf(ours) + ours.length) : null)
    outermost.set(id, result)
    return result
  }
  let micros = 0
  const byModule = new Map<string, number>()
  profile.samples.forEach((id, index) => {
    const module = moduleOf(id)
    if (module === null) return
    const delta = profile.timeDeltas[index + 1] ?? 0
    micros += delta
    byModule.set(module, (byModule.get(module) ?? 0) + delta / 1000)
  })
  return { total: micros / 1000, byModule }
}

/**
 * Record the per-turn plugin work and the turn ratio.
 * @param record - where figures go.
 * @param scale - runs and turns.
 */
export async function turnFigures(record: PerfRecord, scale: TurnScale): Promise<void> {
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-perf-turn-'))
  await writeFile(join(workspace, 'README.md'), '# App\n')
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 50 })
  const byModule = new Map<string, number>()
  const perTurn = await overRuns(scale.runs, async (run) => {
    const host = await mountHost({ fs: true, plugins: plugins(true) })
    const warm = 3
    scriptModel(host.ctx, Array.from({ length: warm + scale.turns }, (_, index) => turnSteps(run * 1000 + index, true)).flat())
    for (let i = 0; i < warm; i += 1) await runTurn(createAgent(host.ctx, `warm-${run}-${i}`, workspace), 'retitle the readme')
    await session.post('Profiler.start')
    const agents = Array.from({ length: scale.turns }, (_, i) => createAgent(host.ctx, `turn-${run}-${i}`, workspace))
    for (const agent of agents) await runTurn(agent, 'retitle the readme')
    const { profile } = await session.post('Profiler.stop')
    for (const agent of agents) {
      const terminal = agent.session.events.find(event => event.type === 'reliability/terminal')?.data as { outcome?: string } | undefined
      if (terminal?.outcome !== 'certified') throw new Error(`a profiled turn ended ${JSON.stringify(terminal ?? 'without a terminal record')}, so the figure would time another path`)
    }
    await host.dispose()
    const measured = bundleMilliseconds(profile as CpuProfile)
    for (const [module, ms] of measured.byModule) byModule.set(module, (byModule.get(module) ?? 0) + ms / scale.turns / scale.runs)
    return measured.total / scale.turns
  })
  session.disconnect()
  record.figure('plugin work per governed turn (median of runs)', 'ms', perTurn, 0.2, `CPU time with a function of the bundle on the stack, from a 50 µs sampling profile of ${scale.turns} turns per run; each turn opens a contract, makes a gated write and a read, and certifies at the turn stop`)
  const parts = [...byModule].sort((a, b) => b[1] - a[1])
  record.table({ title: 'Plugin work per governed turn by module', note: 'The same samples, by the outermost module of the bundle on the stack: where the host called in, or where an awaited call resumed. Host code that module calls is counted with it. Milliseconds per turn, mean of the runs.', columns: ['module (lib/)', 'ms per turn'], rows: parts.map(([module, ms]) => [module, ms.toFixed(3)]) })

  const once = async (governed: boolean, index: number): Promise<number> => {
    const host = await mountHost({ fs: true, plugins: plugins(governed) })
    scriptModel(host.ctx, turnSteps(index, governed))
    const agent = createAgent(host.ctx, `ratio-${String(governed)}-${index}`, workspace)
    const start = process.hrtime.bigint()
    await runTurn(agent, 'retitle the readme')
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    await host.dispose()
    return ms
  }
  for (let i = 0; i < 4; i += 1) await once(i % 2 === 0, i)
  const ratio = await overRuns(scale.runs, async (run) => {
    const governedTimes: number[] = []
    const bareTimes: number[] = []
    for (let i = 0; i < scale.ratioPairs; i += 1) {
      // Alternate which arm goes first, so neither always runs on a warmer process.
      const governedFirst = (i + run) % 2 === 0
      if (governedFirst) governedTimes.push(await once(true, i))
      bareTimes.push(await once(false, i))
      if (!governedFirst) governedTimes.push(await once(true, i))
    }
    return quantile(governedTimes, 0.5) / quantile(bareTimes, 0.5)
  })
  record.figure('host turn: governed / ungoverned (median ratio)', 'x', ratio, null, `${scale.ratioPairs} pairs per run in alternating order; the same model steps (a stand-in answers reliability_begin in the ungoverned arm) plus, in the governed arm, the model's answer to the certification message; the difference is mostly the host handling the larger request (see the request footprint)`)
  await rm(workspace, { recursive: true, force: true })
}
