/**
 * A mounted host with a workspace on disk: the real host services, the test
 * workspace tools (or the host's real tools), the given rows, and a fresh (or
 * reused) workspace directory.
 */
import { rm } from 'node:fs/promises'
import * as workspaceTools from './workspace-tools.ts'
import { makeWorkspace } from './dsh-profile.ts'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { createAgent, mountHost, runTurn, scriptModel, type MountedHost, type PluginModule } from './host.ts'
import { say, type ScriptedTurn } from './script.ts'
import { realToolPlugins } from './real-tools.ts'

/** A mounted host and its workspace. */
export interface WorkspaceHost extends MountedHost {
  readonly workspace: string
}

/** Options of {@link workspaceHost}. */
export interface WorkspaceHostOptions {
  /** Files of a fresh workspace. */
  readonly files?: Record<string, string>
  /** Reuse this workspace instead of creating one. */
  readonly workspace?: string
  readonly persistenceRoot?: string
  /** Plugins mounted before the tools and the rows. */
  readonly before?: ReadonlyArray<readonly [PluginModule, unknown]>
  /** Plugins mounted after the rows. */
  readonly after?: ReadonlyArray<readonly [PluginModule, unknown]>
  /** Mount the host's real `bash`, `read`, `write`, `edit` and `str_replace_editor` instead of the test stand-ins. */
  readonly realTools?: boolean
  /** Mount the real user-questions service (a provider, if any, comes in `before`). */
  readonly userQuestions?: boolean
}

/**
 * Mount the host with the test tools and the given rows.
 * @param cleanups - receives the disposers, workspace removal included.
 * @param rows - row plugins with their configuration.
 * @param options - workspace files or reuse, persistence, earlier plugins.
 */
export async function workspaceHost(cleanups: Array<() => Promise<unknown>>, rows: ReadonlyArray<readonly [PluginModule, unknown]>, options: WorkspaceHostOptions = {}): Promise<WorkspaceHost> {
  const workspace = options.workspace ?? await makeWorkspace(options.files ?? {})
  if (options.workspace === undefined) cleanups.push(() => rm(workspace, { recursive: true, force: true }))
  const host = await mountHost({
    fs: true,
    ...(options.persistenceRoot === undefined ? {} : { persistenceRoot: options.persistenceRoot }),
    ...(options.userQuestions === true ? { userQuestions: true } : {}),
    plugins: [...(options.before ?? []), ...(options.realTools === true ? realToolPlugins(workspace) : [[workspaceTools, {}] as const]), ...rows, ...(options.after ?? [])],
  })
  cleanups.push(() => host.dispose())
  return { ...host, workspace }
}

/**
 * Script the model with the turns and a closing `done`, create an agent in
 * the host's workspace, and run one user turn.
 * @param host - a mounted host with a workspace.
 * @param id - the session id.
 * @param task - the user's message.
 * @param turns - the model's turns before `done`.
 * @returns the agent, its session holding the run.
 */
export async function playTurns(host: WorkspaceHost, id: string, task: string, turns: readonly ScriptedTurn[]): Promise<Agent> {
  scriptModel(host.ctx, [...turns, say('done')])
  const agent = createAgent(host.ctx, id, host.workspace)
  await runTurn(agent, task)
  return agent
}
