/**
 * Boot a real dsh profile with the bundle at its defaults, run one scripted
 * turn, and read the compatibility facts the `ieg` row observed from its
 * diagnostics mirror. Used by the baseline capture script and the e2e drift
 * test, so both observe the host the same way.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProfile, makeWorkspace, runTask } from './dsh-profile.ts'
import { startModelServer } from './model-server.ts'

/** The facts and judgement recorded in the mount record. */
export interface ObservedCompatibility {
  readonly verdict: string
  readonly reasons: string[]
  readonly facts: { sections: string[], contexts: string[], hostHash: string, capabilities: string[] }
}

/**
 * Observe the installed host.
 * @param dsh - the dsh binary.
 * @param tarball - the packed bundle.
 */
export async function observeInstalledHost(dsh: string, tarball: string): Promise<ObservedCompatibility> {
  const dir = await mkdtemp(join(tmpdir(), 'dshg-observe-'))
  const mirror = join(dir, 'diagnostics.json')
  const profile = await createProfile({ dsh, tarball, patch: `- id: ieg\n  config:\n    diagnosticsExport:\n      file: ${JSON.stringify(mirror)}\n      intervalMs: 100\n` })
  const workspace = await makeWorkspace({ 'README.md': '# App\n' })
  const server = await startModelServer([{ kind: 'text', text: 'ok' }])
  try {
    const result = await runTask(profile, 'Say ok.', { cwd: workspace, baseURL: server.baseURL, env: { IEG_PROMPT_FILE: join(dir, 'no-prompt.md') } })
    if (result.code !== 0) throw new Error(`dsh exited ${String(result.code)}: ${result.stderr.slice(-2000)}`)
    const snapshot = JSON.parse(await readFile(mirror, 'utf8')) as { compatibility?: ObservedCompatibility | null }
    if (snapshot.compatibility === undefined || snapshot.compatibility === null) throw new Error(`the mirror at ${mirror} holds no compatibility judgement`)
    return snapshot.compatibility
  } finally {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}
