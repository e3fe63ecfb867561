/**
 * Host adapter: `reliability_draft` (registered only in auxiliary-model
 * authoring mode). Exactly one `ctx.llm.stream` call on the configured route
 * with the fixed system prompt, one user text block and no tools, bounded
 * in input, output and time; no retry, no other route. Any failure fails the
 * draft and records nothing; a success appends `reliability/contract-draft`
 * (never the context, never reasoning).
 */
import { callingAgent } from '../../kernel/host/calling-agent.js'
import type { Context } from '@deepseek-ai/cordis'
import { createUserMessage, ReasoningEffortId, type StreamChunk } from '@deepseek-ai/dsh-llm'
import { defineTool } from '@deepseek-ai/dsh-tools'
import { jsonToolOutput } from '../../kernel/host/json-tool-output.js'
import { InputError } from '../../kernel/input-error.js'
import { draftRecord, readDraftOutput, type DraftProvenance } from '../authoring/draft.js'
import { DRAFT_KINDS, DRAFT_PROMPT_VERSION, draftSystemPrompt, draftUserText, type DraftKind } from '../authoring/draft-prompt.js'
import type { ReliabilityConfig } from '../config.js'
import type { ContractLimits } from '../contract/input.js'
import { sealProfiles } from '../verification/profiles.js'

/** The draft tool's name (a governor tool: its calls are not evidence and change no code). */
export const DRAFT_TOOL_NAME = 'reliability_draft'

/** Bytes of model text accepted per output token before the stream counts as oversized. */
const BYTES_PER_TOKEN = 8

interface Collected {
  readonly text: string
  readonly usage: DraftProvenance['usage']
}

/** Per block index: its type and the text streamed for it. */
interface Block {
  readonly type: 'text' | 'reasoning'
  deltas: string
  final: string | null
}

