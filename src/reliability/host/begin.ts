/**
 * Host adapter: `reliability_begin`. Unattended (`contractReview.mode:
 * off`) it stores a version 3 contract at once. Reviewed (the default) it
 * asks the live root agent's user to approve the interpreted intent, then
 * the evidence bound to it, and stores a version 5 contract only after both
 * exact approvals; any other decision records that stage's review and no
 * contract. One review is pending per agent at a time. An argument refusal
 * appends nothing.
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { canonicalJson, type JsonObject } from '../../kernel/json.js'
import { readProjectionState } from '../../kernel/projection.js'
import { iegFold } from '../../ieg/orientation/fold.js'
import type { ReliabilityConfig } from '../config.js'
import { assessCoverage, type CoverageReport } from '../contract/coverage.js'
import { integrityProblem, reliabilityPhase } from '../contract/fold.js'
import { InputError } from '../../kernel/input-error.js'
import { bindDraft } from '../authoring/draft.js'
import { DRAFT_PROMPT_VERSION } from '../authoring/draft-prompt.js'
import type { Authorship } from '../authoring/modes.js'
import { parseContractInput, type ContractLimits, type ContractSpec } from '../contract/input.js'
import { openContract, openReviewedContract } from '../contract/lifecycle.js'
import { evidenceProposal, type ContractKind } from '../review/evidence.js'
import { sealProfiles } from '../verification/profiles.js'
import { refuseReservedIds, withRequiredVerifiers } from '../verification/inject.js'
import { intentProposal, parseIntentInput, type IntentProposal, type OrientationFacts } from '../review/intent.js'
import { evidenceSections, intentSections } from '../review/markdown.js'
import { contractReviewRecord, intentReviewRecord, type StageOutcome } from '../review/review-records.js'
import { REVIEW_DECISIONS, type ReviewStage } from '../review/vocabulary.js'
import { governorState } from './governor-state.js'
import { askReviewStage } from './review-questions.js'

/** The session's recorded orientation when the `ieg` row is mounted and its records are intact. */
function recordedOrientation(ctx: Context, agent: Agent): OrientationFacts | null {
  let state
  try {
    state = readProjectionState(ctx.sessionProjections, agent.session, iegFold)
  } catch {
    // The ieg row is not mounted: there is no orientation to start from.
    return null
  }
  return state.integrityError === null ? state.orientation : null
}

function requireOpenable(ctx: Context, agent: Agent): void {
  const state = governorState(ctx, agent)
  const problem = integrityProblem(state)
  if (problem !== null) throw new Error(`the governor's session records are inconsistent (${problem}); nothing in this session can be certified`)
  if (reliabilityPhase(state) === 'active') throw new Error(`contract ${state.contract?.contractId ?? ''} is active; verify it or call reliability_abstain before opening another`)
}

function checkedSize(record: JsonObject, config: ReliabilityConfig): void {
  const bytes = Buffer.byteLength(canonicalJson(record), 'utf8')
  if (bytes > config.limits.maxContractBytes) throw new Error(`arguments: the contract record would be ${bytes} bytes, over ${config.limits.maxContractBytes} (limits.maxContractBytes); shorten the objective, statements or literals`)
}

function notOpened(stage: ReviewStage, outcome: StageOutcome): JsonObject {
  const next = outcome.decision === 'revised' || outcome.decision === 'rejected' ? 'Revise the contract from the user\'s answer and call reliability_begin again, or ask the user what they want.' : outcome.decision === 'unavailable' ? 'No contract can be opened here until the review is possible; report the task as unverified, or ask the operator.' : 'Ask the user how to continue before calling reliability_begin again.'
  return { contract_id: null, review: { stage, decision: outcome.decision, meaning: REVIEW_DECISIONS[outcome.decision], feedback: outcome.feedback, detail: outcome.detail }, message: `No contract was opened: the ${stage} review ended ${outcome.decision}. ${next}` }
}

/** Which agents have a review pending in this mount. */
export class PendingReviews {
  private readonly agents = new Set<string>()
  /** Claim the agent's review slot; false when one is already pending. */
  claim(agent: Agent): boolean {
    if (this.agents.has(agent.id)) return false
    this.agents.add(agent.id)
    return true
  }

  release(agent: Agent): void {
    this.agents.delete(agent.id)
  }

  has(agent: Agent): boolean {
    return this.agents.has(agent.id)
  }
}

/** What a reviewed contract proposes as evidence. */
interface EvidenceParts {
  readonly spec: ContractSpec
  readonly coverage: CoverageReport
  readonly kind: ContractKind
  readonly authorship: Authorship
}

/**
 * Refuse the optional contract arguments this deployment does not offer, and
 * a draft receipt that is not text: the model-facing schema omits them, so
 * the host passes them through unchecked.
 * @param config - resolved row configuration.
 * @param args - the tool's arguments.
 * @throws InputError naming the argument.
 */
export function refuseUnofferedArguments(config: ReliabilityConfig, args: Record<string, unknown>): void {
  if (args['intent'] !== undefined && config.contractReview.mode !== 'required') throw new InputError('intent', `is accepted only when contract review is required (this deployment: ${config.contractReview.mode})`)
  const draftReceipt = args['draft_receipt']
  if (draftReceipt === undefined) return
  if (config.contractAuthoring.mode !== 'auxiliary-model') throw new InputError('draft_receipt', `is accepted only in auxiliary-model authoring mode (this deployment: ${config.contractAuthoring.mode})`)
  if (typeof draftReceipt !== 'string') throw new InputError('draft_receipt', 'must be the text reliability_draft returned')
}

