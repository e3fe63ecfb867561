/**
 * One trial of one case in one arm, through the real agent loop in-process:
 * the real host services, the bench tools fixture, and, in the governed arms,
 * both rows of the built bundle (`lib/`). Only the model and the reviewing
 * user are scripted.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import * as reliability from '../../lib/reliability/plugin.js'
import * as ieg from '../../lib/ieg/plugin.js'
import { IegSchema } from '../../lib/ieg/config.js'
import * as benchTools from '../fixtures/bench-tools/index.js'
import * as scriptedUser from '../../scripts/scripted-user/index.js'
import LocalSubprocessRuntime from '@deepseek-ai/dsh-subprocess-local'
import LocalSandboxProvider from '@deepseek-ai/dsh-sandbox-local'
import SandboxPolicyService from '@deepseek-ai/dsh-sandbox-policy'
import { createAgent, mountHost, runTurn, scriptAuxiliaryModel, scriptModel, type PluginModule } from '../../test/support/host.ts'
import type { ScriptedUserAnswer } from '../../scripts/scripted-user/index.js'
import type { BenchCase, ToolLogEntry, Trial } from './cases.ts'
import { CLAIM, policyScript, worldRandom } from './policy.ts'
import { missingChecks, reviewAnswer, type ReviewQuestion, type StatedCheck } from './reviewer.ts'

/** The host's process services, as the installed CLI mounts them (verifier profiles run through them). */
const SANDBOX_SERVICES: ReadonlyArray<readonly [PluginModule, unknown]> = [
  [LocalSubprocessRuntime as unknown as PluginModule, {}],
  [LocalSandboxProvider as unknown as PluginModule, {}],
  [SandboxPolicyService as unknown as PluginModule, { mode: 'workspace-write' }],
]

/** The arms, in report order, with what each mounts. */
export const ARMS = {
  baseline: 'the bundle is not mounted',
  governed: 'both rows, contract review off (contracts open as the agent wrote them)',
  reviewed: 'both rows, contract review required, answered by a user who compares each proposal with the task',
} as const

/** One arm. */
export type Arm = keyof typeof ARMS
export const ARM_NAMES = Object.keys(ARMS) as readonly Arm[]

/** What one trial observed. */
export interface TrialResult {
  readonly caseId: string
  readonly arm: Arm
  readonly seed: number
  readonly choices: Trial['choices']
  readonly expected: Trial['expected']
  readonly claimed: boolean
  readonly oracle: boolean
  /** The governor's terminal outcome, `open` for an unsettled contract, `none` without one. */
  readonly outcome: string
  /** Whether the contract that opened checks everything the task asks; null when none opened. */
  readonly covered: boolean | null
  /** The user did not want the task done as asked (a certification of it is reported apart). */
  readonly unwanted: boolean
  /** The trial's choices make it meet an `ieg` gate in the governed arms. */
  readonly gated: boolean
  readonly modelCalls: number
  readonly toolCalls: number
  /** Failed tool results, by who decided: the `ieg` row's gates or anything else (the host, the tool). */
  readonly refusals: { readonly ieg: number, readonly other: number }
  /** The reviewing user's answers, in order (the installed-CLI run of the same seed replays them). */
  readonly reviewAnswers: readonly ScriptedUserAnswer[]
}

/** Fixture tools the governed arm's IEG row classifies as file-effect tools. */
export const BENCH_FILE_TOOLS = ['write_file', 'flaky_write', 'delete_file'].map(name => ({ name, targetKeys: ['path'], readOnlyKey: '', readOnlyValues: [] }))

/**
 * The governed arm's `ieg` configuration: defaults, the fixture's file tools, and the case's own keys.
 * @param benchCase - the case.
 */
export function governedIegConfig(benchCase: BenchCase): Record<string, unknown> {
  const defaults = IegSchema({} as never)
  const caseWorkspace = (benchCase.ieg?.['workspace'] ?? {}) as Record<string, unknown>
  return { ...benchCase.ieg, workspace: { ...defaults.workspace, mutatingTools: [...defaults.workspace.mutatingTools, ...BENCH_FILE_TOOLS], ...caseWorkspace } }
}

/**
 * The governed arms' `reliability-governor` configuration: the case's keys and the arm's review mode.
 * @param benchCase - the case.
 * @param arm - a governed arm.
 */
export function governedReliabilityConfig(benchCase: BenchCase, arm: Exclude<Arm, 'baseline'>): Record<string, unknown> {
  return { ...benchCase.reliability, contractReview: { mode: arm === 'reviewed' ? 'required' : 'off' } }
}

/** A reviewing user for one trial, keeping its answers. */
export function reviewingUser(benchCase: BenchCase): { judge: (question: ReviewQuestion) => ScriptedUserAnswer, answers: ScriptedUserAnswer[] } {
  const answers: ScriptedUserAnswer[] = []
  return { answers, judge: (question) => {
    const answer = reviewAnswer(benchCase, question)
    answers.push(answer)
    return answer
  } }
}

/**
 * Lay out a trial's workspace (and the files its symlinks point to outside it).
 * @returns the workspace directory and a cleanup.
 */
export async function layOut(trial: Trial): Promise<{ workspace: string, cleanup: () => Promise<void> }> {
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-bench-'))
  const outside = `${workspace}-outside`
  for (const [path, content] of Object.entries(trial.files)) {
    await mkdir(dirname(join(workspace, path)), { recursive: true })
    await writeFile(join(workspace, path), content)
  }
  for (const [link, name, content] of trial.outsideLinks ?? []) {
    await mkdir(outside, { recursive: true })
    await writeFile(join(outside, name), content)
    await symlink(join(outside, name), join(workspace, link))
  }
  return {
    workspace,
    cleanup: async () => {
      await rm(workspace, { recursive: true, force: true })
      await rm(outside, { recursive: true, force: true })
      await rm(`${workspace}.tools.jsonl`, { force: true })
    },
  }
}

