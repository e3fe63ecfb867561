/** Evaluate a contract's checks in order. Pure over the evaluation context. */
import type { CheckRecord, CheckResultRecord } from '../contract/records.js'
import type { CheckArgs, EvaluationContext } from './evidence.js'
import { CHECK_KINDS, isCheckKind } from './vocabulary.js'

/**
 * Run every check; a check that cannot be evaluated fails with the reason (fail closed).
 * @param checks - the contract's ordered checks.
 * @param ctx - what evaluators may observe.
 * @returns one result per check, in order.
 */
export async function evaluateChecks(checks: readonly CheckRecord[], ctx: EvaluationContext): Promise<CheckResultRecord[]> {
  const results: CheckResultRecord[] = []
  for (const check of checks) {
    if (!isCheckKind(check.kind)) {
      results.push({ checkId: check.id, passed: false, evidence: `unknown check kind ${check.kind}` })
      continue
    }
    try {
      const outcome = await CHECK_KINDS[check.kind].evaluate(check.args as CheckArgs, ctx)
      results.push({ checkId: check.id, passed: outcome.passed, evidence: outcome.evidence })
    } catch (error) {
      results.push({ checkId: check.id, passed: false, evidence: `could not be evaluated: ${error instanceof Error ? error.message : String(error)}` })
    }
  }
  return results
}
