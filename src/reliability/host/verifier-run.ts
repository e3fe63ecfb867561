/**
 * Host adapter: run one verifier profile only through the host's services:
 * the executable resolved by `ctx.subprocess` on the absolute PATH entries
 * outside the workspace and refused when it lies inside it (the agent can
 * write there), confined by `ctx.sandbox` in the narrower of the profile's
 * mode and the session's (anything short of full enforcement is an
 * infrastructure failure, never a pass), spawned by `ctx.subprocess` with an
 * allowlisted environment, its output capped in memory, and its process
 * group stopped before the run is recorded. An aborted call records nothing
 * (the evaluator counts a verifier call without a record as a change).
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import type { HostFs } from '../../kernel/host/host-fs.js'
import type {} from '@deepseek-ai/dsh-sandbox'
import type {} from '@deepseek-ai/dsh-sandbox-policy'
import type {} from '@deepseek-ai/dsh-subprocess'
import type { ReliabilityConfig } from '../config.js'
import { absolutePathEntries, verifierEnvironment } from '../verification/environment.js'
import { effectiveMode, type VerifierProfile, type VerifierSandboxMode } from '../verification/profiles.js'
import { outputDigest, verificationRecord, type CodeVerificationRecord, type VerificationFacts } from '../verification/record.js'

/** A run's record and the output tail the model sees (never recorded). */
export interface VerifierRun {
  readonly record: CodeVerificationRecord
  readonly tail: string
}

const EMPTY = outputDigest('', false)

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

interface Failure {
  readonly outcome: 'configuration' | 'infrastructure'
  readonly detail: string
  readonly executable: string | null
  readonly enforcement: 'full' | 'partial' | null
}

function failed(profile: VerifierProfile, mode: VerifierSandboxMode, started: number, failure: Failure): VerifierRun {
  const { outcome, detail, executable, enforcement } = failure
  const facts: VerificationFacts = { profileId: profile.id, profileReceipt: profile.receipt, executable, outcome, exitCode: null, signal: null, durationMs: Math.round(performance.now() - started), sandbox: { mode, enforcement }, stdout: EMPTY, stderr: EMPTY, detail }
  return { record: verificationRecord(facts), tail: '' }
}

/** Whether a path lies inside any of the roots, by canonical containment in the host's filesystem. */
async function insideAny(fs: HostFs, path: string, roots: readonly string[], signal: AbortSignal): Promise<boolean> {
  const target = await fs.resolve(path, { signal })
  for (const root of roots) if (fs.contains(await fs.resolve(root, { signal }), target)) return true
  return false
}

/** The absolute PATH entries that exist outside the workspace roots. */
async function trustedPath(fs: HostFs, path: string | undefined, roots: readonly string[], signal: AbortSignal): Promise<string> {
  const kept: string[] = []
  for (const entry of absolutePathEntries(path)) {
    const inside = await insideAny(fs, entry, roots, signal).catch(() => true)
    if (!inside) kept.push(entry)
  }
  return kept.join(':')
}

/**
 * Run one profile for an agent's workspace.
 * @param ctx - the row's context (`fs`, `subprocess`, `sandbox`, `sandboxPolicy` are read at call time).
 * @param agent - the calling agent.
 * @param profile - the sealed profile.
 * @param config - row configuration.
 * @param signal - the tool call's signal; an abort records nothing.
 * @throws the abort reason when the call was aborted.
 */
