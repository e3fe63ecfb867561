/**
 * The evaluator of `code_verification_succeeded`: trusted verifier results
 * from the session log, fresh after the last possible mutation. Pure. A run
 * counts only when it came after the contract started and after the last
 * tool call that was not the governor's (any such call may have changed the
 * code), ran the profile as configured now (its receipt), and no later run
 * of another profile with write access could have changed the code since.
 */
import { decodeVerification, type CodeVerificationRecord } from '../verification/record.js'
import type { CheckArgs, CheckOutcome, EvaluationContext } from './evidence.js'
import { observeCalls } from './trajectory.js'

interface Run {
  readonly seq: number
  readonly record: CodeVerificationRecord
}

/** Pass iff the latest fresh run of the profile passed and at least `min_count` fresh runs passed. */
export async function codeVerificationSucceeded(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const profile = args.profile as string
  const needed = args.min_count ?? 1
  const current = ctx.verifierReceipts.get(profile)
  if (current === undefined) return { passed: false, evidence: `verifier profile ${profile} is not configured in this deployment (reliability_code_profiles lists the profiles)` }
  const lastMutation = observeCalls(ctx.events).filter(call => call.seq > ctx.startedAtSeq && !ctx.governorTools.has(call.name)).at(-1)?.seq ?? ctx.startedAtSeq
  let runs: Run[] = []
  for (const event of ctx.events) {
    if (event.type !== 'reliability/code-verification' || event.seq <= lastMutation) continue
    const decoded = decodeVerification(event.data)
    if (!decoded.ok) continue
    const run = { seq: event.seq, record: decoded.record }
    if (run.record.sandbox.mode === 'workspace-write') runs = runs.filter(earlier => earlier.record.profileId === run.record.profileId)
    runs.push(run)
  }
  const mine = runs.filter(run => run.record.profileId === profile && run.record.profileReceipt === current)
  const latest = mine.at(-1)
  const passes = mine.filter(run => run.record.outcome === 'passed').length
  const fresh = `after seq ${lastMutation} (the contract start or the last tool call that may have changed the code)`
  if (latest === undefined) return { passed: false, evidence: `no run of verifier ${profile} ${fresh}; call reliability_code_verify with profile_id ${profile}` }
  if (latest.record.outcome !== 'passed') return { passed: false, evidence: `the latest run of verifier ${profile} (seq ${latest.seq}) ended ${latest.record.outcome}${latest.record.exitCode === null ? '' : ` with exit code ${latest.record.exitCode}`}` }
  if (passes < needed) return { passed: false, evidence: `${passes} passing run(s) of verifier ${profile} ${fresh}; ${needed} needed` }
  return { passed: true, evidence: `verifier ${profile} passed (seq ${latest.seq}, ${passes} passing run(s) ${fresh})` }
}
