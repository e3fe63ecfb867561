/**
 * Capture the compatibility baseline of the installed host: boot a real
 * profile, read what the `ieg` row observed, and write
 * src/ieg/compatibility/baseline.ts. Review the diff before committing.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureHost, HOST_VERSION, packBundle, PROJECT_ROOT } from '../test/support/dsh-profile.ts'
import { observeInstalledHost } from '../test/support/host-observation.ts'

const observed = await observeInstalledHost(ensureHost(), packBundle())
const required = ['systemPrompt', 'tools', 'sessionProjections']
const optional = observed.facts.capabilities.filter(name => !required.includes(name))
const text = `/**
 * The compatibility baseline of the installed host, captured by
 * \`node scripts/capture-baseline.ts\` from a real dsh profile with both rows
 * at their defaults. Regenerate it (and review the diff) when the host changes.
 */
import type { CompatibilityBaseline } from './verdict.js'

/** Captured from @deepseek-ai/dsh ${HOST_VERSION}. */
export const BASELINE: CompatibilityBaseline = ${JSON.stringify({ host: HOST_VERSION, sections: observed.facts.sections, contexts: observed.facts.contexts, hostHash: observed.facts.hostHash, requiredCapabilities: required, optionalCapabilities: optional }, null, 2).replace(/"([a-zA-Z]+)":/g, '$1:').replaceAll('"', '\'')}
`
writeFileSync(join(PROJECT_ROOT, 'src/ieg/compatibility/baseline.ts'), text)
process.stdout.write(`baseline: ${observed.facts.sections.length} sections, ${observed.facts.contexts.length} contexts, host hash ${observed.facts.hostHash.slice(0, 12)}; was judged ${observed.verdict}\n`)
