/**
 * The compatibility baseline of the installed host, captured by
 * `node scripts/capture-baseline.ts` from a real dsh profile with both rows
 * at their defaults. Regenerate it (and review the diff) when the host changes.
 */
import type { CompatibilityBaseline } from './verdict.js'

/** Captured from @deepseek-ai/dsh 0.1.0-rc.8. */
export const BASELINE: CompatibilityBaseline = {
  host: '0.1.0-rc.8',
  sections: [
    'harness:identity',
    'deployment:persona',
    'plan:policy',
    'tool:read',
    'tool:write',
    'tool:edit',
    'tool:glob',
    'tool:grep',
    'tool:bash',
    'tool:jobs',
    'tool:web_search',
    'tool:goal',
    'tool:workflow',
    'tool:ralph',
    'tool:subagent',
    'reliability:policy',
    'ieg:governance'
  ],
  contexts: [
    'sandbox:policy',
    'approval:policy',
    'ieg:status'
  ],
  hostHash: '500e685f7c7356347f3b39b3939e220805c5dc83eb28813e09efac0281d33164',
  requiredCapabilities: [
    'systemPrompt',
    'tools',
    'sessionProjections'
  ],
  optionalCapabilities: [
    'fs',
    'approval',
    'userQuestions',
    'sandbox',
    'subprocess'
  ]
}
