/**
 * A scripted OpenAI-compatible chat-completions server on 127.0.0.1: plays a
 * script of turns over SSE, answers session-title requests without consuming
 * the script, and logs every request body. Erasable TypeScript, so Node runs it
 * directly (the demo) as well as vitest (the e2e tier).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ModelScript, type MessageRole, type RequestParts, type ScriptEntry, type ScriptedTurn } from './script.ts'

/** One message of a wire request. */
export interface WireMessage {
  readonly role: string
  readonly content?: unknown
  readonly tool_calls?: ReadonlyArray<{ id: string, function: { name: string, arguments: string } }>
  readonly tool_call_id?: string
}

/** One request body as the server received it. */
export interface WireRequest {
  readonly model: string
  readonly messages: readonly WireMessage[]
  readonly tools?: ReadonlyArray<{ type: string, function: { name: string, description?: string } }>
}

/** A running scripted server. */
export interface ScriptedModelServer {
  readonly baseURL: string
  /** Every script-consuming request, in arrival order. */
  readonly requests: WireRequest[]
  /** Session-title requests (never consume the script). */
  readonly titleRequests: WireRequest[]
  /** Requests answered from the side script (never consume the main script). */
  readonly sideRequests: WireRequest[]
  readonly script: ModelScript
  /** Errors the server answered with (for example an exhausted script). */
  readonly errors: string[]
  close(): Promise<void>
}

const TITLE_PROMPT = 'Create a concise title'

/** Text of a wire message's content. */
export function wireText(message: WireMessage): string {
  if (typeof message.content === 'string') return message.content
  if (Array.isArray(message.content)) {
    return message.content.map(part => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : '')).join('\n')
  }
  return ''
}

const WIRE_ROLES: ReadonlySet<string> = new Set<MessageRole>(['system', 'user', 'assistant', 'tool'])

/** What a script reads of a wire request. */
function wireParts(request: WireRequest): RequestParts {
  const roles = request.messages.map((message) => {
    if (!WIRE_ROLES.has(message.role)) throw new Error(`unknown wire message role ${JSON.stringify(message.role)}`)
    return message.role as MessageRole
  })
  return { transcript: request.messages.map(wireText), roles, tools: (request.tools ?? []).map(tool => tool.function.name) }
}

/** The system prompt of a request (its first system message). */
export function systemPromptOf(request: WireRequest): string {
  const system = request.messages.find(message => message.role === 'system')
  return system === undefined ? '' : wireText(system)
}

/** Names of the tools offered in a request, sorted. */
export function toolNamesOf(request: WireRequest): string[] {
  return (request.tools ?? []).map(tool => tool.function.name).sort()
}

function isTitleRequest(request: WireRequest): boolean {
  return systemPromptOf(request).startsWith(TITLE_PROMPT)
}

function sse(response: ServerResponse, payload: unknown): void {
  response.write(`data: ${JSON.stringify(payload)}\n\n`)
}

function chunk(delta: Record<string, unknown>, finish: string | null): Record<string, unknown> {
  return { id: 'scripted', object: 'chat.completion.chunk', created: 0, model: 'scripted', choices: [{ index: 0, delta, finish_reason: finish }] }
}

function streamTurn(response: ServerResponse, turn: ScriptedTurn): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  if (turn.kind === 'text') {
    sse(response, chunk({ role: 'assistant', content: turn.text }, null))
    sse(response, chunk({}, 'stop'))
  } else {
    if (turn.text !== undefined) sse(response, chunk({ role: 'assistant', content: turn.text }, null))
    turn.calls.forEach((toolCall, index) => {
      sse(response, chunk({ tool_calls: [{ index, id: toolCall.id, type: 'function', function: { name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) } }] }, null))
    })
    sse(response, chunk({}, 'tool_calls'))
  }
  sse(response, { id: 'scripted', object: 'chat.completion.chunk', created: 0, model: 'scripted', choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })
  response.write('data: [DONE]\n\n')
  response.end()
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = []
  for await (const part of request) parts.push(part as Buffer)
  return Buffer.concat(parts).toString('utf8')
}

/** A second script for requests whose system prompt starts with a marker (an auxiliary model call). */
export interface SideScript {
  readonly systemPrefix: string
  readonly entries: readonly ScriptEntry[]
}

/**
 * Start a scripted server on an ephemeral loopback port.
 * @param entries - the script of turns.
 * @param side - a separate script for auxiliary calls, when the run makes them.
 * @returns the running server.
 */
export async function startModelServer(entries: readonly ScriptEntry[], side?: SideScript): Promise<ScriptedModelServer> {
  const script = new ModelScript(entries)
  const sideScript = new ModelScript(side?.entries ?? [])
  const requests: WireRequest[] = []
  const titleRequests: WireRequest[] = []
  const sideRequests: WireRequest[] = []
  const errors: string[] = []
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url?.endsWith('/chat/completions') !== true) {
        res.writeHead(404).end()
        return
      }
      const body = JSON.parse(await readBody(req)) as WireRequest
      if (isTitleRequest(body)) {
        titleRequests.push(body)
        streamTurn(res, { kind: 'text', text: 'Scripted session' })
        return
      }
      const isSide = side !== undefined && systemPromptOf(body).startsWith(side.systemPrefix)
      ;(isSide ? sideRequests : requests).push(body)
      try {
        streamTurn(res, (isSide ? sideScript : script).next(wireParts(body)))
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        errors.push(message)
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message } }))
      }
    })()
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    titleRequests,
    sideRequests,
    script,
    errors,
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  }
}
