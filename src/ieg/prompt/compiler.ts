/**
 * Compiles the kernel principles and the enabled modules into the one
 * `ieg:governance` section. Removes repeated statements, refuses prompt
 * variables (`assertNoPromptVariable`), and enforces a byte ceiling derived from a recorded
 * size, so prompt growth cannot raise its own budget. Pure.
 */
import { assertNoPromptVariable } from '../../kernel/prompt-text.js'
import { KERNEL_PRINCIPLES, MODULES, type GovernanceModule, type ModuleId } from '../modules/descriptors.js'

/** Version of the compiled text; bump whenever the text changes. */
export const PROMPT_VERSION = '1.0.0'
/** Measured bytes of the section with every module enabled. */
export const RECORDED_PROMPT_BYTES = 1195
/** Least ceiling. */
export const PROMPT_BYTE_FLOOR = 1400
/** Greatest ceiling, whatever was recorded. */
export const PROMPT_BYTE_HARD_CAP = 4096

/** The ceiling derived from the recorded size: recorded + 10 %, within the floor and the cap. */
export function promptByteCeiling(recorded = RECORDED_PROMPT_BYTES): number {
  return Math.min(PROMPT_BYTE_HARD_CAP, Math.max(PROMPT_BYTE_FLOOR, Math.ceil(recorded * 1.1)))
}

/** A compiled section. */
export interface CompiledPrompt {
  readonly text: string
  readonly bytes: number
  readonly ceiling: number
  readonly version: string
  readonly modules: readonly ModuleId[]
}

function normalized(statement: string): string {
  return statement.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

/**
 * Compile the section for the enabled modules.
 * @param enabled - enabled module ids, in any order.
 * @param sources - kernel principles and module declarations (the shipped ones unless a test substitutes).
 * @returns the section.
 * @throws Error when a statement holds `{{` or the text exceeds the ceiling.
 */
export function compilePrompt(enabled: readonly ModuleId[], sources: { kernel: readonly string[], modules: Record<ModuleId, GovernanceModule> } = { kernel: KERNEL_PRINCIPLES, modules: MODULES }): CompiledPrompt {
  const seen = new Set<string>()
  const keep = (statement: string): boolean => {
    const key = normalized(statement)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  }
  const lines = sources.kernel.filter(keep)
  const modules = (Object.keys(sources.modules) as ModuleId[]).filter(id => enabled.includes(id))
  for (const id of modules) {
    const module = sources.modules[id]
    const principles = module.principles.filter(keep)
    if (principles.length === 0) continue
    lines.push(`${module.title}, when ${module.trigger}:`, ...principles.map(principle => `- ${principle}`))
  }
  const text = lines.join('\n')
  assertNoPromptVariable(text, 'ieg:governance')
  const bytes = Buffer.byteLength(text, 'utf8')
  const ceiling = promptByteCeiling()
  if (bytes > ceiling) throw new Error(`ieg:governance is ${bytes} bytes, over its ${ceiling}-byte ceiling (recorded ${RECORDED_PROMPT_BYTES})`)
  return { text, bytes, ceiling, version: PROMPT_VERSION, modules }
}
