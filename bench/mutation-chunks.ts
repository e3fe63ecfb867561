/**
 * A full Stryker run in parts, for machines where the whole run does not fit
 * in one sitting. `plan N` splits the files of stryker.config.json's `mutate`
 * list into N chunks of about equal size and writes one Stryker configuration
 * per chunk (reports/mutation/chunk-K.config.json); each chunk writes its own
 * report and its own incremental file beside it, so running a chunk again on
 * a later commit retests only what changed. `run` runs every chunk that has no
 * report yet for the planned commit. `merge` joins the chunk reports into
 * reports/mutation/mutation.json, the full run's report bench/mutation-score.ts
 * reads, and refuses when a chunk is missing or came from another commit.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readdir, readFile, stat, writeFile, mkdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { PROJECT_ROOT } from '../test/support/dsh-profile.ts'
import { chunkConfig, joinChunkReports, splitBySize, type ChunkReport } from './src/mutation-chunks.ts'

const OUT = join(PROJECT_ROOT, 'reports/mutation')
const PLAN = join(OUT, 'chunks-plan.json')

interface ChunkPlan { readonly commit: string, readonly chunks: ReadonlyArray<readonly string[]> }

function headCommit(): string {
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim()
}

/** The files one `mutate` entry names: a path, or `dir/**\/*.ts`. */
async function filesOf(pattern: string): Promise<string[]> {
  const suffix = '/**/*.ts'
  if (!pattern.endsWith(suffix)) return [pattern]
  const dir = pattern.slice(0, -suffix.length)
  const names = await readdir(join(PROJECT_ROOT, dir), { recursive: true })
  return names.filter(name => name.endsWith('.ts')).map(name => `${dir}/${name}`.replaceAll('\\', '/'))
}

async function split(files: readonly string[], count: number): Promise<string[][]> {
  const sized = await Promise.all(files.map(async file => ({ file, size: (await stat(join(PROJECT_ROOT, file))).size })))
  return splitBySize(sized, count)
}

const chunkReport = (index: number): string => join(OUT, `chunk-${index + 1}.json`)
const chunkConfigFile = (index: number): string => join(OUT, `chunk-${index + 1}.config.json`)

async function plan(count: number): Promise<void> {
  const base = JSON.parse(await readFile(join(PROJECT_ROOT, 'stryker.config.json'), 'utf8')) as Record<string, unknown> & { mutate: string[] }
  const files = (await Promise.all(base.mutate.map(filesOf))).flat()
  const chunks = await split(files, count)
  await mkdir(OUT, { recursive: true })
  for (const [index, mutate] of chunks.entries()) {
    await writeFile(chunkConfigFile(index), `${JSON.stringify(chunkConfig(base, mutate, index), null, 2)}\n`)
  }
  const record: ChunkPlan = { commit: headCommit(), chunks }
  await writeFile(PLAN, `${JSON.stringify(record, null, 2)}\n`)
  process.stdout.write(`planned ${count} chunks of ${files.length} files on ${record.commit}\n`)
}

async function readPlan(): Promise<ChunkPlan> {
  const text = await readFile(PLAN, 'utf8').catch(() => null)
  if (text === null) throw new Error(`no chunk plan at ${relative(PROJECT_ROOT, PLAN)}: run \`plan N\` first`)
  return JSON.parse(text) as ChunkPlan
}

/** The commit a chunk's report was made on, kept beside it. */
const commitFile = (index: number): string => `${chunkReport(index)}.commit`

async function run(): Promise<void> {
  const { chunks } = await readPlan()
  const commit = headCommit()
  for (const index of chunks.keys()) {
    const done = await readFile(commitFile(index), 'utf8').catch(() => null)
    if (done?.trim() === commit) continue
    process.stdout.write(`chunk ${index + 1} of ${chunks.length}\n`)
    const result = spawnSync('npx', ['stryker', 'run', relative(PROJECT_ROOT, chunkConfigFile(index))], { cwd: PROJECT_ROOT, stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`chunk ${index + 1} failed (exit ${String(result.status)})`)
    await writeFile(commitFile(index), `${commit}\n`)
  }
}

async function merge(): Promise<void> {
  const { chunks } = await readPlan()
  const commit = headCommit()
  const parts = await Promise.all([...chunks.keys()].map(async index => ({
    commit: (await readFile(commitFile(index), 'utf8').catch(() => '')).trim(),
    report: await readFile(chunkReport(index), 'utf8').then(text => JSON.parse(text) as ChunkReport).catch(() => null),
  })))
  await writeFile(join(OUT, 'mutation.json'), JSON.stringify(joinChunkReports(parts, commit)))
  process.stdout.write(`merged ${chunks.length} chunk reports of ${commit} into reports/mutation/mutation.json\n`)
}

const [command, argument] = process.argv.slice(2)
switch (command) {
  case 'plan': await plan(Number(argument)); break
  case 'run': await run(); break
  case 'merge': await merge(); break
  default: throw new Error('usage: node bench/mutation-chunks.ts plan N | run | merge')
}
