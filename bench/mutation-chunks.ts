/**
 * A full Stryker run in parts, for machines where the whole run does not fit
 * in one sitting. `plan N` splits the files of stryker.config.json's `mutate`
 * list into N chunks of about equal size. `run` runs, one chunk at a time,
 * every chunk whose result is not from the current commit; `merge` joins the
 * chunk results into reports/mutation/mutation.json, the full run's report
 * bench/mutation-score.ts reads, and refuses when a chunk is missing or from
 * another commit.
 *
 * The plan and each chunk's result (Stryker's incremental report, gzipped,
 * with the commit it was made on) live in bench/mutation-state/, which is
 * committed: a new checkout continues where the last one stopped, and a chunk
 * run on a later commit retests only the mutants whose code or covering tests
 * changed. `run` brings the plan up to date with the `mutate` list first (a
 * new file joins the lightest chunk).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readdir, readFile, stat, writeFile, mkdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { PROJECT_ROOT } from '../test/support/dsh-profile.ts'
import { chunkConfig, joinChunkReports, reconcileChunks, splitBySize, type ChunkReport } from './src/mutation-chunks.ts'

const OUT = join(PROJECT_ROOT, 'reports/mutation')
const STATE = join(PROJECT_ROOT, 'bench/mutation-state')
const PLAN = join(STATE, 'plan.json')

interface ChunkPlan { readonly commit: string, readonly chunks: ReadonlyArray<readonly string[]> }

function headCommit(): string {
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim()
}

async function baseConfig(): Promise<Record<string, unknown> & { mutate: string[] }> {
  return JSON.parse(await readFile(join(PROJECT_ROOT, 'stryker.config.json'), 'utf8')) as Record<string, unknown> & { mutate: string[] }
}

/** The files one `mutate` entry names: a path, or `dir/**\/*.ts`. */
async function filesOf(pattern: string): Promise<string[]> {
  const suffix = '/**/*.ts'
  if (!pattern.endsWith(suffix)) return [pattern]
  const dir = pattern.slice(0, -suffix.length)
  const names = await readdir(join(PROJECT_ROOT, dir), { recursive: true })
  return names.filter(name => name.endsWith('.ts')).map(name => `${dir}/${name}`.replaceAll('\\', '/'))
}

/** The files the `mutate` list names now, with their sizes. */
async function mutatedFiles(): Promise<Array<{ file: string, size: number }>> {
  const files = (await Promise.all((await baseConfig()).mutate.map(filesOf))).flat()
  return Promise.all(files.map(async file => ({ file, size: (await stat(join(PROJECT_ROOT, file))).size })))
}

const chunkResult = (index: number): string => join(STATE, `chunk-${index + 1}.json.gz`)
const commitFile = (index: number): string => join(STATE, `chunk-${index + 1}.commit`)
const incrementalFile = (index: number): string => join(PROJECT_ROOT, `reports/mutation/chunk-${index + 1}.incremental.json`)
const chunkConfigFile = (index: number): string => join(OUT, `chunk-${index + 1}.config.json`)

async function writePlan(record: ChunkPlan): Promise<void> {
  await mkdir(STATE, { recursive: true })
  await writeFile(PLAN, `${JSON.stringify(record, null, 2)}\n`)
}

async function plan(count: number): Promise<void> {
  const sized = await mutatedFiles()
  await writePlan({ commit: headCommit(), chunks: splitBySize(sized, count) })
  process.stdout.write(`planned ${count} chunks of ${sized.length} files\n`)
}

async function readPlan(): Promise<ChunkPlan> {
  const text = await readFile(PLAN, 'utf8').catch(() => null)
  if (text === null) throw new Error(`no chunk plan at ${relative(PROJECT_ROOT, PLAN)}: run \`plan N\` first`)
  return JSON.parse(text) as ChunkPlan
}

const readCommit = async (index: number): Promise<string> => (await readFile(commitFile(index), 'utf8').catch(() => '')).trim()

async function run(): Promise<void> {
  const planned = await readPlan()
  const chunks = reconcileChunks(planned.chunks, await mutatedFiles())
  await writePlan({ ...planned, chunks })
  const base = await baseConfig()
  const commit = headCommit()
  await mkdir(OUT, { recursive: true })
  for (const [index, mutate] of chunks.entries()) {
    if (await readCommit(index) === commit) continue
    process.stdout.write(`chunk ${index + 1} of ${chunks.length}\n`)
    const previous = await readFile(chunkResult(index)).catch(() => null)
    if (previous !== null) await writeFile(incrementalFile(index), gunzipSync(previous))
    await writeFile(chunkConfigFile(index), `${JSON.stringify(chunkConfig(base, mutate, index), null, 2)}\n`)
    const result = spawnSync('npx', ['stryker', 'run', relative(PROJECT_ROOT, chunkConfigFile(index))], { cwd: PROJECT_ROOT, stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`chunk ${index + 1} failed (exit ${String(result.status)})`)
    await writeFile(chunkResult(index), gzipSync(await readFile(incrementalFile(index)), { level: 9 }))
    await writeFile(commitFile(index), `${commit}\n`)
  }
}

async function merge(): Promise<void> {
  const { chunks } = await readPlan()
  const commit = headCommit()
  const parts = await Promise.all([...chunks.keys()].map(async index => ({
    commit: await readCommit(index),
    report: await readFile(chunkResult(index)).then(data => JSON.parse(gunzipSync(data).toString('utf8')) as ChunkReport).catch(() => null),
  })))
  await mkdir(OUT, { recursive: true })
  await writeFile(join(OUT, 'mutation.json'), JSON.stringify(joinChunkReports(parts, commit)))
  process.stdout.write(`merged ${chunks.length} chunk results of ${commit} into reports/mutation/mutation.json\n`)
}

const [command, argument] = process.argv.slice(2)
switch (command) {
  case 'plan': await plan(Number(argument)); break
  case 'run': await run(); break
  case 'merge': await merge(); break
  default: throw new Error('usage: node bench/mutation-chunks.ts plan N | run | merge')
}
