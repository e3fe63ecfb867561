/** The `reliability-governor` row's configuration: the single declaration of its keys. */
import Schema from '@deepseek-ai/schemastery'
import { AUTHORING_MODE_NAMES, AUTHORING_MODES, type AuthoringMode } from './authoring/modes.js'
import type { ContractLimits } from './contract/input.js'
import { REVIEW_MODE_NAMES, REVIEW_MODES, type ReviewMode } from './review/vocabulary.js'
import { VERIFIER_SANDBOX_MODES, type VerifierProfileConfig } from './verification/profiles.js'

/** Resolved configuration of the `reliability-governor` row. */
export interface ReliabilityConfig {
  enabled: boolean
  autoVerifyAtTurnStop: boolean
  maxAttempts: number
  maxFileBytes: number
  policySectionOrder: number
  evidence: { maxConcurrentReads: number, maxAttemptBytes: number, secretFiles: string[] }
  contractReview: { mode: ReviewMode, maxIntentItems: number, maxFeedbackChars: number }
  contractAuthoring: { mode: AuthoringMode, provider: string, model: string, reasoningEffort: string, maxInputBytes: number, maxOutputTokens: number, timeoutMs: number }
  codeVerificationProfiles: VerifierProfileConfig[]
  codeVerification: { environmentAllowlist: string[], tailChars: number, graceMs: number }
  limits: Omit<ContractLimits, 'maxAttempts' | 'verifierProfiles'> & { maxContractBytes: number }
}

