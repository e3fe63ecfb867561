/**
 * Gate figures: the `ieg` row's time inside the real tool registry (its
 * pre-execute listener plus its guard, bracketed by stopwatch plugins), for
 * every kind of call, and how the shell and new-document costs scale.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CallId } from '@deepseek-ai/dsh-llm'
import type { Context } from '@deepseek-ai/cordis'
import type { FileSystem } from '@deepseek-ai/dsh-fs'
import * as ieg from '../../../lib/ieg/plugin.js'
import { IegSchema } from '../../../lib/ieg/config.js'
import { createAgent, mountHost, type PluginModule } from '../../../test/support/host.ts'
import { gateStopwatch } from '../gate-stopwatch.ts'
import { BENCH_FILE_TOOLS } from '../trial.ts'
import { overRuns, quantile, type PerfRecord } from './measure.ts'

/** Sample counts and scaling inputs. */
export interface GateScale {
  readonly runs: number
  readonly samples: number
  readonly documentSamples: number
  readonly documentCounts: readonly number[]
  readonly commandBytes: readonly number[]
}

/** A document that matches none of the generated ones: its own title, a file-name subject no heading has, and a distinct body. */
const DISTINCT = {
  path: 'QUARTERLY-FORECAST.md',
  content: `# Quarterly revenue forecast\n\n${'Projected margins, pipeline conversion, churn assumptions, hiring plan, marketing spend, seasonal demand, pricing changes and currency exposure per region. '.repeat(3)}\n`,
}

function generatedDocument(index: number): string {
  return `# Topic ${index}\n\n## Section ${index}\n${'words about topic '.repeat(200)}${index}\n`
}

/** A read-only pipeline of about `bytes` bytes whose text differs with `index` (so no call is served from the cache). */
export function readOnlyCommand(index: number, bytes: number): string {
  const head = `cd src && grep -rn "handleRequest${index}" --include='*.ts' . | sed -n '1,200p' | sort | uniq -c | head -n 20`
  const parts = [head]
  let length = head.length
  for (let i = 0; length < bytes - 40; i += 1) {
    const next = i % 3 === 0 ? ` && git log --oneline -n 5 -- src/file${i}.ts` : i % 3 === 1 ? ` | awk -F: '{print $${(i % 4) + 1}}'` : ` && cat docs/part${i}.md | wc -l`
    parts.push(next)
    length += next.length
  }
  return parts.join('')
}

interface GateHost {
  run(name: string, args: unknown): Promise<{ isError: boolean }>
  /** Gate time of each call in microseconds, in call order, since the last reset. */
  readonly samples: number[]
  /** The host filesystem the gate resolves targets through. */
  readonly fs: FileSystem
  dispose(): Promise<void>
}

/**
 * In place of the row: a listener that only awaits `ctx.fs.resolve` and
 * `ctx.fs.lstat` of the call's `path` (the two host calls the gate makes for
 * a literal target), so the same stopwatch shows what that wait costs inside
 * the registry, garbage collection the event loop runs meanwhile included.
 */
function filesystemFloor(workspace: string): PluginModule {
  return {
    name: 'gate-filesystem-floor',
    inject: ['tools', 'fs'],
    apply(ctx: Context) {
      ctx.on('tools/pre-execute', async (exec, next) => {
        const path = join(workspace, String((exec.arguments as { path?: unknown }).path))
        await Promise.all([ctx.fs.resolve(path, {}), ctx.fs.lstat(path, {})])
        return next()
      })
    },
  } as unknown as PluginModule
}

async function gateHost(workspace: string, maxDocuments: number, floorOnly = false): Promise<GateHost> {
  const stopwatch = gateStopwatch()
  const defaults = IegSchema({} as never).workspace
  const config = { workspace: { ...defaults, mutatingTools: [...defaults.mutatingTools, ...BENCH_FILE_TOOLS], shellTools: [{ name: 'bash', commandKey: 'command', workdirKey: '', persistent: false }], overlap: { ...defaults.overlap, maxDocuments } } }
  const governed: readonly [PluginModule, unknown] = floorOnly ? [filesystemFloor(workspace), {}] : [ieg as unknown as PluginModule, config]
  const host = await mountHost({ fs: true, plugins: [[stopwatch.stubTools as unknown as PluginModule, {}], [stopwatch.before as unknown as PluginModule, {}], governed, [stopwatch.after as unknown as PluginModule, {}]] })
  const agent = createAgent(host.ctx, 'perf-gate', workspace)
  const signal = new AbortController().signal
  let call = 0
  return {
    samples: stopwatch.samples,
    fs: host.ctx.fs,
    async run(name, args) {
      call += 1
      const result = await host.ctx.tools.execute({ name, arguments: args, agent, callId: CallId(`c${call}`), signal })
      return { isError: (result as { isError?: boolean }).isError === true }
    },
    dispose: () => host.dispose(),
  }
}

async function workspaceWith(documents: number): Promise<string> {
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-perf-gate-'))
  for (let i = 0; i < documents; i += 1) await writeFile(join(workspace, `doc-${i}.md`), generatedDocument(i))
  await writeFile(join(workspace, 'README.md'), '# App\n')
  await writeFile(join(workspace, 'src.ts'), 'export {}\n')
  return workspace
}

/**
 * Time one kind of call: warm up, then `samples` calls; fails loudly when a call the figure assumes is allowed was refused.
 * @returns the gate time of each measured call, in microseconds.
 */
