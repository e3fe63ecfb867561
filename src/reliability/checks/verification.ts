/**
 * The evaluator of `code_verification_succeeded`: trusted verifier results
 * from the session log, fresh after the last possible change. Pure. A run
 * counts only when it came after the contract started and after the last
 * point where something else may have changed the code, ran the profile as
 * configured now (its receipt), and no later run of another profile with
 * write access could have changed the code since.
 */
import type { FoldEvent } from '../../kernel/projection.js'
import { CODE_VERIFY_TOOL, decodeVerification, type CodeVerificationRecord } from '../verification/record.js'
import type { CheckArgs, CheckOutcome, EvaluationContext } from './evidence.js'

interface OpenCall {
  readonly name: string
  recorded: boolean
}

/**
 * The seq of the last point where the code may have changed: the start and
 * the end of every tool call that is not the governor's (a Code Mode program
 * runs nested calls between the two, and a run recorded inside it is never
 * fresh); the end of a verifier call that recorded nothing (aborted or
 * crashed, possibly after writing); and, while such a call is still open,
 * the newest event.
 * @param events - session events in order.
 * @param floor - the contract's start.
 * @param governorTools - the governor's own tool names.
 */
export function lastPossibleChange(events: readonly FoldEvent[], floor: number, governorTools: ReadonlySet<string>): number {
  let last = floor
  const open = new Map<string, OpenCall>()
  const changes = (call: OpenCall | undefined): boolean => call === undefined || !governorTools.has(call.name) || (call.name === CODE_VERIFY_TOOL && !call.recorded)
  for (const event of events) {
    if (event.type === 'tool/call') {
      const data = event.data as { callId: string, name: string }
      const call = { name: data.name, recorded: false }
      open.set(data.callId, call)
      if (changes(call) && call.name !== CODE_VERIFY_TOOL) last = Math.max(last, event.seq)
    } else if (event.type === 'reliability/code-verification') {
      for (const call of open.values()) if (call.name === CODE_VERIFY_TOOL) call.recorded = true
    } else if (event.type === 'tool/result') {
      const callId = (event.data as { message?: { source?: { callId?: string } } }).message?.source?.callId
      const call = callId === undefined ? undefined : open.get(callId)
      if (changes(call)) last = Math.max(last, event.seq)
      if (callId !== undefined) open.delete(callId)
    }
  }
  const newest = events.at(-1)?.seq ?? floor
  for (const call of open.values()) if (changes(call)) last = Math.max(last, newest)
  return last
}

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
  const lastMutation = lastPossibleChange(ctx.events, ctx.startedAtSeq, ctx.governorTools)
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
  const fresh = `after seq ${lastMutation} (the contract start or the last point where a tool call may have changed the code)`
  if (latest === undefined) return { passed: false, evidence: `no run of verifier ${profile} ${fresh}; call reliability_code_verify with profile_id ${profile}` }
  if (latest.record.outcome !== 'passed') return { passed: false, evidence: `the latest run of verifier ${profile} (seq ${latest.seq}) ended ${latest.record.outcome}${latest.record.exitCode === null ? '' : ` with exit code ${latest.record.exitCode}`}` }
  if (passes < needed) return { passed: false, evidence: `${passes} passing run(s) of verifier ${profile} ${fresh}; ${needed} needed` }
  return { passed: true, evidence: `verifier ${profile} passed (seq ${latest.seq}, ${passes} passing run(s) ${fresh})` }
}
