/** Host adapter: read the folded governor state of an agent's session. */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { readProjectionState } from '../../kernel/projection.js'
import { integrityProblem, reliabilityFold, reliabilityPhase, type ReliabilityState } from '../contract/fold.js'
import type { ContractRecord } from '../contract/records.js'

/**
 * The agent's folded governor state.
 * @param ctx - context carrying `sessionProjections`.
 * @param agent - the calling agent.
 */
export function governorState(ctx: Context, agent: Agent): ReliabilityState {
  return readProjectionState(ctx.sessionProjections, agent.session, reliabilityFold)
}

/**
 * The agent's state, requiring an active, intact contract.
 * @param ctx - context carrying `sessionProjections`.
 * @param agent - the calling agent.
 * @throws Error naming why there is nothing to act on.
 */
export function activeState(ctx: Context, agent: Agent): ReliabilityState & { contract: ContractRecord } {
  const state = governorState(ctx, agent)
  const problem = integrityProblem(state)
  if (problem !== null) throw new Error(`the governor's session records are inconsistent (${problem}); nothing in this session can be certified`)
  const phase = reliabilityPhase(state)
  if (phase !== 'active' || state.contract === null) {
    throw new Error(phase === 'inactive' ? 'no evidence contract is open; call reliability_begin first' : `contract ${state.contract?.contractId ?? ''} already ended (${phase}); open a new one with reliability_begin`)
  }
  return state as ReliabilityState & { contract: ContractRecord }
}
