/**
 * Host adapter: the information ledger. `ieg_record_information` and
 * `ieg_set_information_status` append complete `ieg/information` records; a
 * promotion to AUTHORITATIVE needs evidence (a regular file inside the
 * workspace, resolved through `ctx.fs`, that contains the value) or the
 * user's confirmation through `ctx.approval`; a refusal changes nothing. A
 * `tools/pre-execute` listener warns about (or refuses) a write that brings
 * back a retired value.
 */
import { callingAgent } from '../../kernel/host/calling-agent.js'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { createUserMessage } from '@deepseek-ai/dsh-llm'
import { defineTool, type ToolExecution } from '@deepseek-ai/dsh-tools'
import type {} from '@deepseek-ai/dsh-user-approval'
import { jsonToolOutput } from '../../kernel/host/json-tool-output.js'
import { InputError } from '../../kernel/input-error.js'
import type { JsonObject } from '../../kernel/json.js'
import { needsBasis, recordIdProblem, type InformationRecord, type PromotionBasis } from '../information/ledger.js'
import { reintroducedRecords, tokenPattern } from '../information/reintroduction.js'
import { INFORMATION_DISPOSITION_NAMES, INFORMATION_STATUS_NAMES, INFORMATION_STATUSES, RETIRED_STATUSES, type InformationDisposition, type InformationStatus } from '../information/vocabulary.js'
import { classifyToolCall } from '../workspace/classify-call.js'
import { startDirectory } from './gate-assessment.js'
import { iegStateOf, type IegRuntime } from './runtime.js'
import { shellAnalyzer } from './workspace-gate.js'

/** Largest evidence file read, in bytes. */
const MAX_EVIDENCE_BYTES = 1024 * 1024

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw new InputError(field, 'must be a non-empty string')
  if (value.length > max) throw new InputError(field, `must be at most ${max} characters (got ${value.length})`)
  return value
}

function ledgerOf(rt: IegRuntime, agent: Agent): InformationRecord[] {
  const state = iegStateOf(rt.ctx, agent)
  if (state.integrityError !== null) throw new Error(`the IEG records of this session are inconsistent (${state.integrityError}); nothing new is recorded`)
  return state.information
}

/** Check evidence: a regular file inside the workspace, within the size bound, containing the value. */
async function evidenceBasis(rt: IegRuntime, agent: Agent, path: string, record: InformationRecord, signal: AbortSignal): Promise<PromotionBasis> {
  const fs = rt.ctx.get('fs')
  const cwd = agent.session.header.cwd
  if (fs === undefined || cwd === undefined) throw new Error('evidence cannot be checked here (no filesystem service or no workspace directory); the record is unchanged')
  const root = await fs.resolve(cwd, { signal })
  const target = await fs.resolve(path, { cwd, signal })
  if (!fs.contains(root, target)) throw new InputError('evidence_path', `resolves outside the workspace (to ${target.displayPath}); the record is unchanged`)
  const info = await fs.stat(target, signal)
  if (info === undefined || info.type !== 'file') throw new InputError('evidence_path', `is not a regular file in the workspace; the record is unchanged`)
  if ((info.size ?? 0) > MAX_EVIDENCE_BYTES) throw new InputError('evidence_path', `is ${info.size ?? 0} bytes, over ${MAX_EVIDENCE_BYTES}; the record is unchanged`)
  const content = await fs.readText(target, signal)
  if (!tokenPattern(record.value).test(content)) throw new InputError('evidence_path', `does not contain the recorded value of ${record.id}, so it does not show it; the record is unchanged`)
  return { kind: 'evidence', path, shows: `contains the value of ${record.id}` }
}

