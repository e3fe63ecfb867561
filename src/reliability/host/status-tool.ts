/** Host adapter: the read-only `reliability_status` tool. */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'
import { readProjectionState } from '../../kernel/projection.js'
import { reliabilityFold, reliabilityPhase, type ReliabilityState } from '../contract/fold.js'
import type { JsonObject } from '../../kernel/json.js'

/** Model-facing status: the phase and the latest contract's progress. */
export function describeReliabilityStatus(state: ReliabilityState): JsonObject {
  const contract = state.contract
  return {
    phase: reliabilityPhase(state),
    contract: contract === null ? null : {
      contractId: contract.contractId,
      objective: contract.objective,
      version: contract.version,
      maxAttempts: contract.maxAttempts,
      attemptsUsed: state.attempts.length,
      receipt: contract.receipt,
    },
    lastAttempt: state.attempts.at(-1) ?? null,
    terminal: state.terminal,
  }
}

/**
 * Register `reliability_status` on the tool registry.
 * @param ctx - context carrying `tools` and `sessionProjections`.
 */
export function registerStatusTool(ctx: Context): void {
  ctx.tools.register(defineTool({
    name: 'reliability_status',
    description: 'Read-only. Report the evidence contract of this session: phase (inactive, active, certified, exhausted, abstained), attempts used, the last attempt and the terminal record.',
    parameters: {},
    output: {
      schema: { type: 'json' },
      render: (_args, value) => [{ type: 'text', text: JSON.stringify(value, null, 2) }],
    },
    isConcurrencySafe: () => true,
    execute: async (_args, exec) => {
      const agent = exec.agent
      if (agent === undefined) throw new Error('reliability_status needs a calling agent (no session to read)')
      return describeReliabilityStatus(readProjectionState(ctx.sessionProjections, agent.session, reliabilityFold))
    },
  }))
}
