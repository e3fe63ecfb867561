/** The `reliability-governor` row's configuration: the single declaration of its keys. */
import Schema from '@deepseek-ai/schemastery'
import type { ContractLimits } from './contract/input.js'

/** Resolved configuration of the `reliability-governor` row. */
export interface ReliabilityConfig {
  enabled: boolean
  autoVerifyAtTurnStop: boolean
  maxAttempts: number
  maxFileBytes: number
  policySectionOrder: number
  contractReview: { mode: 'off' }
  limits: Omit<ContractLimits, 'maxAttempts'>
}

/** Schemastery schema with defaults, bounds and descriptions. */
export const ReliabilityConfig: Schema<ReliabilityConfig> = Schema.object({
  enabled: Schema.boolean().default(true)
    .description('Mount the governor. false leaves the row loaded but registers nothing.'),
  autoVerifyAtTurnStop: Schema.boolean().default(true)
    .description('Evaluate the active contract whenever a turn would stop, and steer a repair, the certification or the exhaustion.'),
  maxAttempts: Schema.natural().min(1).max(20).default(3)
    .description('Deployment cap on a contract\'s attempt budget (manual and turn-stop attempts together); also the budget when a contract names none.'),
  maxFileBytes: Schema.natural().min(1).max(64 * 1024 * 1024).default(1024 * 1024)
    .description('Largest file a check reads, in bytes; a larger file fails the check.'),
  policySectionOrder: Schema.number().min(-100000).max(100000).default(8400)
    .description('System-prompt order of the reliability:policy section.'),
  contractReview: Schema.object({
    mode: Schema.union(['off']).default('off')
      .description('off: contracts activate unreviewed and are stored as version 3.'),
  }),
  limits: Schema.object({
    maxClaims: Schema.natural().min(1).max(200).default(20).description('Most claims in one contract.'),
    maxChecks: Schema.natural().min(1).max(500).default(40).description('Most checks in one contract.'),
    maxTextChars: Schema.natural().min(16).max(1_000_000).default(20_000).description('Longest objective, statement, literal, path or reason, in characters.'),
    maxCount: Schema.natural().min(1).max(1000).default(10).description('Largest minimum_independent_sources and min_count.'),
  }),
})

/**
 * The contract bounds a resolved configuration sets.
 * @param config - resolved configuration.
 */
export function contractLimits(config: ReliabilityConfig): ContractLimits {
  return { ...config.limits, maxAttempts: config.maxAttempts }
}
