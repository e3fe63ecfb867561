/** The `ieg` row's configuration: the single declaration of its keys. */
import Schema from '@deepseek-ai/schemastery'

/** Resolved configuration of the `ieg` row. */
export interface IegConfig {
  enabled: boolean
}

/** Schemastery schema with defaults, bounds and descriptions. */
export const IegConfig: Schema<IegConfig> = Schema.object({
  enabled: Schema.boolean().default(true)
    .description('Mount information-environment governance. false leaves the row loaded but registers nothing.'),
})
