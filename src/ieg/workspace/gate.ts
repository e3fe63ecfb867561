/**
 * The workspace gate decision over what the host adapter established for one
 * call: protected paths (including changes to the repository's control
 * files and opaque parts that could reach a protected path), then the
 * orientation requirement, then document overlap, then the policy, which
 * refuses opaque changes under `deny`. Every decision carries the rule and a
 * reason naming the outcome. Pure.
 */
import type { GatePolicy } from '../config.js'
import type { OverlapFinding } from './overlap.js'

/** Which rule decided. */
export type GateRule = 'protected-path' | 'orientation-required' | 'document-overlap' | 'workspace-policy' | 'git-history'

/** The decision. */
export type GateDecision =
  | { readonly kind: 'allow', readonly rule: GateRule }
  | { readonly kind: 'ask' | 'deny', readonly rule: GateRule, readonly reason: string }

/** A written path after resolution. */
export interface ResolvedTarget {
  readonly via: string
  /** Canonical path: workspace-relative inside the workspace, absolute outside. */
  readonly path: string
  readonly inside: boolean
  /** The protected path it is, lies under, or (for recursive and extracting writes) holds. */
  readonly protectedBy: string | null
  /** Why where the write lands cannot be told (a link whose target does not exist yet); null when it can. */
  readonly unresolved: string | null
}

/** Everything the adapter established about one governed call. */
export interface CallAssessment {
  readonly tool: string
  /** mutation: every write has a literal target; opaque: something is not provable. */
  readonly outcome: 'mutation' | 'opaque'
  readonly targets: readonly ResolvedTarget[]
  readonly opaqueReasons: readonly string[]
  /** How an opaque part could reach a protected path (empty when none could, or when not computed). */
  readonly reach: readonly string[]
  /** git history commands. */
  readonly history: readonly string[]
  /** Changes that arrange code execution or redirect the repository, when `.git` is protected. */
  readonly control: readonly string[]
}

/** Settings and session facts the decision reads. */
export interface GateContext {
  readonly policy: GatePolicy
  readonly gitHistory: 'allow' | 'policy'
  readonly overlapCheck: 'off' | 'ask' | 'deny'
  /** The config key that made orientation a requirement, when it is missing; else null. */
  readonly orientationMissing: string | null
  readonly overlap: { readonly path: string, readonly finding: OverlapFinding } | null
}

function describeTargets(assessment: CallAssessment): string {
  const parts = [
    ...assessment.targets.map(target => `${target.via} ${target.path}${target.inside ? '' : ' (outside the workspace)'}`),
    ...assessment.history,
  ]
  return parts.length === 0 ? assessment.tool : parts.join(', ')
}

/**
 * Decide one governed call.
 * @param assessment - what the call does.
 * @param context - settings and session facts.
 */
export function decideMutation(assessment: CallAssessment, context: GateContext): GateDecision {
  const { tool } = assessment
  const unresolved = assessment.targets.find(target => target.unresolved !== null)
  if (unresolved !== undefined) {
    return { kind: 'deny', rule: 'protected-path', reason: `IEG workspace governance refused ${tool} (${assessment.outcome}): ${unresolved.via} writes ${unresolved.path}, ${unresolved.unresolved ?? ''}, so it cannot be checked against the protected paths (workspace.protectedPaths). Write to the link's target by its own path.` }
  }
  const hit = assessment.targets.find(target => target.protectedBy !== null)
  if (hit !== undefined) {
    return { kind: 'deny', rule: 'protected-path', reason: `IEG workspace governance refused ${tool} (${assessment.outcome}): ${hit.via} writes ${hit.path}, which is or holds the protected path ${hit.protectedBy ?? ''} (workspace.protectedPaths). Leave it unchanged, or ask the user to change it.` }
  }
  const control = assessment.control[0]
  if (control !== undefined) {
    return { kind: 'deny', rule: 'protected-path', reason: `IEG workspace governance refused ${tool}: ${control}; that changes the protected .git (workspace.protectedPaths). Ask the user to make this change.` }
  }
  const reach = assessment.reach[0]
  if (reach !== undefined) {
    return { kind: 'deny', rule: 'protected-path', reason: `IEG workspace governance refused ${tool} (opaque: ${assessment.opaqueReasons[0] ?? 'not provable'}): ${reach}. Name literal paths outside protected ones, or ask the user.` }
  }
  if (context.orientationMissing !== null) {
    return { kind: 'deny', rule: 'orientation-required', reason: `IEG project governance refused ${tool}: no orientation is recorded for this session (${context.orientationMissing}). Call record_orientation with the intent, objective and scope, then retry.` }
  }
  if (context.overlap !== null && context.overlapCheck !== 'off') {
    const { path, finding } = context.overlap
    return { kind: context.overlapCheck, rule: 'document-overlap', reason: `IEG document overlap (workspace.overlapCheck: ${context.overlapCheck}): creating ${path} would duplicate ${finding.existing}: ${finding.detail}. Extend ${finding.existing} instead, or create ${path} only if the user asked for a separate document.` }
  }
  if (assessment.outcome === 'opaque') {
    if (context.policy === 'allow') return { kind: 'allow', rule: 'workspace-policy' }
    return { kind: context.policy, rule: 'workspace-policy', reason: `IEG workspace policy (workspace.policy: ${context.policy}) governs changes it cannot prove (opaque): ${assessment.opaqueReasons.join('; ')}. Use commands whose targets are literal, or ask the user.` }
  }
  const onlyHistory = assessment.targets.length === 0 && assessment.history.length > 0
  if (onlyHistory && context.gitHistory === 'allow') return { kind: 'allow', rule: 'git-history' }
  if (context.policy === 'allow') return { kind: 'allow', rule: 'workspace-policy' }
  return { kind: context.policy, rule: 'workspace-policy', reason: `IEG workspace policy (workspace.policy: ${context.policy}) governs persistent workspace changes (mutation): ${describeTargets(assessment)}.` }
}
