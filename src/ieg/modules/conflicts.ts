/**
 * Module settings that cannot take effect under another module's setting.
 * Pure; the row reports each as `ieg.module_conflict` and in the mount record
 * (non-intrusive: the row still mounts).
 */
import type { IegConfig } from '../config.js'

/**
 * The conflicts of a resolved configuration, each naming both settings.
 * @param config - resolved configuration.
 */
export function moduleConflicts(config: IegConfig): string[] {
  const { modules, preStep } = config
  const conflicts: string[] = []
  if (preStep.requireBeforeMutation && !modules.workspaceGovernance.enabled) conflicts.push('$.preStep.requireBeforeMutation has no effect: $.modules.workspaceGovernance.enabled is false, so no mutation is gated')
  if (preStep.requireBeforeMutation && !modules.projectGovernance.enabled) conflicts.push('$.preStep.requireBeforeMutation has no effect: $.modules.projectGovernance.enabled is false, so no orientation can be recorded or required')
  if (preStep.orientationGate !== 'off' && !modules.projectGovernance.enabled) conflicts.push(`$.preStep.orientationGate (${preStep.orientationGate}) has no effect: $.modules.projectGovernance.enabled is false`)
  if (modules.informationIntegrity.enabled && modules.informationIntegrity.reintroduction === 'deny' && !config.workspace.classifyShellCommands) conflicts.push('$.modules.informationIntegrity.reintroduction (deny) does not cover shell writes: $.workspace.classifyShellCommands is false')
  if (modules.informationIntegrity.reintroduction === 'deny' && !modules.informationIntegrity.enabled) conflicts.push('$.modules.informationIntegrity.reintroduction (deny) has no effect: $.modules.informationIntegrity.enabled is false')
  return conflicts
}
