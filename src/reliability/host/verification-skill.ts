/**
 * Host adapter: the `reliability-code-verification` skill, guidance for code
 * tasks registered with `ctx.skills` when the host has a skill registry.
 * Guidance, never authority: only the verifier's recorded run is evidence.
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '@deepseek-ai/dsh-skill'

/** The skill's name. */
export const VERIFICATION_SKILL = 'reliability-code-verification'

const CONTENT = `# Code verification

Open a code contract when the task changes code whose correctness a
deployment verifier (tests, build, type check) can decide:
\`reliability_code_profiles\` lists them, \`reliability_begin_code\` adds every
required one as a critical claim.

1. Make your changes first. Any tool call after a verifier run may have
   changed the code, so only runs after your last change count.
2. Run \`reliability_code_verify\` with a profile id. Running the tests yourself
   through bash is useful for you, but it is never evidence.
3. A failed run shows the end of the verifier's output. Read the first
   failure in it, repair that, and verify again. Do not repeat a run without a
   change.
4. \`timeout\` means the verifier ran too long; look for a hang before rerunning.
   \`configuration\` and \`infrastructure\` are not about your code: report them
   and call \`reliability_abstain\` instead of retrying.
5. Claim completion only with the certification receipt. If the claim needs
   a human (a visual check, a judgment), abstain with the reason.
`

/**
 * Register the skill when the host has a skill registry.
 * @param ctx - the row's context.
 */
export function registerVerificationSkill(ctx: Context): void {
  ctx.inject(['skills'], (scoped) => {
    scoped.skills.register({
      name: VERIFICATION_SKILL,
      description: 'How to open, verify and repair a code contract with the deployment\'s trusted verifier profiles.',
      whenToUse: 'A task changes code that the deployment\'s tests or build can verify.',
      content: CONTENT,
      source: 'runtime',
    })
  })
}
