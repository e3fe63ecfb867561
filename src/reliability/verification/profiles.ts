/**
 * Verifier profiles: deployment-owned commands that decide whether code is
 * right ("the tests pass"). The argv comes from configuration, never from
 * the model; the sandbox mode is a ceiling the session's policy can only
 * narrow; a receipt over the normalized definition binds every result to
 * the exact profile that produced it. Pure.
 */
import type { JsonObject } from '../../kernel/json.js'
import { withReceipt, type Receipt } from '../../kernel/receipts.js'

/** Sandbox modes a profile may ask for, narrowest first. */
export const VERIFIER_SANDBOX_MODES = ['read-only', 'workspace-write'] as const

/** A profile's sandbox ceiling. */
export type VerifierSandboxMode = typeof VERIFIER_SANDBOX_MODES[number]

/** A profile as configured. */
export interface VerifierProfileConfig {
  id: string
  description: string
  command: string
  args: string[]
  timeoutMs: number
  sandboxMode: VerifierSandboxMode
  required: boolean
  maxOutputBytes: number
}

/** A profile with its receipt. */
export interface VerifierProfile extends JsonObject {
  readonly id: string
  readonly description: string
  readonly command: string
  readonly args: string[]
  readonly timeoutMs: number
  readonly sandboxMode: VerifierSandboxMode
  readonly required: boolean
  readonly maxOutputBytes: number
  readonly receipt: Receipt
}

/** Profile ids: kebab-case. */
export const PROFILE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Longest profile id: its derived claim and check ids (`verified-<id>`, `verifier-<id>`) must fit the 64-character contract id. */
export const MAX_PROFILE_ID_CHARS = 55

/**
 * Why a configured profile list is invalid, with the key path, or null.
 * @param profiles - the configured list.
 * @param at - the key path of the list.
 */
export function profilesProblem(profiles: readonly VerifierProfileConfig[], at: string): string | null {
  const seen = new Set<string>()
  for (const [index, profile] of profiles.entries()) {
    const path = `${at}[${index}]`
    if (!PROFILE_ID.test(profile.id) || profile.id.length > MAX_PROFILE_ID_CHARS) return `${path}.id must be kebab-case, 1 to ${MAX_PROFILE_ID_CHARS} characters (got ${JSON.stringify(profile.id)})`
    if (seen.has(profile.id)) return `${path}.id repeats ${JSON.stringify(profile.id)}`
    seen.add(profile.id)
    if (profile.command === '' || /[\0\s]/.test(profile.command) || profile.command === '.' || profile.command === '..') return `${path}.command must name one executable (an absolute path or a bare name, no whitespace: put arguments in args; got ${JSON.stringify(profile.command)})`
    if (!profile.command.startsWith('/') && profile.command.includes('/')) return `${path}.command must be an absolute path or a bare name found on PATH, not a relative path`
    const bad = profile.args.findIndex(arg => arg.includes('\0'))
    if (bad >= 0) return `${path}.args[${bad}] holds a NUL character`
    if (profile.description.trim() === '') return `${path}.description must not be empty`
  }
  const writers = profiles.flatMap((profile, index) => profile.required && profile.sandboxMode === 'workspace-write' ? [index] : [])
  if (writers.length > 1) return `${at}[${writers[1]}].sandboxMode: at most one required profile may have workspace-write (${at}[${writers[0]}] has it too), because each run of one may change what the other verified`
  return null
}

/**
 * The profiles with their receipts over the normalized definition.
 * @param profiles - a valid configured list.
 */
export function sealProfiles(profiles: readonly VerifierProfileConfig[]): VerifierProfile[] {
  return profiles.map(profile => withReceipt({
    id: profile.id,
    description: profile.description.trim(),
    command: profile.command,
    args: [...profile.args],
    timeoutMs: profile.timeoutMs,
    sandboxMode: profile.sandboxMode,
    required: profile.required,
    maxOutputBytes: profile.maxOutputBytes,
  }))
}

/**
 * What the model may see of a profile: never its argv.
 * @param profile - a sealed profile.
 */
export function profileMetadata(profile: VerifierProfile): JsonObject {
  return { id: profile.id, description: profile.description, required: profile.required, sandbox: profile.sandboxMode, timeout_ms: profile.timeoutMs, receipt: profile.receipt }
}

/**
 * The narrower of a profile's ceiling and the session's mode: the session can only narrow.
 * @param ceiling - the profile's sandbox mode.
 * @param session - the session's effective mode.
 */
export function effectiveMode(ceiling: VerifierSandboxMode, session: string): VerifierSandboxMode {
  return session === 'read-only' ? 'read-only' : ceiling
}
