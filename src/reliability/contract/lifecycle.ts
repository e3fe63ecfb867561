/**
 * Lifecycle decisions over the folded state: opening a contract, settling an
 * attempt (certify, repair or exhaust), abstaining, and the exact text the
 * agent is steered with. Pure; the host adapter appends the records.
 */
import { withReceipt } from '../../kernel/receipts.js'
import type { ContractSpec } from './input.js'
import type { Authorship } from '../authoring/modes.js'
import type { CoverageReport } from './coverage.js'
import type { ReliabilityState } from './fold.js'
import type { JsonObject } from '../../kernel/json.js'
import type { ContractReviewRecord, IntentReviewRecord } from '../review/records.js'
import type { AttemptRecord, AttemptTrigger, CheckResultRecord, ContractRecord, ReviewedContractRecord, TerminalRecord, UnreviewedContractRecord } from './records.js'

/**
 * The version 3 contract record for a validated spec (review mode off).
 * @param spec - validated contract arguments.
 * @param coverage - a `ready` assessment.
 * @param startedAtSeq - seq the contract event will occupy; later events are evidence.
 * @param authorship - who wrote the claims and checks.
 */
export function openContract(spec: ContractSpec, coverage: CoverageReport, startedAtSeq: number, authorship: Authorship): UnreviewedContractRecord {
  return withReceipt({
    version: 3 as const,
    contractId: `contract-${startedAtSeq}`,
    objective: spec.objective,
    claims: spec.claims,
    checks: spec.checks,
    maxAttempts: spec.maxAttempts,
    startedAtSeq,
    coverage: coverage as unknown as JsonObject,
    authorship: { mode: authorship.mode, draftReceipt: authorship.draftReceipt },
    reviewMode: 'off' as const,
  })
}

/**
 * The version 5 contract record after both reviews approved: exactly the
 * approved evidence proposal, embedding the approved intent and both review
 * references.
 * @param intent - the approving intent review.
 * @param evidence - the approving evidence review, bound to it.
 * @param startedAtSeq - seq the contract event will occupy; later events are evidence.
 */
export function openReviewedContract(intent: IntentReviewRecord, evidence: ContractReviewRecord, startedAtSeq: number): ReviewedContractRecord {
  const proposal = evidence.proposal
  return withReceipt({
    version: 5 as const,
    contractId: `contract-${startedAtSeq}`,
    objective: proposal.objective,
    claims: proposal.claims,
    checks: proposal.checks,
    maxAttempts: proposal.maxAttempts,
    startedAtSeq,
    coverage: proposal.coverage,
    authorship: proposal.authorship,
    reviewMode: 'required' as const,
    intent: intent.proposal,
    reviews: { intent: intent.receipt, evidence: evidence.receipt },
  })
}

/** What settling an attempt decided. */
export type Settlement =
  | { readonly kind: 'certified', readonly attempt: AttemptRecord, readonly terminal: TerminalRecord }
  | { readonly kind: 'repair', readonly attempt: AttemptRecord }
  | { readonly kind: 'exhausted', readonly attempt: AttemptRecord, readonly terminal: TerminalRecord }

/**
 * Record one evaluation and decide what follows. Manual and turn-stop attempts share one budget.
 * @param contract - the active contract.
 * @param previous - attempts already recorded for it.
 * @param results - ordered check results.
 * @param trigger - what started the attempt.
 */
export function settleAttempt(contract: ContractRecord, previous: readonly AttemptRecord[], results: CheckResultRecord[], trigger: AttemptTrigger): Settlement {
  const number = previous.length + 1
  const passed = results.every(result => result.passed)
  const attempt = withReceipt({ contractId: contract.contractId, attempt: number, trigger, results, verdict: passed ? 'pass' as const : 'fail' as const })
  if (passed) {
    return { kind: 'certified', attempt, terminal: withReceipt({ contractId: contract.contractId, outcome: 'certified' as const, reason: `all ${results.length} checks passed on attempt ${number}`, attemptReceipt: attempt.receipt }) }
  }
  const failed = results.filter(result => !result.passed)
  if (failed.every(result => result.final === true)) {
    return { kind: 'exhausted', attempt, terminal: withReceipt({ contractId: contract.contractId, outcome: 'exhausted' as const, reason: `${failed.length} check(s) fail and can no longer pass (their evidence is already in the session log)`, attemptReceipt: attempt.receipt }) }
  }
  if (number >= contract.maxAttempts) {
    return { kind: 'exhausted', attempt, terminal: withReceipt({ contractId: contract.contractId, outcome: 'exhausted' as const, reason: `${failed.length} check(s) still fail after ${number} of ${contract.maxAttempts} attempts`, attemptReceipt: attempt.receipt }) }
  }
  return { kind: 'repair', attempt }
}

/**
 * The terminal record of an abstention.
 * @param state - folded state with an active contract.
 * @param reason - the agent's reason.
 */
export function abstainRecord(state: ReliabilityState & { contract: ContractRecord }, reason: string): TerminalRecord {
  return withReceipt({ contractId: state.contract.contractId, outcome: 'abstained' as const, reason, attemptReceipt: state.attempts.at(-1)?.receipt ?? null })
}

function failedLines(contract: ContractRecord, results: readonly CheckResultRecord[]): string {
  const kinds = new Map(contract.checks.map(check => [check.id, check.kind]))
  return results.filter(result => !result.passed).map(result => `- ${result.checkId} (${kinds.get(result.checkId) ?? 'unknown'}): ${result.evidence}${result.final === true ? ' [cannot pass anymore: no repair changes this]' : ''}`).join('\n')
}

/**
 * The message the agent is steered with after a settlement.
 * @param contract - the contract.
 * @param settlement - what was decided.
 */
export function settlementMessage(contract: ContractRecord, settlement: Settlement): string {
  const { attempt } = settlement
  const header = `Evidence contract ${contract.contractId}, attempt ${attempt.attempt} of ${contract.maxAttempts} (${attempt.trigger}):`
  switch (settlement.kind) {
    case 'certified':
      return `${header} certified; all ${attempt.results.length} checks passed. Certification receipt: ${settlement.terminal.receipt}. Report completion citing this receipt.`
    case 'repair':
      return `${header} not satisfied. Failed checks:\n${failedLines(contract, attempt.results)}\nRepair the work so the checks that can still pass do, then stop. Do not repeat a tool call whose outcome you cannot observe; inspect the state instead. If the rest needs a human or cannot be proved safely, call reliability_abstain with the reason.`
    case 'exhausted':
      return `${header} the attempt budget is exhausted and these checks still fail:\n${failedLines(contract, attempt.results)}\nDo not claim the task is complete. Report what remains unverified and why.`
  }
}

/**
 * The message the agent is steered with when the session's governor records are inconsistent.
 * @param integrityError - the fold's integrity state.
 */
export function integrityMessage(integrityError: string): string {
  return `The reliability governor's records in this session are inconsistent (${integrityError}). Nothing in this session can be certified. Report the task as unverified and name what you could not prove.`
}
