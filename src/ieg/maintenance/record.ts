/**
 * `ieg/maintenance`: one completed maintenance round (what was traversed,
 * the findings and the proposed plan), and the count of direct user
 * instruction batches since the last round, folded from the log. Pure.
 */
import { z } from 'zod'
import type { JsonObject } from '../../kernel/json.js'
import { DIAGNOSIS_DIMENSIONS, type DiagnosisDimension, type Finding } from './diagnose.js'
import { INVENTORY_CLASS_NAMES, type InventoryClass } from './inventory.js'
import { MAINTENANCE_ACTIONS, type MaintenanceAction, type PlanItem } from './plan.js'

/** The recorded round. */
export interface MaintenanceRecord extends JsonObject {
  readonly round: number
  readonly files: number
  /** Whether a traversal bound stopped the round early. */
  readonly truncated: boolean
  readonly classes: Record<InventoryClass, number>
  readonly findings: Array<Finding & JsonObject>
  readonly plan: Array<PlanItem & JsonObject>
}

const findingSchema = z.strictObject({ dimension: z.enum(Object.keys(DIAGNOSIS_DIMENSIONS) as [DiagnosisDimension, ...DiagnosisDimension[]]), paths: z.array(z.string()), detail: z.string() })
const planSchema = z.strictObject({ action: z.enum(Object.keys(MAINTENANCE_ACTIONS) as [MaintenanceAction, ...MaintenanceAction[]]), paths: z.array(z.string()), reason: z.string(), confidence: z.number().min(0).max(1), needsHumanDecision: z.boolean() })
const recordSchema = z.strictObject({
  round: z.number().int().min(1),
  files: z.number().int().min(0),
  truncated: z.boolean(),
  classes: z.strictObject(Object.fromEntries(INVENTORY_CLASS_NAMES.map(name => [name, z.number().int().min(0)])) as Record<InventoryClass, z.ZodNumber>),
  findings: z.array(findingSchema),
  plan: z.array(planSchema),
})

/**
 * Decode an `ieg/maintenance` event: exact keys, the next round, destructive actions flagged.
 * @param data - the payload.
 * @param rounds - rounds recorded before it.
 */
export function decodeMaintenance(data: unknown, rounds: number): { ok: true, record: MaintenanceRecord } | { ok: false, reason: string } {
  const parsed = recordSchema.safeParse(data)
  if (!parsed.success) return { ok: false, reason: `${parsed.error.issues[0]?.path.join('.') || 'record'}: ${parsed.error.issues[0]?.message ?? 'malformed'}` }
  const record = parsed.data as MaintenanceRecord
  if (record.round !== rounds + 1) return { ok: false, reason: `round ${record.round}, the next is ${rounds + 1}` }
  if (record.plan.some(item => MAINTENANCE_ACTIONS[item.action].destructive && !item.needsHumanDecision)) return { ok: false, reason: 'a destructive action is not flagged for a human decision' }
  return { ok: true, record }
}

/** Direct user instruction batches since the last round. */
export interface InstructionCount extends JsonObject {
  readonly sinceRound: number
  /** The last turn counted, so one turn counts once. */
  readonly lastTurn: number | null
  /** The id of the user message that counted that turn. */
  readonly countedBy: string | null
}

/**
 * Count one event: a turn counts once, at its first user-written message; a round resets.
 * @param count - the count so far.
 * @param event - the event's type and payload.
 * @param currentTurn - the turn the event belongs to.
 */
export function countInstruction(count: InstructionCount, event: { type: string, data: unknown }, currentTurn: number | null): InstructionCount {
  if (event.type === 'ieg/maintenance') return { sinceRound: 0, lastTurn: count.lastTurn, countedBy: count.countedBy }
  if (event.type !== 'user/message' || currentTurn === null || count.lastTurn === currentTurn) return count
  const message = event.data as { id?: unknown, source?: { kind?: unknown } } | null
  return message?.source?.kind === 'user' ? { sinceRound: count.sinceRound + 1, lastTurn: currentTurn, countedBy: typeof message.id === 'string' ? message.id : null } : count
}