/** Schemastery schema with defaults, bounds and descriptions. */
export const ReliabilityConfig: Schema<ReliabilityConfig> = Schema.object({
  enabled: Schema.boolean().default(true)
    .description('Mount the governor. false leaves the row loaded but registers nothing.'),
  autoVerifyAtTurnStop: Schema.boolean().default(true)
    .description('Evaluate the active contract whenever a turn would stop, and steer a repair, the certification or the exhaustion.'),
  maxAttempts: Schema.natural().min(1).max(20).default(3)
    .description('Deployment cap on a contract\'s attempt budget (manual and turn-stop attempts together); also the budget when a contract names none.'),
  maxFileBytes: Schema.natural().min(1).max(64 * 1024 * 1024).default(1024 * 1024)
    .description('Largest file a check reads, in bytes; a larger file fails the check.'),
  evidence: Schema.object({
    maxConcurrentReads: Schema.natural().min(1).max(64).default(4).description('Most files one attempt reads at the same time.'),
    maxAttemptBytes: Schema.natural().min(1024).max(1024 * 1024 * 1024).default(64 * 1024 * 1024).description('Most bytes one attempt reads in all; a check past it fails with the reason.'),
    secretFiles: Schema.array(Schema.string()).default(['.env', '.env.*', '*.env', '*.pem', '*.key', 'id_*', '*.p12', '*.pfx', '*.jks', '*.keystore', '.netrc', '.npmrc', '.pypirc', 'credentials', 'credentials.*', '*.secret', 'secrets.*'])
      .description('File-name patterns (`*` any characters, case-insensitive) whose content evidence never quotes: sizes and hashes only.'),
  }),
  policySectionOrder: Schema.number().min(-100000).max(100000).default(8400)
    .description('System-prompt order of the reliability:policy section.'),
  contractReview: Schema.object({
    mode: Schema.union(REVIEW_MODE_NAMES).default('required')
      .description(REVIEW_MODE_NAMES.map(mode => `${mode}: ${REVIEW_MODES[mode]}.`).join(' ')),
    maxIntentItems: Schema.natural().min(0).max(100).default(20)
      .description('Most entries in each list of the interpreted intent (constraints, assumptions, non_goals, ambiguities).'),
    maxFeedbackChars: Schema.natural().min(16).max(100_000).default(4000)
      .description('Longest revision feedback a review answer may carry, in characters; longer approves nothing.'),
  }),
  contractAuthoring: Schema.object({
    mode: Schema.union(AUTHORING_MODE_NAMES).default('current-agent')
      .description(AUTHORING_MODE_NAMES.map(mode => `${mode}: ${AUTHORING_MODES[mode]}.`).join(' ')),
    provider: Schema.string().default('').description('auxiliary-model: the exact provider route of the draft call (from the host\'s model configuration); required in that mode, no fallback.'),
    model: Schema.string().default('').description('auxiliary-model: the exact model id; required in that mode.'),
    reasoningEffort: Schema.string().default('').description('auxiliary-model: a reasoning effort the model supports; empty sends none.'),
    maxInputBytes: Schema.natural().min(1024).max(1024 * 1024).default(32768).description('Largest objective plus context a draft accepts, in UTF-8 bytes.'),
    maxOutputTokens: Schema.natural().min(256).max(64_000).default(3000).description('Output token limit of the draft call; its text is also capped at 8 bytes per token.'),
    timeoutMs: Schema.natural().min(1000).max(600_000).default(45000).description('The draft call fails after this long.'),
  }),
  codeVerificationProfiles: Schema.array(Schema.object({
    id: Schema.string().required().description('Kebab-case profile id the model names (reliability_code_verify, code_verification_succeeded).'),
    description: Schema.string().required().description('What the verifier proves, shown to the model and the user.'),
    command: Schema.string().required().description('The executable: an absolute path or a bare name found on PATH. Never from the model.'),
    args: Schema.array(Schema.string()).default([]).description('Its exact arguments.'),
    timeoutMs: Schema.natural().min(1000).max(3_600_000).default(300_000).description('Stopped after this long; the run counts as a timeout.'),
    sandboxMode: Schema.union(VERIFIER_SANDBOX_MODES).default('read-only').description('Sandbox ceiling; the session\'s policy can only narrow it.'),
    required: Schema.boolean().default(true).description('Injected into every code contract (reliability_begin_code) under a critical claim.'),
    maxOutputBytes: Schema.natural().min(1024).max(16 * 1024 * 1024).default(1024 * 1024).description('Output kept in memory per stream; more is cut and flagged.'),
  })).default([]).description('Trusted verifier profiles, owned by the deployment (none by default).'),
  codeVerification: Schema.object({
    environmentAllowlist: Schema.array(Schema.string()).default(['PATH', 'HOME', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR', 'TERM', 'USER', 'LOGNAME', 'SHELL', 'CI', 'NO_COLOR', 'FORCE_COLOR'])
      .description('Host environment variables a verifier gets; names that look like credentials never pass.'),
    tailChars: Schema.natural().min(200).max(100_000).default(4000).description('How much of the end of a verifier\'s output the model sees (never recorded).'),
    graceMs: Schema.natural().min(100).max(60_000).default(2000).description('Time between the stop signal and the kill when a verifier is stopped.'),
  }),
  limits: Schema.object({
    maxClaims: Schema.natural().min(1).max(200).default(20).description('Most claims in one contract.'),
    maxChecks: Schema.natural().min(1).max(500).default(40).description('Most checks in one contract.'),
    maxTextChars: Schema.natural().min(16).max(1_000_000).default(20_000).description('Longest objective, statement, literal, path or reason, in characters.'),
    maxCount: Schema.natural().min(1).max(1000).default(10).description('Largest minimum_independent_sources and min_count.'),
    maxContractBytes: Schema.natural().min(1024).max(16 * 1024 * 1024).default(1024 * 1024).description('Largest contract record appended to the session log, in bytes of canonical JSON.'),
    json: Schema.object({
      maxDepth: Schema.natural().min(1).max(64).default(32).description('Deepest nesting of a JSON-valued check argument (value, arguments_contain).'),
      maxBytes: Schema.natural().min(64).max(1024 * 1024).default(64 * 1024).description('Largest JSON-valued check argument, in bytes.'),
      maxStringChars: Schema.natural().min(16).max(1_000_000).default(20_000).description('Longest string or key inside a JSON-valued check argument, in characters.'),
      maxKeys: Schema.natural().min(1).max(100_000).default(1000).description('Most members of one object or items of one array inside a JSON-valued check argument.'),
    }),
  }),
})

/**
 * The contract bounds a resolved configuration sets.
 * @param config - resolved configuration.
 */
export function contractLimits(config: ReliabilityConfig): ContractLimits {
  const { maxClaims, maxChecks, maxTextChars, maxCount, json } = config.limits
  return { maxClaims, maxChecks, maxTextChars, maxCount, json, maxAttempts: config.maxAttempts, verifierProfiles: config.codeVerificationProfiles.map(profile => profile.id) }
}
