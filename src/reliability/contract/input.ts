/**
 * Model-facing contract arguments (snake_case) validated with exact bounds
 * into contract records. Pure; every refusal names the field.
 */
import { InputError } from '../../kernel/input-error.js'
import type { JsonObject, JsonValue } from '../../kernel/json.js'
import { jsonBoundsViolation, type JsonBounds } from '../../kernel/json-bounds.js'
import { CHECK_ARGUMENTS, CHECK_KINDS, isCheckKind, type CheckArgName } from '../checks/vocabulary.js'
import type { CheckArgs } from '../checks/evidence.js'
import { isJsonPointer } from '../checks/json-pointer.js'
import { parseWorkspacePath } from '../checks/paths.js'
import { PROFILE_ID } from '../verification/profiles.js'
import type { CheckRecord, ClaimImportance, ClaimRecord, ClaimVerification } from './records.js'

/** Deployment bounds on contract arguments. */
export interface ContractLimits {
  readonly maxClaims: number
  readonly maxChecks: number
  readonly maxTextChars: number
  /** Deployment cap on a contract's attempt budget, also its default. */
  readonly maxAttempts: number
  /** Upper bound of `minimum_independent_sources` and `min_count`. */
  readonly maxCount: number
  /** Bounds of each JSON-valued argument (`value`, `arguments_contain`). */
  readonly json: JsonBounds
  /** The configured verifier profile ids a `profile` argument may name; null accepts any well-formed id (stored records). */
  readonly verifierProfiles: readonly string[] | null
}

/** A validated contract before it is stored. */
export interface ContractSpec {
  readonly objective: string
  readonly claims: ClaimRecord[]
  readonly checks: CheckRecord[]
  readonly maxAttempts: number
}

/** Closed value sets of claim fields. */
export const CLAIM_IMPORTANCE = ['critical', 'important', 'minor'] as const satisfies readonly ClaimImportance[]
export const CLAIM_VERIFICATION = ['deterministic', 'human-required', 'unsupported'] as const satisfies readonly ClaimVerification[]

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(field, 'must be an object')
  return value as Record<string, unknown>
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], field: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new InputError(`${field}.${key}`, `is not a known field (known: ${allowed.join(', ')})`)
  }
}

function text(value: unknown, field: string, max: number, allowEmpty = false): string {
  if (typeof value !== 'string') throw new InputError(field, 'must be a string')
  if (!allowEmpty && value.trim().length === 0) throw new InputError(field, 'must not be empty')
  if (value.length > max) throw new InputError(field, `must be at most ${max} characters (got ${value.length})`)
  return value
}

function identifier(value: unknown, field: string): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw new InputError(field, 'must be 1-64 characters of letters, digits, _ . - starting with a letter or digit')
  return value
}

function integer(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new InputError(field, `must be an integer from ${min} to ${max}`)
  }
  return value
}

function list(value: unknown, field: string, min: number, max: number): unknown[] {
  if (!Array.isArray(value)) throw new InputError(field, 'must be an array')
  if (value.length < min || value.length > max) throw new InputError(field, `must hold ${min} to ${max} items (got ${value.length})`)
  return value
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new InputError(field, `must be one of ${allowed.join(', ')}`)
  return value as T
}

function unique(ids: readonly string[], field: string): void {
  const seen = new Set<string>()
  for (const [index, id] of ids.entries()) {
    if (seen.has(id)) throw new InputError(`${field}[${index}].id`, `duplicates id "${id}"`)
    seen.add(id)
  }
}

function checkArgument(name: CheckArgName, value: unknown, field: string, limits: ContractLimits): CheckArgs[CheckArgName] {
  switch (name) {
    case 'path': {
      const parsed = parseWorkspacePath(text(value, field, limits.maxTextChars))
      if (!parsed.ok) throw new InputError(field, parsed.reason)
      return parsed.path
    }
    case 'text': return text(value, field, limits.maxTextChars, true)
    case 'pointer': {
      const pointer = text(value, field, limits.maxTextChars, true)
      if (!isJsonPointer(pointer)) throw new InputError(field, 'must be an RFC 6901 JSON Pointer ("" or "/a/0", escapes ~0 and ~1)')
      return pointer
    }
    case 'value':
      return boundedJson(value, field, limits.json)
    case 'tool': return identifier(value, field)
    case 'arguments_contain':
      return boundedJson(record(value, field), field, limits.json) as JsonObject
    case 'min_count': return integer(value, field, 1, limits.maxCount)
    case 'profile': {
      if (typeof value !== 'string' || !PROFILE_ID.test(value)) throw new InputError(field, 'must be a verifier profile id (kebab-case)')
      if (limits.verifierProfiles !== null && !limits.verifierProfiles.includes(value)) throw new InputError(field, `names no configured verifier profile (configured: ${limits.verifierProfiles.join(', ') || 'none'})`)
      return value
    }
  }
}

