/**
 * The robustness suites, printed and written to docs/robustness.md (a full
 * run) or .cache/robustness-quick.md (BENCH_QUICK=1, as in CI): tool fuzzing,
 * evidence path escapes with a flip race, tampered session logs written by
 * the installed CLI, malformed configurations of both rows, and killing the
 * CLI during verification. Exits non-zero when a suite finds a failure, so a
 * broken build fails the run.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Schema from '@deepseek-ai/schemastery'
import * as reliability from '../lib/reliability/plugin.js'
import * as ieg from '../lib/ieg/plugin.js'
import { IegSchema } from '../lib/ieg/config.js'
import { ReliabilityConfig } from '../lib/reliability/config.js'
import { reliabilityFold, reliabilityPhase, type ReliabilityState } from '../lib/reliability/contract/fold.js'
import { workspacePort } from '../lib/reliability/host/workspace-port.js'
import { createProfile, ensureHost, makeWorkspace, packBundle, PROJECT_ROOT, readSessionLogs, runTask } from '../test/support/dsh-profile.ts'
import { scriptAuxiliaryModel, type PluginModule } from '../test/support/host.ts'
import { startModelServer } from '../test/support/model-server.ts'
import { RELEASE_CONTRACT_UNREVIEWED, RELEASE_TASK, RELEASE_WORKSPACE, releaseScript } from '../test/support/release-scenario.ts'
import { malformedConfigs, type ConfigFigures } from './src/robustness/configs.ts'
import { evidenceEscapes } from './src/robustness/evidence-escapes.ts'
import { fuzzTools } from './src/robustness/fuzz-tools.ts'
import { killAndResume } from './src/robustness/kill-resume.ts'
import { tamperedLogs, type LoggedEvent } from './src/robustness/tampering.ts'

const quick = process.env['BENCH_QUICK'] === '1'
const lines: string[] = []
let failures = 0

function print(line: string): void {
  lines.push(line)
  process.stdout.write(`${line}\n`)
}

function verdict(ok: boolean): string {
  if (!ok) failures += 1
  return ok ? 'holds' : '**FAILS**'
}

async function fuzzSuite(): Promise<void> {
  const workspace = await makeWorkspace({ 'README.md': 'x\n', 'config.json': '{}\n' })
  const payloadsPerTool = quick ? 300 : 10_000
  const seed = 20261130
  const defaults = await fuzzTools({ rows: [[reliability as unknown as PluginModule, {}], [ieg as unknown as PluginModule, {}]], workspace, payloadsPerTool, seed })
  // The tools only other settings register: code verification and auxiliary-model authoring (its model answers every draft with a valid one).
  const everything = { contractAuthoring: { mode: 'auxiliary-model', provider: 'aux', model: 'aux' }, codeVerificationProfiles: [{ id: 'unit-tests', description: 'The project tests pass', command: 'node', args: ['--version'] }] }
  const draft = JSON.stringify({ claims: [{ id: 'c1', statement: 'README names the project', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }], checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'x' }] })
  const features = await fuzzTools({ rows: [[reliability as unknown as PluginModule, everything], [ieg as unknown as PluginModule, {}]], workspace, payloadsPerTool, seed, skip: defaults.map(figure => figure.tool), prepare: ctx => scriptAuxiliaryModel(ctx, 'aux', Array.from({ length: payloadsPerTool }, () => draft)) })
  const figures = [...defaults, ...features]
  await rm(workspace, { recursive: true, force: true })
  const bad = figures.reduce((sum, figure) => sum + figure.internalErrors.length + figure.appendedByRefusal + figure.refusalsWithoutField.length, 0)
  print(`\n## Tool fuzzing (fast-check, seed 20261130, ${payloadsPerTool} payloads per tool): ${verdict(bad === 0)}\n`)
  print('| tool | payloads | accepted | refused | internal errors | events appended by a refusal | refusals naming no field |')
  print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const figure of figures) print(`| \`${figure.tool}\` | ${figure.payloads} | ${figure.accepted} | ${figure.refused} | ${figure.internalErrors.length} | ${figure.appendedByRefusal} | ${figure.refusalsWithoutField.length} |`)
  for (const figure of figures) for (const example of [...figure.internalErrors, ...figure.refusalsWithoutField].slice(0, 5)) print(`- ${figure.tool}: ${example}`)
}

async function escapeSuite(): Promise<void> {
  const budget = { maxFileBytes: 1 << 20, maxAttemptBytes: 1 << 26, maxConcurrentReads: 4 }
  const figures = await evidenceEscapes({ port: (fs, workspace) => workspacePort(fs, workspace, budget), raceMs: quick ? 1500 : 10_000 })
  const ok = figures.certifiedOutside.length === 0 && figures.raceCertifiedOutside === 0
  print(`\n## Evidence path escapes: ${verdict(ok)}\n`)
  print(`- ${figures.cases} check evaluations against paths leading outside (\`..\`, absolute, file and folder links, link chains, climbing relative links, a swapped folder, \`/etc/passwd\`, \`/proc/self/environ\`, \`/dev/zero\`, a fifo): ${figures.refusedAtInput} refused by the contract validator, ${figures.certifiedOutside.length} passed on outside content.`)
  print(`- Flip race: ${figures.raceSeconds} s, ${figures.raceFlips} folder/link flips, ${figures.raceEvaluations} evaluations of 3 checks: ${figures.raceCertifiedOutside} passed on outside content.`)
  for (const example of figures.certifiedOutside.slice(0, 10)) print(`- passed on outside content: ${example}`)
}

async function certifiedCliLog(): Promise<LoggedEvent[]> {
  const dsh = ensureHost()
  const profile = await createProfile({ dsh, tarball: packBundle(), patch: '- id: reliability-governor\n  config:\n    contractReview:\n      mode: \'off\'\n' })
  const workspace = await makeWorkspace(RELEASE_WORKSPACE)
  const server = await startModelServer(releaseScript(RELEASE_CONTRACT_UNREVIEWED))
  try {
    const result = await runTask(profile, RELEASE_TASK, { cwd: workspace, baseURL: server.baseURL })
    if (result.code !== 0) throw new Error(`the CLI run failed (${result.code}): ${result.stderr}`)
    const log = (await readSessionLogs(profile.home))[0]
    if (log === undefined) throw new Error('the CLI wrote no session log')
    return log.events
  } finally {
    await server.close()
    await rm(workspace, { recursive: true, force: true })
    await rm(profile.home, { recursive: true, force: true })
  }
}

async function tamperSuite(events: LoggedEvent[]): Promise<void> {
  const fold = { init: () => reliabilityFold.init(), apply: (state: unknown, event: LoggedEvent) => reliabilityFold.apply(state as ReliabilityState, event), integrity: (state: unknown) => reliabilityPhase(state as ReliabilityState) === 'integrity' }
  const figures = tamperedLogs(events, fold)
  const certified = events.some(event => event.type === 'reliability/terminal' && (event.data as { outcome?: string }).outcome === 'certified')
  print(`\n## Tampered session logs (a certified session written by the installed CLI): ${verdict(certified && figures.kinds > 0 && figures.acceptedChanged.length === 0)}\n`)
  if (!certified) print('- the CLI session did not certify, so there was nothing to tamper with: the suite cannot hold.')
  print(`- ${figures.kinds - figures.forgeries} kinds of edited, deleted, duplicated, reordered, truncated and injected records: ${figures.caught} caught, ${figures.acceptedChanged.length} accepted with a changed governor state${figures.acceptedChanged.length === 0 ? '' : ` (${figures.acceptedChanged.join('; ')})`}.`)
  print(`- ${figures.forgeries} forgeries that recompute every receipt: ${figures.forgeries - figures.forgeriesAccepted.length} still caught by re-derivation (version, evidence boundary, coverage, exact keys, numbering, result order, verdict, terminal links), ${figures.forgeriesAccepted.length} accepted (out of scope: ${figures.forgeriesAccepted.join('; ') || 'none'}).`)
}

function refusedRow(name: string): { refused: (outcome: { loadError: string | null, status: Record<string, unknown> | null }) => { refused: boolean, message: string } } {
  return {
    refused: ({ loadError, status }) => {
      if (name === 'ieg') return { refused: status?.['mounted'] === false, message: String(status?.['configError'] ?? loadError ?? '') }
      return { refused: loadError !== null, message: loadError ?? '' }
    },
  }
}

async function configSuite(): Promise<void> {
  const rows = [
    { name: 'reliability-governor', plugin: reliability as unknown as PluginModule, schema: ReliabilityConfig as unknown as Schema, extra: [{ evidence: { secretFiles: [''] } }, { evidence: { secretFiles: ['a/b'] } }], judge: refusedRow('reliability-governor').refused },
    { name: 'ieg', plugin: ieg as unknown as PluginModule, schema: IegSchema as unknown as Schema, extra: [
      { workspace: { protectedPaths: ['/'] } }, { workspace: { protectedPaths: [''] } }, { workspace: { protectedPaths: ['../x'] } }, { workspace: { protectedPaths: ['.'] } },
      { workspace: { overlap: { directories: ['/etc'] } } }, { workspace: { overlap: { directories: ['..'] } } }, { workspace: { overlap: { extensions: ['md'] } } },
      { workspace: { mutatingTools: [{ name: '', targetKeys: ['p'] }] } }, { workspace: { mutatingTools: [{ name: 'w', targetKeys: [] }] } }, { workspace: { mutatingTools: [{ name: 'w', targetkeys: ['p'] }] } },
      { workspace: { mutatingTools: [{ name: 'bash', targetKeys: ['p'] }] } }, { workspace: { readOnlyCommands: ['npm test; rm x'] } }, { workspace: { readOnlyCommands: ['$X'] } },
      { diagnosticsExport: { file: 'relative.json' } },
    ], judge: refusedRow('ieg').refused },
  ]
  const figures: ConfigFigures[] = []
  for (const row of rows) figures.push(await malformedConfigs(row))
  const ok = figures.every(figure => figure.acceptedSilently.length === 0 && figure.withoutKeyPath.length === 0)
  print(`\n## Malformed configurations: ${verdict(ok)}\n`)
  print('| row | malformed configurations | accepted silently | refused without a key path |')
  print('| --- | ---: | ---: | ---: |')
  for (const figure of figures) print(`| \`${figure.row}\` | ${figure.malformed} | ${figure.acceptedSilently.length} | ${figure.withoutKeyPath.length} |`)
  for (const figure of figures) for (const example of [...figure.acceptedSilently, ...figure.withoutKeyPath].slice(0, 8)) print(`- ${figure.row}: ${example}`)
}

async function killSuite(): Promise<void> {
  const figures = await killAndResume({ dsh: ensureHost(), tarball: packBundle(), runs: quick ? 2 : 12 })
  print(`\n## Killing the CLI during verification, then resuming: ${verdict(figures.problems.length === 0)}\n`)
  print(`- ${figures.runs} runs, killed 0 to 49 ms into the second verification (${figures.killedWhileVerifying} before its attempt reached the disk); ${figures.attemptsOnDisk} attempts on disk in all; ${figures.problems.length} problems (an attempt the model saw missing from disk, numbering other than 1..n, a resumed verification not numbered n + 1, a resumed integrity violation).`)
  for (const problem of figures.problems) print(`- ${problem}`)
}

/** The Mutation testing section: this machine's Stryker report, else the section the committed report already holds (a run without Stryker keeps the recorded score). */
async function mutationScore(): Promise<void> {
  const report = await readFile(join(PROJECT_ROOT, 'reports/mutation/mutation-score.md'), 'utf8').catch(() => null)
  const recorded = (await readFile(join(PROJECT_ROOT, 'docs/robustness.md'), 'utf8').catch(() => '')).split('\n## Mutation testing\n')[1]?.split('\n## ')[0]?.trim()
  print('\n## Mutation testing\n')
  print(report?.trim() ?? recorded ?? '- `npm run mutation` (Stryker) has not been run here, and no earlier score is recorded.')
}

print(`# Robustness\n\nGenerated by \`npm run bench:robustness\`${quick ? ' (quick sizes)' : ''} on ${new Date().toISOString()}, Node ${process.version}. Each suite states what it counts and holds when its failure count is 0.`)
await fuzzSuite()
await escapeSuite()
await tamperSuite(await certifiedCliLog())
await configSuite()
await killSuite()
if (!quick) await mutationScore()
const out = quick ? join(PROJECT_ROOT, '.cache/robustness-quick.md') : join(PROJECT_ROOT, 'docs/robustness.md')
await mkdir(join(out, '..'), { recursive: true })
await writeFile(out, `${lines.join('\n')}\n`)
process.stdout.write(`\nreport: ${out}\n`)
if (failures > 0) {
  process.stdout.write(`${failures} suite(s) found failures\n`)
  process.exitCode = 1
}
