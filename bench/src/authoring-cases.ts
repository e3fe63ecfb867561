/**
 * Evidence-matrix cases of contract authoring: the deployment's auxiliary
 * model drafts the contract, and the task agent begins with it unchanged.
 */
import { join } from 'node:path'
import { act, pick, toolResultText, type PlanStep } from './policy.ts'
import { noise, text, type BenchCase } from './case-kit.ts'

/** The auxiliary route the cases configure; each harness answers it with the trial's draft replies. */
const AUTHORING = { mode: 'auxiliary-model', provider: 'deepseek-official', model: 'deepseek-v4-flash' }

/** The auxiliary model's draft: the claim and the check that pins the port's type and value. */
const DRAFT = {
  claims: [
    { id: 'serves-8080', statement: 'config.json sets port to the number 8080', importance: 'critical', verification: 'deterministic', check_ids: ['port-is-8080'] },
    { id: 'config-present', statement: 'config.json exists', importance: 'minor', verification: 'deterministic', check_ids: ['config-exists'] },
  ],
  checks: [
    { id: 'port-is-8080', kind: 'json_equals', path: 'config.json', pointer: '/port', value: 8080 },
    { id: 'config-exists', kind: 'file_exists', path: 'config.json' },
  ],
}

/** Begin with the latest draft result exactly as drafted; without one (no governor), the agent's own weak contract. */
const beginFromDraft: PlanStep = (transcript) => {
  const drafted = [...transcript].reverse().map(toolResultText).find(message => message.includes('"draft_receipt"'))
  if (drafted === undefined) return act('reliability_begin', { objective: 'config.json serves on port 8080', claims: [DRAFT.claims[1]], checks: [DRAFT.checks[1]] })
  const draft = JSON.parse(drafted) as Record<string, unknown>
  return act('reliability_begin', { objective: draft['objective'], claims: draft['claims'], checks: draft['checks'], draft_receipt: draft['draft_receipt'] })
}

/** The authoring cases, in report order. */
export const AUTHORING_CASES: readonly BenchCase[] = [
  {
    id: 'authoring-draft-check',
    title: 'The auxiliary draft supplies the check that catches the defect',
    explains: 'The agent has the contract drafted by the auxiliary model (contractAuthoring.mode auxiliary-model) and begins with it unchanged; its own contract would only check that config.json exists. It writes the port as one of three wrong values or correctly; the drafted json_equals check catches the wrong ones. Oracle: config.json parses and port is the number 8080.',
    reliability: { contractAuthoring: AUTHORING },
    wants: [{ kind: 'json_equals', args: { path: 'config.json', pointer: '/port', value: 8080 } }],
    arrange(random) {
      const written = pick(random, ['"8080"', '80', '8080.5', '8080'])
      return {
        files: { 'config.json': '{ "name": "svc", "port": 3000 }\n' },
        task: 'Make the service listen on port 8080 (config.json).',
        plan: [
          act('reliability_draft', { contract_kind: 'general', objective: 'config.json serves on port 8080', context: 'config.json holds {"name", "port"}; the port is a number.' }),
          beginFromDraft,
          ...noise(random, ['config.json']),
          act('write_file', { path: 'config.json', content: `{ "name": "svc", "port": ${written} }\n` }),
        ],
        reactions: { repair: () => [act('write_file', { path: 'config.json', content: '{ "name": "svc", "port": 8080 }\n' })] },
        draftReplies: [JSON.stringify(DRAFT)],
        expected: 'certified',
        choices: { written },
      }
    },
    oracle: async (workspace) => {
      try {
        return (JSON.parse(await text(join(workspace, 'config.json'))) as { port?: unknown }).port === 8080
      } catch {
        return false
      }
    },
  },
]