/** The fixture tools' execution log of a workspace. */
export async function toolLog(workspace: string): Promise<ToolLogEntry[]> {
  const raw = await readFile(`${workspace}.tools.jsonl`, 'utf8').catch(() => '')
  return raw.split('\n').filter(line => line !== '').map(line => JSON.parse(line) as ToolLogEntry)
}

/** What a run left behind, as both harnesses observe it. */
export interface Observed {
  readonly events: ReadonlyArray<{ readonly type: string, readonly data: unknown }>
  readonly modelCalls: number
}

/** A failed result carries an `ieg` gate's reason (a deny, or an ask the host could not put to anyone) when a line starts with "IEG". */
const byIeg = (text: string): boolean => /^(Error: )?IEG /m.test(text)

/** Whether the agent's last message in a session log claims completion (both harnesses score the log). */
function claimedIn(events: Observed['events']): boolean {
  const last = events.filter(event => event.type === 'assistant/message').at(-1)
  return last !== undefined && JSON.stringify(last.data).includes(CLAIM)
}

/** Texts of the failed tool results in a session log. */
function failedResults(events: Observed['events']): string[] {
  return events.filter(event => event.type === 'tool/result').flatMap((event) => {
    const blocks = (event.data as { message?: { content?: Array<{ type?: string, isError?: boolean, content?: Array<{ text?: string }> }> } }).message?.content ?? []
    return blocks.filter(block => block.type === 'tool-result' && block.isError === true).map(block => (block.content ?? []).map(part => part.text ?? '').join('\n'))
  })
}

/**
 * Score one run: the oracle over the workspace and tool log, the governor's
 * terminal outcome from the session events, and the counts.
 */
export async function scoreTrial(benchCase: BenchCase, arm: Arm, seed: number, trial: Trial, workspace: string, observed: Observed, reviewAnswers: readonly ScriptedUserAnswer[]): Promise<TrialResult> {
  const terminal = observed.events.filter(event => event.type === 'reliability/terminal').at(-1)
  const contract = observed.events.filter(event => event.type === 'reliability/contract').at(-1)
  const opened = contract !== undefined
  const failed = failedResults(observed.events)
  return {
    caseId: benchCase.id,
    arm,
    seed,
    choices: trial.choices,
    expected: trial.expected,
    claimed: claimedIn(observed.events),
    oracle: await benchCase.oracle(workspace, await toolLog(workspace)),
    outcome: terminal === undefined ? (opened ? 'open' : 'none') : String((terminal.data as { outcome: string }).outcome),
    covered: contract === undefined ? null : missingChecks((contract.data as { checks: StatedCheck[] }).checks, benchCase.wants).length === 0,
    unwanted: benchCase.userRejects === true,
    gated: benchCase.gated?.(trial.choices) === true,
    modelCalls: observed.modelCalls,
    toolCalls: observed.events.filter(event => event.type === 'tool/call').length,
    refusals: { ieg: failed.filter(byIeg).length, other: failed.filter(text => !byIeg(text)).length },
    reviewAnswers,
  }
}

/** The provider route of the case's auxiliary model, when it configures auxiliary-model authoring. */
export function auxiliaryRoute(benchCase: BenchCase): string | null {
  const authoring = benchCase.reliability?.['contractAuthoring'] as { mode?: string, provider?: string } | undefined
  return authoring?.mode === 'auxiliary-model' && authoring.provider !== undefined ? authoring.provider : null
}

/** The bundle's two rows as the in-process harness mounts them; a test may substitute a deliberately broken build. */
export interface BundleRows {
  readonly reliability: PluginModule
  readonly ieg: PluginModule
}

/** The built bundle (`lib/`). */
export const BUILT_ROWS: BundleRows = { reliability: reliability as unknown as PluginModule, ieg: ieg as unknown as PluginModule }

/**
 * Run one trial in-process.
 * @param benchCase - the case.
 * @param arm - which arm.
 * @param seed - the trial seed.
 * @param rows - the bundle's rows.
 */
export async function runTrialInProcess(benchCase: BenchCase, arm: Arm, seed: number, rows: BundleRows = BUILT_ROWS): Promise<TrialResult> {
  const trial = benchCase.arrange(worldRandom(seed, benchCase.id))
  const { workspace, cleanup } = await layOut(trial)
  const user = reviewingUser(benchCase)
  const plugins: Array<readonly [PluginModule, unknown]> = [...SANDBOX_SERVICES, [benchTools as unknown as PluginModule, { shell: true }]]
  if (arm !== 'baseline') plugins.push([scriptedUser as unknown as PluginModule, { judge: user.judge }], [rows.reliability, governedReliabilityConfig(benchCase, arm)], [rows.ieg, governedIegConfig(benchCase)])
  const host = await mountHost({ fs: true, userQuestions: arm !== 'baseline', plugins })
  try {
    const adapter = scriptModel(host.ctx, policyScript(trial, seed, benchCase.id))
    const route = auxiliaryRoute(benchCase)
    if (arm !== 'baseline' && route !== null) scriptAuxiliaryModel(host.ctx, route, trial.draftReplies ?? [])
    const agent = createAgent(host.ctx, `${benchCase.id}-${arm}-${seed}`, workspace)
    await runTurn(agent, trial.task)
    const events = agent.session.events
    return await scoreTrial(benchCase, arm, seed, trial, workspace, { events, modelCalls: adapter.requests.length }, user.answers)
  } finally {
    await host.dispose()
    await cleanup()
  }
}
