/**
 * Durable record payloads of the reliability governor. Each state event carries
 * the complete record it describes, never a delta. Pure types.
 */
import type { JsonObject } from '../../kernel/json.js'
import type { Receipt } from '../../kernel/receipts.js'
import type { IntentProposal } from '../review/intent.js'
import type { Authorship } from '../authoring/modes.js'

/** Contract record versions a reader must understand; writers emit the newest they implement. */
export const CONTRACT_VERSIONS = [1, 2, 3, 4, 5] as const
/** One readable contract version. */
export type ContractVersion = typeof CONTRACT_VERSIONS[number]

/** How much a claim matters to the outcome. */
export type ClaimImportance = 'critical' | 'important' | 'minor'
/** Whether a claim can be proved by deterministic checks. */
export type ClaimVerification = 'deterministic' | 'human-required' | 'unsupported'

/** One declared claim and the checks that evidence it. */
export interface ClaimRecord extends JsonObject {
  readonly id: string
  readonly statement: string
  readonly importance: ClaimImportance
  readonly verification: ClaimVerification
  readonly checkIds: string[]
  readonly minimumIndependentSources: number
}

/** One ordered check: its kind and its kind-specific, already validated arguments. */
export interface CheckRecord extends JsonObject {
  readonly id: string
  readonly kind: string
  readonly args: JsonObject
}

/** Fields of every contract version this build writes. */
interface ContractFields extends JsonObject {
  readonly contractId: string
  readonly objective: string
  readonly claims: ClaimRecord[]
  readonly checks: CheckRecord[]
  readonly maxAttempts: number
  /** Session events with a seq at or above this boundary count as evidence. */
  readonly startedAtSeq: number
  /** Structural coverage assessment computed when the contract was opened. */
  readonly coverage: JsonObject
  /** Who wrote the claims and checks. */
  readonly authorship: Authorship & JsonObject
  readonly receipt: Receipt
}

/** `reliability/contract` version 3: activated without review (`contractReview.mode: off`). */
export interface UnreviewedContractRecord extends ContractFields {
  readonly version: 3
  readonly reviewMode: 'off'
}

/** `reliability/contract` version 5: activated after the user approved its intent and its evidence. */
export interface ReviewedContractRecord extends ContractFields {
  readonly version: 5
  readonly reviewMode: 'required'
  /** The approved intent proposal. */
  readonly intent: IntentProposal
  /** Receipts of the approving `reliability/intent-review` and `reliability/contract-review` records. */
  readonly reviews: { readonly intent: Receipt, readonly evidence: Receipt }
}

/** `reliability/contract`: an activated evidence contract. */
export type ContractRecord = UnreviewedContractRecord | ReviewedContractRecord

/** What started an attempt. */
export type AttemptTrigger = 'manual' | 'turn-stop'

/** One check's outcome inside an attempt. */
export interface CheckResultRecord extends JsonObject {
  readonly checkId: string
  readonly passed: boolean
  readonly evidence: string
  /** Present on a failure no repair can change (evidence already in the log). */
  readonly final?: true
}

/** `reliability/attempt`: one evaluation of every check of the active contract. */
export interface AttemptRecord extends JsonObject {
  readonly contractId: string
  readonly attempt: number
  readonly trigger: AttemptTrigger
  readonly results: CheckResultRecord[]
  readonly verdict: 'pass' | 'fail'
  readonly receipt: Receipt
}

/** How a contract ended. */
export type TerminalOutcome = 'certified' | 'exhausted' | 'abstained'

/** `reliability/terminal`: the end of a contract. */
export interface TerminalRecord extends JsonObject {
  readonly contractId: string
  readonly outcome: TerminalOutcome
  readonly reason: string
  readonly attemptReceipt: Receipt | null
  readonly receipt: Receipt
}
