/**
 * The maintenance round's plan: each finding becomes actions from a fixed
 * vocabulary, each with a reason and a confidence; every destructive action
 * is flagged for a human decision. The round proposes and never applies.
 * Pure.
 */
import { assertNever } from '../../kernel/assert-never.js'
import type { DiagnosisDimension, Finding } from './diagnose.js'

/** The actions a plan may propose; `destructive` ones change or remove workspace content. */
export const MAINTENANCE_ACTIONS = {
  'merge-documents': { destructive: true, meaning: 'merge the overlapping document into the existing one and delete the copy' },
  'correct-information': { destructive: true, meaning: 'replace the retired value with the corrected one' },
  'delete-file': { destructive: true, meaning: 'delete the file' },
  'rename-file': { destructive: true, meaning: 'give the file its proper name, replacing the older one' },
  'mark-outdated': { destructive: false, meaning: 'mark the content as outdated where history must be kept (an IT-development workspace)' },
  'review-file': { destructive: false, meaning: 'look at the file and decide' },
  'record-orientation': { destructive: false, meaning: 'record the project orientation (record_orientation)' },
  'keep': { destructive: false, meaning: 'nothing to do' },
} as const

/** One action. */
export type MaintenanceAction = keyof typeof MAINTENANCE_ACTIONS

/** One proposed action. */
export interface PlanItem {
  readonly action: MaintenanceAction
  readonly paths: readonly string[]
  readonly reason: string
  /** How sure the round is that the action is right, 0 to 1. */
  readonly confidence: number
  /** Destructive actions always need a human decision. */
  readonly needsHumanDecision: boolean
}

function item(action: MaintenanceAction, finding: Finding, confidence: number): PlanItem {
  return { action, paths: finding.paths, reason: finding.detail, confidence, needsHumanDecision: MAINTENANCE_ACTIONS[action].destructive }
}

function actionsFor(dimension: DiagnosisDimension, finding: Finding): PlanItem[] {
  switch (dimension) {
    case 'duplicate-documents': return [item('merge-documents', finding, 0.6)]
    case 'retired-information': return [item('correct-information', finding, 0.7), item('mark-outdated', finding, 0.3)]
    case 'scratch-files': return [item('delete-file', finding, 0.8)]
    case 'versioned-copies': return [item('rename-file', finding, 0.4), item('review-file', finding, 0.6)]
    case 'empty-files': return [item('review-file', finding, 0.5)]
    case 'oversized-files': return [item('review-file', finding, 0.5)]
    case 'missing-orientation': return [item('record-orientation', finding, 0.9)]
    default: return assertNever(dimension)
  }
}

/**
 * Plan over the findings; an empty diagnosis plans `keep`.
 * @param findings - the diagnosis.
 */
export function planMaintenance(findings: readonly Finding[]): PlanItem[] {
  if (findings.length === 0) return [{ action: 'keep', paths: [], reason: 'no finding', confidence: 1, needsHumanDecision: false }]
  return findings.flatMap(finding => actionsFor(finding.dimension, finding))
}
