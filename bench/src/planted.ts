/**
 * Deliberately broken builds of the bundle, for the tests that show each
 * evidence-matrix harness reports a governed failure when there is one. A
 * plant is one textual change to one built file; it fails loudly when the
 * build no longer contains the text it replaces.
 */
import { execFileSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { childPath, PROJECT_ROOT } from '../../test/support/dsh-profile.ts'
import type { PluginModule } from '../../test/support/host.ts'
import type { BundleRows } from './trial.ts'

/** One change to one file under lib/. */
export interface Plant {
  readonly file: string
  readonly find: string
  readonly replace: string
}

/** Every check passes, whatever its evidence says. */
export const EVERY_CHECK_PASSES: Plant = { file: 'reliability/checks/evaluate.js', find: 'const passed = outcome.passed === true', replace: 'const passed = true' }

/** Files of the package besides lib/, as package.json `files` lists them. */
const PACKAGE_FILES = ['package.json', 'cordis.patch.yml', 'README.md', 'CHANGELOG.md', 'LICENSE']

/** A copy of the package with the plant applied, under .cache/ so that its imports resolve to the project's node_modules. */
async function plantedPackage(plant: Plant): Promise<string> {
  await mkdir(join(PROJECT_ROOT, '.cache'), { recursive: true })
  const dir = await mkdtemp(join(PROJECT_ROOT, '.cache', 'planted-'))
  await cp(join(PROJECT_ROOT, 'lib'), join(dir, 'lib'), { recursive: true })
  for (const file of PACKAGE_FILES) await cp(join(PROJECT_ROOT, file), join(dir, file))
  const target = join(dir, 'lib', plant.file)
  const source = await readFile(target, 'utf8')
  if (!source.includes(plant.find)) throw new Error(`lib/${plant.file} no longer contains ${JSON.stringify(plant.find)}; update the plant`)
  await writeFile(target, source.replace(plant.find, plant.replace))
  return dir
}

/**
 * The bundle's rows from a broken build, for the in-process harness.
 * @param plant - the breakage.
 */
export async function plantedRows(plant: Plant): Promise<BundleRows> {
  const dir = await plantedPackage(plant)
  const load = async (row: string): Promise<PluginModule> => await import(pathToFileURL(join(dir, 'lib', row, 'plugin.js')).href) as PluginModule
  return { reliability: await load('reliability'), ieg: await load('ieg') }
}

/**
 * A packed tarball of a broken build, for the installed-CLI harness.
 * @param plant - the breakage.
 * @returns the tarball's path.
 */
export async function plantedTarball(plant: Plant): Promise<string> {
  const dir = await plantedPackage(plant)
  const printed = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: childPath() } })
  const name = printed.trim().split('\n').at(-1)
  if (name === undefined || name === '') throw new Error('npm pack printed no tarball name')
  return join(dir, name)
}
