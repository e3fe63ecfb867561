/**
 * Contract authoring: who writes a contract's claims and checks. The one
 * declaration of the modes; configuration, the authorship recorded on
 * proposals and contracts, and the docs derive from it. Pure.
 */
import { z } from 'zod'
import type { Receipt } from '../../kernel/receipts.js'
import { receiptSchema } from '../review/intent-schema.js'

/** Authoring modes and what each records as the contract's authorship. */
export const AUTHORING_MODES = {
  'current-agent': 'written by the task agent (no extra model call)',
  'auxiliary-model': 'drafted by one isolated auxiliary-model call (reliability_draft) and bound to that draft by its receipt',
  'manual': 'supplied by the caller as a reviewed or reference contract (caller-declared, not checked)',
} as const

/** One authoring mode. */
export type AuthoringMode = keyof typeof AUTHORING_MODES

/** The mode names, in declaration order. */
export const AUTHORING_MODE_NAMES = Object.keys(AUTHORING_MODES) as [AuthoringMode, ...AuthoringMode[]]

/** Who wrote a contract: the mode, and the receipt of the draft it came from (auxiliary-model only). */
export interface Authorship {
  readonly mode: AuthoringMode
  readonly draftReceipt: Receipt | null
}

/**
 * Why an authorship is inconsistent, or null: a draft receipt exactly in auxiliary-model mode.
 * @param authorship - a decoded authorship.
 */
export function authorshipProblem(authorship: Authorship): string | null {
  return (authorship.mode === 'auxiliary-model') === (authorship.draftReceipt !== null) ? null : 'its authorship names a draft receipt exactly when it was drafted by the auxiliary model'
}

/** The stored form of an authorship, decoded strictly. */
export const authorshipSchema = z.strictObject({ mode: z.enum(AUTHORING_MODE_NAMES), draftReceipt: receiptSchema.nullable() })

/** An exact provider route or model id: printable ASCII, no spaces, no invisible characters. */
const ROUTE_ID = /^[!-~]+$/

/**
 * Why an authoring configuration is invalid, with the key path, or null:
 * the auxiliary model needs an exact route and model.
 * @param config - the configured authoring settings.
 * @param at - the key path of the settings.
 */
export function authoringProblem(config: { readonly mode: AuthoringMode, readonly provider: string, readonly model: string }, at: string): string | null {
  if (config.mode !== 'auxiliary-model') return null
  if (!ROUTE_ID.test(config.provider)) return `${at}.provider must name the provider route of the auxiliary model exactly: printable ASCII without spaces (mode auxiliary-model; got ${JSON.stringify(config.provider)})`
  if (!ROUTE_ID.test(config.model)) return `${at}.model must name the auxiliary model exactly: printable ASCII without spaces (mode auxiliary-model; got ${JSON.stringify(config.model)})`
  return null
}
