/**
 * Host adapter: the maintenance round. `maintain_environment` traverses the
 * workspace through `ctx.fs` (bounded in files, bytes read and time; it
 * never descends into dependency or generated directories, `.git`, or out of
 * the workspace, and visits each directory once however it is linked), classifies, diagnoses and plans with the pure core,
 * records `ieg/maintenance`, and returns the proposal. It changes no file. The
 * trigger reminds the agent at the step where a turn's first user-written
 * message enters, when it completes `maintenance.instructionBatches` direct
 * user instruction batches since the last round.
 */
import { callingAgent } from '../../kernel/host/calling-agent.js'
import type { FileSystem, FsTarget } from '@deepseek-ai/dsh-fs'
import type { HostFs } from '../../kernel/host/host-fs.js'
import { createUserMessage } from '@deepseek-ai/dsh-llm'
import { defineTool } from '@deepseek-ai/dsh-tools'
import { posix } from 'node:path'
import { jsonToolOutput } from '../../kernel/host/json-tool-output.js'
import { decodeUtf8Strict } from '../../kernel/text.js'
import { diagnose } from '../maintenance/diagnose.js'
import { classifyInventory, classifyPath, INVENTORY_CLASS_NAMES, type InventoryClass, type InventoryEntry } from '../maintenance/inventory.js'
import type { MaintenanceRecord } from '../maintenance/record.js'
import { planMaintenance } from '../maintenance/plan.js'
import { iegStateOf, type IegRuntime } from './runtime.js'

/** The tool name, also named by the reminder. */
export const MAINTAIN_ENVIRONMENT = 'maintain_environment'

const SKIPPED_CLASSES: ReadonlySet<InventoryClass> = new Set(['dependency', 'generated'])
const READ_CLASSES: ReadonlySet<InventoryClass> = new Set(['documentation', 'configuration', 'source', 'test', 'other'])

interface Traversal {
  readonly entries: InventoryEntry[]
  readonly texts: Map<string, string>
  /** Directories that could not be listed (a link loop, permissions), with why. */
  readonly unreadable: string[]
  truncated: boolean
}

async function traverse(fs: HostFs, root: FsTarget, settings: IegRuntime['config']['maintenance'], signal: AbortSignal): Promise<Traversal> {
  const deadline = performance.now() + settings.maxMs
  const result: Traversal = { entries: [], texts: new Map(), unreadable: [], truncated: false }
  let readBytes = 0
  const queue: Array<{ target: FsTarget, path: string }> = [{ target: root, path: '' }]
  const visited = new Set<string>([fs.processPath(root)])
  while (queue.length > 0) {
    const directory = queue.shift()!
    let entries: Awaited<ReturnType<FileSystem['listDir']>>
    try {
      entries = await fs.listDir(directory.target, signal)
    } catch (error) {
      signal.throwIfAborted()
      result.unreadable.push(`${directory.path === '' ? '.' : directory.path} (${error instanceof Error ? error.message : String(error)})`)
      continue
    }
    for (const entry of entries) {
      if (performance.now() > deadline || result.entries.length >= settings.maxFiles) {
        result.truncated = true
        return result
      }
      const path = directory.path === '' ? entry.name : `${directory.path}/${entry.name}`
      if (!fs.contains(root, entry.target)) continue
      if (entry.type === 'directory') {
        const canonical = fs.processPath(entry.target)
        const git = entry.name === '.git' || canonical.split('/').includes('.git')
        if (!git && !visited.has(canonical) && !SKIPPED_CLASSES.has(classifyPath(`${path}/x`))) queue.push({ target: entry.target, path })
        visited.add(canonical)
        continue
      }
      if (entry.type !== 'file') continue
      const bytes = entry.size ?? (await fs.stat(entry.target, signal))?.size ?? 0
      result.entries.push({ path: posix.normalize(path), bytes })
      if (READ_CLASSES.has(classifyPath(path)) && bytes > 0 && readBytes + bytes <= settings.maxReadBytes) {
        const text = decodeUtf8Strict(await fs.readBytes(entry.target, signal, bytes))
        readBytes += bytes
        if (text !== undefined) result.texts.set(path, text)
      }
    }
  }
  return result
}

