/**
 * Row `ieg`: information-environment governance. Composition only; the rules
 * live in the pure folders beside this file.
 */
import '../kernel/host/session-events.js'
import type { Context } from '@deepseek-ai/cordis'
import { resolveConfig } from '../kernel/config.js'
import { IegConfig } from './config.js'
import { mountRecord } from './diagnostics/mount-record.js'
import { registerIegStatusTool } from './host/status-tool.js'

export const name = 'ieg'
export const inject = ['tools']
export const Config = IegConfig
export type Config = IegConfig

/**
 * Mount the information-environment governance row.
 * @param ctx - the row's context.
 * @param raw - configuration from the patch.
 * @throws Error naming the key path when the configuration is invalid.
 */
export function apply(ctx: Context, raw: IegConfig): void {
  const config = resolveConfig(IegConfig, raw, name)
  if (!config.enabled) return
  const record = mountRecord(name, [], [])
  registerIegStatusTool(ctx, () => record)
}
