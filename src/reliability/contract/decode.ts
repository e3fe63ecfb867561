/**
 * Strict decoders for the governor's durable records, the way the host's own
 * `goal` package reads its changes back: exact keys, a known version, a
 * receipt that recomputes, and content that re-derives (claims and checks
 * re-validate to themselves, the coverage assessment recomputes, the evidence
 * boundary is the record's own place in the log). A record that fails is an
 * integrity violation, never a cast. Pure.
 */
import { z } from 'zod'
import { canonicalJson } from '../../kernel/json.js'
import { receiptMatches } from '../../kernel/receipts.js'
import { intentProposalSchema, receiptSchema } from '../review/intent-schema.js'
import { authorshipProblem, authorshipSchema } from '../authoring/modes.js'
import { assessCoverage } from './coverage.js'
import { parseContractInput, type ContractLimits } from './input.js'
import type { AttemptRecord, CheckRecord, ClaimRecord, ContractRecord, TerminalRecord } from './records.js'

/** Decoding outcome. */
export type Decoded<T> = { readonly ok: true, readonly record: T } | { readonly ok: false, readonly reason: string }

/** Stored records are re-validated under the widest bounds a deployment can set, never the current ones. */
const STORED_LIMITS: ContractLimits = {
  maxClaims: 200,
  maxChecks: 500,
  maxTextChars: 1_000_000,
  maxAttempts: 20,
  maxCount: 1000,
  json: { maxDepth: 64, maxBytes: 1024 * 1024, maxStringChars: 1_000_000, maxKeys: 100_000 },
  verifierProfiles: null,
}

const receipt = receiptSchema
/** A JSON object whose content is checked by re-derivation. */
export const jsonObjectSchema = z.record(z.string(), z.unknown())

const contractFields = {
  contractId: z.string(),
  objective: z.string(),
  claims: z.array(jsonObjectSchema),
  checks: z.array(jsonObjectSchema),
  maxAttempts: z.number().int().min(1).max(STORED_LIMITS.maxAttempts),
  startedAtSeq: z.number().int().min(0),
  coverage: jsonObjectSchema,
  authorship: authorshipSchema,
  receipt,
}

const contractV3 = z.strictObject({ version: z.literal(3), ...contractFields, reviewMode: z.literal('off') })
const contractV5 = z.strictObject({
  version: z.literal(5),
  ...contractFields,
  reviewMode: z.literal('required'),
  intent: intentProposalSchema,
  reviews: z.strictObject({ intent: receipt, evidence: receipt }),
})

/** The content of a contract or an evidence proposal, re-derived from itself. */
export interface DerivableContent {
  readonly objective: string
  readonly claims: ReadonlyArray<Record<string, unknown>>
  readonly checks: ReadonlyArray<Record<string, unknown>>
  readonly maxAttempts: number
  readonly coverage: Record<string, unknown>
}

/**
 * Why stored contract content does not re-derive: its claims and checks must
 * re-validate to themselves and its coverage assessment must recompute and
 * be ready.
 * @param content - stored objective, claims, checks, budget and coverage.
 * @returns the reason, or null when it re-derives.
 */
export function contentProblem(content: DerivableContent): string | null {
  try {
    const claims = content.claims as unknown as ClaimRecord[]
    const checks = content.checks as unknown as CheckRecord[]
    const spec = parseContractInput({
      objective: content.objective,
      claims: claims.map(claim => ({ id: claim.id, statement: claim.statement, importance: claim.importance, verification: claim.verification, check_ids: claim.checkIds, minimum_independent_sources: claim.minimumIndependentSources })),
      checks: checks.map(check => ({ id: check.id, kind: check.kind, ...check.args })),
      max_attempts: content.maxAttempts,
    }, STORED_LIMITS)
    if (canonicalJson(spec.claims) !== canonicalJson(content.claims) || canonicalJson(spec.checks) !== canonicalJson(content.checks) || spec.objective !== content.objective) return 'its claims or checks do not re-validate to themselves'
    const coverage = assessCoverage(spec.claims, spec.checks)
    if (canonicalJson(coverage) !== canonicalJson(content.coverage)) return 'its coverage assessment does not recompute'
    if (coverage.status !== 'ready') return 'its coverage was not ready'
    return null
  } catch (error) {
    return `its content is invalid: ${error instanceof Error ? error.message : String(error)}`
  }
}

const checkResult = z.strictObject({
  checkId: z.string(),
  passed: z.boolean(),
  evidence: z.string(),
  final: z.literal(true).optional(),
})

const attempt = z.strictObject({
  contractId: z.string(),
  attempt: z.number().int().min(1),
  trigger: z.enum(['manual', 'turn-stop']),
  results: z.array(checkResult),
  verdict: z.enum(['pass', 'fail']),
  receipt,
})

const terminal = z.strictObject({
  contractId: z.string(),
  outcome: z.enum(['certified', 'exhausted', 'abstained']),
  reason: z.string(),
  attemptReceipt: receipt.nullable(),
  receipt,
})

function issue(error: z.ZodError): string {
  const first = error.issues[0]
  return first === undefined ? 'malformed' : `${first.path.length === 0 ? 'record' : first.path.join('.')}: ${first.message}`
}

/**
 * A parsed record whose receipt covers its content.
 * @param parsed - the schema's result.
 */
export function checkedReceipt<T extends { receipt: string }>(parsed: z.ZodSafeParseResult<T>): Decoded<T> {
  if (!parsed.success) return { ok: false, reason: issue(parsed.error) }
  if (!receiptMatches(parsed.data)) return { ok: false, reason: 'its receipt does not cover its content' }
  return { ok: true, record: parsed.data }
}

/**
 * Decode a `reliability/contract` event.
 * @param data - the event payload.
 * @param seq - the event's place in the log; the evidence boundary must be exactly this.
 */
export function decodeContract(data: unknown, seq: number): Decoded<ContractRecord> {
  const version = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['version'] : undefined
  if (version !== 3 && version !== 5) return { ok: false, reason: `contract version ${JSON.stringify(version ?? null)} is not one this build reads (3, 5)` }
  const decoded = version === 3 ? checkedReceipt(contractV3.safeParse(data)) : checkedReceipt(contractV5.safeParse(data))
  if (!decoded.ok) return decoded
  const record = decoded.record as unknown as ContractRecord
  if (record.startedAtSeq !== seq || record.contractId !== `contract-${seq}`) return { ok: false, reason: `its evidence boundary (${record.startedAtSeq}, ${record.contractId}) is not its own place in the log (seq ${seq})` }
  if (record.version === 5 && record.intent.objective.text !== record.objective) return { ok: false, reason: 'its objective is not the approved intent\'s objective' }
  const authorship = authorshipProblem(record.authorship)
  if (authorship !== null) return { ok: false, reason: authorship }
  const problem = contentProblem(record)
  return problem === null ? { ok: true, record } : { ok: false, reason: problem }
}

/**
 * Decode a `reliability/attempt` event.
 * @param data - the event payload.
 */
export function decodeAttempt(data: unknown): Decoded<AttemptRecord> {
  return checkedReceipt(attempt.safeParse(data)) as Decoded<AttemptRecord>
}

/**
 * Decode a `reliability/terminal` event.
 * @param data - the event payload.
 */
export function decodeTerminal(data: unknown): Decoded<TerminalRecord> {
  return checkedReceipt(terminal.safeParse(data)) as Decoded<TerminalRecord>
}
