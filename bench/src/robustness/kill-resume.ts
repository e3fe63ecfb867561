/**
 * Kill the installed CLI while `reliability_verify` reads its evidence, then
 * resume the session from disk in a fresh process and verify again. What the
 * log on disk holds must fold without an integrity violation, every attempt
 * the model was told about must be on disk, attempts are numbered 1..n with
 * none counted twice, and the resumed verification is attempt n + 1.
 */
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { SessionId } from '@deepseek-ai/dsh-session'
import { CallId } from '@deepseek-ai/dsh-llm'
import * as reliability from '../../../lib/reliability/plugin.js'
import { readProjectionState } from '../../../lib/kernel/projection.js'
import { reliabilityFold, reliabilityPhase } from '../../../lib/reliability/contract/fold.js'
import { createProfile, dshEnv, makeWorkspace, readSessionLogs } from '../../../test/support/dsh-profile.ts'
import { mountHost, type PluginModule } from '../../../test/support/host.ts'
import { startModelServer, wireText } from '../../../test/support/model-server.ts'
import { call, say } from '../../../test/support/script.ts'

/** Figures of the suite. */
export interface KillFigures {
  readonly runs: number
  readonly killedWhileVerifying: number
  readonly attemptsOnDisk: number
  readonly problems: string[]
}

/** What one killed run left, and what resuming it did. */
export interface KilledRun {
  /** Attempt numbers in the log on disk, in order. */
  readonly onDisk: readonly number[]
  /** Attempts whose results the model was sent before the kill. */
  readonly told: number
  readonly resumedPhase: string
  /** The attempt number the resumed verification recorded. */
  readonly resumedAttempt: number | null
}

/**
 * The problems of one killed run: an attempt the model saw that is not on
 * disk, numbering other than 1..n (an attempt lost or counted twice), an
 * integrity violation after resuming, a resumed verification not numbered
 * n + 1.
 * @param run - what the run left.
 */
export function judgeKilledRun(run: KilledRun): string[] {
  const problems: string[] = []
  if (run.onDisk.some((number, index) => number !== index + 1)) problems.push(`attempts on disk are numbered ${run.onDisk.join(', ')}`)
  if (run.onDisk.length < run.told) problems.push(`the model was told of ${run.told} attempts, ${run.onDisk.length} are on disk`)
  if (run.resumedPhase !== 'active') problems.push(`resumed in phase ${run.resumedPhase}`)
  if (run.resumedAttempt !== run.onDisk.length + 1) problems.push(`the resumed verification is attempt ${run.resumedAttempt ?? 'none'}, expected ${run.onDisk.length + 1}`)
  return problems
}

const FILES = 24
const CHECKS = Array.from({ length: FILES }, (_, i) => ({ id: `k${i}`, kind: 'file_contains', path: `data/f${i}.txt`, text: i === 0 ? 'NEVER-THERE' : `marker-${i}` }))
const CONTRACT = { objective: 'every data file carries its marker', claims: [{ id: 'c1', statement: 'markers present', importance: 'critical', verification: 'deterministic', check_ids: CHECKS.map(check => check.id) }], checks: CHECKS, max_attempts: 5 }

/**
 * Run the suite.
 * @param options - installed host binary, packed bundle, number of runs.
 */
export async function killAndResume(options: { dsh: string, tarball: string, runs: number }): Promise<KillFigures> {
  const problems: string[] = []
  let killedWhileVerifying = 0
  let attemptsOnDisk = 0
  const profile = await createProfile({ dsh: options.dsh, tarball: options.tarball, patch: '- id: reliability-governor\n  config:\n    autoVerifyAtTurnStop: false\n    maxAttempts: 5\n    contractReview:\n      mode: "off"\n' })
  for (let run = 0; run < options.runs; run += 1) {
    const files = Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`data/f${i}.txt`, `${'x'.repeat(512 * 1024)}marker-${i}\n`]))
    const workspace = await makeWorkspace(files)
    const delay = (run * 7) % 50
    let kill: () => void = () => undefined
    const server = await startModelServer([
      call('reliability_begin', CONTRACT),
      call('reliability_verify'),
      () => {
        setTimeout(() => kill(), delay)
        return call('reliability_verify')
      },
      say('unreachable'),
    ])
    const child = spawn(profile.dsh, ['--profile', profile.name, 'Check the data files.'], { cwd: workspace, env: dshEnv(profile, server.baseURL), stdio: 'ignore' })
    kill = () => { child.kill('SIGKILL') }
    await new Promise(resolve => child.on('close', resolve))
    await server.close()
    const toldAttempts = server.requests.filter(request => wireText(request.messages.at(-1) ?? { role: 'user' }).includes('"attempt":')).length
    const log = (await readSessionLogs(profile.home)).at(-1)
    if (log === undefined) {
      problems.push(`run ${run}: no session log on disk`)
      continue
    }
    const attempts = log.events.filter(event => event.type === 'reliability/attempt').map(event => (event.data as { attempt: number }).attempt)
    attemptsOnDisk += attempts.length
    if (attempts.length < 2) killedWhileVerifying += 1
    const host = await mountHost({ fs: true, persistenceRoot: join(profile.home, 'sessions'), plugins: [[reliability as unknown as PluginModule, { autoVerifyAtTurnStop: false, maxAttempts: 5, contractReview: { mode: 'off' } }]] })
    try {
      const handle = await host.ctx.agentLoop.resume(host.ctx, { resumeSessionId: SessionId(basename(dirname(log.path))), agentOptions: { provider: 'mock', model: 'mock' } })
      const resumedPhase = reliabilityPhase(readProjectionState(host.ctx.sessionProjections, handle.agent.session, reliabilityFold))
      await host.ctx.tools.execute({ name: 'reliability_verify', arguments: {}, agent: handle.agent, callId: CallId(`resume-${run}`), signal: new AbortController().signal })
      const after = readProjectionState(host.ctx.sessionProjections, handle.agent.session, reliabilityFold)
      for (const problem of judgeKilledRun({ onDisk: attempts, told: toldAttempts, resumedPhase, resumedAttempt: after.attempts.at(-1)?.attempt ?? null })) problems.push(`run ${run}: ${problem}`)
    } finally {
      await host.dispose()
    }
    await rm(workspace, { recursive: true, force: true })
    await rm(join(profile.home, 'sessions'), { recursive: true, force: true })
  }
  await rm(profile.home, { recursive: true, force: true })
  return { runs: options.runs, killedWhileVerifying, attemptsOnDisk, problems }
}
