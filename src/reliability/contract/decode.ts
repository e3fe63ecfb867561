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
import { isReceipt, receiptMatches } from '../../kernel/receipts.js'
import { assessCoverage } from './coverage.js'
import { parseContractInput, type ContractLimits } from './input.js'
import type { AttemptRecord, ContractRecord, TerminalRecord } from './records.js'

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
}

const receipt = z.string().refine(isReceipt, 'not a receipt')
const jsonObject = z.record(z.string(), z.unknown())

const contractV3 = z.strictObject({
  version: z.literal(3),
  contractId: z.string(),
  objective: z.string(),
  claims: z.array(jsonObject),
  checks: z.array(jsonObject),
  maxAttempts: z.number().int().min(1).max(STORED_LIMITS.maxAttempts),
  startedAtSeq: z.number().int().min(0),
  coverage: jsonObject,
  reviewMode: z.literal('off'),
  receipt,
})

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

function checkedReceipt<T extends { receipt: string }>(parsed: z.ZodSafeParseResult<T>): Decoded<T> {
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
  if (version !== 3) return { ok: false, reason: `contract version ${JSON.stringify(version ?? null)} is not one this build reads (3)` }
  const decoded = checkedReceipt(contractV3.safeParse(data))
  if (!decoded.ok) return decoded
  const record = decoded.record as unknown as ContractRecord
  if (record.startedAtSeq !== seq || record.contractId !== `contract-${seq}`) return { ok: false, reason: `its evidence boundary (${record.startedAtSeq}, ${record.contractId}) is not its own place in the log (seq ${seq})` }
  try {
    const spec = parseContractInput({
      objective: record.objective,
      claims: record.claims.map(claim => ({ id: claim.id, statement: claim.statement, importance: claim.importance, verification: claim.verification, check_ids: claim.checkIds, minimum_independent_sources: claim.minimumIndependentSources })),
      checks: record.checks.map(check => ({ id: check.id, kind: check.kind, ...check.args })),
      max_attempts: record.maxAttempts,
    }, STORED_LIMITS)
    if (canonicalJson(spec.claims) !== canonicalJson(record.claims) || canonicalJson(spec.checks) !== canonicalJson(record.checks) || spec.objective !== record.objective) return { ok: false, reason: 'its claims or checks do not re-validate to themselves' }
    if (canonicalJson(assessCoverage(spec.claims, spec.checks)) !== canonicalJson(record.coverage)) return { ok: false, reason: 'its coverage assessment does not recompute' }
    if (assessCoverage(spec.claims, spec.checks).status !== 'ready') return { ok: false, reason: 'its coverage was not ready' }
  } catch (error) {
    return { ok: false, reason: `its content is invalid: ${error instanceof Error ? error.message : String(error)}` }
  }
  return { ok: true, record }
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
