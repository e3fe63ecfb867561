/**
 * The reliability lifecycle folded from session events. Pure: the state is a
 * function of the log alone, so resume and fork see exactly what was written.
 */
import type { JsonObject } from '../../kernel/json.js'
import type { FoldEvent, FoldSpec } from '../../kernel/projection.js'
import { receiptMatches } from './lifecycle.js'
import type { AttemptRecord, ContractRecord, TerminalOutcome, TerminalRecord } from './records.js'

/** Folded state: the latest contract with its attempts and terminal record. */
export interface ReliabilityState extends JsonObject {
  readonly contract: ContractRecord | null
  readonly attempts: AttemptRecord[]
  readonly terminal: TerminalRecord | null
  /** Set when a stored record's receipt does not cover its content; nothing later applies. */
  readonly integrityError: string | null
}

/** Where the latest contract stands. */
export type ReliabilityPhase = 'inactive' | 'active' | TerminalOutcome

const INITIAL: ReliabilityState = { contract: null, attempts: [], terminal: null, integrityError: null }

/**
 * Apply one committed event.
 * @param state - state covering all earlier events.
 * @param event - the next event.
 * @returns the next state; the same reference for events of other types.
 */
export function applyReliabilityEvent(state: ReliabilityState, event: FoldEvent): ReliabilityState {
  if (!event.type.startsWith('reliability/') || state.integrityError !== null) return state
  const data = event.data as { receipt?: unknown }
  if (typeof data.receipt === 'string' && !receiptMatches(data as { receipt: string })) {
    return { ...state, integrityError: `${event.type} at seq ${event.seq}: its receipt does not cover its content (tampered or corrupt)` }
  }
  switch (event.type) {
    case 'reliability/contract':
      return { contract: event.data as ContractRecord, attempts: [], terminal: null, integrityError: null }
    case 'reliability/attempt': {
      const attempt = event.data as AttemptRecord
      if (state.contract?.contractId !== attempt.contractId || state.terminal !== null) return state
      return { ...state, attempts: [...state.attempts, attempt] }
    }
    case 'reliability/terminal': {
      const terminal = event.data as TerminalRecord
      if (state.contract?.contractId !== terminal.contractId || state.terminal !== null) return state
      return { ...state, terminal }
    }
    default:
      return state
  }
}

/**
 * The phase of a folded state.
 * @param state - folded state.
 * @returns inactive without a contract, the terminal outcome once ended, else active.
 */
export function reliabilityPhase(state: ReliabilityState): ReliabilityPhase {
  if (state.contract === null) return 'inactive'
  return state.terminal === null ? 'active' : state.terminal.outcome
}

/** Shape guard (not a deep walk: the state is only ever produced by this fold from accepted events). */
function isReliabilityState(value: unknown): value is ReliabilityState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  return 'contract' in record && 'terminal' in record && 'integrityError' in record && Array.isArray(record['attempts'])
}

/** The projection fold registered by the governor row. */
export const reliabilityFold: FoldSpec<ReliabilityState, 'reliability'> = {
  key: 'reliability',
  stateVersion: 1,
  init: () => INITIAL,
  apply: applyReliabilityEvent,
  isState: isReliabilityState,
}