/**
 * Register `maintain_environment`.
 * @param rt - the IEG runtime.
 */
export function registerMaintenanceTool(rt: IegRuntime): void {
  const { ctx, config } = rt
  ctx.tools.register(defineTool({
    name: MAINTAIN_ENVIRONMENT,
    description: 'Read-only maintenance round: classify files, find duplicates, stale and leftover files, propose a plan (the user decides destructive steps).',
    parameters: {},
    output: jsonToolOutput,
    execute: async (_args, exec) => {
      const agent = callingAgent(exec, MAINTAIN_ENVIRONMENT, 'workspace to maintain')
      const fs = ctx.get('fs')
      const cwd = agent.session.header.cwd
      if (fs === undefined || cwd === undefined) throw new Error('no maintenance round is possible here (no filesystem service or no workspace directory)')
      const state = iegStateOf(ctx, agent)
      if (state.integrityError !== null) throw new Error(`the IEG records of this session are inconsistent (${state.integrityError}); no round is recorded`)
      const traversal = await traverse(fs, await fs.resolve(cwd, { signal: exec.signal }), config.maintenance, exec.signal)
      const inventory = classifyInventory(traversal.entries)
      const findings = diagnose({ inventory, texts: traversal.texts, ledger: state.information, orientationRecorded: state.orientation !== null, overlap: config.workspace.overlap, oversizedBytes: config.maintenance.oversizedBytes, maxComparedDocuments: config.workspace.overlap.maxDocuments })
      const plan = planMaintenance(findings)
      const classes = Object.fromEntries(INVENTORY_CLASS_NAMES.map(name => [name, inventory.filter(entry => entry.class === name).length])) as Record<InventoryClass, number>
      const record: MaintenanceRecord = { round: state.maintenanceRounds + 1, files: inventory.length, truncated: traversal.truncated, classes, findings: findings.map(finding => ({ ...finding, paths: [...finding.paths] })), plan: plan.map(item => ({ ...item, paths: [...item.paths] })) }
      agent.session.append('ieg/maintenance', record)
      rt.diagnose('ieg.maintenance_round', { round: record.round, files: record.files, findings: findings.length, truncated: record.truncated }, agent)
      return { ...record, unreadable: traversal.unreadable, note: 'A proposal only: nothing was changed. Ask the user before any action with needsHumanDecision.' }
    },
  }))
}

/**
 * Remind the agent when a turn completes the configured number of direct user instruction batches.
 * @param rt - the IEG runtime.
 * @param plugin - plugin name recorded as the reminder's source.
 */
export function installMaintenanceTrigger(rt: IegRuntime, plugin: string): void {
  const { ctx, config } = rt
  ctx.on('agent/pre-step', async (payload, next) => {
    const decision = await next()
    const written = payload.messages.filter(message => message.source.kind === 'user')
    if (decision.kind !== 'enter' || written.length === 0) return decision
    const { instructions } = iegStateOf(ctx, payload.agent)
    const countedHere = instructions.lastTurn === payload.turn && written.some(message => message.id === instructions.countedBy)
    if (instructions.lastTurn === payload.turn && !countedHere) return decision
    const count = instructions.sinceRound + (countedHere ? 0 : 1)
    if (count % config.maintenance.instructionBatches !== 0) return decision
    rt.diagnose('ieg.maintenance_due', { instructions: count, turn: payload.turn }, payload.agent)
    const text = `IEG: ${count} user instructions since the last maintenance round. When this task allows, call ${MAINTAIN_ENVIRONMENT} and take its proposal to the user.`
    return { kind: 'enter', messages: [...decision.messages, createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'plugin', plugin } })] }
  })
}
