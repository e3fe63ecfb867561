/**
 * Row `ieg`: information-environment governance. Composition only; the rules
 * live in the pure folders beside this file. `apply` never throws: an invalid
 * configuration mounts an inert surface (the `ieg_status` tool and the
 * `ieg:status` line report the error with its key path, and nothing is
 * enforced), and a capability that fails to register is listed as degraded.
 */
import '../kernel/host/session-events.js'
import type { Context } from '@deepseek-ai/cordis'
import type {} from '@deepseek-ai/dsh-fs'
import type {} from '@deepseek-ai/dsh-session-projection'
import type {} from '@deepseek-ai/dsh-system-prompt'
import { resolveConfig, writtenConfig } from '../kernel/config.js'
import { dualProjectionUnit } from '../kernel/projection.js'
import { DEFAULT_STATUS_ORDER, IegSchema, type IegConfig } from './config.js'
import { DiagnosticsMirror } from './diagnostics/export-mirror.js'
import type { MountRecord } from './diagnostics/mount-record.js'
import { DiagnosticsRing } from './diagnostics/ring.js'
import { MODULE_IDS, type ModuleId } from './modules/descriptors.js'
import { iegFold, type IegState } from './orientation/fold.js'
import { compilePrompt } from './prompt/compiler.js'
import { atomicFileWriter } from './host/mirror-file.js'
import { installOrientationReminder, registerOrientationTool } from './host/orientation.js'
import { createRuntime, type IegRuntime } from './host/runtime.js'
import { GOVERNANCE_SECTION, registerGovernanceSection, registerStatusLine, registerStatusTool, statusSnapshot } from './host/surface.js'
import { installWorkspaceGate, protectionRules } from './host/workspace-gate.js'
import { livePrompt, type LivePrompt } from './host/prompt-source.js'
import { installCompatibilityAdapter } from './host/compatibility.js'
import { BASELINE } from './compatibility/baseline.js'
import { decodeBaseline, type CompatibilityBaseline } from './compatibility/verdict.js'
import { readFileSync } from 'node:fs'
import { installReintroductionCheck, registerInformationTools } from './host/information.js'
import { moduleConflicts } from './modules/conflicts.js'
import { installMaintenanceTrigger, MAINTAIN_ENVIRONMENT, registerMaintenanceTool } from './host/maintenance.js'
import { parseReadOnlyCommand } from './shell/read-only-commands.js'
import { parseProtectedPath } from './workspace/protected.js'

declare module '@deepseek-ai/dsh-session-projection/types' {
  interface SessionProjectionMap {
    ieg: IegState
  }
}

export const name = 'ieg'
export const inject = ['tools', 'systemPrompt', 'sessionProjections']
/** The configuration as written; `apply` resolves it strictly and mounts inert when it is invalid (see `writtenConfig`). */
export const Config = writtenConfig(IegSchema)
export type Config = IegConfig

const MODULE_ENABLED: Record<ModuleId, (config: IegConfig) => boolean> = {
  'project-governance': config => config.modules.projectGovernance.enabled,
  'workspace-governance': config => config.modules.workspaceGovernance.enabled,
  'information-integrity': config => config.modules.informationIntegrity.enabled,
}

interface ValidatedConfig {
  readonly config: IegConfig
  readonly parsed: Pick<IegRuntime, 'protection' | 'readOnlyCommands'> & { readonly baseline: CompatibilityBaseline }
}

