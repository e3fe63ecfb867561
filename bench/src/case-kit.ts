/** Types and helpers the benchmark case declarations share. */
import { lstat, readFile } from 'node:fs/promises'
import type { ScriptedUserAnswer } from '../../scripts/scripted-user/index.js'
import type { ScriptedTurn } from '../../test/support/script.ts'
import { act, pick, type PlanStep, type Random, type Reactions } from './policy.ts'

/** The governor outcome a trial should end in; `none` when no contract is involved. */
export type ExpectedOutcome = 'certified' | 'exhausted' | 'abstained' | 'none'

/** One generated trial. */
export interface Trial {
  readonly files: Record<string, string>
  /** [link path in the workspace, file name in a sibling directory outside it, its content]. */
  readonly outsideLinks?: ReadonlyArray<readonly [string, string, string]>
  readonly task: string
  readonly plan: PlanStep[]
  /** What the deployment's auxiliary model answers to each draft call, in order (auxiliary-model authoring). */
  readonly draftReplies?: readonly string[]
  readonly reactions: Reactions
  readonly expected: ExpectedOutcome
  /** What the seed chose, for the report. */
  readonly choices: Record<string, string | boolean>
  /** The (scripted) user's answers to the contract review questions, in order; omitted: every proposal is approved. */
  readonly reviewAnswers?: readonly ScriptedUserAnswer[]
}

/** One fixture-tool execution. */
export interface ToolLogEntry {
  readonly tool: string
  readonly args: Record<string, unknown>
  readonly ok: boolean
}

/** One case. */
export interface BenchCase {
  readonly id: string
  readonly title: string
  /** What the seed varies and what the oracle checks, for the docs. */
  readonly explains: string
  /** Extra `ieg` row configuration in the governed arm. */
  readonly ieg?: Record<string, unknown>
  /** The `reliability-governor` row configuration in the governed arm (defaults when omitted). */
  readonly reliability?: Record<string, unknown>
  arrange(random: Random): Trial
  oracle(workspace: string, log: readonly ToolLogEntry[]): Promise<boolean>
}

export const exists = (path: string): Promise<boolean> => lstat(path).then(() => true, () => false)
export const text = (path: string): Promise<string> => readFile(path, 'utf8').catch(() => '')

/** A contract with one critical claim over the given checks. */
export function contract(objective: string, checks: Array<Record<string, unknown>>, verification = 'deterministic'): Record<string, unknown> {
  return {
    objective,
    claims: [{ id: 'outcome', statement: objective, importance: 'critical', verification, check_ids: checks.map(check => check.id) }],
    checks,
  }
}

/** 0 to 2 harmless reads of existing files, at the seed's choice. */
export function noise(random: Random, files: readonly string[]): ScriptedTurn[] {
  const count = Math.floor(random() * 3)
  return Array.from({ length: count }, () => act('read_file', { path: pick(random, files) }))
}

/** The model has no repair for this case. */
export const noRepair: Reactions = { repair: () => [] }

