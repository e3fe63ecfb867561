/** Host adapter: the model-visible `reliability:policy` system-prompt section. */
import type { Context } from '@deepseek-ai/cordis'
import { assertNoPromptVariable } from '../../kernel/prompt-text.js'
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
 * The policy text: it names the tools the deployment offers (the check kinds
 * are spelled out in reliability_begin's parameters) and holds no prompt
 * variable (checked at registration).
 * @param facts - review mode, code verification, authoring mode.
 */
export function policyText(facts: PolicyFacts): string {
  const { review: mode, codeVerification, authoring } = facts
  return [
    'Reliability governor: when a task\'s outcome can be checked, open an evidence contract with reliability_begin (try it first with reliability_assess): claims, each proved by deterministic checks.',
    ...(authoring === 'auxiliary-model' ? ['Draft its claims and checks with reliability_draft first, then begin with the draft unchanged.'] : []),
    ...(mode === 'required' ? ['The user approves your intent, then the checks; on a revision, revise and begin again.'] : []),
    'The checks run whenever you stop; failures come back for repair within an attempt budget.',
    'Claim completion only with a certification receipt; when proof needs human judgment or is unsafe, call reliability_abstain.',
    ...(codeVerification ? ['For code, use reliability_begin_code and reliability_code_verify after your last change; your own test runs never count.'] : []),
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
