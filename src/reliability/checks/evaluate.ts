/** Evaluate a contract's checks in order. Pure over the evaluation context. */
import { canonicalJson } from '../../kernel/json.js'
import type { CheckRecord, CheckResultRecord } from '../contract/records.js'
import type { CheckArgs, CheckOutcome, EvaluationContext } from './evidence.js'
import type { WorkspacePath } from './paths.js'
import { CHECK_KINDS, isCheckKind, type CheckKind } from './vocabulary.js'

/** What a content-judging outcome was judged from: the file's content hash, its secrecy, the kind and the arguments; null when the file has no content hash. */
async function contentKey(kind: CheckKind, args: CheckArgs, ctx: EvaluationContext): Promise<string | null> {
  const path = args.path as WorkspacePath
  const fingerprint = await ctx.workspace.fingerprint(path)
  return fingerprint === null ? null : `${fingerprint}\u0000${String(ctx.isSecret(path))}\u0000${kind}\u0000${canonicalJson(args)}`
}

/** A content-judging check's outcome, recalled while its content is unchanged; every other outcome is judged afresh. */
async function judge(kind: CheckKind, check: CheckRecord, ctx: EvaluationContext): Promise<CheckOutcome> {
  const args = check.args as CheckArgs
  if (!CHECK_KINDS[kind].judgesContent) return CHECK_KINDS[kind].evaluate(args, ctx)
  const key = await contentKey(kind, args, ctx)
  if (key === null) return CHECK_KINDS[kind].evaluate(args, ctx)
  const known = ctx.outcomes.recall(check.id, key)
  if (known !== undefined) return known
  const outcome = await CHECK_KINDS[kind].evaluate(args, ctx)
  ctx.outcomes.keep(check.id, key, outcome)
  return outcome
}

async function evaluateOne(check: CheckRecord, ctx: EvaluationContext): Promise<CheckResultRecord> {
  if (!isCheckKind(check.kind)) return { checkId: check.id, passed: false, evidence: `unknown check kind ${check.kind}` }
  try {
    const outcome = await judge(check.kind, check, ctx)
    const passed = outcome.passed === true
    return { checkId: check.id, passed, evidence: String(outcome.evidence), ...(!passed && outcome.final === true ? { final: true as const } : {}) }
  } catch (error) {
    return { checkId: check.id, passed: false, evidence: `could not be evaluated: ${error instanceof Error ? error.message : String(error)}` }
  }
}

/**
 * Run every check concurrently (they only read); a check that cannot be
 * evaluated fails with the reason (fail closed).
 * @param checks - the contract's ordered checks.
 * @param ctx - what evaluators may observe.
 * @returns one result per check, in the checks' order.
 */
export function evaluateChecks(checks: readonly CheckRecord[], ctx: EvaluationContext): Promise<CheckResultRecord[]> {
  return Promise.all(checks.map(check => evaluateOne(check, ctx)))
}
