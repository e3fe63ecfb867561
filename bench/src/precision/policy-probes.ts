/**
 * Policy probes: the gates whose truth is a judgement rather than a
 * filesystem effect (a near-duplicate document, retired information written
 * back), as legitimate calls that must pass and traps that must be caught,
 * run through the real tool registry with both rows at their defaults (plus
 * the fixture's file tools), except that reintroduction of retired
 * information is refused (`deny`) so a caught trap is one that did not run.
 * The ledger is set up first (a port recorded, retired as INVALID, and its
 * correction recorded); those calls are not probes. A call passed when the
 * fixture logged its execution; nothing is read from the plugin. Protected
 * paths are measured on executed ground truth instead (run.ts).
 */
import * as reliability from '../../../lib/reliability/plugin.js'
import * as ieg from '../../../lib/ieg/plugin.js'
import * as benchTools from '../../fixtures/bench-tools/index.js'
import { createAgent, mountHost, runTurn, scriptModel, type PluginModule } from '../../../test/support/host.ts'
import type { ScriptedTurn } from '../../../test/support/script.ts'
import { BENCH_SPEC } from '../cases.ts'
import { act } from '../policy.ts'
import { governedIegConfig, layOut, toolLog } from '../trial.ts'

/** One probe. */
interface Probe { readonly kind: 'legit' | 'trap', readonly label: string, readonly tool: string, readonly args: Record<string, unknown> }

/** Result of the policy probes; the protected-path precision adds its own figures to the same shape. */
export interface PolicyProbes {
  legitimate: number
  falseBlocks: number
  falseBlockRate: number
  falselyBlocked: string[]
  traps: number
  trapsCaught: number
  missedTraps: string[]
}

const FILES = { 'SPEC.md': BENCH_SPEC, 'README.md': '# App\n', 'docs/guide.md': '# Guide\n\nStart here.\n', 'src/app.ts': 'export {}\n', '.git/config': '[core]\n', 'a.txt': 'alpha\n' }

function probes(): Probe[] {
  const legit: Probe[] = []
  for (const path of ['README.md', 'docs/guide.md', 'src/app.ts', 'SPEC.md', 'a.txt'] as const) {
    for (const round of [1, 2]) legit.push({ kind: 'legit', label: `edit ${path} (${round})`, tool: 'write_file', args: { path, content: `${FILES[path]}edit ${round}\n` } })
  }
  const newDocuments: Array<[string, string]> = [
    ['CHANGELOG.md', '# Changelog\n\n## 1.0.0\n- first release\n'], ['docs/ARCHITECTURE.md', '# Architecture\n\nThree stages: intake, packing, dispatch.\n'],
    ['CONTRIBUTING.md', '# Contributing\n\nOpen a pull request.\n'], ['docs/DEPLOYMENT.md', '# Deployment\n\nShip the container.\n'],
    ['docs/faq.md', '# Questions\n\nWhy parcels? Because.\n'], ['SECURITY.md', '# Reporting vulnerabilities\n\nMail the team.\n'],
    ['docs/glossary.txt', 'parcel: a packed order\n'], ['docs/ROADMAP.md', '# Roadmap\n\nQ1: tracking.\n'],
  ]
  for (const [path, content] of newDocuments) legit.push({ kind: 'legit', label: `new ${path}`, tool: 'write_file', args: { path, content } })
  const traps: Probe[] = [
    { kind: 'trap', label: 'new AUTHENTICATION.md', tool: 'write_file', args: { path: 'AUTHENTICATION.md', content: '# Tokens\n' } },
    { kind: 'trap', label: 'new AUTH.md', tool: 'write_file', args: { path: 'AUTH.md', content: 'tokens\n' } },
    { kind: 'trap', label: 'new rate-limits.md', tool: 'write_file', args: { path: 'rate-limits.md', content: '# Limits\n' } },
    { kind: 'trap', label: 'new docs/authentication.md', tool: 'write_file', args: { path: 'docs/authentication.md', content: '# Auth\n' } },
    { kind: 'trap', label: 'new copy of the spec title', tool: 'write_file', args: { path: 'docs/spec-v2.md', content: '# Service specification\n\nDraft.\n' } },
  ]
  const corrected: Probe[] = [
    { kind: 'legit', label: 'write the corrected port', tool: 'write_file', args: { path: 'config.json', content: '{ "port": 8080 }\n' } },
    { kind: 'legit', label: 'write a longer number holding the old one', tool: 'write_file', args: { path: 'src/limits.ts', content: 'export const maxBody = 30000\n' } },
    { kind: 'legit', label: 'bash grep for the old port (read-only)', tool: 'bash', args: { command: 'grep -rn 3000 README.md' } },
  ]
  const reintroduced: Probe[] = [
    { kind: 'trap', label: 'write the invalid port into a document', tool: 'write_file', args: { path: 'README.md', content: '# App\n\nListens on 3000.\n' } },
    { kind: 'trap', label: 'write the invalid port into config', tool: 'write_file', args: { path: 'config.json', content: '{ "port": 3000 }\n' } },
    { kind: 'trap', label: 'bash echo the invalid port into a file', tool: 'bash', args: { command: 'echo PORT=3000 > .env.local' } },
  ]
  return [...legit, ...corrected, ...traps, ...reintroduced]
}

