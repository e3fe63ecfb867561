/** Host adapter: the agent a tool call runs for; every row's tools need one. */
import type { Agent } from '@deepseek-ai/dsh-agent'

/**
 * The calling agent of a tool execution.
 * @param exec - the tool's run context.
 * @param tool - the tool name, named in the error.
 * @param needs - what the tool needs the agent for, named in the error.
 * @throws Error when the call has no agent.
 */
export function callingAgent(exec: { readonly agent?: Agent | undefined }, tool: string, needs: string): Agent {
  if (exec.agent === undefined) throw new Error(`${tool} needs a calling agent (no ${needs})`)
  return exec.agent
}
