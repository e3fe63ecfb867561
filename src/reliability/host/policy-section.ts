/** Host adapter: the model-visible `reliability:policy` system-prompt section. */
import type { Context } from '@deepseek-ai/cordis'
import { assertNoPromptVariable } from '../../kernel/prompt-text.js'
import { CHECK_KIND_NAMES } from '../checks/vocabulary.js'
import type { AuthoringMode } from '../authoring/modes.js'
import type { ReviewMode } from '../review/vocabulary.js'

/** Section name. */
export const POLICY_SECTION = 'reliability:policy'

/** The deployment facts the policy text depends on. */
export interface PolicyFacts {
  readonly review: ReviewMode
  /** Whether verifier profiles are configured. */
  readonly codeVerification: boolean
  readonly authoring: AuthoringMode
}

/**
 * The policy text. It names tools and check kinds from their declarations and
 * holds no prompt variable (checked at registration).
 * @param facts - review mode, code verification, authoring mode.
 */
export function policyText(facts: PolicyFacts): string {
  const { review: mode, codeVerification, authoring } = facts
  return [
    'Reliability governor: for a task whose outcome can be checked, open an evidence contract with reliability_begin (preflight it with reliability_assess): declared claims, each mapped to deterministic checks',
    `(${CHECK_KIND_NAMES.join(', ')}).`,
    ...(authoring === 'auxiliary-model' ? ['Before opening a contract, have its claims and checks drafted with reliability_draft (after only the read-only exploration you need), then open it with the draft\'s exact objective, claims, checks and draft_receipt.'] : []),
    ...(mode === 'required' ? ['The user approves your interpreted intent (pass intent: constraints, assumptions, non_goals, ambiguities, each with its source) and then the checks before the contract is active; on a revision, revise from the feedback and begin again.'] : []),
    'While a contract is active, its checks run whenever you stop; failed evidence comes back to you for repair within a fixed attempt budget.',
    'Claim completion only with a certification receipt. When a claim needs human judgment or cannot be proved safely, call reliability_abstain with the reason.',
    ...(codeVerification ? ['For code tasks open reliability_begin_code; the deployment\'s verifiers (reliability_code_profiles) run in the host sandbox through reliability_code_verify after your last change, and a test run through bash never counts.'] : []),
    'Never repeat an action whose outcome you cannot observe; inspect the state instead.',
  ].join(' ')
}

/**
 * Register the section.
 * @param ctx - context carrying `systemPrompt`.
 * @param order - section order from the row configuration.
 * @param facts - review mode, code verification, authoring mode.
 */
export function registerPolicySection(ctx: Context, order: number, facts: PolicyFacts): void {
  ctx.systemPrompt.section({ name: POLICY_SECTION, order, text: assertNoPromptVariable(policyText(facts), POLICY_SECTION) })
}
