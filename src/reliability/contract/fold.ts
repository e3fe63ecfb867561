/**
 * The reliability lifecycle folded from session events. Pure: the state is a
 * function of the log alone, so resume and fork see exactly what was written.
 * Every record is decoded strictly and every transition checked: one active
 * contract at a time, attempts numbered 1..n only while it is active and
 * never past its budget, one terminal consistent with the last attempt, and
 * nothing for a contract after its terminal. The first violation becomes the
 * integrity state: nothing later applies, nothing certifies, and a load never
 * throws. Reviews come before a contract: an evidence review must be bound
 * to the approved intent review before it, and a reviewed (version 5)
 * contract must embed exactly what both approved.
 */
import { canonicalJson, type JsonObject } from '../../kernel/json.js'
import type { FoldEvent, FoldSpec } from '../../kernel/projection.js'
import { decodeContractReview, decodeIntentReview } from '../review/decode.js'
import { decodeVerification } from '../verification/record.js'
import type { ContractReviewRecord, IntentReviewRecord } from '../review/records.js'
import { decodeAttempt, decodeContract, decodeTerminal } from './decode.js'
import type { AttemptRecord, ContractRecord, TerminalOutcome, TerminalRecord } from './records.js'

/** The review records since the last contract: the latest intent review and the evidence review that followed it. */
export interface ReviewState extends JsonObject {
  readonly intent: IntentReviewRecord | null
  readonly evidence: ContractReviewRecord | null
}

/** Folded state: the latest contract with its attempts and terminal record, and the reviews since. */
export interface ReliabilityState extends JsonObject {
  readonly contract: ContractRecord | null
  readonly attempts: AttemptRecord[]
  readonly terminal: TerminalRecord | null
  readonly review: ReviewState
  /** The first integrity violation (record and reason); once set, nothing later applies. */
  readonly integrityError: string | null
}

/**
 * Where the session stands: no contract (`inactive`), an approved intent
 * whose evidence review has no decision yet, an active contract, how it
 * ended, or `integrity` when the records are inconsistent.
 */
export const RELIABILITY_PHASES = ['inactive', 'evidence-review-pending', 'active', 'certified', 'exhausted', 'abstained', 'integrity'] as const satisfies ReadonlyArray<'inactive' | 'evidence-review-pending' | 'active' | TerminalOutcome | 'integrity'>
/** One phase. */
export type ReliabilityPhase = typeof RELIABILITY_PHASES[number]

const NO_REVIEW: ReviewState = { intent: null, evidence: null }
const INITIAL: ReliabilityState = { contract: null, attempts: [], terminal: null, review: NO_REVIEW, integrityError: null }

function violated(state: ReliabilityState, event: FoldEvent, reason: string): ReliabilityState {
  return { ...state, integrityError: `${event.type} at seq ${event.seq}: ${reason}` }
}

function isActive(state: ReliabilityState): state is ReliabilityState & { contract: ContractRecord } {
  return state.contract !== null && state.terminal === null
}

function attemptProblem(state: ReliabilityState & { contract: ContractRecord }, attempt: AttemptRecord): string | null {
  const expected = state.attempts.length + 1
  if (attempt.attempt !== expected) return `it is numbered ${attempt.attempt}, the next is ${expected}`
  if (attempt.attempt > state.contract.maxAttempts) return `it exceeds the budget of ${state.contract.maxAttempts} attempts`
  const ids = state.contract.checks.map(check => check.id)
  if (attempt.results.length !== ids.length || attempt.results.some((result, index) => result.checkId !== ids[index])) return 'its results do not match the contract\'s checks in order'
  const passed = attempt.results.every(result => result.passed)
  if (attempt.verdict !== (passed ? 'pass' : 'fail')) return `its verdict ${attempt.verdict} contradicts its results`
  if (attempt.results.some(result => result.passed && result.final === true)) return 'a passed check is marked final'
  return null
}

function terminalProblem(state: ReliabilityState & { contract: ContractRecord }, terminal: TerminalRecord): string | null {
  const last = state.attempts.at(-1)
  switch (terminal.outcome) {
    case 'certified':
      if (last?.verdict !== 'pass') return 'it certifies without a passing attempt'
      return terminal.attemptReceipt === last.receipt ? null : 'it does not name the passing attempt\'s receipt'
    case 'exhausted': {
      if (last?.verdict !== 'fail') return 'it exhausts without a failing attempt'
      if (terminal.attemptReceipt !== last.receipt) return 'it does not name the last attempt\'s receipt'
      const spent = last.attempt >= state.contract.maxAttempts
      const hopeless = last.results.every(result => result.passed || result.final === true)
      return spent || hopeless ? null : 'it exhausts with attempts left and repairable checks'
    }
    case 'abstained':
      if (last?.verdict === 'pass') return 'it abstains after a passing attempt, which settles as certified'
      return terminal.attemptReceipt === (last?.receipt ?? null) ? null : 'it does not name the last attempt\'s receipt'
  }
}

function contractReviewProblem(review: ReviewState, record: ContractReviewRecord): string | null {
  if (review.intent?.decision !== 'approved') return 'no approved intent review precedes it'
  if (review.evidence !== null) return 'the approved intent was already reviewed for evidence'
  if (record.intentReviewReceipt !== review.intent.receipt || record.proposal.intentReceipt !== review.intent.proposal.receipt) return 'it is not bound to the approved intent review'
  return null
}