/** Ask the user through the host's approval channel. */
async function confirmationBasis(rt: IegRuntime, exec: Readonly<ToolExecution>, agent: Agent, record: InformationRecord, status: InformationStatus): Promise<PromotionBasis> {
  const approval = rt.ctx.get('approval')
  if (approval === undefined) throw new Error(`no approval channel is mounted, so the user cannot confirm; ${record.id} stays ${record.status}`)
  const quoted = (text: string): string => JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text)
  const outcome = await approval.request({ agent, toolName: exec.name, callId: exec.callId, reason: `Confirm that the information ${record.id} (value ${quoted(record.value)}, provenance ${quoted(record.provenance)}, now ${record.status}) is ${status}.`, signal: exec.signal })
  if (outcome === 'allowed-once') return { kind: 'user-confirmation', outcome }
  throw new Error(outcome === 'unavailable' ? `no one can answer the confirmation here (the approval channel is unavailable); ${record.id} stays ${record.status}` : `the user did not confirm (${outcome}); ${record.id} stays ${record.status}`)
}

function append(rt: IegRuntime, agent: Agent, record: InformationRecord): JsonObject {
  agent.session.append('ieg/information', record)
  rt.diagnose('ieg.information_recorded', { id: record.id, status: record.status, revision: record.revision }, agent)
  if (RETIRED_STATUSES.has(record.status)) rt.diagnose('ieg.information_invalidated', { id: record.id, status: record.status, disposition: record.disposition }, agent)
  return { ...record }
}

/**
 * Register the ledger tools.
 * @param rt - the IEG runtime.
 */
export function registerInformationTools(rt: IegRuntime): void {
  const { ctx } = rt
  const settings = rt.config.modules.informationIntegrity
  const limits = rt.config.limits

  ctx.tools.register(defineTool({
    name: 'ieg_record_information',
    description: 'Track a piece of information the session relies on: a new kebab-case id, the value as written, its provenance. Starts PROVISIONAL by default.',
    parameters: {
      id: { type: 'string', required: true },
      value: { type: 'string', required: true },
      provenance: { type: 'string', required: true },
      status: { type: 'string', enum: INFORMATION_STATUS_NAMES.filter(status => status !== 'AUTHORITATIVE') },
    },
    output: jsonToolOutput,
    execute: async (args, exec) => {
      const agent = callingAgent(exec, 'ieg_record_information', 'session to record in')
      const idProblem = recordIdProblem(args.id)
      if (idProblem !== null) throw new InputError('id', idProblem)
      const ledger = ledgerOf(rt, agent)
      if (ledger.some(record => record.id === args.id)) throw new InputError('id', `${args.id} is already recorded; a new value is a new record, a new status goes through ieg_set_information_status`)
      if (ledger.length >= settings.maxRecords) throw new Error(`this session holds ${ledger.length} information records, the most allowed (modules.informationIntegrity.maxRecords)`)
      const status = (args.status ?? 'PROVISIONAL') as InformationStatus
      if (needsBasis(null, status)) throw new InputError('status', 'AUTHORITATIVE needs evidence or the user\'s confirmation: record it PROVISIONAL, then promote it with ieg_set_information_status')
      return append(rt, agent, { id: args.id, status, value: text(args.value, 'value', settings.maxValueChars), provenance: text(args.provenance, 'provenance', limits.maxTextChars), disposition: null, revision: 1, basis: null })
    },
  }))

  ctx.tools.register(defineTool({
    name: 'ieg_set_information_status',
    description: 'Change a record\'s status. AUTHORITATIVE needs evidence_path (a file containing the value) or confirm: true (asks the user); a retired status takes the disposition done about it.',
    parameters: {
      id: { type: 'string', required: true },
      status: { type: 'string', required: true, enum: INFORMATION_STATUS_NAMES },
      disposition: { type: 'string', enum: INFORMATION_DISPOSITION_NAMES },
      evidence_path: { type: 'string' },
      confirm: { type: 'boolean' },
    },
    output: jsonToolOutput,
    execute: async (args, exec) => {
      const agent = callingAgent(exec, 'ieg_set_information_status', 'session to record in')
      const current = ledgerOf(rt, agent).find(record => record.id === args.id)
      if (current === undefined) throw new InputError('id', `no information is recorded as ${args.id}`)
      const status = args.status as InformationStatus
      const disposition = (args.disposition ?? null) as InformationDisposition | null
      if (disposition !== null && INFORMATION_STATUSES[status].rank !== 0) throw new InputError('disposition', 'applies only to INVALID, DEPRECATED or SUPERSEDED')
      let basis: PromotionBasis | null = null
      if (needsBasis(current.status, status)) {
        try {
          if (args.evidence_path !== undefined) basis = await evidenceBasis(rt, agent, args.evidence_path, current, exec.signal)
          else if (args.confirm === true) basis = await confirmationBasis(rt, exec, agent, current, status)
          else throw new InputError('status', `${status === 'AUTHORITATIVE' ? 'promotion to AUTHORITATIVE' : `bringing ${current.status} information back to ${status}`} needs evidence_path or confirm: true; ${current.id} stays ${current.status}`)
        } catch (error) {
          rt.diagnose('ieg.information_promotion_refused', { id: current.id, from: current.status, reason: error instanceof Error ? error.message : String(error) }, agent)
          throw error
        }
      } else if (args.evidence_path !== undefined || args.confirm !== undefined) {
        throw new InputError(args.evidence_path !== undefined ? 'evidence_path' : 'confirm', 'is only for a promotion to AUTHORITATIVE or out of INVALID or SUPERSEDED')
      }
      const kept = INFORMATION_STATUSES[status].rank === 0 ? disposition ?? current.disposition : null
      return append(rt, agent, { ...current, status, disposition: kept, revision: current.revision + 1, basis: basis === null ? null : { ...basis } })
    },
  }))
}

