/** Host adapter: the output declaration of a tool whose value is any JSON, shown to the model as indented JSON. */
import type { JsonValue } from '../json.js'

/** Output declaration for `defineTool`. */
export const jsonToolOutput = {
  schema: { type: 'json' },
  render: (_args: unknown, value: JsonValue) => [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }],
} as const
