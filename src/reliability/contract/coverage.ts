/**
 * Structural coverage assessment: whether every declared claim can be proved
 * by deterministic checks from enough independent evidence sources. It never
 * judges whether the claims capture the user's intent. Pure.
 */
import type { JsonObject } from '../../kernel/json.js'
import { CHECK_KINDS, isCheckKind } from '../checks/vocabulary.js'
import type { CheckRecord, ClaimImportance, ClaimRecord } from './records.js'

/** ready: the contract may activate; review-required: findings block it. */
export type CoverageStatus = 'ready' | 'review-required'

/** The assessment report. */
export interface CoverageReport extends JsonObject {
  status: CoverageStatus
  /** Blocking problems. */
  findings: string[]
  /** Brittle evidence; never blocking. */
  warnings: string[]
  claims: number
  coveredClaims: number
  /** Importance-weighted share of covered claims, 0 to 1 with three decimals. */
  weightedCoverage: number
  /** Distinct evidence sources per claim id. */
  sourcesPerClaim: Record<string, number>
}

/** Claim weights in the weighted coverage figure. */
export const IMPORTANCE_WEIGHT: Record<ClaimImportance, number> = { critical: 3, important: 2, minor: 1 }

/**
 * The authority a check's evidence comes from. Aliases of one workspace path
 * are one source; every trajectory check shares the tool-event source.
 * @param check - a validated check.
 * @returns a source identifier.
 */
export function evidenceSource(check: CheckRecord): string {
  if (!isCheckKind(check.kind)) return `unknown:${check.kind}`
  switch (CHECK_KINDS[check.kind].authority) {
    case 'workspace-path': return `workspace:${String(check.args['path'])}`
    case 'tool-trajectory': return 'tool-events'
    case 'verifier-profile': return `verifier:${String(check.args['profile'])}`
  }
}

/**
 * Assess a contract's claims against its checks.
 * @param claims - declared claims.
 * @param checks - declared checks (claims reference them by id).
 * @returns the report.
 */
export function assessCoverage(claims: readonly ClaimRecord[], checks: readonly CheckRecord[]): CoverageReport {
  const byId = new Map(checks.map(check => [check.id, check]))
  const findings: string[] = []
  const warnings: string[] = []
  const sourcesPerClaim: Record<string, number> = {}
  let covered = 0
  let weightCovered = 0
  let weightTotal = 0
  if (!claims.some(claim => claim.importance === 'critical')) findings.push('no claim is critical: mark the claim whose failure means the task failed as critical')
  for (const claim of claims) {
    const sources = new Set(claim.checkIds.flatMap(id => {
      const check = byId.get(id)
      return check === undefined ? [] : [evidenceSource(check)]
    }))
    sourcesPerClaim[claim.id] = sources.size
    const weight = IMPORTANCE_WEIGHT[claim.importance]
    weightTotal += weight
    let ok = true
    if (claim.verification !== 'deterministic') {
      findings.push(`claim ${claim.id} is ${claim.verification}: no deterministic check can prove it`)
      ok = false
    } else if (sources.size < claim.minimumIndependentSources) {
      findings.push(`claim ${claim.id} needs ${claim.minimumIndependentSources} independent evidence source(s) and its checks give ${sources.size}`)
      ok = false
    }
    if (ok) {
      covered += 1
      weightCovered += weight
    }
  }
  const referenced = new Set(claims.flatMap(claim => claim.checkIds))
  for (const check of checks) {
    if (!referenced.has(check.id)) warnings.push(`check ${check.id} supports no claim`)
    const brittleness = isCheckKind(check.kind) ? CHECK_KINDS[check.kind].brittleness : null
    if (brittleness !== null) warnings.push(`check ${check.id} (${check.kind}) is ${brittleness}`)
  }
  return {
    status: findings.length === 0 ? 'ready' : 'review-required',
    findings,
    warnings,
    claims: claims.length,
    coveredClaims: covered,
    weightedCoverage: weightTotal === 0 ? 0 : Math.round((weightCovered / weightTotal) * 1000) / 1000,
    sourcesPerClaim,
  }
}