/** Every string inside a tool call's arguments. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf)
  return []
}

/**
 * Install the reintroduction check: a workspace-writing call (a governed file
 * tool, or a shell command that is not read-only) whose text carries a value
 * the session's ledger marks INVALID or SUPERSEDED is refused (`deny`) or
 * runs with a note in its result (`warn`).
 * @param rt - the IEG runtime.
 */
export function installReintroductionCheck(rt: IegRuntime): void {
  const { ctx } = rt
  const analyze = shellAnalyzer(rt)
  const warnings = new Map<string, string>()
  const key = (exec: Readonly<ToolExecution>): string => `${String(exec.agent?.session.id ?? '')}\u0000${String(exec.callId)}`

  ctx.on('tools/pre-execute', async (exec, next) => {
    const agent = exec.agent
    if (agent === undefined) return next()
    const call = classifyToolCall(exec.name, exec.arguments, rt.config.workspace)
    if (call === null) return next()
    if (call.kind === 'shell' && analyze(call.command, startDirectory(call, agent.session.header.cwd ?? '/'), call.persistent).outcome === 'read-only') return next()
    const state = iegStateOf(ctx, agent)
    const found = reintroducedRecords(call.kind === 'shell' ? [call.command] : stringsOf(exec.arguments), state.information)
    if (found.length === 0) return next()
    const names = found.map(record => `${record.id} (${record.status}${record.disposition === null ? '' : `, ${record.disposition}`}): "${record.value}"`).join('; ')
    const policy = rt.config.modules.informationIntegrity.reintroduction
    rt.diagnose('ieg.information_reintroduced', { tool: exec.name, records: found.map(record => record.id), decision: policy }, agent)
    if (policy === 'deny') return { kind: 'deny', reason: `IEG information integrity: this write brings back information recorded as no longer valid: ${names}. Write the corrected information instead.` }
    warnings.set(key(exec), `IEG information integrity warning: this write brought back information recorded as no longer valid: ${names}. Correct it unless the old value is quoted on purpose.`)
    return next()
  })

  ctx.on('tools/post-execute', async (exec, result, next) => {
    const warning = warnings.get(key(exec))
    warnings.delete(key(exec))
    const downstream = await next()
    if (warning === undefined) return downstream
    return { ...downstream, additionalContexts: [...(downstream.additionalContexts ?? []), createUserMessage({ content: [{ type: 'text', text: warning }], source: { kind: 'plugin', plugin: 'ieg' } })] }
  })
}
