/**
 * The orientation record: intent, objective, scope, terminology and an
 * ordered plan. Updates are partial: a field the update omits keeps its
 * recorded value. Pure.
 */
import type { JsonObject } from '../../kernel/json.js'

/** One defined term. */
export interface TermRecord extends JsonObject {
  term: string
  meaning: string
}

/** `ieg/orientation`: the complete orientation after an update. */
export interface OrientationRecord extends JsonObject {
  revision: number
  intent: string
  objective: string
  scope: string
  terminology: TermRecord[]
  plan: string[]
}

/** Bounds on orientation input. */
export interface OrientationLimits {
  readonly maxTextChars: number
  readonly maxItems: number
}

/** A validated partial update. */
export type OrientationUpdate = Partial<Pick<OrientationRecord, 'intent' | 'objective' | 'scope' | 'terminology' | 'plan'>>

const TEXT_FIELDS = ['intent', 'objective', 'scope'] as const
const FIELDS = [...TEXT_FIELDS, 'terminology', 'plan'] as const

function text(value: unknown, field: string, limits: OrientationLimits): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${field}: must be a non-empty string`)
  if (value.length > limits.maxTextChars) throw new Error(`${field}: must be at most ${limits.maxTextChars} characters (got ${value.length})`)
  return value.trim()
}

function items(value: unknown, field: string, limits: OrientationLimits): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${field}: must be an array`)
  if (value.length > limits.maxItems) throw new Error(`${field}: must hold at most ${limits.maxItems} items (got ${value.length})`)
  return value
}

/**
 * Validate `record_orientation` arguments.
 * @param raw - tool arguments.
 * @param limits - bounds.
 * @returns the partial update.
 * @throws Error naming the field.
 */
export function parseOrientationUpdate(raw: Record<string, unknown>, limits: OrientationLimits): OrientationUpdate {
  for (const key of Object.keys(raw)) {
    if (!(FIELDS as readonly string[]).includes(key)) throw new Error(`${key}: is not a known field (known: ${FIELDS.join(', ')})`)
  }
  const update: OrientationUpdate = {}
  for (const field of TEXT_FIELDS) if (raw[field] !== undefined) update[field] = text(raw[field], field, limits)
  if (raw['terminology'] !== undefined) {
    update.terminology = items(raw['terminology'], 'terminology', limits).map((entry, index) => {
      if (typeof entry !== 'object' || entry === null) throw new Error(`terminology[${index}]: must be an object with term and meaning`)
      const item = entry as Record<string, unknown>
      return { term: text(item['term'], `terminology[${index}].term`, limits), meaning: text(item['meaning'], `terminology[${index}].meaning`, limits) }
    })
  }
  if (raw['plan'] !== undefined) update.plan = items(raw['plan'], 'plan', limits).map((step, index) => text(step, `plan[${index}]`, limits))
  if (Object.keys(update).length === 0) throw new Error(`arguments: give at least one of ${FIELDS.join(', ')}`)
  return update
}

/**
 * Apply an update to the recorded orientation.
 * @param previous - the recorded orientation, or null.
 * @param update - a validated update.
 * @returns the complete next record.
 */
export function mergeOrientation(previous: OrientationRecord | null, update: OrientationUpdate): OrientationRecord {
  const base: OrientationRecord = previous ?? { revision: 0, intent: '', objective: '', scope: '', terminology: [], plan: [] }
  return { ...base, ...update, revision: base.revision + 1 }
}

/**
 * What the model is told after recording.
 * @param record - the recorded orientation.
 */
export function renderOrientation(record: OrientationRecord): string {
  const lines = [`Orientation recorded (revision ${record.revision}).`]
  for (const field of TEXT_FIELDS) lines.push(`${field[0]?.toUpperCase()}${field.slice(1)}: ${record[field] === '' ? '(not recorded)' : record[field]}`)
  lines.push(record.terminology.length === 0 ? 'Terminology: (none)' : `Terminology: ${record.terminology.map(entry => `${entry.term} = ${entry.meaning}`).join('; ')}`)
  lines.push(record.plan.length === 0 ? 'Plan: (none)' : `Plan:\n${record.plan.map((step, index) => `${index + 1}. ${step}`).join('\n')}`)
  return lines.join('\n')
}
