/**
 * The check vocabulary: the single declaration of every check kind and every
 * check argument. The tool schema, the argument validator, the coverage
 * assessment, the policy prompt and the docs table derive from these tables.
 */
import type { CheckArgs, CheckOutcome, EvaluationContext } from './evidence.js'
import { fileAbsent, fileContains, fileEquals, fileExists, fileNotContains, jsonEquals } from './file-checks.js'
import { noToolErrors, toolNotCalled, toolSucceeded } from './trajectory.js'
import { codeVerificationSucceeded } from './verification.js'

/** Every argument a check may take: its JSON type and meaning. */
export const CHECK_ARGUMENTS = {
  path: { type: 'string', description: 'workspace-relative' },
  text: { type: 'string', description: 'literal text' },
  pointer: { type: 'string', description: 'RFC 6901 JSON Pointer ("" is the whole document)' },
  value: { type: 'json', description: 'JSON, compared canonically' },
  tool: { type: 'string', description: 'tool name' },
  arguments_contain: { type: 'object', description: 'top-level arguments the call must have' },
  min_count: { type: 'integer', description: 'calls or runs needed (default 1)' },
  profile: { type: 'string', description: 'verifier profile id' },
} as const

/** One check argument name. */
export type CheckArgName = keyof typeof CHECK_ARGUMENTS

/** Which authority produces a kind's evidence; coverage counts sources per authority. */
export type EvidenceAuthority = 'workspace-path' | 'tool-trajectory' | 'verifier-profile'

/** One check kind's declaration. */
export interface CheckKindSpec {
  readonly summary: string
  readonly required: readonly CheckArgName[]
  readonly optional: readonly CheckArgName[]
  readonly authority: EvidenceAuthority
  /** Why the kind is brittle evidence, or null; a warning, never a blocker. */
  readonly brittleness: string | null
  /** The outcome depends only on the arguments, the file's bytes and whether it is secret-like, so it is reused while those are unchanged. */
  readonly judgesContent: boolean
  evaluate(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome>
}

const EXACT_LITERAL = 'exact literal: passes on the words, not on the behaviour they describe'
const TRAJECTORY = 'trajectory, not outcome: proves a tool ran, not that the result is right'

/** Every check kind. */
export const CHECK_KINDS = {
  file_exists: {
    summary: 'The path resolves inside the workspace to a regular file.',
    required: ['path'], optional: [], authority: 'workspace-path',
    brittleness: 'presence only: any content passes', judgesContent: false, evaluate: fileExists,
  },
  file_absent: {
    summary: 'No entry of any kind exists at the path (symlinks included, not followed).',
    required: ['path'], optional: [], authority: 'workspace-path',
    brittleness: null, judgesContent: false, evaluate: fileAbsent,
  },
  file_contains: {
    summary: 'The file is UTF-8 text containing the literal `text`.',
    required: ['path', 'text'], optional: [], authority: 'workspace-path',
    brittleness: EXACT_LITERAL, judgesContent: true, evaluate: fileContains,
  },
  file_not_contains: {
    summary: 'The file is UTF-8 text that does not contain the literal `text`.',
    required: ['path', 'text'], optional: [], authority: 'workspace-path',
    brittleness: null, judgesContent: true, evaluate: fileNotContains,
  },
  file_equals: {
    summary: 'The file\'s complete UTF-8 text equals `text`.',
    required: ['path', 'text'], optional: [], authority: 'workspace-path',
    brittleness: null, judgesContent: true, evaluate: fileEquals,
  },
  json_equals: {
    summary: 'The file is unambiguous JSON (no duplicate keys, exact numbers) and the value at `pointer` canonically equals `value`.',
    required: ['path', 'pointer', 'value'], optional: [], authority: 'workspace-path',
    brittleness: null, judgesContent: true, evaluate: jsonEquals,
  },
  tool_succeeded: {
    summary: 'At least `min_count` calls of `tool` (with `arguments_contain`) succeeded after the contract started.',
    required: ['tool'], optional: ['arguments_contain', 'min_count'], authority: 'tool-trajectory',
    brittleness: TRAJECTORY, judgesContent: false, evaluate: toolSucceeded,
  },
  tool_not_called: {
    summary: '`tool` was not called after the contract started.',
    required: ['tool'], optional: [], authority: 'tool-trajectory',
    brittleness: TRAJECTORY, judgesContent: false, evaluate: toolNotCalled,
  },
  no_tool_errors: {
    summary: 'No tool call other than the governor\'s own failed after the contract started.',
    required: [], optional: [], authority: 'tool-trajectory',
    brittleness: TRAJECTORY, judgesContent: false, evaluate: noToolErrors,
  },
  code_verification_succeeded: {
    summary: 'The deployment\'s verifier `profile` passed in the host sandbox (at least `min_count` times) after the last tool call that may have changed the code.',
    required: ['profile'], optional: ['min_count'], authority: 'verifier-profile',
    brittleness: null, judgesContent: false, evaluate: codeVerificationSucceeded,
  },
} as const satisfies Record<string, CheckKindSpec>

/** One check kind name. */
export type CheckKind = keyof typeof CHECK_KINDS

/** Every check kind name, in declaration order. */
export const CHECK_KIND_NAMES = Object.keys(CHECK_KINDS) as readonly CheckKind[]

/**
 * Whether a string names a check kind.
 * @param kind - candidate name.
 * @returns true for a declared kind.
 */
export function isCheckKind(kind: string): kind is CheckKind {
  return Object.hasOwn(CHECK_KINDS, kind)
}

/**
 * A kind's declaration.
 * @param kind - a declared kind.
 */
export function checkKind(kind: CheckKind): CheckKindSpec {
  return CHECK_KINDS[kind]
}
