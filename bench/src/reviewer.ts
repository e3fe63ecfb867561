/**
 * The reviewing user of the `reviewed` arm: approves the interpreted intent,
 * then compares the proposed checks with the task's specification (the
 * case's `wants`). A proposal that leaves a wanted check out is sent back
 * with feedback naming it; a task the user does not want is rejected. The
 * user reads only the question the host shows. Pure.
 */
import { isDeepStrictEqual } from 'node:util'
import type { ScriptedUserAnswer } from '../../scripts/scripted-user/index.js'
import type { BenchCase, CheckPattern } from './case-kit.ts'

/** A question as the host's user-questions service asks it. */
export interface ReviewQuestion {
  readonly id: string
  readonly detail?: string
}

/** A check as a contract or a proposal states it. */
export interface StatedCheck {
  readonly kind: string
  readonly args: Record<string, unknown>
}

/** Whether a check is the one a pattern asks for: same kind, and equal on every argument the pattern names. */
export function matchesPattern(check: StatedCheck, pattern: CheckPattern): boolean {
  return check.kind === pattern.kind && Object.entries(pattern.args).every(([key, value]) => isDeepStrictEqual(check.args[key], value))
}

/** The wanted checks no stated check matches. */
export function missingChecks(checks: readonly StatedCheck[], wants: readonly CheckPattern[]): CheckPattern[] {
  return wants.filter(pattern => !checks.some(check => matchesPattern(check, pattern)))
}

/**
 * The checks listed in a proposal's Markdown (`- \`id\` kind: {arguments}` lines, Markdown-escaped).
 * @param detail - the question's detail.
 */
export function proposedChecks(detail: string): StatedCheck[] {
  const checks: StatedCheck[] = []
  for (const line of detail.split('\n')) {
    const found = /^- `[^`]*` ([a-z_]+): (\{.*\})$/.exec(line)
    if (found === null) continue
    const args = JSON.parse(found[2]!.replace(/\\(.)/g, '$1')) as Record<string, unknown>
    checks.push({ kind: found[1]!, args })
  }
  return checks
}

/** The wanted check in the user's words. */
function describe(pattern: CheckPattern): string {
  return `${pattern.kind} ${JSON.stringify(pattern.args)}`
}

/**
 * The user's answer to one review question of a case.
 * @param benchCase - the case whose task the user specified.
 * @param question - the question asked.
 */
export function reviewAnswer(benchCase: BenchCase, question: ReviewQuestion): ScriptedUserAnswer {
  if (question.id.startsWith('dshg-review:intent:')) return { option: 'Approve' }
  if (!question.id.startsWith('dshg-review:evidence:')) throw new Error(`the reviewing user was asked an unknown question ${question.id}`)
  if (benchCase.userRejects === true) return { option: 'Reject' }
  const missing = missingChecks(proposedChecks(question.detail ?? ''), benchCase.wants)
  if (missing.length === 0) return { option: 'Approve' }
  return { option: 'Revise', text: `These checks are missing: ${missing.map(describe).join('; ')}.` }
}
