/**
 * One trial of one case in one arm, through the real agent loop in-process:
 * the real host services, the bench tools fixture, and, in the governed arm,
 * both rows of the built bundle (`lib/`). Only the model is scripted.
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
import type { BenchCase, ToolLogEntry, Trial } from './cases.ts'
import { CLAIM, policyScript, seeded } from './policy.ts'

/** The host's process services, as the installed CLI mounts them (verifier profiles run through them). */
const SANDBOX_SERVICES: ReadonlyArray<readonly [PluginModule, unknown]> = [
  [LocalSubprocessRuntime as unknown as PluginModule, {}],
  [LocalSandboxProvider as unknown as PluginModule, {}],
  [SandboxPolicyService as unknown as PluginModule, { mode: 'workspace-write' }],
]

/** The two arms. */
export type Arm = 'baseline' | 'governed'

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
  readonly modelCalls: number
  readonly toolCalls: number
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
  readonly claimed: boolean
  readonly modelCalls: number
}

/**
 * Score one run: the oracle over the workspace and tool log, the governor's
 * terminal outcome from the session events, and the counts.
 */
export async function scoreTrial(benchCase: BenchCase, arm: Arm, seed: number, trial: Trial, workspace: string, observed: Observed): Promise<TrialResult> {
  const terminal = observed.events.filter(event => event.type === 'reliability/terminal').at(-1)
  const opened = observed.events.some(event => event.type === 'reliability/contract')
  return {
    caseId: benchCase.id,
    arm,
    seed,
    choices: trial.choices,
    expected: trial.expected,
    claimed: observed.claimed,
    oracle: await benchCase.oracle(workspace, await toolLog(workspace)),
    outcome: terminal === undefined ? (opened ? 'open' : 'none') : String((terminal.data as { outcome: string }).outcome),
    modelCalls: observed.modelCalls,
    toolCalls: observed.events.filter(event => event.type === 'tool/call').length,
  }
}

/** The provider route of the case's auxiliary model, when it configures auxiliary-model authoring. */
export function auxiliaryRoute(benchCase: BenchCase): string | null {
  const authoring = benchCase.reliability?.['contractAuthoring'] as { mode?: string, provider?: string } | undefined
  return authoring?.mode === 'auxiliary-model' && authoring.provider !== undefined ? authoring.provider : null
}

/**
 * Run one trial in-process.
 * @param benchCase - the case.
 * @param arm - baseline (no bundle) or governed (both rows).
 * @param seed - the trial seed.
 */
export async function runTrialInProcess(benchCase: BenchCase, arm: Arm, seed: number): Promise<TrialResult> {
  const trial = benchCase.arrange(seeded(seed))
  const { workspace, cleanup } = await layOut(trial)
  const plugins: Array<readonly [PluginModule, unknown]> = [...SANDBOX_SERVICES, [benchTools as unknown as PluginModule, { shell: true }]]
  if (arm === 'governed') plugins.push([scriptedUser as unknown as PluginModule, trial.reviewAnswers === undefined ? {} : { answers: trial.reviewAnswers }], [reliability as unknown as PluginModule, benchCase.reliability ?? {}], [ieg as unknown as PluginModule, governedIegConfig(benchCase)])
  const host = await mountHost({ fs: true, userQuestions: arm === 'governed', plugins })
  try {
    const adapter = scriptModel(host.ctx, policyScript(trial.plan, trial.reactions))
    const route = auxiliaryRoute(benchCase)
    if (arm === 'governed' && route !== null) scriptAuxiliaryModel(host.ctx, route, trial.draftReplies ?? [])
    const agent = createAgent(host.ctx, `${benchCase.id}-${arm}-${seed}`, workspace)
    await runTurn(agent, trial.task)
    const events = agent.session.events
    const finalText = events.filter(event => event.type === 'assistant/message').map(event => JSON.stringify(event.data)).at(-1) ?? ''
    return await scoreTrial(benchCase, arm, seed, trial, workspace, { events, claimed: finalText.includes(CLAIM), modelCalls: adapter.requests.length })
  } finally {
    await host.dispose()
    await cleanup()
  }
}
