/**
 * Host adapter: run one verifier profile only through the host's services:
 * the executable resolved by `ctx.subprocess`, confined by `ctx.sandbox` in
 * the narrower of the profile's mode and the session's (anything short of
 * full enforcement is an infrastructure failure, never a pass), spawned by
 * `ctx.subprocess` with an allowlisted environment, its output capped in
 * memory. An aborted call records nothing.
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import type {} from '@deepseek-ai/dsh-sandbox'
import type {} from '@deepseek-ai/dsh-sandbox-policy'
import type {} from '@deepseek-ai/dsh-subprocess'
import type { ReliabilityConfig } from '../config.js'
import { verifierEnvironment } from '../verification/environment.js'
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

function failed(profile: VerifierProfile, mode: VerifierSandboxMode, outcome: 'configuration' | 'infrastructure', detail: string, started: number, enforcement: 'full' | 'partial' | null = null): VerifierRun {
  const facts: VerificationFacts = { profileId: profile.id, profileReceipt: profile.receipt, outcome, exitCode: null, signal: null, durationMs: Math.round(performance.now() - started), sandbox: { mode, enforcement }, stdout: EMPTY, stderr: EMPTY, detail }
  return { record: verificationRecord(facts), tail: '' }
}

/**
 * Run one profile for an agent's workspace.
 * @param ctx - the row's context (`subprocess`, `sandbox`, `sandboxPolicy` are read at call time).
 * @param agent - the calling agent.
 * @param profile - the sealed profile.
 * @param config - row configuration.
 * @param signal - the tool call's signal; an abort records nothing.
 * @throws the abort reason when the call was aborted.
 */
export async function runVerifier(ctx: Context, agent: Agent, profile: VerifierProfile, config: ReliabilityConfig, signal: AbortSignal): Promise<VerifierRun> {
  const started = performance.now()
  const cwd = agent.session.header.cwd
  const subprocess = ctx.get('subprocess')
  const sandbox = ctx.get('sandbox')
  const policy = ctx.get('sandboxPolicy')
  if (cwd === undefined) return failed(profile, profile.sandboxMode, 'configuration', 'the session records no workspace directory', started)
  if (subprocess === undefined || sandbox === undefined || policy === undefined) return failed(profile, profile.sandboxMode, 'infrastructure', 'the host mounts no subprocess, sandbox or sandbox-policy service', started)
  const session = policy.resolve({ session: agent.session })
  const mode = effectiveMode(profile.sandboxMode, session.mode)
  const env = verifierEnvironment(process.env, config.codeVerification.environmentAllowlist)
  let executable: string
  try {
    executable = await subprocess.resolveExecutable(profile.command, env as Record<string, string>, signal)
  } catch (error) {
    signal.throwIfAborted()
    return failed(profile, mode, 'configuration', `the executable ${profile.command} was not found (${message(error)})`, started)
  }
  let confined: { argv: string[], enforcement: 'full' | 'partial' }
  try {
    confined = sandbox.confine([executable, ...profile.args], { mode, workspaceRoot: session.workspaceRoot, sessionId: agent.session.id })
  } catch (error) {
    return failed(profile, mode, 'infrastructure', `the sandbox refused to confine the verifier (${message(error)})`, started)
  }
  if (confined.enforcement !== 'full') return failed(profile, mode, 'infrastructure', `the sandbox enforces ${mode} only partially on this machine, so the verifier did not run`, started, confined.enforcement)
  const timeout = AbortSignal.timeout(profile.timeoutMs)
  const cap = { maxBytes: profile.maxOutputBytes }
  let handle
  try {
    handle = subprocess.spawn({ argv: confined.argv, cwd, stdio: { stdin: 'ignore', stdout: cap, stderr: cap }, graceMs: config.codeVerification.graceMs, signal: AbortSignal.any([signal, timeout]), env })
  } catch (error) {
    return failed(profile, mode, 'infrastructure', `the subprocess service could not start the verifier (${message(error)})`, started, 'full')
  }
  let exit: { exitCode: number | null, signal: string | null }
  try {
    exit = await handle.done
  } catch (error) {
    signal.throwIfAborted()
    return failed(profile, mode, 'infrastructure', `the verifier could not run (${message(error)})`, started, 'full')
  }
  signal.throwIfAborted()
  const stdout = handle.collected.stdout?.readFrom(0) ?? { text: '', lossy: false }
  const stderr = handle.collected.stderr?.readFrom(0) ?? { text: '', lossy: false }
  const timedOut = timeout.aborted
  const outcome = timedOut ? 'timeout' : exit.exitCode === 0 ? 'passed' : 'failed'
  const record = verificationRecord({
    profileId: profile.id,
    profileReceipt: profile.receipt,
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
