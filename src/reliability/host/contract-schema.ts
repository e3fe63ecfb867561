/**
 * The model-facing parameters of the contract tools (host schema DSL),
 * derived from the check vocabulary, the claim value sets and the intent
 * lists. The schema carries types only; the shape of claims, checks and
 * intent is one compact grammar in reliability_begin's parameter
 * descriptions, which the other contract tools refer to (they declare only
 * the required parameters; their optional ones reach the validator all the
 * same). Exact shapes and bounds are enforced by the contract input
 * validator, which names the field.
 */
import { CHECK_ARGUMENTS, CHECK_KIND_NAMES, CHECK_KINDS, type CheckArgName } from '../checks/vocabulary.js'
import { CLAIM_IMPORTANCE, CLAIM_VERIFICATION } from '../contract/input.js'
import { INTENT_LIST_NAMES, INTENT_SOURCE_NAMES } from '../review/vocabulary.js'
import type { ReliabilityConfig } from '../config.js'

/** Which optional parameters the deployment offers, and whether the grammar is spelled out. */
export interface ContractParameterFacts {
  /** Review mode is `required`: the interpreted intent is an argument. */
  readonly intent: boolean
  /** Authoring mode is `auxiliary-model`: the draft receipt is an argument. */
  readonly draftReceipt: boolean
  /** Spell out the grammar and the optional parameters (reliability_begin); otherwise the required parameters' types only. */
  readonly grammar: boolean
}

/**
 * The optional contract parameters a deployment offers.
 * @param config - resolved row configuration.
 */
export function offeredParameters(config: ReliabilityConfig): Omit<ContractParameterFacts, 'grammar'> {
  return { intent: config.contractReview.mode === 'required', draftReceipt: config.contractAuthoring.mode === 'auxiliary-model' }
}

/** `kind(required, optional?)` for every check kind, in declaration order. */
export function checkGrammar(): string {
  return CHECK_KIND_NAMES.map(kind => `${kind}(${[...CHECK_KINDS[kind].required, ...CHECK_KINDS[kind].optional.map(name => `${name}?`)].join(',')})`).join(' ')
}

/** One gloss per check argument, from its declaration. */
function argumentGlosses(): string {
  return (Object.keys(CHECK_ARGUMENTS) as CheckArgName[]).map(name => `${name}: ${CHECK_ARGUMENTS[name].description}`).join('; ')
}

const GRAMMAR = {
  objective: () => 'What the task must achieve, in the user\'s terms.',
  claims: () => `[{id, statement, importance: ${CLAIM_IMPORTANCE.join('|')}, verification: ${CLAIM_VERIFICATION.join('|')} , check_ids: [check id], minimum_independent_sources?: integer}]`,
  checks: () => `[{id, kind, ...arguments}]: ${checkGrammar()}. ${argumentGlosses()}.`,
  max_attempts: () => 'At most the deployment cap (the default).',
  intent: () => `Your interpretation for the user: {objective_source?, ${INTENT_LIST_NAMES.map(name => `${name}?`).join(', ')}}, lists of {text, source}; source: ${INTENT_SOURCE_NAMES.join('|')}.`,
  draft_receipt: () => 'From reliability_draft; its objective, claims and checks unchanged.',
} as const

/**
 * Parameters of reliability_assess, reliability_begin and reliability_begin_code.
 * @param facts - which optional parameters exist and whether to spell out the grammar.
 */
export function contractParameters(facts: ContractParameterFacts) {
  const described = <T extends object>(schema: T, name: keyof typeof GRAMMAR): T & { readonly description?: string } => (facts.grammar ? { ...schema, description: GRAMMAR[name]() } : schema)
  const required = {
    objective: described({ type: 'string', required: true } as const, 'objective'),
    claims: described({ type: 'array', required: true } as const, 'claims'),
    checks: described({ type: 'array', required: true } as const, 'checks'),
  }
  // The tools that refer to reliability_begin's grammar declare only the required parameters.
  if (!facts.grammar) return required
  return {
    ...required,
    max_attempts: described({ type: 'integer' } as const, 'max_attempts'),
    ...(facts.intent ? { intent: described({ type: 'object', additionalProperties: true } as const, 'intent') } : {}),
    ...(facts.draftReceipt ? { draft_receipt: described({ type: 'string' } as const, 'draft_receipt') } : {}),
  }
}
