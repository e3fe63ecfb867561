/**
 * The intent proposal: the objective, constraints, assumptions, non-goals
 * and open questions of a task as the agent interprets them, each with its
 * declared provenance, and (when the session recorded an orientation) the
 * orientation it starts from and any mismatch with it. A receipt binds the
 * exact proposal the user approves. Pure.
 */
import type { JsonObject } from '../../kernel/json.js'
import { withReceipt, type Receipt } from '../../kernel/receipts.js'
import { normalizedText } from '../../kernel/text.js'
import { InputError } from '../../kernel/input-error.js'
import { INTENT_LIST_NAMES, INTENT_LISTS, INTENT_SOURCE_NAMES, type IntentListName, type IntentSource } from './vocabulary.js'

/** One part of the interpreted intent with its declared provenance. */
export interface IntentItem extends JsonObject {
  readonly text: string
  readonly source: IntentSource
}

/** The orientation an intent proposal starts from. */
export interface OrientationBasis extends JsonObject {
  readonly revision: number
  readonly objective: string
  readonly scope: string
  readonly terminology: Array<{ term: string, meaning: string }>
  readonly plan: string[]
}

/** `intent` of a proposal before its receipt. */
export interface IntentBody extends JsonObject {
  readonly objective: IntentItem
  readonly constraints: IntentItem[]
  readonly assumptions: IntentItem[]
  readonly nonGoals: IntentItem[]
  readonly ambiguities: IntentItem[]
  readonly orientation: OrientationBasis | null
  /** Where the proposal and the recorded orientation disagree, shown to the user. */
  readonly mismatches: string[]
}

/** The intent proposal the user reviews first. */
export interface IntentProposal extends IntentBody {
  readonly receipt: Receipt
}

/** The validated `intent` argument. */
export interface IntentInput {
  readonly objectiveSource: IntentSource
  readonly lists: Readonly<Record<IntentListName, IntentItem[]>>
}

/** Bounds of intent arguments. */
export interface IntentLimits {
  readonly maxTextChars: number
  readonly maxItems: number
}

function source(value: unknown, field: string): IntentSource {
  if (typeof value !== 'string' || !(INTENT_SOURCE_NAMES as readonly string[]).includes(value)) throw new InputError(field, `must be one of ${INTENT_SOURCE_NAMES.join(', ')}`)
  return value as IntentSource
}

function item(raw: unknown, field: string, limits: IntentLimits): IntentItem {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError(field, 'must be an object with text and source')
  const entry = raw as Record<string, unknown>
  for (const key of Object.keys(entry)) if (key !== 'text' && key !== 'source') throw new InputError(`${field}.${key}`, 'is not a known field (known: text, source)')
  const text = entry['text']
  if (typeof text !== 'string' || text.trim() === '') throw new InputError(`${field}.text`, 'must be a non-empty string')
  if (text.length > limits.maxTextChars) throw new InputError(`${field}.text`, `must be at most ${limits.maxTextChars} characters (got ${text.length})`)
  return { text: text.trim(), source: source(entry['source'], `${field}.source`) }
}

/**
 * Validate the `intent` argument of `reliability_begin`.
 * @param raw - the argument, or undefined when omitted (the objective alone, as the agent's interpretation).
 * @param limits - bounds.
 * @throws InputError naming the field.
 */
export function parseIntentInput(raw: unknown, limits: IntentLimits): IntentInput {
  const empty = Object.fromEntries(INTENT_LIST_NAMES.map(name => [name, []])) as unknown as Record<IntentListName, IntentItem[]>
  if (raw === undefined) return { objectiveSource: 'agent', lists: empty }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError('intent', 'must be an object')
  const input = raw as Record<string, unknown>
  const known = ['objective_source', ...INTENT_LIST_NAMES]
  for (const key of Object.keys(input)) if (!known.includes(key)) throw new InputError(`intent.${key}`, `is not a known field (known: ${known.join(', ')})`)
  const lists = { ...empty }
  for (const name of INTENT_LIST_NAMES) {
    const value = input[name]
    if (value === undefined) continue
    if (!Array.isArray(value)) throw new InputError(`intent.${name}`, 'must be an array')
    if (value.length > limits.maxItems) throw new InputError(`intent.${name}`, `must hold at most ${limits.maxItems} items (got ${value.length})`)
    lists[name] = value.map((entry, index) => item(entry, `intent.${name}[${index}]`, limits))
  }
  return { objectiveSource: input['objective_source'] === undefined ? 'agent' : source(input['objective_source'], 'intent.objective_source'), lists }
}

/** The orientation fields an intent proposal shows. */
export interface OrientationFacts {
  readonly revision: number
  readonly objective: string
  readonly scope: string
  readonly terminology: ReadonlyArray<{ readonly term: string, readonly meaning: string }>
  readonly plan: readonly string[]
}

/**
 * Where an objective and the recorded orientation disagree.
 * @param objective - the proposal's objective.
 * @param orientation - the orientation it starts from, or null.
 */
export function mismatchesOf(objective: string, orientation: OrientationFacts | null): string[] {
  if (orientation === null || orientation.objective === '') return []
  if (normalizedText(orientation.objective) === normalizedText(objective)) return []
  return [`The contract's objective ("${objective}") differs from the orientation's objective ("${orientation.objective}", revision ${orientation.revision}).`]
}

/**
 * The intent proposal for a contract's objective.
 * @param objective - the contract's validated objective.
 * @param input - the validated `intent` argument.
 * @param orientation - the session's recorded orientation, or null.
 */
export function intentProposal(objective: string, input: IntentInput, orientation: OrientationFacts | null): IntentProposal {
  const lists = Object.fromEntries(INTENT_LIST_NAMES.map(name => [INTENT_LISTS[name].key, input.lists[name]])) as Pick<IntentBody, 'constraints' | 'assumptions' | 'nonGoals' | 'ambiguities'>
  const basis: OrientationBasis | null = orientation === null ? null : {
    revision: orientation.revision,
    objective: orientation.objective,
    scope: orientation.scope,
    terminology: orientation.terminology.map(entry => ({ term: entry.term, meaning: entry.meaning })),
    plan: [...orientation.plan],
  }
  const body: IntentBody = {
    objective: { text: objective, source: input.objectiveSource },
    ...lists,
    orientation: basis,
    mismatches: mismatchesOf(objective, orientation),
  }
  return withReceipt(body)
}
