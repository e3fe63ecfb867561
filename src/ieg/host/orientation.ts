/**
 * Host adapter: the `record_orientation` tool and the turn-start reminder.
 * The pre-step gate never rejects a step: on this host a rejected step drops
 * the user's message and makes no model call, so a session without an
 * orientation could never record one. `reject` therefore refuses mutations
 * (the workspace gate) and reminds, like `warn`.
 */
import { callingAgent } from '../../kernel/host/calling-agent.js'
import { createUserMessage } from '@deepseek-ai/dsh-llm'
import { defineTool } from '@deepseek-ai/dsh-tools'
import { mergeOrientation, parseOrientationUpdate, renderOrientation } from '../orientation/record.js'
import { iegStateOf, type IegRuntime } from './runtime.js'

/** Tool name, also named by the prompt. */
export const RECORD_ORIENTATION = 'record_orientation'

const REMINDER = `IEG: no orientation is recorded for this session yet. Before substantial work, call ${RECORD_ORIENTATION} with the intent, objective, scope, key terms and an ordered plan.`

/**
 * Register `record_orientation`.
 * @param rt - the IEG runtime.
 */
export function registerOrientationTool(rt: IegRuntime): void {
  const { ctx, config } = rt
  const text = { type: 'string' } as const
  ctx.tools.register(defineTool({
    name: RECORD_ORIENTATION,
    description: 'Record the project orientation: intent (why), objective (outcome), scope, terms, ordered plan. Given fields replace the recorded ones.',
    parameters: {
      intent: text,
      objective: text,
      scope: text,
      terminology: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { term: { type: 'string', required: true }, meaning: { type: 'string', required: true } } } },
      plan: { type: 'array', items: { type: 'string' } },
    },
    output: {
      schema: { type: 'json' },
      render: (_args, value) => [{ type: 'text', text: renderOrientation(value as never) }],
    },
    execute: async (args, exec) => {
      const agent = callingAgent(exec, RECORD_ORIENTATION, 'session to record in')
      const update = parseOrientationUpdate(args as Record<string, unknown>, config.limits)
      const state = iegStateOf(ctx, agent)
      if (state.integrityError !== null) throw new Error(`the orientation records of this session are inconsistent (${state.integrityError}); nothing new is recorded`)
      const record = mergeOrientation(state.orientation, update)
      agent.session.append('ieg/orientation', record)
      rt.diagnose('ieg.orientation_recorded', { revision: record.revision, fields: Object.keys(update) }, agent)
      return record
    },
  }))
}

/**
 * Remind an unoriented agent at the first step of each turn (`warn` and `reject`).
 * @param rt - the IEG runtime.
 * @param plugin - plugin name recorded as the reminder's source.
 */
export function installOrientationReminder(rt: IegRuntime, plugin: string): void {
  const { ctx } = rt
  ctx.on('agent/pre-step', async (payload, next) => {
    const decision = await next()
    if (decision.kind !== 'enter' || payload.step !== 1 || iegStateOf(ctx, payload.agent).orientation !== null) return decision
    rt.diagnose('ieg.orientation_required', { gate: rt.config.preStep.orientationGate, turn: payload.turn }, payload.agent)
    return { kind: 'enter', messages: [...decision.messages, createUserMessage({ content: [{ type: 'text', text: REMINDER }], source: { kind: 'plugin', plugin } })] }
  })
}
