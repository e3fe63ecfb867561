/** Types and helpers the benchmark case declarations share. */
import { lstat, readFile } from 'node:fs/promises'
import type { ScriptedTurn } from '../../test/support/script.ts'
import { act, pick, type Authoring, type FailedCheck, type Opening, type PlanStep, type Random, type Reactions } from './policy.ts'

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
  /** The contracts the agent can author at the plan's AUTHOR step. */
  readonly authoring?: Authoring
  /** What a competent agent's governed trial ends in (the stochastic policy may end elsewhere, legitimately). */
  readonly expected: ExpectedOutcome
  /** What the seed chose, for the report. */
  readonly choices: Record<string, string | boolean>
}

/** A check the user expects a contract to contain: its kind and the arguments that matter. */
export interface CheckPattern {
  readonly kind: string
  readonly args: Record<string, unknown>
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
  /**
   * The task's specification as the reviewing user holds it: the checks a
   * contract needs before it proves the task done. A contract covers the task
   * when it has a check matching each; empty for tasks without a contract.
   */
  readonly wants: readonly CheckPattern[]
  /** The user does not want the task done as asked and rejects any contract for it. */
  readonly userRejects?: true
  /** Which trials meet an `ieg` gate in the governed arms, by their seeded choices: such a trial where no failed result carries a gate's reason never reached it. */
  readonly gated?: (choices: Trial['choices']) => boolean
  arrange(random: Random): Trial
  /** The intended world state, read from the workspace and tool log after the run; independent of any contract. */
  oracle(workspace: string, log: readonly ToolLogEntry[]): Promise<boolean>
}

export const exists = (path: string): Promise<boolean> => lstat(path).then(() => true, () => false)
export const text = (path: string): Promise<string> => readFile(path, 'utf8').catch(() => '')

/** The intended checks as patterns: kind and arguments, without ids. */
export function patterns(checks: ReadonlyArray<Record<string, unknown>>): CheckPattern[] {
  return checks.map(({ id: _id, kind, ...args }) => ({ kind: String(kind), args }))
}

/** The execution log shows a successful run of `tool` after the last `write_file`. */
export function ranAfterLastWrite(log: readonly ToolLogEntry[], tool: string): boolean {
  const lastWrite = log.map(entry => entry.tool).lastIndexOf('write_file')
  return log.slice(lastWrite + 1).some(entry => entry.tool === tool && entry.ok)
}

/** A contract with one critical claim over the given checks. */
export function contract(objective: string, checks: Array<Record<string, unknown>>, verification = 'deterministic'): Record<string, unknown> {
  return {
    objective,
    claims: [{ id: 'outcome', statement: objective, importance: 'critical', verification, check_ids: checks.map(check => check.id) }],
    checks,
  }
}

/** A contract opened with `reliability_begin`. */
export function begin(objective: string, checks: Array<Record<string, unknown>>): Opening {
  return { tool: 'reliability_begin', args: contract(objective, checks) }
}

/**
 * Repairs chosen by the failed check ids of the agent's own contract.
 * @param fixes - the turns that fix each check, by check id; a failed check without one gets no repair.
 */
export function repairBy(fixes: Record<string, readonly ScriptedTurn[]>): Reactions['repair'] {
  return (failed: readonly FailedCheck[]) => failed.filter(check => !check.final).flatMap(check => fixes[check.checkId] ?? [])
}

/** 0 to 2 harmless reads of existing files, at the seed's choice. */
export function noise(random: Random, files: readonly string[]): ScriptedTurn[] {
  const count = Math.floor(random() * 3)
  return Array.from({ length: count }, () => act('read_file', { path: pick(random, files) }))
}

/** The model has no repair for this case. */
export const noRepair: Reactions = { repair: () => [] }

