/**
 * The workspace gate decision: protected paths, then the orientation
 * requirement, then document overlap, then the general policy. Every outcome
 * carries the rule that decided it and a reason the model can act on. Pure.
 */
import type { GatePolicy } from '../config.js'
import type { MutationRequest } from './classify-call.js'
import type { OverlapFinding } from './overlap.js'

/** Which rule decided. */
export type GateRule = 'protected-path' | 'orientation-required' | 'document-overlap' | 'workspace-policy'

/** The decision. */
export type GateDecision =
  | { readonly kind: 'allow', readonly rule: GateRule }
  | { readonly kind: 'ask' | 'deny', readonly rule: GateRule, readonly reason: string }

/** Facts the host adapter established for one request. */
export interface GateFacts {
  readonly request: MutationRequest
  /** [target, protected path] pairs. */
  readonly protectedHits: ReadonlyArray<readonly [string, string]>
  /** True when the orientation requirement applies and no orientation is recorded. */
  readonly orientationMissing: boolean
  /** Overlap of a new document, with its path. */
  readonly overlap: { readonly path: string, readonly finding: OverlapFinding } | null
  readonly overlapCheck: 'off' | 'ask' | 'deny'
  readonly policy: GatePolicy
  /** The config key that made orientation a requirement. */
  readonly orientationRule: string
}

function describeWrites(request: MutationRequest): string {
  return request.writes.map(write => (write.target === null ? write.via : `${write.via} ${write.target}`)).join(', ')
}

/**
 * Decide one governed call.
 * @param facts - the classified request and what the adapter found.
 */
export function decideMutation(facts: GateFacts): GateDecision {
  const { request } = facts
  const hit = facts.protectedHits[0]
  if (hit !== undefined) {
    return { kind: 'deny', rule: 'protected-path', reason: `IEG workspace governance refused ${request.tool}: ${hit[0]} is under the protected path ${hit[1]} (workspace.protectedPaths). Leave it unchanged, or ask the user to change it.` }
  }
  if (facts.orientationMissing) {
    return { kind: 'deny', rule: 'orientation-required', reason: `IEG project governance refused ${request.tool}: no orientation is recorded for this session (${facts.orientationRule}). Call record_orientation with the intent, objective and scope, then retry.` }
  }
  if (facts.overlap !== null && facts.overlapCheck !== 'off') {
    const { path, finding } = facts.overlap
    return { kind: facts.overlapCheck, rule: 'document-overlap', reason: `IEG document overlap (workspace.overlapCheck: ${facts.overlapCheck}): creating ${path} would duplicate ${finding.existing}: ${finding.detail}. Extend ${finding.existing} instead, or create ${path} only if the user asked for a separate document.` }
  }
  if (facts.policy !== 'allow') {
    return { kind: facts.policy, rule: 'workspace-policy', reason: `IEG workspace policy (workspace.policy: ${facts.policy}) governs persistent workspace changes: ${describeWrites(request)}.` }
  }
  return { kind: 'allow', rule: 'workspace-policy' }
}
