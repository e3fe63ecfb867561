/**
 * Test-only plugin: a tool that appends one session event of any type through
 * the calling agent's session, so a real agent run writes governance events
 * before the capability that owns them exists. Imports nothing from src at
 * run time, so it never registers the bundle's event types by itself.
 */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'

export const name = 'test-event-writer'
export const inject = ['tools']

/** Register `write_session_event`. */
export function apply(ctx: Context): void {
  ctx.tools.register(defineTool({
    name: 'write_session_event',
    description: 'Test only: append one session event.',
    parameters: {
      type: { type: 'string', required: true },
      data: { type: 'json', required: true },
    },
    output: {
      schema: { type: 'object', additionalProperties: false, properties: { seq: { type: 'integer', required: true } } },
      render: (_args, value) => [{ type: 'text', text: `appended at seq ${value.seq}` }],
    },
    execute: async (args, exec) => {
      const session = exec.agent?.session
      if (session === undefined) throw new Error('no calling agent')
      const append = session.append.bind(session) as (type: string, data: unknown) => { seq: number }
      return { seq: append(args.type, args.data).seq }
    },
  }))
}
