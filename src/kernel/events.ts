/**
 * The single declaration of every session event type this bundle writes, their
 * payload types (merged into the host's `SessionEventMap`), and the pure
 * registration of those types with a reader catalog.
 */
import type { JsonObject } from './json.js'
import type { AttemptRecord, ContractRecord, TerminalRecord } from '../reliability/contract/records.js'
import type { OrientationRecord } from '../ieg/orientation/record.js'
import type { InformationRecord } from '../ieg/information/ledger.js'
import type { MaintenanceRecord } from '../ieg/maintenance/record.js'
import type { CodeVerificationRecord } from '../reliability/verification/record.js'
import type { ContractDraftRecord } from '../reliability/authoring/draft.js'

/**
 * Payload type per event type. Types whose capability is not implemented yet
 * carry an opaque JSON object; the owning capability narrows its entry.
 */
export interface GovernanceEventMap {
  'reliability/contract': ContractRecord
  'reliability/attempt': AttemptRecord
  'reliability/terminal': TerminalRecord
  'reliability/code-verification': CodeVerificationRecord
  'reliability/contract-draft': ContractDraftRecord
  'reliability/intent-review': JsonObject
  'reliability/contract-review': JsonObject
  'ieg/orientation': OrientationRecord
  'ieg/information': InformationRecord
  'ieg/glossary': JsonObject
  'ieg/maintenance': MaintenanceRecord
}

/** One event type this bundle writes. */
export type GovernanceEventType = keyof GovernanceEventMap

/** What each event records; the compiler holds these keys equal to {@link GovernanceEventMap}. */
export const GOVERNANCE_EVENTS = {
  'reliability/contract': 'An activated evidence contract: objective, claims, checks, coverage, budget and evidence boundary.',
  'reliability/attempt': 'One evaluation of the active contract: trigger, ordered check results, verdict, receipt.',
  'reliability/terminal': 'The end of a contract: certified, exhausted or abstained, with reason and the linked attempt receipt.',
  'reliability/code-verification': 'A trusted verifier profile run: profile receipt, exit and sandbox facts, output hashes, verdict.',
  'reliability/contract-draft': 'A successful auxiliary-model draft: kind, objective, claims, checks, coverage, route, model, prompt version, usage; never the context.',
  'reliability/intent-review': 'The user\'s decision over an exact interpreted-intent proposal receipt.',
  'reliability/contract-review': 'The user\'s decision over an evidence proposal bound to the approved intent.',
  'ieg/orientation': 'The complete orientation record: intent, objective, scope, terminology, ordered plan.',
  'ieg/information': 'One information record, complete, at its new revision: id, status, value, provenance, disposition, and the basis of a promotion to AUTHORITATIVE.',
  'ieg/glossary': 'The complete terminology glossary after a change.',
  'ieg/maintenance': 'One completed maintenance round: files traversed per class, findings, and the proposed plan (never applied); resets the instruction count.',
} as const satisfies Record<GovernanceEventType, string>

/** Every event type, in declaration order. */
export const GOVERNANCE_EVENT_TYPES = Object.keys(GOVERNANCE_EVENTS) as readonly GovernanceEventType[]

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
