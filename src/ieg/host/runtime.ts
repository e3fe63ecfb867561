/**
 * The per-mount IEG runtime shared by the host adapters: resolved config, the
 * compiled section, the diagnostics ring and the mount record. Session state
 * is never kept here; it is read from the `ieg` projection per agent.
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { hostFsAccessor, type HostFs } from '../../kernel/host/host-fs.js'
import type { JsonObject } from '../../kernel/json.js'
import { readProjectionState } from '../../kernel/projection.js'
import type { IegConfig } from '../config.js'
import type { DiagnosticCode } from '../diagnostics/codes.js'
import type { MountRecord } from '../diagnostics/mount-record.js'
import type { DiagnosticsRing } from '../diagnostics/ring.js'
import { iegFold, type IegState } from '../orientation/fold.js'
import type { ProtectionRules } from '../workspace/protected.js'

/** What the adapters share. */
export interface IegRuntime {
  readonly ctx: Context
  readonly config: IegConfig
  readonly ring: DiagnosticsRing
  readonly record: MountRecord
  /** The protected paths, parsed from `workspace.protectedPaths`. */
  readonly protection: ProtectionRules
  /** The operator's read-only commands, parsed from `workspace.readOnlyCommands`. */
  readonly readOnlyCommands: readonly (readonly string[])[]
  /** Record a diagnostic attributed to an agent's session. */
  diagnose(code: DiagnosticCode, data: JsonObject, agent?: Agent): void
  /** The host filesystem, or undefined while there is none. */
  fs(): HostFs | undefined
}

/**
 * Build the runtime (registers the filesystem accessor's listener).
 * @param ctx - the row's context.
 * @param config - resolved configuration.
 * @param ring - the diagnostics ring.
 * @param record - the mount record (mutated as capabilities register).
 * @param parsed - protected paths and read-only commands parsed at validation.
 */
export function createRuntime(ctx: Context, config: IegConfig, ring: DiagnosticsRing, record: MountRecord, parsed: Pick<IegRuntime, 'protection' | 'readOnlyCommands'>): IegRuntime {
  return {
    ctx,
    config,
    ring,
    record,
    ...parsed,
    fs: hostFsAccessor(ctx),
    diagnose: (code, data, agent) => {
      ring.push(code, data, agent === undefined ? null : String(agent.session.id))
    },
  }
}

/**
 * An agent's folded IEG state.
 * @param ctx - context carrying `sessionProjections`.
 * @param agent - the agent.
 */
export function iegStateOf(ctx: Context, agent: Agent): IegState {
  return readProjectionState(ctx.sessionProjections, agent.session, iegFold)
}

/**
 * Whether the orientation requirement is in force for mutations.
 * @param config - resolved configuration.
 * @returns the config key that imposes it, or undefined.
 */
export function orientationRequirement(config: IegConfig): string | undefined {
  if (!config.modules.projectGovernance.enabled) return undefined
  if (config.preStep.requireBeforeMutation) return 'preStep.requireBeforeMutation'
  if (config.preStep.orientationGate === 'reject') return 'preStep.orientationGate: reject'
  return undefined
}
