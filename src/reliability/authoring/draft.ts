/**
 * The auxiliary draft: its model output read as strict JSON of exactly
 * `{claims, checks}`, validated like `reliability_begin`'s arguments (with
 * required verifiers injected for a code draft) and admitted only with ready
 * coverage; then sealed as `reliability/contract-draft`, and bound at begin
 * to the exact, unused, latest draft. Pure.
 */
import { z } from 'zod'
import { InputError } from '../../kernel/input-error.js'
import { canonicalJson, type JsonObject } from '../../kernel/json.js'
import { parseLosslessJson } from '../../kernel/lossless-json.js'
import { withReceipt, type Receipt } from '../../kernel/receipts.js'
import type { FoldEvent } from '../../kernel/projection.js'
import { assessCoverage } from '../contract/coverage.js'
import { checkedReceipt, contentProblem, jsonObjectSchema, type Decoded } from '../contract/decode.js'
import { parseContractInput, type ContractLimits, type ContractSpec } from '../contract/input.js'
import type { CheckRecord, ClaimRecord } from '../contract/records.js'
import { receiptSchema } from '../review/intent-schema.js'
import { refuseReservedIds, withRequiredVerifiers } from '../verification/inject.js'
import type { VerifierProfile } from '../verification/profiles.js'
import { DRAFT_KINDS, type DraftKind } from './draft-prompt.js'

/** Where the draft came from. */
export interface DraftProvenance extends JsonObject {
  readonly provider: string
  readonly model: string
  readonly promptVersion: number
  /** Token counts when the adapter reported them. */
  readonly usage: { readonly inputTokens: number, readonly outputTokens: number } | null
}

/** `reliability/contract-draft`: one successful draft; never the context, never reasoning. */
export interface ContractDraftRecord extends JsonObject, DraftProvenance {
  readonly version: 1
  readonly kind: DraftKind
  /** The draft's own place in the log: two drafts with the same content still have distinct receipts. */
  readonly draftedAtSeq: number
  readonly objective: string
  readonly claims: ClaimRecord[]
  readonly checks: CheckRecord[]
  readonly maxAttempts: number
  readonly coverage: JsonObject
  readonly receipt: Receipt
}

/**
 * The contract a draft's model output proposes.
 * @param text - the model's whole text.
 * @param kind - the draft kind.
 * @param objective - the objective the caller gave.
 * @param limits - contract bounds.
 * @param profiles - the deployment's sealed verifier profiles.
 * @throws InputError naming what is wrong with the output.
 */
export function readDraftOutput(text: string, kind: DraftKind, objective: string, limits: ContractLimits, profiles: readonly VerifierProfile[]): ContractSpec {
  const parsed = parseLosslessJson(text)
  if (!parsed.ok) throw new InputError('draft', `the auxiliary model's output is not strict JSON (${parsed.reason})`)
  const value = parsed.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError('draft', 'the auxiliary model\'s output is not a JSON object')
  const keys = Object.keys(value).sort()
  if (canonicalJson(keys) !== canonicalJson(['checks', 'claims'])) throw new InputError('draft', `the auxiliary model's output must have exactly the keys claims and checks (got ${keys.join(', ') || 'none'})`)
  let spec: ContractSpec
  try {
    spec = parseContractInput({ objective, claims: value['claims'], checks: value['checks'] }, limits)
    if (kind === 'code') spec = withRequiredVerifiers(spec, profiles)
    else refuseReservedIds(spec, profiles)
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`draft.${error.field}`, error.problem)
    throw error
  }
  const coverage = assessCoverage(spec.claims, spec.checks)
  if (coverage.status !== 'ready') throw new InputError('draft', `the drafted contract's coverage is ${coverage.status}: ${coverage.findings.join('; ')}`)
  return spec
}

/**
 * Seal a draft.
 * @param kind - the draft kind.
 * @param spec - the admitted contract.
 * @param provenance - provider, model, prompt version, usage.
 * @param draftedAtSeq - the seq the draft event will occupy.
 */
export function draftRecord(kind: DraftKind, spec: ContractSpec, provenance: DraftProvenance, draftedAtSeq: number): ContractDraftRecord {
  const coverage = assessCoverage(spec.claims, spec.checks) as unknown as JsonObject
  return withReceipt({ version: 1 as const, kind, draftedAtSeq, objective: spec.objective, claims: spec.claims, checks: spec.checks, maxAttempts: spec.maxAttempts, coverage, ...provenance })
}

