/**
 * Which tool calls are persistent workspace mutations: configured file-effect
 * tools (target from their argument keys) and shell tools whose command text
 * writes. Everything else is read-only and never gated. Pure.
 */
import type { FileEffectTool } from '../config.js'
import { classifyShellCommand } from './shell-classify.js'

/** One write of a classified call. */
export interface MutationWrite {
  readonly via: string
  readonly target: string | null
  /** Content the call writes, when the arguments carry it (for overlap). */
  readonly content: string | null
}

/** A governed call. */
export interface MutationRequest {
  readonly tool: string
  readonly writes: readonly MutationWrite[]
}

/** What the classifier needs from the configuration. */
export interface ClassifierSettings {
  readonly mutatingTools: readonly FileEffectTool[]
  readonly shellTools: readonly string[]
  readonly classifyShellCommands: boolean
}

const CONTENT_KEYS = ['content', 'file_text', 'text']

/**
 * Classify one tool call.
 * @param name - tool name.
 * @param args - parsed arguments.
 * @param settings - classifier configuration.
 * @returns the mutation, or null for a call that is not governed.
 */
export function classifyToolCall(name: string, args: unknown, settings: ClassifierSettings): MutationRequest | null {
  const record = typeof args === 'object' && args !== null ? args as Record<string, unknown> : {}
  const fileTool = settings.mutatingTools.find(tool => tool.name === name)
  if (fileTool !== undefined) {
    const mode = fileTool.readOnlyKey === '' ? undefined : record[fileTool.readOnlyKey]
    if (typeof mode === 'string' && fileTool.readOnlyValues.includes(mode)) return null
    const contentKey = CONTENT_KEYS.find(key => typeof record[key] === 'string')
    const content = contentKey === undefined ? null : record[contentKey] as string
    const targets = fileTool.targetKeys.map(key => record[key]).filter((value): value is string => typeof value === 'string')
    return { tool: name, writes: (targets.length === 0 ? [null] : targets).map(target => ({ via: name, target, content })) }
  }
  if (settings.classifyShellCommands && settings.shellTools.includes(name) && typeof record['command'] === 'string') {
    const writes = classifyShellCommand(record['command'])
    return writes.length === 0 ? null : { tool: name, writes: writes.map(write => ({ ...write, content: null })) }
  }
  return null
}
