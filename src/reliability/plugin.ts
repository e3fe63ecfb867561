/**
 * Row `reliability-governor`: verified completion. Composition only; the
 * rules live in the pure folders beside this file.
 */
import { hostFsAccessor } from '../kernel/host/host-fs.js'
import '../kernel/host/session-events.js'
import type { Context } from '@deepseek-ai/cordis'
import type {} from '@deepseek-ai/dsh-fs'
import type {} from '@deepseek-ai/dsh-session-projection'
import type {} from '@deepseek-ai/dsh-system-prompt'
import type {} from '@deepseek-ai/dsh-user-questions'
import { resolveConfig, writtenConfig } from '../kernel/config.js'
import { dualProjectionUnit } from '../kernel/projection.js'
import { ReliabilityConfig } from './config.js'
import { reliabilityFold, type ReliabilityState } from './contract/fold.js'
import { registerPolicySection } from './host/policy-section.js'
import { registerGovernorTools } from './host/tools.js'
import { registerVerificationSkill } from './host/verification-skill.js'
import { authoringProblem } from './authoring/modes.js'
import { profilesProblem } from './verification/profiles.js'
import { enforceAtTurnStop } from './host/turn-stop.js'

declare module '@deepseek-ai/dsh-session-projection/types' {
  interface SessionProjectionMap {
    reliability: ReliabilityState
  }
}

export const name = 'reliability-governor'
export const inject = ['tools', 'sessionProjections', 'systemPrompt', 'fs']
/** The configuration as written; `apply` resolves it strictly (see `writtenConfig`). */
export const Config = writtenConfig(ReliabilityConfig)
export type Config = ReliabilityConfig

/**
 * Mount the governor.
 * @param ctx - the row's context.
 * @param raw - configuration from the patch.
 * @throws Error naming the key path when the configuration is invalid.
 */
export function apply(ctx: Context, raw: ReliabilityConfig): void {
  const config = resolveConfig(ReliabilityConfig, raw, name)
  config.evidence.secretFiles.forEach((pattern, index) => {
    if (pattern.trim() === '' || pattern.includes('/')) throw new Error(`dsh-governance: ${name} config $.evidence.secretFiles[${index}] must be a non-empty file-name pattern without / (got ${JSON.stringify(pattern)})`)
  })
  const profiles = profilesProblem(config.codeVerificationProfiles, '$.codeVerificationProfiles')
  if (profiles !== null) throw new Error(`dsh-governance: ${name} config ${profiles}`)
  const authoring = authoringProblem(config.contractAuthoring, '$.contractAuthoring')
  if (authoring !== null) throw new Error(`dsh-governance: ${name} config ${authoring}`)
  if (!config.enabled) return
  ctx.sessionProjections.register(dualProjectionUnit(reliabilityFold))
  registerPolicySection(ctx, config.policySectionOrder, { review: config.contractReview.mode, codeVerification: config.codeVerificationProfiles.length > 0, authoring: config.contractAuthoring.mode })
  const fs = hostFsAccessor(ctx)
  registerGovernorTools(ctx, config, fs)
  if (config.codeVerificationProfiles.length > 0) registerVerificationSkill(ctx)
  if (config.autoVerifyAtTurnStop) enforceAtTurnStop(ctx, config, name, fs)
}
