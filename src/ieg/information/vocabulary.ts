/**
 * The information-integrity vocabulary: statuses with their rank, and the
 * dispositions of information that stopped being authoritative. Declared
 * once; tool schemas, the transition table, the status counts and the docs
 * derive from it. Pure.
 */

/** Statuses, highest trust first; `rank` orders promotion and demotion. */
export const INFORMATION_STATUSES = {
  AUTHORITATIVE: { rank: 3, meaning: 'established by evidence or the user\'s confirmation; safe to rely on' },
  PROVISIONAL: { rank: 2, meaning: 'believed but not yet established' },
  PENDING_CONFIRMATION: { rank: 2, meaning: 'waiting for the user to confirm it' },
  SUSPECT: { rank: 1, meaning: 'in doubt; do not rely on it' },
  INVALID: { rank: 0, meaning: 'known to be wrong; never reuse it' },
  DEPRECATED: { rank: 0, meaning: 'outdated; kept only as a marked record' },
  SUPERSEDED: { rank: 0, meaning: 'replaced by newer information; never reuse it' },
} as const

/** One status. */
export type InformationStatus = keyof typeof INFORMATION_STATUSES

/** The status names, in declaration order. */
export const INFORMATION_STATUS_NAMES = Object.keys(INFORMATION_STATUSES) as [InformationStatus, ...InformationStatus[]]

/** What was done about information that stopped being authoritative. */
export const INFORMATION_DISPOSITIONS = {
  CORRECTED: 'a corrected value is recorded (its record id in the provenance or a later record)',
  REPLACED: 'other information took its place',
  QUARANTINED: 'kept aside until someone decides',
  REMOVED: 'deleted from the workspace; the record keeps the fact, IEG deletes nothing',
} as const

/** One disposition. */
export type InformationDisposition = keyof typeof INFORMATION_DISPOSITIONS

/** The disposition names, in declaration order. */
export const INFORMATION_DISPOSITION_NAMES = Object.keys(INFORMATION_DISPOSITIONS) as [InformationDisposition, ...InformationDisposition[]]

/** Statuses whose value must not come back into the workspace. */
export const RETIRED_STATUSES: ReadonlySet<InformationStatus> = new Set(['INVALID', 'SUPERSEDED'])
