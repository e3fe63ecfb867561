/**
 * `reliability/code-verification`: one verifier run, recorded without its
 * output (sizes, truncation and hashes only) and bound to the profile's
 * receipt. Decoded strictly. Pure.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { JsonObject } from '../../kernel/json.js'
import { receiptMatches, withReceipt, type Receipt } from '../../kernel/receipts.js'
import { receiptSchema } from '../review/intent-schema.js'
import { VERIFIER_SANDBOX_MODES, type VerifierSandboxMode } from './profiles.js'

/** The tool that runs a profile and appends this record. */
export const CODE_VERIFY_TOOL = 'reliability_code_verify'

/** How a run ended; only `passed` is evidence that the code is right. */
export const VERIFICATION_OUTCOMES = {
  passed: 'the verifier exited 0',
  failed: 'the verifier exited non-zero or was killed by a signal',
  timeout: 'the verifier ran past its time limit and was stopped',
  configuration: 'the profile could not run as configured (its executable was not found, or resolved inside the workspace the agent can write)',
  infrastructure: 'the sandbox or the subprocess service failed, confined the verifier only partially, or could not stop a process the verifier left running',
} as const

/** One outcome. */
export type VerificationOutcome = keyof typeof VERIFICATION_OUTCOMES

/**
 * A stream as the log keeps it: the UTF-8 size and hash of the text the
 * subprocess service returned (it decodes output, replacing invalid
 * sequences, so `bytes` may exceed the stream cap for such output).
 */
export interface OutputDigest extends JsonObject {
  readonly bytes: number
  readonly truncated: boolean
  readonly sha256: string
}

/** What a run established. */
export interface VerificationFacts {
  readonly profileId: string
  readonly profileReceipt: Receipt
  /** The canonical path the command resolved to; null when it did not resolve. */
  readonly executable: string | null
  readonly outcome: VerificationOutcome
  readonly exitCode: number | null
  readonly signal: string | null
  readonly durationMs: number
  readonly sandbox: { readonly mode: VerifierSandboxMode, readonly enforcement: 'full' | 'partial' | null }
  readonly stdout: OutputDigest
  readonly stderr: OutputDigest
  /** Why the run failed without a verdict of the code (configuration, infrastructure); null otherwise. */
  readonly detail: string | null
}

/** The recorded run. */
export interface CodeVerificationRecord extends JsonObject, VerificationFacts {
  readonly version: 1
  readonly receipt: Receipt
}

/**
 * The digest of captured output.
 * @param text - what was captured.
 * @param truncated - whether the cap cut it.
 */
export function outputDigest(text: string, truncated: boolean): OutputDigest {
  return { bytes: Buffer.byteLength(text, 'utf8'), truncated, sha256: createHash('sha256').update(text, 'utf8').digest('hex') }
}

/**
 * Seal a run's record.
 * @param body - the record without its receipt.
 */
export function verificationRecord(body: VerificationFacts): CodeVerificationRecord {
  return withReceipt({ version: 1 as const, ...body }) as CodeVerificationRecord
}

const digest = z.strictObject({ bytes: z.number().int().min(0), truncated: z.boolean(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })

const record = z.strictObject({
  version: z.literal(1),
  profileId: z.string().min(1),
  profileReceipt: receiptSchema,
  executable: z.string().min(1).nullable(),
  outcome: z.enum(Object.keys(VERIFICATION_OUTCOMES) as [VerificationOutcome, ...VerificationOutcome[]]),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  durationMs: z.number().int().min(0),
  sandbox: z.strictObject({ mode: z.enum(VERIFIER_SANDBOX_MODES), enforcement: z.enum(['full', 'partial']).nullable() }),
  stdout: digest,
  stderr: digest,
  detail: z.string().nullable(),
  receipt: receiptSchema,
})

/**
 * Decode a `reliability/code-verification` event: exact keys, a receipt that
 * recomputes, and an outcome consistent with its facts (a pass exited 0 under
 * full enforcement).
 * @param data - the event payload.
 * @returns the record, or why it cannot be believed.
 */
export function decodeVerification(data: unknown): { ok: true, record: CodeVerificationRecord } | { ok: false, reason: string } {
  const parsed = record.safeParse(data)
  if (!parsed.success) return { ok: false, reason: `${parsed.error.issues[0]?.path.join('.') || 'record'}: ${parsed.error.issues[0]?.message ?? 'malformed'}` }
  const value = parsed.data as CodeVerificationRecord
  if (!receiptMatches(value)) return { ok: false, reason: 'its receipt does not cover its content' }
  if (value.outcome === 'passed' && (value.exitCode !== 0 || value.sandbox.enforcement !== 'full' || value.executable === null)) return { ok: false, reason: 'a pass that did not exit 0 from a resolved executable under full sandbox enforcement' }
  return { ok: true, record: value }
}
