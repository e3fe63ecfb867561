/** Evaluate a contract's checks in order. Pure over the evaluation context. */
import type { CheckRecord, CheckResultRecord } from '../contract/records.js'
import type { CheckArgs, EvaluationContext } from './evidence.js'
import { CHECK_KINDS, isCheckKind } from './vocabulary.js'

async function evaluateOne(check: CheckRecord, ctx: EvaluationContext): Promise<CheckResultRecord> {
  if (!isCheckKind(check.kind)) return { checkId: check.id, passed: false, evidence: `unknown check kind ${check.kind}` }
  try {
    const outcome = await CHECK_KINDS[check.kind].evaluate(check.args as CheckArgs, ctx)
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