/**
 * The authorship of a contract being opened: the configured mode, and in
 * auxiliary-model mode the draft it is bound to.
 * @throws InputError when a draft receipt is missing or does not bind.
 */
function authorshipOf(agent: Agent, config: ReliabilityConfig, draftReceipt: unknown, kind: ContractKind, spec: ContractSpec): Authorship {
  const mode = config.contractAuthoring.mode
  // A misplaced receipt was refused already (refuseUnofferedArguments).
  if (mode !== 'auxiliary-model') return { mode, draftReceipt: null }
  if (typeof draftReceipt !== 'string') throw new InputError('draft_receipt', 'is required in auxiliary-model authoring mode: call reliability_draft, then begin with its exact objective, claims and checks')
  const { provider, model } = config.contractAuthoring
  const draft = bindDraft(agent.session.events, draftReceipt, kind === 'code' ? 'code' : 'general', spec, { provider, model, promptVersion: DRAFT_PROMPT_VERSION })
  return { mode, draftReceipt: draft.receipt }
}

async function reviewed(ctx: Context, agent: Agent, config: ReliabilityConfig, parts: EvidenceParts, intent: IntentProposal, signal: AbortSignal): Promise<JsonObject> {
  const { spec, coverage, kind, authorship } = parts
  const { maxFeedbackChars } = config.contractReview
  const intentOutcome = await askReviewStage(ctx, agent, 'intent', intentSections(intent), intent.receipt, maxFeedbackChars, signal)
  requireOpenable(ctx, agent)
  const intentReview = intentReviewRecord(intent, intentOutcome)
  agent.session.append('reliability/intent-review', intentReview)
  if (intentOutcome.decision !== 'approved') return notOpened('intent', intentOutcome)
  const evidence = evidenceProposal(spec, coverage, intent.receipt, kind, authorship)
  const evidenceOutcome = await askReviewStage(ctx, agent, 'evidence', evidenceSections(evidence), evidence.receipt, maxFeedbackChars, signal)
  requireOpenable(ctx, agent)
  const contractReview = contractReviewRecord(evidence, intentReview, evidenceOutcome)
  agent.session.append('reliability/contract-review', contractReview)
  if (evidenceOutcome.decision !== 'approved') return notOpened('evidence', evidenceOutcome)
  const contract = openReviewedContract(intentReview, contractReview, agent.session.seq)
  agent.session.append('reliability/contract', contract)
  return { contract_id: contract.contractId, receipt: contract.receipt, started_at_seq: contract.startedAtSeq, max_attempts: contract.maxAttempts, review: { mode: 'required', intent: intentReview.receipt, evidence: contractReview.receipt }, warnings: coverage.warnings }
}

/**
 * Open a contract as the configured review mode says.
 * @param ctx - the row's context.
 * @param agent - the calling agent.
 * @param args - the tool arguments.
 * @param config - resolved row configuration.
 * @param limits - contract bounds.
 * @param pending - the mount's pending reviews.
 * @param signal - the tool call's signal.
 * @param kind - `code` injects every required verifier profile under a critical claim.
 */
export async function beginContract(ctx: Context, agent: Agent, args: Record<string, unknown>, config: ReliabilityConfig, limits: ContractLimits, pending: PendingReviews, signal: AbortSignal, kind: ContractKind = 'evidence'): Promise<JsonObject> {
  requireOpenable(ctx, agent)
  refuseUnofferedArguments(config, args)
  const { intent: rawIntent, draft_receipt: draftReceipt, ...contractArgs } = args
  const parsed = parseContractInput(contractArgs, limits)
  const profiles = sealProfiles(config.codeVerificationProfiles)
  const spec = kind === 'code' ? withRequiredVerifiers(parsed, profiles) : parsed
  const authorship = authorshipOf(agent, config, draftReceipt, kind, spec)
  if (kind !== 'code') refuseReservedIds(spec, profiles)
  const coverage = assessCoverage(spec.claims, spec.checks)
  if (coverage.status !== 'ready') throw new Error(`coverage is review-required, so no contract was opened:\n- ${coverage.findings.join('\n- ')}`)
  if (config.contractReview.mode === 'off') {
    const contract = openContract(spec, coverage, agent.session.seq, authorship)
    checkedSize(contract, config)
    agent.session.append('reliability/contract', contract)
    return { contract_id: contract.contractId, receipt: contract.receipt, started_at_seq: contract.startedAtSeq, max_attempts: contract.maxAttempts, authorship: contract.authorship, review: { mode: 'off', note: 'unreviewed contract, version 3' }, warnings: coverage.warnings }
  }
  const intent = intentProposal(spec.objective, parseIntentInput(rawIntent, { maxTextChars: limits.maxTextChars, maxItems: config.contractReview.maxIntentItems }), recordedOrientation(ctx, agent))
  checkedSize({ intent, evidence: evidenceProposal(spec, coverage, intent.receipt, kind, authorship) }, config)
  if (!pending.claim(agent)) throw new Error('a contract review is already waiting for this agent\'s user; wait for it to end before opening another')
  try {
    return await reviewed(ctx, agent, config, { spec, coverage, kind, authorship }, intent, signal)
  } finally {
    pending.release(agent)
  }
}
