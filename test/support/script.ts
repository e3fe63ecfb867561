/**
 * A scripted model: a list of turns, each plain text or tool calls. Shared by
 * the in-process adapter and the loopback SSE server so both play the same
 * script format. Pure.
 */

/** One tool call the model makes. */
export interface ScriptedToolCall {
  readonly id: string
  readonly name: string
  readonly arguments: Record<string, unknown>
}

/** One model response. */
export type ScriptedTurn =
  | { readonly kind: 'text', readonly text: string }
  | { readonly kind: 'tools', readonly calls: readonly ScriptedToolCall[], readonly text?: string }

/** Who sent a message, as the model sees it: a tool result is its own role. */
export type MessageRole = 'system' | 'user' | 'assistant' | 'tool'

/** What the policy sees of a request: what a model is sent, nothing else. */
export interface ScriptedRequestView {
  /** 0-based index of this request among the script's requests. */
  readonly index: number
  /** Text of every message in order, one string per message. */
  readonly transcript: readonly string[]
  /** The role of each transcript entry. */
  readonly roles: readonly MessageRole[]
  /** Names of the tools the request offers. */
  readonly tools: readonly string[]
}

/** The parts of a request a script reads. */
export type RequestParts = Omit<ScriptedRequestView, 'index'>

/** A turn, or a function choosing the turn from what the model was sent. */
export type ScriptEntry = ScriptedTurn | ((request: ScriptedRequestView) => ScriptedTurn)

/** Text turn. */
export function say(text: string): ScriptedTurn {
  return { kind: 'text', text }
}

let nextCall = 0
/** One tool call turn. */
export function call(name: string, args: Record<string, unknown> = {}, id = `call_${++nextCall}`): ScriptedTurn {
  return { kind: 'tools', calls: [{ id, name, arguments: args }] }
}

/** A script that plays entries in order and fails loudly when exhausted. */
export class ModelScript {
  private position = 0
  private readonly entries: readonly ScriptEntry[]
  constructor(entries: readonly ScriptEntry[]) {
    this.entries = entries
  }

  /** Whether every entry was played. */
  get finished(): boolean {
    return this.position >= this.entries.length
  }

  /** How many entries were played. */
  get played(): number {
    return this.position
  }

  /** The next turn for a request. */
  next(request: RequestParts): ScriptedTurn {
    const entry = this.entries[this.position]
    if (entry === undefined) throw new Error(`model script exhausted after ${this.position} turns`)
    const index = this.position
    this.position += 1
    return typeof entry === 'function' ? entry({ index, ...request }) : entry
  }
}
