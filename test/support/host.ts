/**
 * In-process host composition for tests: the real dsh services in one cordis
 * Context (LLM runtime, session store, system prompt, tools, agents,
 * projections, agent loop, optional JSONL persistence and local fs), with only
 * the model replaced by a scripted adapter.
 */
import { Context } from '@deepseek-ai/cordis'
import AgentRegistry, { type Agent } from '@deepseek-ai/dsh-agent'
import AgentLoop from '@deepseek-ai/dsh-agent-loop'
import LlmRuntime, { createUserMessage, LlmAdapter, CallId, type GenerateOptions, type StreamChunk } from '@deepseek-ai/dsh-llm'
import SessionStore, { SessionId } from '@deepseek-ai/dsh-session'
import SessionProjectionRegistry from '@deepseek-ai/dsh-session-projection'
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl'
import SystemPrompt from '@deepseek-ai/dsh-system-prompt'
import ToolRuntime from '@deepseek-ai/dsh-tools'
import { ModelScript, type MessageRole, type RequestParts, type ScriptEntry, type ScriptedTurn } from './script.ts'

/** Text of every content block of a message, joined. */
function messageText(message: GenerateOptions['messages'][number]): string {
  return message.content.map((block) => {
    switch (block.type) {
      case 'text': return block.text
      case 'tool-result': return JSON.stringify(block)
      default: return ''
    }
  }).join('\n')
}

/** A message's role as the model sees it: a message of tool results is a tool message. */
function messageRole(message: GenerateOptions['messages'][number]): MessageRole {
  return message.content.some(block => block.type === 'tool-result') ? 'tool' : message.role
}

/** What a script reads of an in-process request. */
function requestParts(options: GenerateOptions): RequestParts {
  return { transcript: options.messages.map(messageText), roles: options.messages.map(messageRole), tools: (options.tools ?? []).map(tool => tool.name) }
}

function chunksOf(turn: ScriptedTurn): StreamChunk[] {
  if (turn.kind === 'text') {
    return [
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'block-end', index: 0, block: { type: 'text', text: turn.text } },
      { type: 'finish', reason: { kind: 'stop' } },
    ]
  }
  const chunks: StreamChunk[] = []
  turn.calls.forEach((toolCall, index) => {
    chunks.push({ type: 'block-start', index, blockType: 'tool-call' })
    chunks.push({ type: 'block-end', index, block: { type: 'tool-call', id: CallId(toolCall.id), name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) } })
  })
  chunks.push({ type: 'finish', reason: { kind: 'tool-calls' } })
  return chunks
}

/** A model adapter that plays a script and records every request. */
export class ScriptedAdapter extends LlmAdapter {
  readonly requests: GenerateOptions[] = []
  readonly script: ModelScript
  constructor(script: ModelScript) {
    super()
    this.script = script
  }

  override async * stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    this.requests.push(options)
    const turn = this.script.next(requestParts(options))
    for (const chunk of chunksOf(turn)) yield chunk
  }
}

/** A plugin module as the loader sees it. */
export interface PluginModule {
  readonly name: string
  apply(ctx: Context, config: never): unknown
  readonly Config?: unknown
  readonly inject?: unknown
}

/** Options for {@link mountHost}. */
export interface MountOptions {
  /** Plugins to mount after the host services, with their configs. */
  readonly plugins?: ReadonlyArray<readonly [PluginModule, unknown]>
  /** Mount JSONL persistence rooted here. */
  readonly persistenceRoot?: string
  /** Mount real local fs (`ctx.fs`). */
  readonly fs?: boolean
  /** Mount the real user-questions service (`ctx.userQuestions`), without a provider. */
  readonly userQuestions?: boolean
}

/** A mounted host. */
export interface MountedHost {
  readonly ctx: Context
  dispose(): Promise<void>
}

/**
 * Mount the real host services in a fresh Context.
 * @param options - plugins, persistence, fs.
 * @returns the context; dispose it when done.
 */
export async function mountHost(options: MountOptions = {}): Promise<MountedHost> {
  const ctx = new Context()
  await ctx.plugin(LlmRuntime)
  await ctx.plugin(SessionStore)
  await ctx.plugin(SystemPrompt, {})
  await ctx.plugin(ToolRuntime, {})
  await ctx.plugin(AgentRegistry)
  await ctx.plugin(SessionProjectionRegistry)
  if (options.persistenceRoot !== undefined) {
    await ctx.plugin(JsonlSessionPersistence, { root: options.persistenceRoot })
  }
  if (options.fs === true) {
    const fsLocal = await import('@deepseek-ai/dsh-fs-local')
    await ctx.plugin(fsLocal.default as never, {} as never)
  }
  if (options.userQuestions === true) {
    const questions = await import('@deepseek-ai/dsh-user-questions')
    await ctx.plugin(questions.default as never, {} as never)
  }
  for (const [plugin, config] of options.plugins ?? []) {
    await ctx.plugin(plugin as never, config as never)
  }
  await ctx.plugin(AgentLoop, { agents: [] })
  return { ctx, dispose: () => ctx.fiber.dispose().then(() => undefined) }
}

/**
 * Register a scripted adapter under provider `mock`.
 * @param ctx - mounted host context.
 * @param entries - the script.
 * @returns the adapter (its `requests` record what the model received).
 */
export function scriptModel(ctx: Context, entries: readonly ScriptEntry[]): ScriptedAdapter {
  const adapter = new ScriptedAdapter(new ModelScript(entries))
  ctx.llm.registerAdapter(['mock'], adapter)
  return adapter
}

/**
 * Register a scripted auxiliary model under a route: each request gets the next text reply.
 * @param ctx - mounted host context.
 * @param route - the provider route the row's configuration names.
 * @param replies - the model's texts, in request order.
 * @returns the adapter (its `requests` record what the model received).
 */
export function scriptAuxiliaryModel(ctx: Context, route: string, replies: readonly string[]): ScriptedAdapter {
  const adapter = new ScriptedAdapter(new ModelScript(replies.map(text => ({ kind: 'text' as const, text }))))
  ctx.llm.registerAdapter([route], adapter)
  return adapter
}

/**
 * Create an agent on the scripted model.
 * @param ctx - mounted host context.
 * @param id - session id.
 * @param cwd - workspace directory recorded in the session header.
 */
export function createAgent(ctx: Context, id: string, cwd?: string): Agent {
  return ctx.agentLoop.create(SessionId(id), { provider: 'mock', model: 'mock' }, cwd === undefined ? {} : { cwd })
}

/**
 * Send one user message and wait until the agent is idle.
 * @param agent - the agent.
 * @param text - the user's message.
 */
export async function runTurn(agent: Agent, text: string): Promise<void> {
  agent.followup(createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'user' } }))
  await agent.whenIdle()
}
