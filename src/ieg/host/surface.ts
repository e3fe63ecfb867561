/**
 * Host adapter: the model-facing surface of the row: the one `ieg:governance`
 * section, the `ieg:status` runtime-context line (its text changes only when
 * the status does, so the host re-sends it only then), and the read-only
 * `ieg_status` tool.
 */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'
import type { JsonObject } from '../../kernel/json.js'
import { jsonToolOutput } from '../../kernel/host/json-tool-output.js'
import { statusLine, type MountRecord } from '../diagnostics/mount-record.js'
import type { DiagnosticsRing } from '../diagnostics/ring.js'
import { ledgerSummary } from '../information/ledger.js'
import { iegStateOf } from './runtime.js'
import type { IegState } from '../orientation/fold.js'

/** Section and context names. */
export const GOVERNANCE_SECTION = 'ieg:governance'
export const STATUS_CONTEXT = 'ieg:status'

/**
 * Register the governance section.
 * @param ctx - context carrying `systemPrompt`.
 * @param text - the section text, resolved at each assembly.
 * @param order - section order.
 */
export function registerGovernanceSection(ctx: Context, text: () => string, order: number): void {
  ctx.systemPrompt.section({ name: GOVERNANCE_SECTION, order, text })
}

/**
 * Register the status line.
 * @param ctx - context carrying `systemPrompt` (and `sessionProjections` once mounted).
 * @param record - the mount record.
 * @param order - context order.
 */
export function registerStatusLine(ctx: Context, record: MountRecord, order: number): void {
  ctx.systemPrompt.context({
    name: STATUS_CONTEXT,
    order,
    text: (assemble) => {
      const agent = assemble.agent
      if (!record.mounted || agent === undefined) return statusLine(record, 'not recorded', '')
      try {
        const state = iegStateOf(ctx, agent)
        return statusLine(record, state.integrityError !== null ? 'records inconsistent' : state.orientation === null ? 'not recorded' : 'recorded', ledgerSummary(state.information).line)
      } catch (error) {
        return statusLine(record, `unreadable (${error instanceof Error ? error.message : String(error)})`, '')
      }
    },
  })
}

/** The calling session's own part of `ieg_status`. */
export interface SessionView {
  readonly id: string
  readonly state: IegState | null
}

/**
 * What `ieg_status` (one session's view) and the mirror (the operator's view) report.
 * @param record - the mount record.
 * @param ring - the diagnostics ring.
 * @param recent - most diagnostics returned.
 * @param session - the calling session: only its diagnostics and the mount's own are shown, with its state; omit for every session.
 */
export function statusSnapshot(record: MountRecord, ring: DiagnosticsRing, recent: number, session?: SessionView): JsonObject {
  const visible = session === undefined ? undefined : (sessionId: string | null) => sessionId === null || sessionId === session.id
  const own = session?.state === undefined || session.state === null ? {} : { session: { orientationRevision: session.state.orientation?.revision ?? null, information: ledgerSummary(session.state.information).counts, integrityError: session.state.integrityError } }
  return { ...record, ...own, diagnosticCounts: ring.counts(visible), diagnostics: ring.recent(recent, visible) }
}

/**
 * Register `ieg_status`.
 * @param ctx - context carrying `tools`.
 * @param snapshot - reads the current status.
 */
export function registerStatusTool(ctx: Context, snapshot: (session: SessionView) => JsonObject): void {
  ctx.tools.register(defineTool({
    name: 'ieg_status',
    description: 'Read-only: how IEG is mounted (modules, degraded capabilities, configuration errors) and this session\'s diagnostics.',
    parameters: {},
    output: jsonToolOutput,
    isConcurrencySafe: () => true,
    execute: async (_args, exec) => {
      const agent = exec.agent
      const state = agent === undefined || ctx.get('sessionProjections') === undefined ? null : (() => {
        try {
          return iegStateOf(ctx, agent)
        } catch {
          // The projection is absent when the row mounted inert: there is no session state to show.
          return null
        }
      })()
      return snapshot({ id: String(agent?.session.id ?? ''), state })
    },
  }))
}
