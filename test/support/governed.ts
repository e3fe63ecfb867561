/** Shared fixtures for governed in-process runs. */
import type { Agent } from '@deepseek-ai/dsh-agent'
import type { GenerateOptions } from '@deepseek-ai/dsh-llm'
import * as reliability from '../../src/reliability/plugin.ts'
import { workspaceHost, type WorkspaceHost, type WorkspaceHostOptions } from './workspace-host.ts'

/** A contract proving README.md contains "Hello". */
export function readmeContract(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    objective: 'README.md greets the reader',
    claims: [{ id: 'greets', statement: 'README.md says Hello', importance: 'critical', verification: 'deterministic', check_ids: ['has-hello'] }],
    checks: [{ id: 'has-hello', kind: 'file_contains', path: 'README.md', text: 'Hello' }],
    ...extra,
  }
}

/**
 * Mount the real host with the governor row, the test tools and a workspace.
 * Contracts open unreviewed unless the configuration names a review mode
 * (the review tests mount a question provider).
 * @param cleanups - receives the disposers.
 * @param config - governor row configuration.
 * @param options - persistence root and an existing workspace.
 */
export function governedHost(cleanups: Array<() => Promise<unknown>>, config: Record<string, unknown> = {}, options: WorkspaceHostOptions = {}): Promise<WorkspaceHost> {
  return workspaceHost(cleanups, [[reliability, { contractReview: { mode: 'off' }, ...config }]], options)
}

/** The governor's events in a session, as type and data. */
export function governorEvents(agent: Agent): Array<{ type: string, seq: number, data: Record<string, unknown> }> {
  return agent.session.events.filter(event => event.type.startsWith('reliability/')).map(event => ({ type: event.type, seq: event.seq, data: event.data as unknown as Record<string, unknown> }))
}

/** Texts of the messages this bundle's rows steered or injected into the session. */
export function steeredTexts(agent: Agent): string[] {
  return agent.session.events
    .filter(event => event.type === 'user/message' && ['reliability-governor', 'ieg'].includes((event.data as { source: { plugin?: string } }).source.plugin ?? ''))
    .map(event => (event.data as { content: Array<{ type: string, text?: string }> }).content.map(block => block.text ?? '').join(''))
}

/** Text of the last message in a model request. */
export function lastMessageText(request: GenerateOptions): string {
  const last = request.messages.at(-1)
  return (last?.content ?? []).map(block => (block.type === 'text' ? block.text : JSON.stringify(block))).join('\n')
}

/** Tool results in a session as text, with their error flag. */
export function toolResults(agent: Agent): Array<{ text: string, isError: boolean }> {
  return agent.session.events.filter(event => event.type === 'tool/result').map((event) => {
    const block = (event.data as { message: { content: Array<{ isError?: boolean, content: Array<{ text?: string }> }> } }).message.content[0]!
    return { text: block.content.map(part => part.text ?? '').join(''), isError: block.isError === true }
  })
}
