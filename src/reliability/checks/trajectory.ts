/**
 * Evaluators of the tool-trajectory check kinds over session events. Pure.
 * A call counts only when its `tool/call` event comes after the contract's
 * start; its outcome is the `tool/result` with the same call id.
 */
import { canonicalJson, parseStrictJson, type JsonObject } from '../../kernel/json.js'
import type { FoldEvent } from '../../kernel/projection.js'
import type { CheckArgs, CheckOutcome, EvaluationContext } from './evidence.js'

interface ObservedCall {
  readonly seq: number
  readonly callId: string
  readonly name: string
  readonly arguments: string
  /** undefined while no result was recorded. */
  readonly failed: boolean | undefined
}

interface ToolCallData { callId: string, name: string, arguments: string }
interface ToolResultData { message: { source?: { callId?: string }, content?: Array<{ type: string, isError?: boolean }> }, error?: unknown }

function resultFailed(data: ToolResultData): boolean {
  return data.error !== undefined || (data.message.content ?? []).some(block => block.type === 'tool-result' && block.isError === true)
}

/**
 * Every tool call in the session with its correlated outcome.
 * @param events - session events in order.
 * @returns calls in order of their `tool/call` events.
 */
export function observeCalls(events: readonly FoldEvent[]): ObservedCall[] {
  const outcomes = new Map<string, boolean>()
  for (const event of events) {
    if (event.type !== 'tool/result') continue
    const data = event.data as ToolResultData
    const callId = data.message.source?.callId
    if (callId !== undefined) outcomes.set(callId, resultFailed(data))
  }
  return events.filter(event => event.type === 'tool/call').map((event) => {
    const data = event.data as ToolCallData
    return { seq: event.seq, callId: data.callId, name: data.name, arguments: data.arguments, failed: outcomes.get(data.callId) }
  })
}

function argumentsContain(raw: string, expected: JsonObject): boolean {
  const parsed = parseStrictJson(raw)
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) return false
  const actual = parsed.value
  return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && canonicalJson(actual[key]) === canonicalJson(value))
}

/** Pass iff at least `min_count` calls of the tool (matching `arguments_contain`) succeeded after the contract started. */
export async function toolSucceeded(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const tool = args.tool as string
  const needed = args.min_count ?? 1
  const matching = observeCalls(ctx.events).filter(call => call.name === tool && (args.arguments_contain === undefined || argumentsContain(call.arguments, args.arguments_contain)))
  const current = matching.filter(call => call.seq > ctx.startedAtSeq)
  const succeeded = current.filter(call => call.failed === false).length
  const detail = `${succeeded} successful matching call(s) of ${tool} after the contract started (seq ${ctx.startedAtSeq}); ${needed} needed`
  if (succeeded >= needed) return { passed: true, evidence: detail }
  const failed = current.filter(call => call.failed === true).length
  const stale = matching.length - current.length
  const notes = [failed > 0 ? `${failed} failed` : '', stale > 0 ? `${stale} predate the contract and do not count` : ''].filter(note => note !== '')
  return { passed: false, evidence: notes.length === 0 ? detail : `${detail}; ${notes.join('; ')}` }
}

/** Pass iff the tool was not called after the contract started. */
export async function toolNotCalled(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const tool = args.tool as string
  const calls = observeCalls(ctx.events).filter(call => call.name === tool && call.seq > ctx.startedAtSeq)
  return calls.length === 0
    ? { passed: true, evidence: `${tool} was not called after the contract started` }
    : { passed: false, final: true, evidence: `${tool} was called ${calls.length} time(s) after the contract started (seq ${calls.map(call => call.seq).join(', ')})` }
}

/** Pass iff no tool other than the governor's own failed after the contract started. */
export async function noToolErrors(_args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const failures = observeCalls(ctx.events).filter(call => call.seq > ctx.startedAtSeq && call.failed === true && !ctx.governorTools.has(call.name))
  return failures.length === 0
    ? { passed: true, evidence: 'no tool call failed after the contract started' }
    : { passed: false, final: true, evidence: `${failures.length} tool call(s) failed after the contract started: ${failures.map(call => `${call.name} (seq ${call.seq})`).join(', ')}` }
}
