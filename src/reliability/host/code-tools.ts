/**
 * Host adapter: the code-verification tools. `reliability_code_profiles`
 * lists the deployment's verifier profiles (never their argv);
 * `reliability_begin_code` opens a code contract with every required
 * profile injected; `reliability_code_verify` runs one profile in the host
 * sandbox and records the run. The model names a profile, nothing else.
 */
import { callingAgent } from '../../kernel/host/calling-agent.js'
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'
import { jsonToolOutput } from '../../kernel/host/json-tool-output.js'
import type { JsonObject } from '../../kernel/json.js'
import type { ReliabilityConfig } from '../config.js'
import type { ContractLimits } from '../contract/input.js'
import { profileMetadata, sealProfiles } from '../verification/profiles.js'
import { CODE_VERIFY_TOOL, VERIFICATION_OUTCOMES } from '../verification/record.js'
import { beginContract, type PendingReviews } from './begin.js'
import { contractParameters, offeredParameters } from './contract-schema.js'
import { activeState } from './governor-state.js'
import { runVerifier } from './verifier-run.js'

/** The code-verification tool names (governor tools: their own calls are not evidence). */
export const CODE_TOOL_NAMES = ['reliability_code_profiles', 'reliability_begin_code', CODE_VERIFY_TOOL] as const

/**
 * Register the code-verification tools.
 * @param ctx - the row's context.
 * @param config - resolved row configuration.
 * @param limits - contract bounds.
 * @param pending - the mount's pending reviews (shared with reliability_begin).
 */
export function registerCodeTools(ctx: Context, config: ReliabilityConfig, limits: ContractLimits, pending: PendingReviews): void {
  const profiles = sealProfiles(config.codeVerificationProfiles)
  const byId = new Map(profiles.map(profile => [profile.id, profile]))

  ctx.tools.register(defineTool({
    name: 'reliability_code_profiles',
    description: 'Read-only: the deployment\'s verifier profiles (id, what it proves, required, sandbox).',
    parameters: {},
    output: jsonToolOutput,
    isConcurrencySafe: () => true,
    execute: async () => ({ profiles: profiles.map(profileMetadata) }),
  }))

  ctx.tools.register(defineTool({
    name: 'reliability_begin_code',
    description: 'Open a code-task contract (arguments as reliability_begin); each required verifier profile becomes a critical claim.',
    parameters: contractParameters({ ...offeredParameters(config), grammar: false }),
    output: jsonToolOutput,
    execute: async (args, exec) => beginContract(ctx, callingAgent(exec, 'reliability_begin_code', 'session to govern'), args as unknown as Record<string, unknown>, config, limits, pending, exec.signal, 'code'),
  }))

  ctx.tools.register(defineTool({
    name: CODE_VERIFY_TOOL,
    description: 'Run a verifier profile in the host sandbox and record the result as evidence; only a run after your last change counts.',
    parameters: { profile_id: { type: 'string', required: true } },
    output: jsonToolOutput,
    execute: async (args, exec) => {
      const agent = callingAgent(exec, CODE_VERIFY_TOOL, 'session to govern')
      const profile = byId.get(args.profile_id)
      if (profile === undefined) throw new Error(`profile_id: names no configured verifier profile (configured: ${[...byId.keys()].join(', ') || 'none'})`)
      activeState(ctx, agent)
      const run = await runVerifier(ctx, agent, profile, config, exec.signal)
      agent.session.append('reliability/code-verification', run.record)
      const { record } = run
      const result: JsonObject = {
        profile_id: profile.id,
        outcome: record.outcome,
        meaning: VERIFICATION_OUTCOMES[record.outcome],
        exit_code: record.exitCode,
        signal: record.signal,
        duration_ms: record.durationMs,
        sandbox: record.sandbox.mode,
        output_truncated: record.stdout.truncated || record.stderr.truncated,
        detail: record.detail,
        tail: run.tail,
        receipt: record.receipt,
      }
      return result
    },
  }))
}