async function timeCalls(host: GateHost, samples: number, call: (index: number) => [string, unknown]): Promise<number[]> {
  for (let i = 0; i < Math.min(50, samples); i += 1) await host.run(...call(-i - 1))
  host.samples.length = 0
  for (let i = 0; i < samples; i += 1) {
    const outcome = await host.run(...call(i))
    if (outcome.isError) throw new Error(`the gate refused ${JSON.stringify(call(i)).slice(0, 120)}, so the figure would time a refusal`)
  }
  return [...host.samples]
}

/**
 * Record the gate figures and the scaling tables.
 * @param record - where figures go.
 * @param scale - sample counts and scaling inputs.
 */
export async function gateFigures(record: PerfRecord, scale: GateScale): Promise<void> {
  const workspace = await workspaceWith(25)
  const host = await gateHost(workspace, 100)
  const p99Of = (calls: (index: number) => [string, unknown]) => overRuns(scale.runs, async () => quantile(await timeCalls(host, scale.samples, calls), 0.99))
  const how = `p99 of ${scale.samples} calls per run; the row's pre-execute listener and guard inside the real tool registry`
  record.figure('gate: non-mutating call (p99)', 'µs', await p99Of(() => ['read_file', { path: 'README.md' }]), 100, how)
  const bytes = Buffer.byteLength(readOnlyCommand(0, 1000))
  record.figure(`gate: read-only shell command of ${bytes} bytes, parse included (p99)`, 'µs', await p99Of(index => ['bash', { command: readOnlyCommand(index, 1000) }]), 100, `${how}; every text differs, so none is served from the cache`)
  record.figure('gate: edit of an existing file (p99)', 'µs', await p99Of(() => ['write_file', { path: 'src.ts', content: 'export {}\n' }]), 100, `${how}; the target is resolved through ctx.fs`)
  const floor = async (): Promise<number> => {
    const path = join(workspace, 'src.ts')
    const samples: number[] = []
    for (let i = 0; i < scale.samples + 50; i += 1) {
      const start = process.hrtime.bigint()
      await Promise.all([host.fs.resolve(path, {}), host.fs.lstat(path, {})])
      if (i >= 50) samples.push(Number(process.hrtime.bigint() - start) / 1000)
    }
    return quantile(samples, 0.99)
  }
  record.figure('floor: ctx.fs.resolve and ctx.fs.lstat of an existing file, in parallel (p99)', 'µs', await overRuns(scale.runs, floor), null, `p99 of ${scale.samples} pairs per run, outside the registry: the two host filesystem calls the gate makes for a literal target, and nothing else`)
  const floorHost = await gateHost(workspace, 100, true)
  record.figure('floor: the same two calls awaited by a listener in place of the row, inside the registry (p99)', 'µs', await overRuns(scale.runs, async () => quantile(await timeCalls(floorHost, scale.samples, () => ['write_file', { path: 'src.ts', content: 'export {}\n' }]), 0.99)), null, `p99 of ${scale.samples} calls per run; the stopwatch brackets that listener inside the real tool registry; while it waits, the event loop runs the garbage collection the host's own allocation schedules`)
  await floorHost.dispose()
  record.figure('gate: edit of an existing document (p99)', 'µs', await p99Of(() => ['write_file', { path: 'README.md', content: '# App v2\n' }]), 100, `${how}; one lookup shows it is not new, so no overlap check`)
  await host.dispose()
  await rm(workspace, { recursive: true, force: true })

  const rows: Array<Array<string | number>> = []
  for (const count of scale.documentCounts) {
    const docs = await workspaceWith(count)
    const documentsHost = await gateHost(docs, Math.max(100, count))
    documentsHost.samples.length = 0
    if ((await documentsHost.run('write_file', DISTINCT)).isError) throw new Error('the gate refused the distinct document, so the figure would time a refusal')
    const first = documentsHost.samples[0] ?? 0
    const medians = await overRuns(scale.runs, async () => quantile(await timeCalls(documentsHost, scale.documentSamples, () => ['write_file', DISTINCT]), 0.5))
    if (count === 25 || count === 500) record.figure(`gate: new document against ${count} documents it does not match (median)`, 'ms', { ...medians, min: medians.min / 1000, median: medians.median / 1000, max: medians.max / 1000 }, count === 25 ? 2 : 20, `median of ${scale.documentSamples} calls per run with the document index warm; maxDocuments ${Math.max(100, count)}`)
    rows.push([count, (first / 1000).toFixed(2), (medians.median / 1000).toFixed(2)])
    await documentsHost.dispose()
    await rm(docs, { recursive: true, force: true })
  }
  record.table({ title: 'New document against N documents', note: 'Gate time of a write creating a document that overlaps none of N generated ones (maxDocuments at least N): the first call reads and prepares every document; later calls reuse the index. Milliseconds.', columns: ['documents', 'first call (ms)', 'median, index warm (ms)'], rows })

  const lengths: Array<Array<string | number>> = []
  const empty = await workspaceWith(0)
  const commandsHost = await gateHost(empty, 100)
  for (const target of scale.commandBytes) {
    const samples = await timeCalls(commandsHost, scale.samples, index => ['bash', { command: readOnlyCommand(index, target) }])
    lengths.push([Buffer.byteLength(readOnlyCommand(0, target)), quantile(samples, 0.5).toFixed(1), quantile(samples, 0.99).toFixed(1)])
  }
  await commandsHost.dispose()
  await rm(empty, { recursive: true, force: true })
  record.table({ title: 'Shell command length', note: `Gate time of read-only shell commands of growing length, each text distinct (parse and analysis included), ${scale.samples} calls per length. Microseconds.`, columns: ['bytes', 'median (µs)', 'p99 (µs)'], rows: lengths })
}
