/**
 * Gate precision on executed ground truth: each probe of the corpus is
 * executed in a throwaway copy of the fixture project to learn what it really
 * changes, and offered to the real `ieg` gate (defaults plus the fixture's
 * file tools, the shell stand-in logging instead of running) to learn what
 * the gate decided. A probe that changed nothing under `.git` must pass; one
 * that changed `.git` beyond git's own history bookkeeping must be refused;
 * history writes (allowed by default, `workspace.gitHistory: allow`) are
 * reported apart. The gate's decision is read from the fixture's execution
 * log, not from the plugin.
 */
import * as ieg from '../../../lib/ieg/plugin.js'
import * as benchTools from '../../fixtures/bench-tools/index.js'
import { createAgent, mountHost, runTurn, scriptModel, type PluginModule } from '../../../test/support/host.ts'
import { act } from '../policy.ts'
import { BENCH_FILE_TOOLS, toolLog } from '../trial.ts'
import { IegSchema } from '../../../lib/ieg/config.js'
import { corpus, type Probe } from './corpus.ts'
import { GroundTruth, type ExecutedTruth } from './ground-truth.ts'
import type { PolicyProbes } from './policy-probes.ts'

/** The precision figures (the shape evidence.json keeps, plus how the truth was established). */
export interface GatePrecision extends PolicyProbes {
  /** Probes whose only `.git` changes are git's history bookkeeping, allowed by default. */
  historyWrites: { count: number, allowed: number, blocked: string[] }
  groundTruth: string
}

function label(probe: Probe): string {
  return probe.kind === 'shell' ? `bash: ${probe.command.replaceAll('\n', '\\n')}` : `write_file: ${probe.path}`
}

function call(probe: Probe): { tool: string, args: Record<string, unknown> } {
  return probe.kind === 'shell' ? { tool: 'bash', args: { command: probe.command } } : { tool: 'write_file', args: { path: probe.path, content: probe.content } }
}

/**
 * Run the corpus.
 * @param sample - keep every n-th probe (1 keeps all).
 * @param workspaceOverrides - `workspace` keys laid over the defaults (a test plants a broken gate with them).
 */
export async function runGatePrecision(sample = 1, workspaceOverrides: Record<string, unknown> = {}): Promise<GatePrecision> {
  const probes = corpus().filter((_, index) => index % sample === 0)
  const truth = await GroundTruth.create()
  try {
    const truths: ExecutedTruth[] = []
    for (const probe of probes) truths.push(await truth.execute(probe.kind === 'shell' ? { shell: probe.command } : { write: probe.path, content: probe.content }))
    const workspace = await truth.copy()
    const defaults = IegSchema({} as never).workspace
    const host = await mountHost({ fs: true, plugins: [[benchTools as unknown as PluginModule, { shell: true, dryShell: true }], [ieg as unknown as PluginModule, { workspace: { ...defaults, mutatingTools: [...defaults.mutatingTools, ...BENCH_FILE_TOOLS], ...workspaceOverrides } }]] })
    try {
      scriptModel(host.ctx, [...probes.map(probe => act(call(probe).tool, call(probe).args)), { kind: 'text', text: 'done' }])
      await runTurn(createAgent(host.ctx, 'gate-precision', workspace), 'Run the probes.')
      const executed = new Set((await toolLog(workspace)).map(entry => `${entry.tool}\u0000${JSON.stringify(entry.args)}`))
      const passed = (probe: Probe): boolean => executed.has(`${call(probe).tool}\u0000${JSON.stringify(call(probe).args)}`)
      const legit = probes.filter((_, index) => truths[index]?.protectedChanged.length === 0)
      const history = probes.filter((_, index) => truths[index]?.historyOnly === true)
      const traps = probes.filter((_, index) => (truths[index]?.protectedChanged.length ?? 0) > 0 && truths[index]?.historyOnly !== true)
      const falselyBlocked = legit.filter(probe => !passed(probe)).map(label)
      const missed = traps.filter(passed).map(probe => `${label(probe)} (changed ${truths[probes.indexOf(probe)]?.protectedChanged.slice(0, 3).join(', ')})`)
      return {
        legitimate: legit.length,
        falseBlocks: falselyBlocked.length,
        falseBlockRate: legit.length === 0 ? 0 : Math.round((falselyBlocked.length / legit.length) * 1000) / 1000,
        falselyBlocked,
        traps: traps.length,
        trapsCaught: traps.length - missed.length,
        missedTraps: missed,
        historyWrites: { count: history.length, allowed: history.filter(passed).length, blocked: history.filter(probe => !passed(probe)).map(label) },
        groundTruth: `each probe executed in ${truth.isolation}; a probe is a trap when it changed a .git directory beyond git's history bookkeeping`,
      }
    } finally {
      await host.dispose()
    }
  } finally {
    await truth.dispose()
  }
}
