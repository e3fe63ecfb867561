/**
 * Host adapter: turn-stop enforcement. When a turn would close with an active
 * contract, evaluate it, record the attempt, and steer exactly one more step:
 * a repair with the failed evidence, the certification receipt, or the
 * exhaustion notice. The host does not bound steering; this does, because
 * every steer records an attempt and attempts stop at the contract's budget.
 * Inconsistent records are reported once per session in this process and
 * never certify; an error inside the listener is logged, never thrown into
 * the host, and certifies nothing.
 */
import type { Context } from '@deepseek-ai/cordis'
import { createUserMessage } from '@deepseek-ai/dsh-llm'
import type { ReliabilityConfig } from '../config.js'
import { integrityProblem, reliabilityPhase } from '../contract/fold.js'
import { integrityMessage, settleAttempt, settlementMessage } from '../contract/lifecycle.js'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { evaluateContract } from './evaluation.js'
import { requiredFs, type HostFs } from '../../kernel/host/host-fs.js'
import { governorState } from './governor-state.js'
import { GOVERNOR_TOOL_NAMES } from './tools.js'

const governorTools: ReadonlySet<string> = new Set(GOVERNOR_TOOL_NAMES)

/**
 * Install turn-stop enforcement.
 * @param ctx - context carrying the agent events, `sessionProjections` and `fs`.
 * @param config - resolved row configuration.
 * @param plugin - plugin name recorded as the steering message's source.
 * @param fs - the host filesystem accessor.
 */
export function enforceAtTurnStop(ctx: Context, config: ReliabilityConfig, plugin: string, fs: () => HostFs | undefined): void {
  const reported = new WeakMap<object, string>()
  const steer = (agent: Agent, text: string): void => {
    agent.steer(createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'plugin', plugin } }))
  }
  ctx.on('agent/turn-stopping', async ({ agent, signal }) => {
    try {
      const state = governorState(ctx, agent)
      const problem = integrityProblem(state)
      if (problem !== null) {
        if (reported.get(agent.session) === problem) return
        reported.set(agent.session, problem)
        steer(agent, integrityMessage(problem))
        return
      }
      if (reliabilityPhase(state) !== 'active' || state.contract === null) return
      const results = await evaluateContract(requiredFs(fs), agent, state.contract, config, governorTools, signal)
      if (signal.aborted) return
      const settlement = settleAttempt(state.contract, state.attempts, results, 'turn-stop')
      agent.session.append('reliability/attempt', settlement.attempt)
      if (settlement.kind !== 'repair') agent.session.append('reliability/terminal', settlement.terminal)
      steer(agent, settlementMessage(state.contract, settlement))
    } catch (error) {
      ctx.logger.warn(`reliability-governor: turn-stop verification failed and certified nothing: ${error instanceof Error ? error.message : String(error)}`)
    }
  })
}
