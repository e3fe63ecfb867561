/**
 * Keyless demo: installs the real dsh host (cached under .cache/), packs this
 * bundle, installs it into a throwaway profile with `dsh plugin add`, and runs
 * one headless task against the embedded scripted model on 127.0.0.1.
 * Prints what the model was offered, what the tools answered, and what the
 * session log on disk recorded.
 */
import { rm } from 'node:fs/promises'
import { createProfile, ensureHost, makeWorkspace, packBundle, readSessionLogs, runTask } from '../test/support/dsh-profile.ts'
import { startModelServer, toolNamesOf } from '../test/support/model-server.ts'
import { call, say } from '../test/support/script.ts'

function section(title: string): void {
  process.stdout.write(`\n== ${title}\n`)
}

const dsh = ensureHost()
const tarball = packBundle()
const profile = await createProfile({ dsh, tarball })
const workspace = await makeWorkspace({ 'README.md': '# demo project\n' })
const server = await startModelServer([
  call('reliability_status'),
  call('ieg_status'),
  say('Governance is mounted: no evidence contract is open yet.'),
])
try {
  section(`dsh ${dsh}\n   bundle ${tarball}\n   DSH_HOME ${profile.home}\n   workspace ${workspace}`)
  const result = await runTask(profile, 'Report the governance status of this session.', { cwd: workspace, baseURL: server.baseURL })
  section(`dsh exited with ${String(result.code)}; it printed:`)
  process.stdout.write(`${result.stdout.trim()}\n`)
  section('tools the model was offered by the bundle')
  process.stdout.write(`${toolNamesOf(server.requests[0]!).filter(name => name.startsWith('reliability_') || name.startsWith('ieg_')).join(', ')}\n`)
  section('session log on disk')
  for (const log of await readSessionLogs(profile.home)) {
    process.stdout.write(`${log.path}: ${log.events.length} events\n`)
    for (const event of log.events.filter(e => e.type === 'tool/result' || e.type.startsWith('reliability/') || e.type.startsWith('ieg/'))) {
      process.stdout.write(`  seq ${event.seq} ${event.type}: ${JSON.stringify(event.data).slice(0, 160)}...\n`)
    }
  }
  if (result.code !== 0 || !server.script.finished) {
    process.stderr.write(`demo failed: exit ${String(result.code)}, script played ${server.script.played} turns\n${result.stderr}\n`)
    process.exitCode = 1
  }
} finally {
  await server.close()
  await rm(profile.home, { recursive: true, force: true })
  await rm(workspace, { recursive: true, force: true })
}
