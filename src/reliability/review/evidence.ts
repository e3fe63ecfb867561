/**
 * The evidence proposal: how "done" will be checked, bound to the approved
 * intent by its receipt: the contract kind, claims and checks, the repair
 * budget, who wrote the contract, and the structural coverage assessment.
 * Pure.
 */
import type { JsonObject } from '../../kernel/json.js'
import { withReceipt, type Receipt } from '../../kernel/receipts.js'
import type { CoverageReport } from '../contract/coverage.js'
import type { ContractSpec } from '../contract/input.js'
import type { CheckRecord, ClaimRecord } from '../contract/records.js'
import type { Authorship } from '../authoring/modes.js'

/** Kinds of contract a proposal can open. */
export const CONTRACT_KINDS = {
  evidence: 'claims evidenced by deterministic checks over the workspace and the session log',
  code: 'a code task: every required verifier profile of the deployment is a critical claim',
} as const

/** One contract kind. */
export type ContractKind = keyof typeof CONTRACT_KINDS

/** The evidence proposal the user reviews second. */
export interface EvidenceProposal extends JsonObject {
  readonly kind: ContractKind
  /** Receipt of the approved intent proposal this evidence is for. */
  readonly intentReceipt: Receipt
  readonly objective: string
  readonly claims: ClaimRecord[]
  readonly checks: CheckRecord[]
  readonly maxAttempts: number
  readonly authorship: Authorship & JsonObject
  readonly coverage: JsonObject
  readonly receipt: Receipt
}

/**
 * The evidence proposal for a validated contract.
 * @param spec - validated contract arguments.
 * @param coverage - its `ready` assessment.
 * @param intentReceipt - receipt of the approved intent proposal.
 * @param kind - the contract kind.
 * @param authorship - who wrote the claims and checks.
 */
export function evidenceProposal(spec: ContractSpec, coverage: CoverageReport, intentReceipt: Receipt, kind: ContractKind, authorship: Authorship): EvidenceProposal {
  return withReceipt({
    kind,
    intentReceipt,
    objective: spec.objective,
    claims: spec.claims,
    checks: spec.checks,
    maxAttempts: spec.maxAttempts,
    authorship: { mode: authorship.mode, draftReceipt: authorship.draftReceipt },
    coverage: coverage as unknown as JsonObject,
  })
}
