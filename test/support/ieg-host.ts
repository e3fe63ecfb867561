/** Shared fixtures for in-process IEG runs. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import * as ieg from '../../src/ieg/plugin.ts'
import * as workspaceTools from './workspace-tools.ts'
import { mountHost, type MountedHost, type PluginModule } from './host.ts'

/** SPEC.md with an Authentication section. */
export const SPEC_WITH_AUTH = '# Service specification\n\n## Overview\nOrders in, parcels out.\n\n## Authentication\nEvery request carries an API token.\n'

/** A mounted host with the ieg row, test tools and a workspace. */
export interface IegHost extends MountedHost {
  readonly workspace: string
}

/**
 * Mount the real host services with the ieg row.
 * @param cleanups - receives disposers.
 * @param config - ieg row configuration.
 * @param files - workspace files.
 * @param options - plugins mounted before ieg, persistence root, workspace to reuse.
 */
export async function iegHost(cleanups: Array<() => Promise<unknown>>, config: Record<string, unknown>, files: Record<string, string> = {}, options: { before?: ReadonlyArray<readonly [PluginModule, unknown]>, persistenceRoot?: string, workspace?: string } = {}): Promise<IegHost> {
  const workspace = options.workspace ?? await mkdtemp(join(tmpdir(), 'dshg-ieg-'))
  if (options.workspace === undefined) cleanups.push(() => rm(workspace, { recursive: true, force: true }))
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(workspace, path)), { recursive: true })
    await writeFile(join(workspace, path), content)
  }
  const host = await mountHost({
    fs: true,
    ...(options.persistenceRoot === undefined ? {} : { persistenceRoot: options.persistenceRoot }),
    plugins: [...(options.before ?? []), [workspaceTools, {}], [ieg, config]],
  })
  cleanups.push(() => host.dispose())
  return { ...host, workspace }
}
