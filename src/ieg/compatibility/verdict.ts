/**
 * Host compatibility: the facts observed at a prompt assembly, compared with
 * the baseline captured from the installed host. Pure. Sections and contexts
 * of this bundle (`ieg:*`, `reliability:*`) are the bundle's own business and
 * not compared; the `ieg:governance` section's place among the host's
 * sections is.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'

/** Verdicts, in increasing severity. */
export const COMPATIBILITY_VERDICTS = {
  COMPATIBLE: 'every expected fact matches the baseline',
  COMPATIBLE_WITH_WARNINGS: 'non-critical drift: new sections or contexts, changed host section text, or an optional capability absent',
  UNSUPPORTED: 'a baseline section is missing or reordered, the IEG section is absent or displaced, or a required capability is absent',
} as const

/** One verdict. */
export type CompatibilityVerdict = keyof typeof COMPATIBILITY_VERDICTS

/** What one assembly shows. */
export interface CompatibilityFacts {
  /** Every section name, in assembly order. */
  readonly sections: readonly string[]
  readonly contexts: readonly string[]
  /** SHA-256 over the host's own section names and texts. */
  readonly hostHash: string
  /** Capabilities (context services) present. */
  readonly capabilities: readonly string[]
}

/** The captured expectation for one host version. */
export interface CompatibilityBaseline {
  readonly host: string
  /** Host section names with the IEG section at its place, in order. */
  readonly sections: readonly string[]
  readonly contexts: readonly string[]
  readonly hostHash: string
  readonly requiredCapabilities: readonly string[]
  readonly optionalCapabilities: readonly string[]
}

/** The judgement. */
export interface CompatibilityReport {
  readonly verdict: CompatibilityVerdict
  readonly reasons: readonly string[]
}

/** The IEG section name. */
export const OWN_SECTION = 'ieg:governance'

/** Whether a section or context belongs to this bundle (not compared, except the IEG section's place). */
export function isBundleName(name: string): boolean {
  return name.startsWith('ieg:') || name.startsWith('reliability:')
}

/**
 * The hash of the host's sections.
 * @param sections - the assembled sections.
 */
export function hostSectionHash(sections: ReadonlyArray<{ readonly name: string, readonly text: string }>): string {
  const hash = createHash('sha256')
  for (const section of sections) if (!isBundleName(section.name)) hash.update(`${section.name}\u0000${section.text}\u0000`)
  return hash.digest('hex')
}

/**
 * Judge observed facts against the baseline.
 * @param facts - one assembly's facts.
 * @param baseline - the captured baseline.
 */
export function judgeCompatibility(facts: CompatibilityFacts, baseline: CompatibilityBaseline): CompatibilityReport {
  const unsupported: string[] = []
  const warnings: string[] = []
  const compared = (names: readonly string[]): string[] => names.filter(name => !isBundleName(name) || name === OWN_SECTION)
  const observed = compared(facts.sections)
  const expected = compared(baseline.sections)
  const missing = expected.filter(name => !observed.includes(name))
  if (!observed.includes(OWN_SECTION)) unsupported.push(`the ${OWN_SECTION} section is absent`)
  for (const name of missing.filter(name => name !== OWN_SECTION)) unsupported.push(`the host section ${name} is missing`)
  const common = observed.filter(name => expected.includes(name))
  const expectedCommon = expected.filter(name => common.includes(name))
  if (missing.length === 0 && common.join('\u0000') !== expectedCommon.join('\u0000')) unsupported.push(`the sections are in another order (${common.join(', ')}; expected ${expectedCommon.join(', ')}), so ${OWN_SECTION} is displaced`)
  for (const name of baseline.requiredCapabilities.filter(name => !facts.capabilities.includes(name))) unsupported.push(`the required capability ${name} is absent`)
  for (const name of observed.filter(name => !expected.includes(name))) warnings.push(`a new section ${name}`)
  for (const name of compared(facts.contexts).filter(name => !baseline.contexts.includes(name))) warnings.push(`a new context ${name}`)
  if (facts.hostHash !== baseline.hostHash) warnings.push('the host\'s section text differs from the baseline')
  for (const name of baseline.optionalCapabilities.filter(name => !facts.capabilities.includes(name))) warnings.push(`the optional capability ${name} is absent`)
  if (unsupported.length > 0) return { verdict: 'UNSUPPORTED', reasons: [...unsupported, ...warnings] }
  if (warnings.length > 0) return { verdict: 'COMPATIBLE_WITH_WARNINGS', reasons: warnings }
  return { verdict: 'COMPATIBLE', reasons: [] }
}

const names = z.array(z.string().min(1))
const baselineSchema = z.strictObject({ host: z.string().min(1), sections: names, contexts: names, hostHash: z.string().regex(/^[0-9a-f]{64}$/), requiredCapabilities: names, optionalCapabilities: names })

/**
 * Decode an operator's baseline strictly.
 * @param value - parsed JSON.
 * @returns the baseline, or why it is refused.
 */
export function decodeBaseline(value: unknown): { ok: true, baseline: CompatibilityBaseline } | { ok: false, reason: string } {
  const parsed = baselineSchema.safeParse(value)
  if (!parsed.success) return { ok: false, reason: `${parsed.error.issues[0]?.path.join('.') || 'baseline'}: ${parsed.error.issues[0]?.message ?? 'malformed'}` }
  if (!parsed.data.sections.includes(OWN_SECTION)) return { ok: false, reason: `sections: must place ${OWN_SECTION}` }
  return { ok: true, baseline: parsed.data }
}
