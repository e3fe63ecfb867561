/**
 * Host adapter: the governor's tools. Each tool validates its arguments before
 * anything is written; a refusal is a tool error naming the field and the
 * session log is unchanged.
 */
import { callingAgent } from '../../kernel/host/calling-agent.js'
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'
import type { JsonObject } from '../../kernel/json.js'
import { jsonToolOutput } from '../../kernel/host/json-tool-output.js'
import { contractLimits, type ReliabilityConfig } from '../config.js'
import { assessCoverage } from '../contract/coverage.js'
import { parseContractInput } from '../contract/input.js'
import { abstainRecord, settleAttempt, settlementMessage } from '../contract/lifecycle.js'
import { parseIntentInput } from '../review/intent.js'
import { beginContract, PendingReviews, refuseUnofferedArguments } from './begin.js'
import { CODE_TOOL_NAMES, registerCodeTools } from './code-tools.js'
import { contractParameters, offeredParameters } from './contract-schema.js'
import { DRAFT_TOOL_NAME, registerDraftTool } from './draft-tool.js'
import { evaluateContract } from './evaluation.js'
import { requiredFs, type HostFs } from '../../kernel/host/host-fs.js'
import { activeState, governorState } from './governor-state.js'
import { describeReliabilityStatus } from '../contract/status.js'

/** The governor's tool names; trajectory checks ignore these tools' own failures, and calls to them are never a possible change of the code. */
export const GOVERNOR_TOOL_NAMES = ['reliability_assess', 'reliability_begin', 'reliability_verify', 'reliability_status', 'reliability_abstain', DRAFT_TOOL_NAME, ...CODE_TOOL_NAMES] as const
const governorTools: ReadonlySet<string> = new Set(GOVERNOR_TOOL_NAMES)

/**
 * Register the governor's tools.
 * @param ctx - context carrying `tools`, `sessionProjections` and `fs`.
 * @param config - resolved row configuration.
 * @param fs - the host filesystem accessor.
 */
export function registerGovernorTools(ctx: Context, config: ReliabilityConfig, fs: () => HostFs | undefined): void {
  const limits = contractLimits(config)
  const pending = new PendingReviews()
  const offered = offeredParameters(config)
  if (config.codeVerificationProfiles.length > 0) registerCodeTools(ctx, config, limits, pending)
  if (config.contractAuthoring.mode === 'auxiliary-model') registerDraftTool(ctx, config, limits)

  ctx.tools.register(defineTool({
    name: 'reliability_assess',
    description: 'Check a contract without opening it (arguments as reliability_begin): coverage, findings, warnings.',
    parameters: contractParameters({ ...offered, grammar: false }),
    output: jsonToolOutput,
    isConcurrencySafe: () => true,
    execute: async (args) => {
      refuseUnofferedArguments(config, args as unknown as Record<string, unknown>)
      const { intent, draft_receipt: _draft, ...contract } = args as unknown as Record<string, unknown>
      const spec = parseContractInput(contract, limits)
      if (config.contractReview.mode === 'required') parseIntentInput(intent, { maxTextChars: limits.maxTextChars, maxItems: config.contractReview.maxIntentItems })
      return assessCoverage(spec.claims, spec.checks) as JsonObject
    },
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_begin',
    description: config.contractReview.mode === 'off'
      ? 'Open an evidence contract: claims mapped to checks that run whenever you stop. Only later events count as evidence.'
      : 'Open an evidence contract: the user approves your intent, then the claims and checks (a revision returns feedback, no contract). Its checks run whenever you stop; only later events count as evidence.',
    parameters: contractParameters({ ...offered, grammar: true }),
    output: jsonToolOutput,
    execute: async (args, exec) => beginContract(ctx, callingAgent(exec, 'reliability_begin', 'session to govern'), args as unknown as Record<string, unknown>, config, limits, pending, exec.signal),
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_verify',
    description: 'Run the active contract\'s checks now (uses one attempt).',
    parameters: {},
    output: jsonToolOutput,
    execute: async (_args, exec) => {
      const agent = callingAgent(exec, 'reliability_verify', 'session to govern')
      const state = activeState(ctx, agent)
      const results = await evaluateContract(requiredFs(fs), agent, state.contract, config, governorTools, exec.signal)
      exec.signal.throwIfAborted()
      const settlement = settleAttempt(state.contract, state.attempts, results, 'manual')
      agent.session.append('reliability/attempt', settlement.attempt)
      if (settlement.kind !== 'repair') agent.session.append('reliability/terminal', settlement.terminal)
      return { outcome: settlement.kind, attempt: settlement.attempt.attempt, max_attempts: state.contract.maxAttempts, results, message: settlementMessage(state.contract, settlement) }
    },
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_status',
    description: 'Read-only: this session\'s contract, its phase, reviews, attempts and outcome.',
    parameters: {},
    output: jsonToolOutput,
    isConcurrencySafe: () => true,
    execute: async (_args, exec) => {
      const agent = callingAgent(exec, 'reliability_status', 'session to govern')
      return describeReliabilityStatus(governorState(ctx, agent), pending.has(agent))
    },
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_abstain',
    description: 'End the active contract uncertified: say why proof needs a human, is unsafe or is unsupported here.',
    parameters: { reason: { type: 'string', required: true } },
    output: jsonToolOutput,
    execute: async (args, exec) => {
      const agent = callingAgent(exec, 'reliability_abstain', 'session to govern')
      const reason = args.reason.trim()
      if (reason.length === 0) throw new Error('reason: must not be empty')
      if (reason.length > limits.maxTextChars) throw new Error(`reason: must be at most ${limits.maxTextChars} characters (got ${reason.length})`)
      const state = activeState(ctx, agent)
      const terminal = abstainRecord(state, reason)
      agent.session.append('reliability/terminal', terminal)
      return { outcome: 'abstained', contract_id: terminal.contractId, receipt: terminal.receipt }
    },
  }))
}
