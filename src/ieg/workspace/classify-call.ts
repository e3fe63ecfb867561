/**
 * Which tool calls the workspace gate governs: configured file-effect tools
 * (targets from their argument keys) and shell tools (the command text and
 * working directory, analyzed separately). Everything else is not a
 * workspace mutation and passes untouched. Pure.
 */
import type { FileEffectTool, ShellTool } from '../config.js'

/** One write of a file-effect tool; `path` is null when the call names none. */
export interface FileWrite {
  readonly path: string | null
  /** Content the call writes, when the arguments carry it (for overlap). */
  readonly content: string | null
}

/** A governed call. */
export type GovernedCall =
  | { readonly kind: 'file-tool', readonly tool: string, readonly writes: readonly FileWrite[] }
  | { readonly kind: 'shell', readonly tool: string, readonly command: string, readonly workdir: string | null, readonly persistent: boolean }

/** What the classifier needs from the configuration. */
export interface ClassifierSettings {
  readonly mutatingTools: readonly FileEffectTool[]
  readonly shellTools: readonly ShellTool[]
  readonly classifyShellCommands: boolean
}

const CONTENT_KEYS = ['content', 'file_text', 'text', 'new_str']

/**
 * Classify one tool call.
 * @param name - tool name.
 * @param args - parsed arguments.
 * @param settings - classifier configuration.
 * @returns the governed call, or null for a call that is not governed.
 */
export function classifyToolCall(name: string, args: unknown, settings: ClassifierSettings): GovernedCall | null {
  const record = typeof args === 'object' && args !== null ? args as Record<string, unknown> : {}
  const fileTool = settings.mutatingTools.find(tool => tool.name === name)
  if (fileTool !== undefined) {
    const mode = fileTool.readOnlyKey === '' ? undefined : record[fileTool.readOnlyKey]
    if (typeof mode === 'string' && fileTool.readOnlyValues.includes(mode)) return null
    const contentKey = CONTENT_KEYS.find(key => typeof record[key] === 'string')
    const content = contentKey === undefined ? null : record[contentKey] as string
    const paths = fileTool.targetKeys.map(key => record[key]).filter((value): value is string => typeof value === 'string')
    return { kind: 'file-tool', tool: name, writes: (paths.length === 0 ? [null] : paths).map(path => ({ path, content })) }
  }
  const shellTool = settings.shellTools.find(tool => tool.name === name)
  if (shellTool === undefined || !settings.classifyShellCommands) return null
  const command = record[shellTool.commandKey]
  const workdir = shellTool.workdirKey === '' ? undefined : record[shellTool.workdirKey]
  return {
    kind: 'shell',
    tool: name,
    command: typeof command === 'string' ? command : '',
    workdir: typeof workdir === 'string' ? workdir : null,
    persistent: shellTool.persistent,
  }
}