/** The baseline to judge against: the shipped one, or the operator's file read and decoded strictly. */
function baselineOf(file: string): CompatibilityBaseline {
  if (file === '') return BASELINE
  if (!file.startsWith('/')) throw configError('$.compatibility.baselineFile', `must be an absolute path (got ${JSON.stringify(file)})`)
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw configError('$.compatibility.baselineFile', `could not be read as JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  const decoded = decodeBaseline(value)
  if (!decoded.ok) throw configError('$.compatibility.baselineFile', `is not a baseline: ${decoded.reason}`)
  return decoded.baseline
}

function configError(path: string, problem: string): Error {
  return new Error(`dsh-governance: ieg config ${path} ${problem}`)
}

function validated(raw: unknown): ValidatedConfig {
  const config = resolveConfig(IegSchema, (raw ?? {}) as IegConfig, name)
  const file = config.diagnosticsExport.file
  if (file !== '' && !file.startsWith('/')) throw configError('$.diagnosticsExport.file', `must be an absolute path (got "${file}")`)
  const baseline = baselineOf(config.compatibility.baselineFile)
  if (config.prompt.file !== '' && !config.prompt.file.startsWith('/')) throw configError('$.prompt.file', `must be an absolute path (got ${JSON.stringify(config.prompt.file)})`)
  if (config.prompt.mode === 'replace' && config.prompt.file === '') throw configError('$.prompt.file', 'must name the replacement file when prompt.mode is replace')
  const workspace = config.workspace
  workspace.mutatingTools.forEach((tool, index) => {
    if (tool.name.trim() === '') throw configError(`$.workspace.mutatingTools[${index}].name`, 'must not be empty')
    if (tool.targetKeys.length === 0 || tool.targetKeys.some(key => key.trim() === '')) throw configError(`$.workspace.mutatingTools[${index}].targetKeys`, 'must name at least one argument key, none empty')
    if (tool.readOnlyValues.length > 0 && tool.readOnlyKey === '') throw configError(`$.workspace.mutatingTools[${index}].readOnlyKey`, 'must be set when readOnlyValues are')
  })
  workspace.shellTools.forEach((tool, index) => {
    if (tool.name.trim() === '' || tool.commandKey.trim() === '') throw configError(`$.workspace.shellTools[${index}]`, 'must have a name and a commandKey')
  })
  const names = [...workspace.mutatingTools, ...workspace.shellTools].map(tool => tool.name)
  const repeated = names.find((tool, index) => names.indexOf(tool) !== index)
  if (repeated !== undefined) throw configError('$.workspace', `declares the tool "${repeated}" more than once across mutatingTools and shellTools`)
  workspace.overlap.directories.forEach((directory, index) => {
    const entry = directory === '.' ? null : parseProtectedPath(directory)
    if (typeof entry === 'string') throw configError(`$.workspace.overlap.directories[${index}]`, `${entry.replace('is matched inside the workspace at any depth', 'is a workspace directory')} (got ${JSON.stringify(directory)})`)
  })
  workspace.overlap.extensions.forEach((extension, index) => {
    if (!/^\.[^/\s]+$/.test(extension)) throw configError(`$.workspace.overlap.extensions[${index}]`, `must be a file ending such as ".md" (got ${JSON.stringify(extension)})`)
  })
  config.workspace.protectedPaths.forEach((path, index) => {
    const entry = parseProtectedPath(path)
    if (typeof entry === 'string') throw configError(`$.workspace.protectedPaths[${index}]`, `${entry} (got ${JSON.stringify(path)})`)
  })
  const readOnlyCommands = config.workspace.readOnlyCommands.map((text, index) => {
    const words = parseReadOnlyCommand(text)
    if (typeof words === 'string') throw configError(`$.workspace.readOnlyCommands[${index}]`, `${words} (got ${JSON.stringify(text)})`)
    return words
  })
  return { config, parsed: { protection: protectionRules(config.workspace.protectedPaths, config.workspace.protectedPathsCaseSensitive), readOnlyCommands, baseline } }
}

function mountInert(ctx: Context, message: string): void {
  const ring = new DiagnosticsRing(50, () => new Date())
  ring.push('ieg.config_invalid', { error: message })
  const record: MountRecord = { row: name, mounted: false, degraded: [], modules: [], conflicts: [], configError: message, compatibility: null, prompt: null }
  ctx.logger.warn(`${message}; the ieg row is mounted inert (nothing is enforced)`)
  registerStatusTool(ctx, session => statusSnapshot(record, ring, 50, session))
  registerStatusLine(ctx, record, DEFAULT_STATUS_ORDER)
}

/**
 * Mount the row.
 * @param ctx - the row's context.
 * @param raw - configuration from the patch, validated here.
 */
export function apply(ctx: Context, raw: IegConfig): void {
  let config: IegConfig
  let parsed: ValidatedConfig['parsed']
  try {
    ({ config, parsed } = validated(raw))
  } catch (error) {
    mountInert(ctx, error instanceof Error ? error.message : String(error))
    return
  }
  if (!config.enabled) return
  const ring = new DiagnosticsRing(config.diagnostics.ringSize, () => new Date())
  const modules = MODULE_IDS.filter(id => MODULE_ENABLED[id](config))
  const record: MountRecord = { row: name, mounted: true, degraded: [], modules: [...modules], conflicts: moduleConflicts(config), configError: null, compatibility: null, prompt: null }
  const rt = createRuntime(ctx, config, ring, record, parsed)
  const step = (capability: string, register: () => void): void => {
    try {
      register()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      record.degraded.push(`${capability}: ${message}`)
      ring.push('ieg.capability_missing', { capability, error: message })
    }
  }

  step('ieg projection', () => ctx.sessionProjections.register(dualProjectionUnit(iegFold)))
  let live: LivePrompt | null = null
  step('ieg_status', () => registerStatusTool(ctx, (session) => {
    live?.current()
    return statusSnapshot(record, ring, config.diagnostics.statusRecent, session)
  }))
  step('ieg:status', () => registerStatusLine(ctx, record, config.statusOrder))
  step(GOVERNANCE_SECTION, () => {
    const prompt = compilePrompt(modules)
    record.prompt = { section: GOVERNANCE_SECTION, order: config.sectionOrder, version: prompt.version, bytes: prompt.bytes, ceiling: prompt.ceiling, source: 'compiled', path: null, unchecked: [], problems: [] }
    const resolved = livePrompt(rt, prompt, config.prompt, record)
    live = resolved
    registerGovernanceSection(ctx, () => resolved.current().text, config.sectionOrder)
    resolved.current()
  })
  step('compatibility adapter', () => installCompatibilityAdapter(rt, parsed.baseline))
  if (modules.includes('project-governance')) {
    step('record_orientation', () => registerOrientationTool(rt))
    if (config.preStep.orientationGate !== 'off') step('orientation reminder', () => installOrientationReminder(rt, name))
  }
  if (config.maintenance.enabled) {
    step(MAINTAIN_ENVIRONMENT, () => registerMaintenanceTool(rt))
    step('maintenance trigger', () => installMaintenanceTrigger(rt, name))
  }
  if (modules.includes('information-integrity')) {
    step('information ledger', () => registerInformationTools(rt))
    step('reintroduction check', () => installReintroductionCheck(rt))
  }
  if (modules.includes('workspace-governance')) {
    step('workspace gate', () => installWorkspaceGate(rt))
    if (config.workspace.overlapCheck !== 'off' && ctx.get('fs') === undefined) {
      record.degraded.push('fs: the document-overlap check is off (no filesystem service)')
      ring.push('ieg.capability_missing', { capability: 'fs' })
    }
  }
  if (config.diagnosticsExport.file !== '') {
    step('diagnostics mirror', () => {
      const mirror = new DiagnosticsMirror({
        snapshot: () => statusSnapshot(record, ring, config.diagnosticsExport.limit),
        write: atomicFileWriter(config.diagnosticsExport.file),
        intervalMs: config.diagnosticsExport.intervalMs,
        now: Date.now,
        onFailure: error => ring.push('ieg.diagnostics_export_failed', { file: config.diagnosticsExport.file, error }),
      })
      ring.onPush(() => mirror.request())
      ctx.effect(() => () => {
        mirror.cancel()
        void mirror.flush()
      }, 'ieg.diagnosticsMirror')
    })
  }
  for (const conflict of record.conflicts) ring.push('ieg.module_conflict', { conflict })
  ring.push('ieg.mount', structuredClone(record))
}
