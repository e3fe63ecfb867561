/**
 * The release scenario shared by the e2e tier and the demo: a workspace at
 * 1.1.0, a contract proving the 1.2.0 release, and a scripted model that
 * forgets package.json, is steered with the failed evidence, repairs it, and
 * reports the certification receipt it was given.
 */
import { call, say, type ScriptEntry } from './script.ts'

/** Workspace files before the task. */
export const RELEASE_WORKSPACE = {
  'CHANGELOG.md': '# Changelog\n\n## 1.1.0\n- older\n',
  'package.json': '{\n  "name": "demo",\n  "version": "1.1.0"\n}\n',
}

/** The user's task. */
export const RELEASE_TASK = 'Release version 1.2.0: changelog entry and package.json version.'

/** The evidence contract the agent opens. */
export const RELEASE_CONTRACT = {
  objective: 'CHANGELOG.md records version 1.2.0 and package.json says 1.2.0',
  claims: [
    { id: 'changelog', statement: 'The changelog has a 1.2.0 entry', importance: 'critical', verification: 'deterministic', check_ids: ['has-entry'] },
    { id: 'version', statement: 'package.json version is 1.2.0', importance: 'critical', verification: 'deterministic', check_ids: ['pkg-version'] },
  ],
  checks: [
    { id: 'has-entry', kind: 'file_contains', path: 'CHANGELOG.md', text: '## 1.2.0' },
    { id: 'pkg-version', kind: 'json_equals', path: 'package.json', pointer: '/version', value: '1.2.0' },
  ],
  intent: {
    objective_source: 'user',
    constraints: [{ text: 'Keep the 1.1.0 changelog entry', source: 'agent' }],
    non_goals: [{ text: 'Publishing the package', source: 'agent' }],
  },
}

/** The same contract for a deployment with contract review off, which refuses the `intent` argument. */
export const RELEASE_CONTRACT_UNREVIEWED = (({ intent: _intent, ...contract }) => contract)(RELEASE_CONTRACT)

/** The steer the first attempt must produce (only package.json fails). */
export const EXPECTED_REPAIR_EVIDENCE = '- pkg-version (json_equals): package.json#/version is "1.1.0", expected "1.2.0"'

/**
 * The model's script, using the host's `read` and `write` tools.
 * @param contract - the contract it opens.
 */
export function releaseScript(contract: Record<string, unknown> = RELEASE_CONTRACT): ScriptEntry[] {
  return [
    call('reliability_begin', contract),
    call('read', { file_path: 'CHANGELOG.md' }),
    call('write', { file_path: 'CHANGELOG.md', content: '# Changelog\n\n## 1.2.0\n- release\n\n## 1.1.0\n- older\n' }),
    say('Released 1.2.0.'),
    ({ transcript }) => {
      const steer = transcript.at(-1) ?? ''
      if (!steer.includes(EXPECTED_REPAIR_EVIDENCE) || steer.includes('has-entry')) throw new Error(`unexpected steer: ${steer}`)
      return call('read', { file_path: 'package.json' })
    },
    call('write', { file_path: 'package.json', content: '{\n  "version": "1.2.0",\n  "name": "demo"\n}\n' }),
    say('package.json now says 1.2.0.'),
    ({ transcript }) => say(`Certified: ${/sha256:[0-9a-f]{64}/.exec(transcript.at(-1) ?? '')?.[0] ?? 'none'}`),
  ]
}