/** The next chunk, or a throw once the signal aborts even if the adapter ignores it. */
function nextChunk(iterator: AsyncIterator<StreamChunk>, signal: AbortSignal): Promise<IteratorResult<StreamChunk>> {
  if (signal.aborted) return Promise.reject(new Error('aborted'))
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'))
    signal.addEventListener('abort', onAbort, { once: true })
    iterator.next().then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * Read the stream: text and reasoning blocks only, each chunk on a block of
 * its own type, nothing after the finish, which must say `stop`; text and
 * reasoning together within the byte cap; the deadline holds even when the
 * adapter ignores the abort. Reasoning is read and dropped.
 */
async function collect(stream: AsyncIterable<StreamChunk>, maxBytes: number, signal: AbortSignal): Promise<Collected> {
  const iterator = stream[Symbol.asyncIterator]()
  const blocks = new Map<number, Block>()
  const order: number[] = []
  let streamed = 0
  let finished = false
  let usage: Collected['usage'] = null
  const block = (index: number, type: Block['type'], what: string): Block => {
    const found = blocks.get(index)
    if (found === undefined) {
      const created: Block = { type, deltas: '', final: null }
      blocks.set(index, created)
      order.push(index)
      return created
    }
    if (found.type !== type) throw new Error(`the auxiliary model sent ${what} on a ${found.type} block; a malformed stream`)
    return found
  }
  const count = (text: string): void => {
    streamed += Buffer.byteLength(text, 'utf8')
    if (streamed > maxBytes) throw new Error(`the auxiliary model's output (text and reasoning) passed ${maxBytes} bytes (contractAuthoring.maxOutputTokens × ${BYTES_PER_TOKEN})`)
  }
  try {
    for (;;) {
      const next = await nextChunk(iterator, signal)
      if (next.done === true) break
      const chunk = next.value
      if (finished) throw new Error(`the auxiliary model sent ${chunk.type} after its finish; a malformed stream`)
      switch (chunk.type) {
        case 'block-start':
          if (chunk.blockType !== 'text' && chunk.blockType !== 'reasoning') throw new Error(`the auxiliary model produced a ${chunk.blockType} block; a draft is text only`)
          block(chunk.index, chunk.blockType, 'a block start')
          break
        case 'text-delta':
          count(chunk.text)
          block(chunk.index, 'text', 'text').deltas += chunk.text
          break
        case 'reasoning-delta':
          count(chunk.text)
          block(chunk.index, 'reasoning', 'reasoning')
          break
        case 'tool-call-delta':
          throw new Error('the auxiliary model called a tool; a draft is text only')
        case 'block-end': {
          const end = chunk.block
          if (end.type !== 'text' && end.type !== 'reasoning') throw new Error(`the auxiliary model produced a ${end.type} block; a draft is text only`)
          const text = (end as { text: string }).text
          const existing = blocks.get(chunk.index)
          if (existing === undefined || existing.deltas === '') count(text)
          block(chunk.index, end.type, `a ${end.type} block end`).final = text
          break
        }
        case 'usage':
          usage = { inputTokens: chunk.usage.inputTokens, outputTokens: chunk.usage.outputTokens }
          if (!Number.isSafeInteger(usage.inputTokens) || !Number.isSafeInteger(usage.outputTokens) || usage.inputTokens < 0 || usage.outputTokens < 0) throw new Error(`the auxiliary model's adapter reported malformed usage (${JSON.stringify(usage)})`)
          break
        case 'finish':
          if (chunk.reason.kind !== 'stop') throw new Error(`the auxiliary call finished ${chunk.reason.kind}${'failure' in chunk.reason ? ` (${String((chunk.reason.failure as { message?: string }).message ?? '')})` : ''}, not normally`)
          finished = true
          break
        default:
          throw new Error(`the auxiliary model produced an unknown stream chunk ${(chunk as { type: string }).type}`)
      }
    }
  } finally {
    if (!finished || signal.aborted) void iterator.return?.()
  }
  if (!finished) throw new Error('the auxiliary stream ended without a finish')
  const text = order.map(index => blocks.get(index)!).filter(entry => entry.type === 'text').map(entry => entry.final ?? entry.deltas).join('')
  return { text, usage }
}

/**
 * Register `reliability_draft`.
 * @param ctx - the row's context (`llm` is read at call time).
 * @param config - resolved configuration (auxiliary-model mode).
 * @param limits - contract bounds.
 */
export function registerDraftTool(ctx: Context, config: ReliabilityConfig, limits: ContractLimits): void {
  const authoring = config.contractAuthoring
  const profiles = sealProfiles(config.codeVerificationProfiles)
  ctx.tools.register(defineTool({
    name: DRAFT_TOOL_NAME,
    description: 'The auxiliary model drafts a contract\'s claims and checks from the objective and your context (paths, constraints, how success shows; logged, so no secrets). Begin with the draft unchanged.',
    parameters: {
      contract_kind: { type: 'string', required: true, enum: Object.keys(DRAFT_KINDS) },
      objective: { type: 'string', required: true },
      context: { type: 'string', required: true },
    },
    output: jsonToolOutput,
    execute: async (args, exec) => {
      const agent = callingAgent(exec, DRAFT_TOOL_NAME, 'session to govern')
      const kind = args.contract_kind as DraftKind
      if (!Object.hasOwn(DRAFT_KINDS, kind)) throw new InputError('contract_kind', `must be one of ${Object.keys(DRAFT_KINDS).join(', ')}`)
      const objective = args.objective.trim()
      if (objective === '' || objective.length > limits.maxTextChars) throw new InputError('objective', `must be 1 to ${limits.maxTextChars} characters`)
      const inputBytes = Buffer.byteLength(objective, 'utf8') + Buffer.byteLength(args.context, 'utf8')
      if (inputBytes > authoring.maxInputBytes) throw new InputError('context', `objective and context are ${inputBytes} bytes, over ${authoring.maxInputBytes} (contractAuthoring.maxInputBytes); summarize`)
      const llm = ctx.get('llm')
      if (llm === undefined) throw new Error('the host mounts no model runtime (ctx.llm), so no draft can be made')
      const timeout = AbortSignal.timeout(authoring.timeoutMs)
      const signal = AbortSignal.any([exec.signal, timeout])
      let collected: Collected
      try {
        collected = await collect(llm.stream({
          provider: authoring.provider,
          model: authoring.model,
          ...(authoring.reasoningEffort === '' ? {} : { reasoningEffort: ReasoningEffortId(authoring.reasoningEffort) }),
          system: draftSystemPrompt(),
          messages: [createUserMessage({ content: [{ type: 'text', text: draftUserText(kind, objective, args.context) }], source: { kind: 'plugin', plugin: 'reliability-governor' } })],
          tools: [],
          maxTokens: authoring.maxOutputTokens,
          signal,
        }), authoring.maxOutputTokens * BYTES_PER_TOKEN, signal)
      } catch (error) {
        exec.signal.throwIfAborted()
        const cause = timeout.aborted ? `it ran past ${authoring.timeoutMs} ms (contractAuthoring.timeoutMs)` : error instanceof Error ? error.message : String(error)
        throw new Error(`draft failed, nothing recorded: ${cause} (route ${authoring.provider}, model ${authoring.model})`)
      }
      exec.signal.throwIfAborted()
      const spec = readDraftOutput(collected.text, kind, objective, limits, profiles)
      const record = draftRecord(kind, spec, { provider: authoring.provider, model: authoring.model, promptVersion: DRAFT_PROMPT_VERSION, usage: collected.usage }, agent.session.seq)
      agent.session.append('reliability/contract-draft', record)
      const claims = spec.claims.map(claim => ({ id: claim.id, statement: claim.statement, importance: claim.importance, verification: claim.verification, check_ids: claim.checkIds, minimum_independent_sources: claim.minimumIndependentSources }))
      const checks = spec.checks.map(check => ({ id: check.id, kind: check.kind, ...check.args }))
      return { contract_kind: kind, objective: spec.objective, claims, checks, draft_receipt: record.receipt, next: `Call ${kind === 'code' ? 'reliability_begin_code' : 'reliability_begin'} with exactly this objective, claims and checks and draft_receipt ${record.receipt}.` }
    },
  }))
}
