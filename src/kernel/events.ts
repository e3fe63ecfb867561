/**
 * The single declaration of every session event type this bundle writes, their
 * payload types (merged into the host's `SessionEventMap`), and the pure
 * registration of those types with a reader catalog.
 */
import type { JsonObject } from './json.js'
import type { AttemptRecord, ContractRecord, TerminalRecord } from '../reliability/contract/records.js'

/**
 * Payload type per event type. Types whose capability is not implemented yet
 * carry an opaque JSON object; the owning capability narrows its entry.
 */
export interface GovernanceEventMap {
  /** An activated evidence contract (complete record). */
  'reliability/contract': ContractRecord
  /** One evaluation of the active contract's checks. */
  'reliability/attempt': AttemptRecord
  /** certified, exhausted or abstained. */
  'reliability/terminal': TerminalRecord
  /** A trusted verifier profile's run and verdict. */
  'reliability/code-verification': JsonObject
  /** A receipt-bound auxiliary contract draft. */
  'reliability/contract-draft': JsonObject
  /** The user's decision over an interpreted-intent proposal. */
  'reliability/intent-review': JsonObject
  /** The user's decision over an evidence proposal. */
  'reliability/contract-review': JsonObject
  /** The complete orientation record of the session (intent, objective, scope, plan). */
  'ieg/orientation': JsonObject
  /** The complete information-integrity ledger after a change. */
  'ieg/information': JsonObject
  /** The complete terminology glossary after a change. */
  'ieg/glossary': JsonObject
}

/** One event type this bundle writes. */
export type GovernanceEventType = keyof GovernanceEventMap

/** Every event type, in declaration order; a test proves it matches {@link GovernanceEventMap}. */
export const GOVERNANCE_EVENT_TYPES = [
  'reliability/contract',
  'reliability/attempt',
  'reliability/terminal',
  'reliability/code-verification',
  'reliability/contract-draft',
  'reliability/intent-review',
  'reliability/contract-review',
  'ieg/orientation',
  'ieg/information',
  'ieg/glossary',
] as const satisfies readonly GovernanceEventType[]

type Missing = Exclude<GovernanceEventType, typeof GOVERNANCE_EVENT_TYPES[number]>
/** Compile-time proof that the list names every map entry. */
export const EVERY_EVENT_TYPE_LISTED: [Missing] extends [never] ? true : Missing = true

/** The reader catalog as the host exposes it: a set typed read-only. */
export interface EventTypeCatalog {
  has(type: string): boolean
}

/**
 * Add every governance event type to a reader catalog and confirm each landed.
 * @param catalog - the host's catalog value (checked, because it crosses a package boundary).
 * @param catalogName - name used in error messages.
 * @returns the types that were newly added (empty when already registered).
 * @throws Error when the catalog is missing, not a mutable set, or refuses a type.
 */
export function registerEventTypes(catalog: unknown, catalogName: string): readonly GovernanceEventType[] {
  if (!(catalog instanceof Set)) {
    throw new Error(`dsh-governance: session reader catalog ${catalogName} is ${catalog === undefined ? 'missing' : 'not a Set'}; this host cannot load sessions that contain governance events`)
  }
  const added: GovernanceEventType[] = []
  for (const type of GOVERNANCE_EVENT_TYPES) {
    if (catalog.has(type)) continue
    catalog.add(type)
    if (!catalog.has(type)) {
      throw new Error(`dsh-governance: session reader catalog ${catalogName} refused event type "${type}"`)
    }
    added.push(type)
  }
  return added
}
