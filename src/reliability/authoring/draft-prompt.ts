/**
 * The fixed, versioned instructions of the auxiliary draft call and the one
 * user text block it gets. The check vocabulary is listed from its single
 * declaration. Pure.
 */
import { CHECK_ARGUMENTS, CHECK_KIND_NAMES, checkKind } from '../checks/vocabulary.js'

/** Bumped whenever the system prompt's text changes; recorded on every draft. */
export const DRAFT_PROMPT_VERSION = 1

/** Kinds of draft: a general evidence contract, or a code contract (required verifiers injected afterwards). */
export const DRAFT_KINDS = {
  general: 'claims evidenced by deterministic checks over the workspace and the session log',
  code: 'a code task; the deployment adds its required verifier checks to the draft itself',
} as const

/** One draft kind. */
export type DraftKind = keyof typeof DRAFT_KINDS

/** The system prompt of every draft call. */
export function draftSystemPrompt(): string {
  const kinds = CHECK_KIND_NAMES.filter(kind => kind !== 'code_verification_succeeded').map((kind) => {
    const spec = checkKind(kind)
    const args = [...spec.required, ...spec.optional.map(arg => `${arg}?`)].join(', ')
    return `- ${kind} (${args}): ${spec.summary}`
  })
  const args = Object.entries(CHECK_ARGUMENTS).map(([name, arg]) => `- ${name}: ${arg.description}`)
  return [
    `You draft evidence contracts (prompt version ${DRAFT_PROMPT_VERSION}). You cannot see or change any files and you call no tools.`,
    'Given a task objective and a context summary, list what must be true when the task is done (claims) and the deterministic checks that would prove each claim.',
    'Answer with exactly one JSON object and nothing else: {"claims": [...], "checks": [...]}.',
    'A claim: {"id", "statement", "importance": "critical"|"important"|"minor", "verification": "deterministic"|"human-required"|"unsupported", "check_ids": [...], "minimum_independent_sources"?}.',
    'A check: {"id", "kind", ...its arguments}. Check kinds:',
    ...kinds,
    'Arguments:',
    ...args,
    'Use only paths and facts the context names. Mark a claim human-required or unsupported when no check can prove it.',
  ].join('\n')
}

/**
 * The single user text block.
 * @param kind - the draft kind.
 * @param objective - the task objective.
 * @param context - the caller's context summary.
 */
export function draftUserText(kind: DraftKind, objective: string, context: string): string {
  return `Contract kind: ${kind} (${DRAFT_KINDS[kind]}).\nObjective: ${objective}\nContext:\n${context}`
}
