/**
 * Strict decoding of a stored intent proposal: exact keys, declared
 * provenances, a receipt that recomputes and mismatches that re-derive from
 * the objective and the orientation it embeds. Pure.
 */
import { z } from 'zod'
import { canonicalJson } from '../../kernel/json.js'
import { isReceipt, receiptMatches } from '../../kernel/receipts.js'
import { mismatchesOf, type IntentProposal } from './intent.js'
import { INTENT_SOURCE_NAMES } from './vocabulary.js'

/** A receipt string. */
export const receiptSchema = z.string().refine(isReceipt, 'not a receipt')

const item = z.strictObject({ text: z.string().min(1), source: z.enum(INTENT_SOURCE_NAMES as [string, ...string[]]) })

const orientation = z.strictObject({
  revision: z.number().int().min(1),
  objective: z.string(),
  scope: z.string(),
  terminology: z.array(z.strictObject({ term: z.string(), meaning: z.string() })),
  plan: z.array(z.string()),
})

/** A stored intent proposal. */
export const intentProposalSchema = z.strictObject({
  objective: item,
  constraints: z.array(item),
  assumptions: z.array(item),
  nonGoals: z.array(item),
  ambiguities: z.array(item),
  orientation: orientation.nullable(),
  mismatches: z.array(z.string()),
  receipt: receiptSchema,
}).superRefine((proposal, context) => {
  if (!receiptMatches(proposal)) context.addIssue({ code: 'custom', message: 'its receipt does not cover its content' })
  else if (canonicalJson(mismatchesOf(proposal.objective.text, proposal.orientation)) !== canonicalJson(proposal.mismatches)) context.addIssue({ code: 'custom', path: ['mismatches'], message: 'they do not re-derive from the objective and the orientation' })
}) as unknown as z.ZodType<IntentProposal>
