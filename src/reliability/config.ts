/** The `reliability-governor` row's configuration: the single declaration of its keys. */
import Schema from '@deepseek-ai/schemastery'

/** Resolved configuration of the `reliability-governor` row. */
export interface ReliabilityConfig {
  enabled: boolean
}

/** Schemastery schema with defaults, bounds and descriptions. */
export const ReliabilityConfig: Schema<ReliabilityConfig> = Schema.object({
  enabled: Schema.boolean().default(true)
    .description('Mount the governor. false leaves the row loaded but registers nothing.'),
})
