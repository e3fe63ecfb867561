/** Host adapter: the read-only `ieg_status` tool. */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'
import type { MountRecord } from '../diagnostics/mount-record.js'

/**
 * Register `ieg_status`, returning the mount record.
 * @param ctx - context carrying `tools`.
 * @param record - reads the current mount record.
 */
export function registerIegStatusTool(ctx: Context, record: () => MountRecord): void {
  ctx.tools.register(defineTool({
    name: 'ieg_status',
    description: 'Read-only. Report how information-environment governance is mounted in this session: modules, degraded capabilities and recent diagnostics.',
    parameters: {},
    output: {
      schema: { type: 'json' },
      render: (_args, value) => [{ type: 'text', text: JSON.stringify(value, null, 2) }],
    },
    isConcurrencySafe: () => true,
    execute: async () => record(),
  }))
}