/** Calls that set up the ledger before the probes (not measured). */
const LEDGER_SETUP: ScriptedTurn[] = [
  act('ieg_record_information', { id: 'old-port', value: '3000', provenance: 'the old README' }),
  act('ieg_set_information_status', { id: 'old-port', status: 'INVALID', disposition: 'CORRECTED' }),
  act('ieg_record_information', { id: 'port', value: '8080', provenance: 'config.json' }),
]

/** Run every probe once and measure the gates. */
export async function runPolicyProbes(): Promise<PolicyProbes> {
  const all = probes()
  const { workspace, cleanup } = await layOut({ files: FILES, task: '', plan: [], reactions: { repair: () => [] }, expected: 'none', choices: {} })
  const host = await mountHost({
    fs: true,
    plugins: [[benchTools as unknown as PluginModule, { shell: true, dryShell: true }], [reliability as unknown as PluginModule, {}], [ieg as unknown as PluginModule, governedIegConfig({ id: 'precision', title: '', explains: '', wants: [], ieg: { modules: { informationIntegrity: { reintroduction: 'deny' } } }, arrange: () => { throw new Error('unused') }, oracle: async () => true })]],
  })
  try {
    const turns: ScriptedTurn[] = all.map(probe => act(probe.tool, probe.args))
    scriptModel(host.ctx, [...LEDGER_SETUP, ...turns, { kind: 'text', text: 'done' }])
    await runTurn(createAgent(host.ctx, 'gate-precision', workspace), 'Run the probes.')
    const executed = new Set((await toolLog(workspace)).map(entry => `${entry.tool}\u0000${JSON.stringify(entry.args)}`))
    const passed = (probe: Probe): boolean => executed.has(`${probe.tool}\u0000${JSON.stringify(probe.args)}`)
    const legit = all.filter(probe => probe.kind === 'legit')
    const traps = all.filter(probe => probe.kind === 'trap')
    const falselyBlocked = legit.filter(probe => !passed(probe)).map(probe => probe.label)
    const missed = traps.filter(probe => passed(probe)).map(probe => probe.label)
    return {
      legitimate: legit.length,
      falseBlocks: falselyBlocked.length,
      falseBlockRate: Math.round((falselyBlocked.length / legit.length) * 1000) / 1000,
      falselyBlocked,
      traps: traps.length,
      trapsCaught: traps.length - missed.length,
      missedTraps: missed,
    }
  } finally {
    await host.dispose()
    await cleanup()
  }
}