const draftSchema = z.strictObject({
  version: z.literal(1),
  kind: z.enum(Object.keys(DRAFT_KINDS) as [DraftKind, ...DraftKind[]]),
  draftedAtSeq: z.number().int().min(0),
  objective: z.string(),
  claims: z.array(jsonObjectSchema),
  checks: z.array(jsonObjectSchema),
  maxAttempts: z.number().int().min(1).max(20),
  coverage: jsonObjectSchema,
  provider: z.string().min(1),
  model: z.string().min(1),
  promptVersion: z.number().int().min(1),
  usage: z.strictObject({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) }).nullable(),
  receipt: receiptSchema,
})

/**
 * Decode a `reliability/contract-draft` event: exact keys, a receipt that
 * recomputes, its own place in the log, content that re-derives.
 * @param data - the event payload.
 * @param seq - the event's seq.
 */
export function decodeDraft(data: unknown, seq: number): Decoded<ContractDraftRecord> {
  const decoded = checkedReceipt(draftSchema.safeParse(data))
  if (!decoded.ok) return decoded
  const record = decoded.record as unknown as ContractDraftRecord
  if (record.draftedAtSeq !== seq) return { ok: false, reason: `it claims seq ${record.draftedAtSeq}, not its own place in the log (seq ${seq})` }
  const problem = contentProblem(record)
  return problem === null ? { ok: true, record } : { ok: false, reason: problem }
}

/** Record types that consume a draft receipt when they carry it. */
const CONSUMERS = new Set(['reliability/contract', 'reliability/contract-review'])

function carriedDraft(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return undefined
  const record = data as { authorship?: { draftReceipt?: unknown }, proposal?: { authorship?: { draftReceipt?: unknown } } }
  return record.authorship?.draftReceipt ?? record.proposal?.authorship?.draftReceipt
}

/**
 * Bind a contract to the draft it claims to be: the latest draft of the
 * session, intact, of the same kind, from the route and prompt configured
 * now, never used by a contract or an evidence review, with exactly its
 * objective, claims, checks and budget.
 * @param events - the session's events.
 * @param draftReceipt - the receipt the caller gave.
 * @param kind - the kind of contract being opened.
 * @param spec - the contract being opened (required verifiers injected for code).
 * @param route - the configured provider, model and the prompt version of this build.
 * @throws InputError naming the mismatch.
 */
export function bindDraft(events: readonly FoldEvent[], draftReceipt: string, kind: DraftKind, spec: ContractSpec, route: Pick<DraftProvenance, 'provider' | 'model' | 'promptVersion'>): ContractDraftRecord {
  const latest = events.filter(event => event.type === 'reliability/contract-draft').at(-1)
  if (latest === undefined) throw new InputError('draft_receipt', 'no draft was recorded in this session; call reliability_draft first')
  const decoded = decodeDraft(latest.data, latest.seq)
  if (!decoded.ok) throw new InputError('draft_receipt', `the latest draft record (seq ${latest.seq}) is not intact: ${decoded.reason}`)
  const draft = decoded.record
  if (draft.receipt !== draftReceipt) throw new InputError('draft_receipt', `is not the receipt of the latest draft (seq ${latest.seq}); begin from the latest draft exactly`)
  const used = events.find(event => event.seq > latest.seq && CONSUMERS.has(event.type) && carriedDraft(event.data) === draftReceipt)
  if (used !== undefined) throw new InputError('draft_receipt', `was already used (${used.type} at seq ${used.seq}); a draft opens one contract`)
  if (draft.kind !== kind) throw new InputError('draft_receipt', `names a ${draft.kind} draft; open it with ${draft.kind === 'code' ? 'reliability_begin_code' : 'reliability_begin'}`)
  if (draft.provider !== route.provider || draft.model !== route.model || draft.promptVersion !== route.promptVersion) throw new InputError('draft_receipt', `names a draft from ${draft.provider}/${draft.model} (prompt version ${draft.promptVersion}), not the configured ${route.provider}/${route.model} (prompt version ${route.promptVersion}); draft again`)
  if (draft.objective !== spec.objective) throw new InputError('objective', 'differs from the draft\'s objective')
  if (draft.maxAttempts !== spec.maxAttempts) throw new InputError('max_attempts', `is ${spec.maxAttempts}, the draft's budget is ${draft.maxAttempts}; omit it or pass the draft's`)
  if (canonicalJson(draft.claims) !== canonicalJson(spec.claims)) throw new InputError('claims', 'differ from the draft\'s claims (same ids, order and fields required)')
  if (canonicalJson(draft.checks) !== canonicalJson(spec.checks)) throw new InputError('checks', 'differ from the draft\'s checks (same ids, order and arguments required)')
  return draft
}
