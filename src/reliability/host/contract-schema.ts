/**
 * The model-facing parameter schema of a contract, derived from the check
 * vocabulary and the claim value sets (host schema DSL). Exact bounds are
 * enforced by the contract input validator, which names the field.
 */
import { CHECK_ARGUMENTS, CHECK_KIND_NAMES, CHECK_KINDS, type CheckArgName } from '../checks/vocabulary.js'
import { CLAIM_IMPORTANCE, CLAIM_VERIFICATION } from '../contract/input.js'
import { INTENT_LIST_NAMES, INTENT_LISTS, INTENT_SOURCE_NAMES, INTENT_SOURCES } from '../review/vocabulary.js'

function usedBy(name: CheckArgName): string {
  return CHECK_KIND_NAMES.filter(kind => ([...CHECK_KINDS[kind].required, ...CHECK_KINDS[kind].optional] as readonly string[]).includes(name)).join(', ')
}

function argumentSchema(name: CheckArgName) {
  const declared = CHECK_ARGUMENTS[name]
  const description = `${declared.description} Used by: ${usedBy(name)}.`
  switch (declared.type) {
    case 'string': return { type: 'string', description } as const
    case 'integer': return { type: 'integer', description } as const
    case 'json': return { type: 'json', description } as const
    case 'object': return { type: 'object', additionalProperties: true, description } as const
  }
}

const checkArgumentProperties = Object.fromEntries((Object.keys(CHECK_ARGUMENTS) as CheckArgName[]).map(name => [name, argumentSchema(name)]))

const SOURCE_DESCRIPTION = `Where it comes from: ${INTENT_SOURCE_NAMES.map(name => `${name} (${INTENT_SOURCES[name]})`).join(', ')}.`

const intentItem = {
  type: 'object',
  additionalProperties: false,
  properties: {
    text: { type: 'string', required: true, description: 'One sentence.' },
    source: { type: 'string', required: true, enum: [...INTENT_SOURCE_NAMES], description: SOURCE_DESCRIPTION },
  },
} as const

/** The interpreted intent the user reviews before the evidence (review mode required). */
const intentParameter = {
  type: 'object',
  additionalProperties: false,
  description: 'How you interpret the task, shown to the user for approval before the evidence: each entry with where it comes from. Omitted lists are empty.',
  properties: {
    objective_source: { type: 'string', enum: [...INTENT_SOURCE_NAMES], description: `Where the objective comes from (default agent). ${SOURCE_DESCRIPTION}` },
    ...Object.fromEntries(INTENT_LIST_NAMES.map(name => [name, { type: 'array', description: INTENT_LISTS[name].description, items: intentItem }])),
  },
} as const

/** Parameters of reliability_assess and reliability_begin. */
export const contractParameters = {
  objective: { type: 'string', required: true, description: 'What the task must achieve, in the user\'s terms.' },
  claims: {
    type: 'array',
    required: true,
    description: 'What must be true when the task is done; each claim names the checks that evidence it.',
    items: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: { type: 'string', required: true, description: 'Unique claim id.' },
        statement: { type: 'string', required: true, description: 'The claim in one sentence.' },
        importance: { type: 'string', required: true, enum: [...CLAIM_IMPORTANCE], description: 'critical: the task failed if this is false.' },
        verification: { type: 'string', required: true, enum: [...CLAIM_VERIFICATION], description: 'deterministic when the checks can prove it; otherwise the contract needs review and you should abstain.' },
        check_ids: { type: 'array', required: true, items: { type: 'string' }, description: 'Ids of the checks that evidence this claim.' },
        minimum_independent_sources: { type: 'integer', description: 'Distinct evidence sources required (default 1): one per workspace path, one for all tool-trajectory checks.' },
      },
    },
  },
  checks: {
    type: 'array',
    required: true,
    description: 'Ordered deterministic checks.',
    items: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: { type: 'string', required: true, description: 'Unique check id.' },
        kind: { type: 'string', required: true, enum: [...CHECK_KIND_NAMES], description: 'The check kind.' },
        ...checkArgumentProperties,
      },
    },
  },
  max_attempts: { type: 'integer', description: 'Attempt budget, at most the deployment cap (the cap when omitted).' },
  intent: intentParameter,
  draft_receipt: { type: 'string', description: 'auxiliary-model authoring only: the draft_receipt of the latest reliability_draft; objective, claims and checks must then be exactly the draft\'s.' },
} as const