/** A JSON-valued argument within its bounds; measured without recursion before anything walks it. */
function boundedJson(value: unknown, field: string, bounds: JsonBounds): JsonValue {
  const violation = jsonBoundsViolation(value, bounds)
  if (violation !== null) throw new InputError(field, `${violation.reason}${violation.bound === 'type' ? '' : ` (limits.json.${violation.bound})`}`)
  return value as JsonValue
}

function parseCheck(raw: unknown, field: string, limits: ContractLimits): CheckRecord {
  const item = record(raw, field)
  const id = identifier(item['id'], `${field}.id`)
  const kind = item['kind']
  if (typeof kind !== 'string' || !isCheckKind(kind)) throw new InputError(`${field}.kind`, `must be one of ${Object.keys(CHECK_KINDS).join(', ')}`)
  const spec = CHECK_KINDS[kind]
  const accepted: readonly string[] = [...spec.required, ...spec.optional]
  onlyKeys(item, ['id', 'kind', ...accepted], field)
  const args: CheckArgs = {}
  for (const name of Object.keys(CHECK_ARGUMENTS) as CheckArgName[]) {
    const value = item[name]
    if (value === undefined) {
      if ((spec.required as readonly string[]).includes(name)) throw new InputError(`${field}.${name}`, `is required for ${kind}`)
      continue
    }
    Object.assign(args, { [name]: checkArgument(name, value, `${field}.${name}`, limits) })
  }
  if ((kind === 'file_contains' || kind === 'file_not_contains') && args.text === '') throw new InputError(`${field}.text`, 'must not be empty')
  return { id, kind, args }
}

function parseClaim(raw: unknown, field: string, checkIds: ReadonlySet<string>, limits: ContractLimits): ClaimRecord {
  const item = record(raw, field)
  onlyKeys(item, ['id', 'statement', 'importance', 'verification', 'check_ids', 'minimum_independent_sources'], field)
  const ids = list(item['check_ids'], `${field}.check_ids`, 0, limits.maxChecks).map((id, index) => {
    const checkId = identifier(id, `${field}.check_ids[${index}]`)
    if (!checkIds.has(checkId)) throw new InputError(`${field}.check_ids[${index}]`, `names no declared check ("${checkId}")`)
    return checkId
  })
  if (new Set(ids).size !== ids.length) throw new InputError(`${field}.check_ids`, 'must not repeat a check id')
  return {
    id: identifier(item['id'], `${field}.id`),
    statement: text(item['statement'], `${field}.statement`, limits.maxTextChars),
    importance: oneOf(item['importance'], `${field}.importance`, CLAIM_IMPORTANCE),
    verification: oneOf(item['verification'], `${field}.verification`, CLAIM_VERIFICATION),
    checkIds: ids,
    minimumIndependentSources: item['minimum_independent_sources'] === undefined ? 1 : integer(item['minimum_independent_sources'], `${field}.minimum_independent_sources`, 1, limits.maxCount),
  }
}

/**
 * Validate contract arguments.
 * @param raw - the tool arguments.
 * @param limits - deployment bounds.
 * @returns the contract spec.
 * @throws InputError naming the first offending field.
 */
export function parseContractInput(raw: unknown, limits: ContractLimits): ContractSpec {
  const input = record(raw, 'arguments')
  onlyKeys(input, ['objective', 'claims', 'checks', 'max_attempts'], 'arguments')
  const objective = text(input['objective'], 'objective', limits.maxTextChars)
  const checks = list(input['checks'], 'checks', 1, limits.maxChecks).map((item, index) => parseCheck(item, `checks[${index}]`, limits))
  unique(checks.map(check => check.id), 'checks')
  const checkIds = new Set(checks.map(check => check.id))
  const claims = list(input['claims'], 'claims', 1, limits.maxClaims).map((item, index) => parseClaim(item, `claims[${index}]`, checkIds, limits))
  unique(claims.map(claim => claim.id), 'claims')
  const maxAttempts = input['max_attempts'] === undefined ? limits.maxAttempts : integer(input['max_attempts'], 'max_attempts', 1, limits.maxAttempts)
  return { objective, claims, checks, maxAttempts }
}