function reviewedContractProblem(review: ReviewState, contract: ContractRecord): string | null {
  if (contract.version !== 5) return null
  const { intent, evidence } = review
  if (intent?.decision !== 'approved' || evidence?.decision !== 'approved') return 'a reviewed contract without an approved intent and an approved evidence review'
  if (contract.reviews.intent !== intent.receipt || contract.reviews.evidence !== evidence.receipt) return 'its review references are not the approving reviews'
  if (canonicalJson(contract.intent) !== canonicalJson(intent.proposal)) return 'its intent is not the approved intent proposal'
  const proposal = evidence.proposal
  const same = contract.objective === proposal.objective && contract.maxAttempts === proposal.maxAttempts && canonicalJson([contract.claims, contract.checks, contract.coverage]) === canonicalJson([proposal.claims, proposal.checks, proposal.coverage])
  return same ? null : 'its claims, checks, budget or coverage are not the approved evidence proposal'
}

/**
 * Apply one committed event.
 * @param state - state covering all earlier events.
 * @param event - the next event.
 * @returns the next state; the same reference for events that change nothing.
 */
export function applyReliabilityEvent(state: ReliabilityState, event: FoldEvent): ReliabilityState {
  if (state.integrityError !== null) return state
  switch (event.type) {
    case 'reliability/contract': {
      if (isActive(state)) return violated(state, event, `a second contract while ${state.contract.contractId} is active`)
      const decoded = decodeContract(event.data, event.seq)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      const problem = reviewedContractProblem(state.review, decoded.record)
      if (problem !== null) return violated(state, event, problem)
      return { contract: decoded.record, attempts: [], terminal: null, review: NO_REVIEW, integrityError: null }
    }
    case 'reliability/code-verification': {
      const decoded = decodeVerification(event.data)
      return decoded.ok ? state : violated(state, event, decoded.reason)
    }
    case 'reliability/intent-review': {
      if (isActive(state)) return violated(state, event, `a review while ${state.contract.contractId} is active`)
      const decoded = decodeIntentReview(event.data)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      return { ...state, review: { intent: decoded.record, evidence: null } }
    }
    case 'reliability/contract-review': {
      if (isActive(state)) return violated(state, event, `a review while ${state.contract.contractId} is active`)
      const decoded = decodeContractReview(event.data)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      const problem = contractReviewProblem(state.review, decoded.record)
      return problem === null ? { ...state, review: { ...state.review, evidence: decoded.record } } : violated(state, event, problem)
    }
    case 'reliability/attempt': {
      const decoded = decodeAttempt(event.data)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      if (!isActive(state) || state.contract.contractId !== decoded.record.contractId) return violated(state, event, `no active contract ${decoded.record.contractId}`)
      const problem = attemptProblem(state, decoded.record)
      return problem === null ? { ...state, attempts: [...state.attempts, decoded.record] } : violated(state, event, problem)
    }
    case 'reliability/terminal': {
      const decoded = decodeTerminal(event.data)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      if (!isActive(state) || state.contract.contractId !== decoded.record.contractId) return violated(state, event, `no active contract ${decoded.record.contractId}`)
      const problem = terminalProblem(state, decoded.record)
      return problem === null ? { ...state, terminal: decoded.record } : violated(state, event, problem)
    }
    default:
      return state
  }
}

/**
 * Why an active contract's records are incomplete: its last attempt settled
 * it (passed, spent the budget, or failed beyond repair) but the terminal that
 * is written with it is missing, as when a log was cut after the attempt.
 * @param state - folded state.
 * @returns the reason, or null.
 */
export function missingSettlement(state: ReliabilityState): string | null {
  const last = state.attempts.at(-1)
  if (state.integrityError !== null || state.contract === null || state.terminal !== null || last === undefined) return null
  if (last.verdict === 'pass') return `attempt ${last.attempt} passed but its certification is missing`
  if (last.attempt >= state.contract.maxAttempts || last.results.every(result => result.passed || result.final === true)) return `attempt ${last.attempt} settled the contract but its terminal record is missing`
  return null
}

/**
 * The state's integrity problem, recorded or derived.
 * @param state - folded state.
 */
export function integrityProblem(state: ReliabilityState): string | null {
  return state.integrityError ?? missingSettlement(state)
}

/**
 * The phase of a folded state.
 * @param state - folded state.
 * @returns `integrity` after a violation, inactive without a contract, the terminal outcome once ended, else active.
 */
export function reliabilityPhase(state: ReliabilityState): ReliabilityPhase {
  if (integrityProblem(state) !== null) return 'integrity'
  if (state.contract !== null && state.terminal === null) return 'active'
  if (state.review.intent?.decision === 'approved' && state.review.evidence === null) return 'evidence-review-pending'
  return state.contract === null || state.terminal === null ? 'inactive' : state.terminal.outcome
}

/** Shape guard (not a deep walk: the state is only ever produced by this fold from decoded events). */
function isReliabilityState(value: unknown): value is ReliabilityState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  return 'contract' in record && 'terminal' in record && 'review' in record && 'integrityError' in record && Array.isArray(record['attempts'])
}

/** The projection fold registered by the governor row. */
export const reliabilityFold: FoldSpec<ReliabilityState, 'reliability'> = {
  key: 'reliability',
  stateVersion: 3,
  init: () => INITIAL,
  apply: (state, event) => {
    try {
      return applyReliabilityEvent(state, event)
    } catch (error) {
      return violated(state, event, `it could not be read (${error instanceof Error ? error.message : String(error)})`)
    }
  },
  isState: isReliabilityState,
}
