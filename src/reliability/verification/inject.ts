/**
 * A code contract: every required verifier profile of the deployment joins
 * the contract as a check under a critical claim of its own, which the
 * model cannot remove or weaken (its ids are reserved). Pure.
 */
import { InputError } from '../../kernel/input-error.js'
import { canonicalJson } from '../../kernel/json.js'
import type { ContractSpec } from '../contract/input.js'
import type { CheckRecord, ClaimRecord } from '../contract/records.js'
import type { VerifierProfile } from './profiles.js'

/** The reserved check and claim ids of a required profile. */
export function verifierIds(profile: VerifierProfile): { readonly check: string, readonly claim: string } {
  return { check: `verifier-${profile.id}`, claim: `verified-${profile.id}` }
}

/**
 * Refuse a model-written contract that uses an id reserved for a configured
 * profile, in every contract: a look-alike claim must not pass for the
 * injected one.
 * @param spec - the model's validated contract.
 * @param profiles - the deployment's sealed profiles.
 * @throws InputError naming the reserved id and its profile.
 */
export function refuseReservedIds(spec: ContractSpec, profiles: readonly VerifierProfile[]): void {
  for (const profile of profiles) {
    const ids = verifierIds(profile)
    const role = profile.required ? 'required verifier profile' : 'verifier profile'
    if (spec.checks.some(check => check.id === ids.check)) throw new InputError('checks', `the id ${ids.check} is reserved for the ${role} ${profile.id}`)
    if (spec.claims.some(claim => claim.id === ids.claim)) throw new InputError('claims', `the id ${ids.claim} is reserved for the ${role} ${profile.id}`)
  }
}

/** The claim and check a required profile adds to a code contract. */
function injectedFor(profile: VerifierProfile): { readonly check: CheckRecord, readonly claim: ClaimRecord } {
  const ids = verifierIds(profile)
  return {
    check: { id: ids.check, kind: 'code_verification_succeeded', args: { profile: profile.id } },
    claim: { id: ids.claim, statement: `The verifier "${profile.description}" passes in the host sandbox after the last change`, importance: 'critical', verification: 'deterministic', checkIds: [ids.check], minimumIndependentSources: 1 },
  }
}

/**
 * The spec with every required profile injected at the end. Exact copies of
 * the injected claims and checks already present (a code draft passed back
 * as it was drafted) are replaced by the injected ones; any other use of a
 * reserved id is refused.
 * @param spec - the model's validated contract.
 * @param profiles - the deployment's sealed profiles.
 * @throws InputError when no profile is required or the model used a reserved id.
 */
export function withRequiredVerifiers(spec: ContractSpec, profiles: readonly VerifierProfile[]): ContractSpec {
  const required = profiles.filter(profile => profile.required)
  if (required.length === 0) throw new InputError('arguments', 'this deployment configures no required verifier profile (codeVerificationProfiles), so no code contract can be opened; use reliability_begin')
  const injected = required.map(injectedFor)
  const copies = new Set(injected.flatMap(item => [canonicalJson(item.check), canonicalJson(item.claim)]))
  const own = { ...spec, claims: spec.claims.filter(claim => !copies.has(canonicalJson(claim))), checks: spec.checks.filter(check => !copies.has(canonicalJson(check))) }
  refuseReservedIds(own, profiles)
  return { ...own, claims: [...own.claims, ...injected.map(item => item.claim)], checks: [...own.checks, ...injected.map(item => item.check)] }
}
