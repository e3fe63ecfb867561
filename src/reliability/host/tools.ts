/**
 * Host adapter: the governor's tools. Each tool validates its arguments before
 * anything is written; a refusal is a tool error naming the field and the
 * session log is unchanged.
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { defineTool, type ToolRunContext } from '@deepseek-ai/dsh-tools'
import { canonicalJson, type JsonObject } from '../../kernel/json.js'
import { jsonToolOutput } from '../../kernel/host/json-tool-output.js'
import { contractLimits, type ReliabilityConfig } from '../config.js'
import { assessCoverage } from '../contract/coverage.js'
import { integrityProblem, reliabilityPhase } from '../contract/fold.js'
import { parseContractInput } from '../contract/input.js'
import { abstainRecord, openContract, settleAttempt, settlementMessage } from '../contract/lifecycle.js'
import { contractParameters } from './contract-schema.js'
import { evaluateContract } from './evaluation.js'
import { activeState, governorState } from './governor-state.js'
import { describeReliabilityStatus } from '../contract/status.js'

/** The governor's tool names; trajectory checks ignore these tools' own failures. */
export const GOVERNOR_TOOL_NAMES = ['reliability_assess', 'reliability_begin', 'reliability_verify', 'reliability_status', 'reliability_abstain'] as const
const governorTools: ReadonlySet<string> = new Set(GOVERNOR_TOOL_NAMES)

function callingAgent(exec: ToolRunContext, tool: string): Agent {
  if (exec.agent === undefined) throw new Error(`${tool} needs a calling agent (no session to govern)`)
  return exec.agent
}

/**
 * Register the governor's tools.
 * @param ctx - context carrying `tools`, `sessionProjections` and `fs`.
 * @param config - resolved row configuration.
 */
export function registerGovernorTools(ctx: Context, config: ReliabilityConfig): void {
  const limits = contractLimits(config)

  ctx.tools.register(defineTool({
    name: 'reliability_assess',
    description: 'Preflight an evidence contract without opening it: validates the arguments and reports structural coverage (ready or review-required, findings, brittle-evidence warnings, weighted coverage). Writes nothing.',
    parameters: contractParameters,
    output: jsonToolOutput,
    isConcurrencySafe: () => true,
    execute: async (args) => {
      const spec = parseContractInput(args, limits)
      return assessCoverage(spec.claims, spec.checks) as JsonObject
    },
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_begin',
    description: 'Open an evidence contract for the current task: claims mapped to deterministic checks. Only session events after it count as evidence. From then on the governor evaluates the checks whenever you stop. Refused (nothing written) while another contract is active or when coverage needs review.',
    parameters: contractParameters,
    output: jsonToolOutput,
    execute: async (args, exec) => {
      const agent = callingAgent(exec, 'reliability_begin')
      const state = governorState(ctx, agent)
      const problem = integrityProblem(state)
      if (problem !== null) throw new Error(`the governor's session records are inconsistent (${problem}); nothing in this session can be certified`)
      if (reliabilityPhase(state) === 'active') throw new Error(`contract ${state.contract?.contractId ?? ''} is active; verify it or call reliability_abstain before opening another`)
      const spec = parseContractInput(args, limits)
      const coverage = assessCoverage(spec.claims, spec.checks)
      if (coverage.status !== 'ready') throw new Error(`coverage is review-required, so no contract was opened:\n- ${coverage.findings.join('\n- ')}`)
      const contract = openContract(spec, coverage, agent.session.seq)
      const bytes = Buffer.byteLength(canonicalJson(contract), 'utf8')
      if (bytes > config.limits.maxContractBytes) throw new Error(`arguments: the contract record would be ${bytes} bytes, over ${config.limits.maxContractBytes} (limits.maxContractBytes); shorten the objective, statements or literals`)
      agent.session.append('reliability/contract', contract)
      return { contract_id: contract.contractId, receipt: contract.receipt, started_at_seq: contract.startedAtSeq, max_attempts: contract.maxAttempts, review: 'off (unreviewed contract, version 3)', warnings: coverage.warnings }
    },
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_verify',
    description: 'Evaluate the active contract\'s checks now. Uses one attempt of the budget shared with turn-stop verification; certifies when all pass, and exhausts the contract at its attempt limit.',
    parameters: {},
    output: jsonToolOutput,
    execute: async (_args, exec) => {
      const agent = callingAgent(exec, 'reliability_verify')
      const state = activeState(ctx, agent)
      const results = await evaluateContract(ctx, agent, state.contract, config, governorTools, exec.signal)
      exec.signal.throwIfAborted()
      const settlement = settleAttempt(state.contract, state.attempts, results, 'manual')
      agent.session.append('reliability/attempt', settlement.attempt)
      if (settlement.kind !== 'repair') agent.session.append('reliability/terminal', settlement.terminal)
      return { outcome: settlement.kind, attempt: settlement.attempt.attempt, max_attempts: state.contract.maxAttempts, results, message: settlementMessage(state.contract, settlement) }
    },
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_status',
    description: 'Read-only. Report the evidence contract of this session: phase (inactive, active, certified, exhausted, abstained), attempts used, the last attempt and the terminal record.',
    parameters: {},
    output: jsonToolOutput,
    isConcurrencySafe: () => true,
    execute: async (_args, exec) => describeReliabilityStatus(governorState(ctx, callingAgent(exec, 'reliability_status'))),
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_abstain',
    description: 'End the active contract without certification because proof needs a human, is unsafe, or is unsupported. The reason is recorded.',
    parameters: { reason: { type: 'string', required: true, description: 'Why the outcome cannot be proved here.' } },
    output: jsonToolOutput,
    execute: async (args, exec) => {
      const agent = callingAgent(exec, 'reliability_abstain')
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
