/** The IEG session state folded from `ieg/*` events. Pure. */
import type { JsonObject } from '../../kernel/json.js'
import type { FoldEvent, FoldSpec } from '../../kernel/projection.js'
import type { OrientationRecord } from './record.js'

/** Folded IEG state of one session. */
export interface IegState extends JsonObject {
  orientation: OrientationRecord | null
}

const INITIAL: IegState = { orientation: null }

/**
 * Apply one committed event.
 * @returns the next state; the same reference for other events.
 */
export function applyIegEvent(state: IegState, event: FoldEvent): IegState {
  switch (event.type) {
    case 'ieg/orientation': return { ...state, orientation: event.data as OrientationRecord }
    default: return state
  }
}

/** Shape guard (not a deep walk: the state is only ever produced by this fold from accepted events). */
function isIegState(value: unknown): value is IegState {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'orientation' in value
}

/** The projection fold registered by the `ieg` row. */
export const iegFold: FoldSpec<IegState, 'ieg'> = {
  key: 'ieg',
  stateVersion: 1,
  init: () => INITIAL,
  apply: applyIegEvent,
  isState: isIegState,
}