export async function runVerifier(ctx: Context, agent: Agent, profile: VerifierProfile, config: ReliabilityConfig, signal: AbortSignal): Promise<VerifierRun> {
  const started = performance.now()
  const cwd = agent.session.header.cwd
  const fs = ctx.get('fs')
  const subprocess = ctx.get('subprocess')
  const sandbox = ctx.get('sandbox')
  const policy = ctx.get('sandboxPolicy')
  const unresolved = { executable: null, enforcement: null }
  if (cwd === undefined) return failed(profile, profile.sandboxMode, started, { outcome: 'configuration', detail: 'the session records no workspace directory', ...unresolved })
  if (fs === undefined || subprocess === undefined || sandbox === undefined || policy === undefined) return failed(profile, profile.sandboxMode, started, { outcome: 'infrastructure', detail: 'the host mounts no fs, subprocess, sandbox or sandbox-policy service', ...unresolved })
  const session = policy.resolve({ session: agent.session })
  const mode = effectiveMode(profile.sandboxMode, session.mode)
  const roots = [session.workspaceRoot, cwd]
  const env = verifierEnvironment(process.env, config.codeVerification.environmentAllowlist)
  let executable: string
  try {
    const lookup = { ...env, PATH: await trustedPath(fs, env['PATH'], roots, signal) }
    executable = await subprocess.resolveExecutable(profile.command, lookup as Record<string, string>, signal)
  } catch (error) {
    signal.throwIfAborted()
    return failed(profile, mode, started, { outcome: 'configuration', detail: `the executable ${profile.command} was not found on the PATH entries outside the workspace (${message(error)})`, ...unresolved })
  }
  if (await insideAny(fs, executable, roots, signal).catch(() => true)) {
    signal.throwIfAborted()
    return failed(profile, mode, started, { outcome: 'configuration', detail: `the executable ${profile.command} resolves inside the workspace (${executable}), where the agent can write; configure one outside it`, executable, enforcement: null })
  }
  let confined: { argv: string[], enforcement: 'full' | 'partial' }
  try {
    confined = sandbox.confine([executable, ...profile.args], { mode, workspaceRoot: session.workspaceRoot, sessionId: agent.session.id })
  } catch (error) {
    return failed(profile, mode, started, { outcome: 'infrastructure', detail: `the sandbox refused to confine the verifier (${message(error)})`, executable, enforcement: null })
  }
  if (confined.enforcement !== 'full') return failed(profile, mode, started, { outcome: 'infrastructure', detail: `the sandbox enforces ${mode} only partially on this machine, so the verifier did not run`, executable, enforcement: confined.enforcement })
  const timeout = AbortSignal.timeout(profile.timeoutMs)
  const cap = { maxBytes: profile.maxOutputBytes }
  let handle
  try {
    handle = subprocess.spawn({ argv: confined.argv, cwd, stdio: { stdin: 'ignore', stdout: cap, stderr: cap }, graceMs: config.codeVerification.graceMs, signal: AbortSignal.any([signal, timeout]), env })
  } catch (error) {
    return failed(profile, mode, started, { outcome: 'infrastructure', detail: `the subprocess service could not start the verifier (${message(error)})`, executable, enforcement: 'full' })
  }
  let exit: { exitCode: number | null, signal: string | null }
  try {
    exit = await handle.done
  } catch (error) {
    signal.throwIfAborted()
    return failed(profile, mode, started, { outcome: 'infrastructure', detail: `the verifier could not run (${message(error)})`, executable, enforcement: 'full' })
  }
  handle.terminate()
  const stopped = await handle.waitForExit(AbortSignal.any([signal, AbortSignal.timeout(config.codeVerification.graceMs * 2)]))
  signal.throwIfAborted()
  if (!stopped) return failed(profile, mode, started, { outcome: 'infrastructure', detail: 'a process the verifier started was still running after the stop signal, so the run does not count', executable, enforcement: 'full' })
  const stdout = handle.collected.stdout?.readFrom(0) ?? { text: '', lossy: false }
  const stderr = handle.collected.stderr?.readFrom(0) ?? { text: '', lossy: false }
  const timedOut = timeout.aborted
  const outcome = timedOut ? 'timeout' : exit.exitCode === 0 ? 'passed' : 'failed'
  const record = verificationRecord({
    profileId: profile.id,
    profileReceipt: profile.receipt,
    executable,
    outcome,
    exitCode: exit.exitCode,
    signal: exit.signal,
    durationMs: Math.round(performance.now() - started),
    sandbox: { mode, enforcement: 'full' },
    stdout: outputDigest(stdout.text, stdout.lossy),
    stderr: outputDigest(stderr.text, stderr.lossy),
    detail: timedOut ? `stopped after ${profile.timeoutMs} ms` : null,
  })
  const combined = `${stdout.text}${stderr.text === '' ? '' : `\n[stderr]\n${stderr.text}`}`
  return { record, tail: combined.slice(-config.codeVerification.tailChars) }
}
