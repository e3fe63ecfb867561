/**
 * The IEG session state folded from `ieg/*` events: the orientation and the
 * information ledger. Pure. Each record is decoded strictly (exact keys,
 * types, the next revision, a basis exactly on a promotion to AUTHORITATIVE);
 * the first that fails becomes the integrity state, and nothing later applies.
 */
import { z } from 'zod'
import type { JsonObject } from '../../kernel/json.js'
import type { FoldEvent, FoldSpec } from '../../kernel/projection.js'
import { decodeInformation, type InformationRecord } from '../information/ledger.js'
import { countInstruction, decodeMaintenance, type InstructionCount } from '../maintenance/record.js'
import type { OrientationRecord } from './record.js'

/** Folded IEG state of one session. */
export interface IegState extends JsonObject {
  orientation: OrientationRecord | null
  /** The latest revision of every information record, in the order they were first recorded. */
  information: InformationRecord[]
  /** Completed maintenance rounds. */
  maintenanceRounds: number
  /** The open turn, from the host's `turn/start`. */
  turn: number | null
  /** Direct user instruction batches since the last maintenance round. */
  instructions: InstructionCount
  /** The first record that could not be decoded or was out of order; once set, nothing later applies. */
  integrityError: string | null
}

const INITIAL: IegState = { orientation: null, information: [], maintenanceRounds: 0, turn: null, instructions: { sinceRound: 0, lastTurn: null, countedBy: null }, integrityError: null }

const orientation = z.strictObject({
  revision: z.number().int().min(1),
  intent: z.string(),
  objective: z.string(),
  scope: z.string(),
  terminology: z.array(z.strictObject({ term: z.string(), meaning: z.string() })),
  plan: z.array(z.string()),
})

/**
 * Apply one committed event.
 * @returns the next state; the same reference for other events.
 */
export function applyIegEvent(state: IegState, event: FoldEvent): IegState {
  if (state.integrityError !== null) return state
  switch (event.type) {
    case 'ieg/orientation': {
      const decoded = orientation.safeParse(event.data)
      if (!decoded.success) return { ...state, integrityError: `ieg/orientation at seq ${event.seq}: ${decoded.error.issues[0]?.message ?? 'malformed'} at ${decoded.error.issues[0]?.path.join('.') || 'record'}` }
      const expected = (state.orientation?.revision ?? 0) + 1
      if (decoded.data.revision !== expected) return { ...state, integrityError: `ieg/orientation at seq ${event.seq}: revision ${decoded.data.revision}, the next is ${expected}` }
      return { ...state, orientation: decoded.data }
    }
    case 'ieg/information': {
      const decoded = decodeInformation(event.data, id => state.information.find(record => record.id === id) ?? null)
      if (!decoded.ok) return { ...state, integrityError: `ieg/information at seq ${event.seq}: ${decoded.reason}` }
      const known = state.information.some(record => record.id === decoded.record.id)
      return { ...state, information: known ? state.information.map(record => record.id === decoded.record.id ? decoded.record : record) : [...state.information, decoded.record] }
    }
    case 'ieg/maintenance': {
      const decoded = decodeMaintenance(event.data, state.maintenanceRounds)
      if (!decoded.ok) return { ...state, integrityError: `ieg/maintenance at seq ${event.seq}: ${decoded.reason}` }
      return { ...state, maintenanceRounds: decoded.record.round, instructions: countInstruction(state.instructions, event, state.turn) }
    }
    case 'turn/start': {
      const turn = (event.data as { turn?: unknown } | null)?.turn
      return typeof turn === 'number' ? { ...state, turn } : state
    }
    case 'user/message': {
      const instructions = countInstruction(state.instructions, event, state.turn)
      return instructions === state.instructions ? state : { ...state, instructions }
    }
    default: return state
  }
}

/** Shape guard (not a deep walk: the state is only ever produced by this fold from decoded events). */
function isIegState(value: unknown): value is IegState {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'orientation' in value && 'information' in value && 'instructions' in value && 'integrityError' in value
}

/** The projection fold registered by the `ieg` row. */
export const iegFold: FoldSpec<IegState, 'ieg'> = {
  key: 'ieg',
  stateVersion: 4,
  init: () => INITIAL,
  apply: (state, event) => {
    try {
      return applyIegEvent(state, event)
    } catch (error) {
      return { ...state, integrityError: `${event.type} at seq ${event.seq}: it could not be read (${error instanceof Error ? error.message : String(error)})` }
    }
  },
  isState: isIegState,
}
