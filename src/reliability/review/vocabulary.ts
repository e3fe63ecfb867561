/**
 * The vocabulary of the two-stage contract review, declared once: review
 * modes, stages, the answer options a user is offered, the decisions a
 * review records, and where each part of an interpreted intent comes from.
 * Types, tool schema, prompt text, cards and docs derive from these. Pure.
 */

/** How contracts are reviewed before they activate. */
export const REVIEW_MODES = {
  required: 'the user approves the interpreted intent, then the evidence, before a version 5 contract is stored (needs a question provider: the web UI, or a bundle that answers questions)',
  off: 'unattended: contracts activate unreviewed and are stored as version 3',
} as const

/** One review mode. */
export type ReviewMode = keyof typeof REVIEW_MODES
export const REVIEW_MODE_NAMES = Object.keys(REVIEW_MODES) as readonly ReviewMode[]

/** The two stages, in order, with the purpose each card and question carries. */
export const REVIEW_STAGES = {
  intent: { purpose: 'intent-review', title: 'Approve what "done" means', event: 'reliability/intent-review' },
  evidence: { purpose: 'evidence-review', title: 'Approve how "done" will be checked', event: 'reliability/contract-review' },
} as const

/** One review stage. */
export type ReviewStage = keyof typeof REVIEW_STAGES

/** The options of every review question, by the decision each one means. */
export const REVIEW_OPTIONS = {
  approved: { label: 'Approve', description: 'This is right; continue.' },
  revised: { label: 'Revise', description: 'Not quite; the agent revises it from your feedback (type it as your answer).' },
  rejected: { label: 'Reject', description: 'Do not open this contract.' },
} as const

/** An option a user can pick. */
export type ReviewChoice = keyof typeof REVIEW_OPTIONS

/** What a review records. Only `approved` lets the next stage (or the contract) follow. */
export const REVIEW_DECISIONS = {
  approved: 'the user approved this exact proposal',
  revised: 'the user asked for a revision (feedback is recorded only as its size and hash)',
  rejected: 'the user rejected the proposal',
  cancelled: 'the question was dismissed or aborted without an answer',
  unavailable: 'no user could be asked (no question provider, a delegated agent, or a review already pending)',
  invalid: 'the answer did not match the question or its card (a stale or forged answer approves nothing)',
} as const

/** One recorded decision. */
export type ReviewDecision = keyof typeof REVIEW_DECISIONS
export const REVIEW_DECISION_NAMES = Object.keys(REVIEW_DECISIONS) as readonly ReviewDecision[]

/** Where a part of the interpreted intent comes from, as the caller declares it. */
export const INTENT_SOURCES = {
  user: 'stated by the user',
  agent: 'the agent\'s interpretation',
  orientation: 'from the orientation recorded in this session',
  workspace: 'read from the workspace',
} as const

/** One declared provenance. */
export type IntentSource = keyof typeof INTENT_SOURCES
export const INTENT_SOURCE_NAMES = Object.keys(INTENT_SOURCES) as readonly IntentSource[]

/** The lists an interpreted intent holds besides its objective: argument name, record key, heading. */
export const INTENT_LISTS = {
  constraints: { key: 'constraints', heading: 'Constraints', description: 'What the result must respect.' },
  assumptions: { key: 'assumptions', heading: 'Assumptions', description: 'What the agent takes as given.' },
  non_goals: { key: 'nonGoals', heading: 'Not in scope', description: 'What the task deliberately leaves out.' },
  ambiguities: { key: 'ambiguities', heading: 'Open questions', description: 'What the request leaves open, and how the agent resolved it.' },
} as const

/** One intent list, by its argument name. */
export type IntentListName = keyof typeof INTENT_LISTS
export const INTENT_LIST_NAMES = Object.keys(INTENT_LISTS) as readonly IntentListName[]
