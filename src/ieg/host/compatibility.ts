/**
 * Host adapter: the compatibility adapter. A `system-prompt/assemble`
 * listener that always calls `next()`, observes the finished assembly
 * (section names in order, context names, a hash of the host's section
 * text, the capabilities present) and, when those facts change, judges them
 * against the committed baseline. It never denies anything and changes
 * nothing but the row's own `ieg:status` line, which names a verdict other
 * than COMPATIBLE from the first assembly on (so the line does not change in
 * the middle of a session).
 */
import type { JsonObject } from '../../kernel/json.js'
import { hostSectionHash, judgeCompatibility, type CompatibilityBaseline, type CompatibilityFacts } from '../compatibility/verdict.js'
import { withVerdict } from '../diagnostics/mount-record.js'
import type { IegRuntime } from './runtime.js'
import { STATUS_CONTEXT } from './surface.js'

/** The context services whose presence is observed. */
export const OBSERVED_CAPABILITIES = ['systemPrompt', 'tools', 'sessionProjections', 'fs', 'approval', 'userQuestions', 'sandbox', 'subprocess'] as const

/**
 * Install the adapter.
 * @param rt - the IEG runtime (its mount record carries the latest judgement).
 * @param baseline - the baseline to judge against (the shipped one, or `compatibility.baselineFile`).
 */
export function installCompatibilityAdapter(rt: IegRuntime, baseline: CompatibilityBaseline): void {
  const { ctx } = rt
  let observed = ''
  let verdict = 'COMPATIBLE'
  let hashed: { sections: ReadonlyArray<{ readonly name: string, readonly text: string }>, hash: string } | null = null
  // The host's sections rarely change between assemblies: hash them again only when a name or text differs.
  const hostHash = (sections: ReadonlyArray<{ readonly name: string, readonly text: string }>): string => {
    const known = hashed
    if (known !== null && known.sections.length === sections.length && known.sections.every((section, index) => section.name === sections[index]?.name && section.text === sections[index]?.text)) return known.hash
    const hash = hostSectionHash(sections)
    hashed = { sections: sections.map(section => ({ name: section.name, text: section.text })), hash }
    return hash
  }
  // Which services are present changes only when one is set or removed.
  let present: ReadonlyArray<(typeof OBSERVED_CAPABILITIES)[number]> | null = null
  ctx.on('internal/service', () => {
    present = null
  })
  ctx.on('system-prompt/assemble', async (assembly, context, next) => {
    const result = await next()
    try {
      const facts: CompatibilityFacts = {
        sections: result.sections.map(section => section.name),
        contexts: result.contexts.map(entry => entry.name),
        hostHash: hostHash(result.sections),
        capabilities: (present ??= OBSERVED_CAPABILITIES.filter(name => ctx.get(name) !== undefined)),
      }
      const signature = JSON.stringify(facts)
      if (signature !== observed) {
        observed = signature
        const report = judgeCompatibility(facts, baseline)
        const entry: JsonObject = { verdict: report.verdict, reasons: [...report.reasons], baselineHost: baseline.host, facts: { sections: [...facts.sections], contexts: [...facts.contexts], hostHash: facts.hostHash, capabilities: [...facts.capabilities] } }
        rt.record.compatibility = entry
        verdict = report.verdict
        rt.diagnose('ieg.host_compatibility', entry)
      }
      for (const entry of result.contexts) if (entry.name === STATUS_CONTEXT) entry.text = withVerdict(entry.text, verdict)
    } catch (error) {
      rt.diagnose('ieg.capability_missing', { capability: 'compatibility adapter', error: error instanceof Error ? error.message : String(error) })
    }
    void context
    return result
  })
}
