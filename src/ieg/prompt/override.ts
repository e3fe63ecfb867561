/**
 * Operator prompt overrides: which text becomes the `ieg:governance` section,
 * by precedence (the operator's `prompt.md`, else `prompt.file` in `replace`
 * mode, else `prompt.append` in `append` mode, else the compiled section),
 * and the two hard rules every candidate obeys: no prompt variable, and the
 * byte ceiling unless `allowOverBudget`. A refused candidate keeps the
 * previous text. An applied override is attributed `<version>+user:<hash>`
 * and lists the invariants nobody checks any more. Pure.
 */
import { createHash } from 'node:crypto'
import type { CompiledPrompt } from './compiler.js'

/** Override modes. */
export const PROMPT_MODES = {
  compiled: 'the audited compiled section (the operator\'s prompt.md still applies when it exists)',
  append: 'the compiled section followed by prompt.append',
  replace: 'the text of prompt.file instead of the compiled section',
} as const

/** One mode. */
export type PromptMode = keyof typeof PROMPT_MODES

/** What the compiled section guarantees and an edited one no longer does. */
export const UNCHECKED_INVARIANTS = [
  'each failure class claimed exactly once',
  'no repeated statement',
  'at least one trigger condition per module',
  'no claim of authority over the user',
  'no restatement of a rule a gate enforces',
] as const

/** Where a candidate came from. */
export type PromptSource = 'compiled' | 'config-append' | 'config-file' | 'prompt.md'

/** The prompt settings of the row. */
export interface PromptSettings {
  readonly mode: PromptMode
  readonly append: string
  readonly file: string
  readonly allowOverBudget: boolean
}

/** The files an override may come from, read by the host adapter: text, or why it could not be read; null when absent. */
export interface PromptFiles {
  readonly operator: { readonly path: string, readonly text: string | null, readonly error: string | null }
  readonly configFile: { readonly text: string | null, readonly error: string | null } | null
}

/** The resolved section and what produced it. */
export interface PromptResolution {
  readonly text: string
  readonly source: PromptSource
  readonly version: string
  readonly bytes: number
  readonly ceiling: number
  /** Invariants no longer checked (empty for the compiled section). */
  readonly unchecked: readonly string[]
  /** Why a candidate was refused or missing, if one was. */
  readonly problems: readonly string[]
  /** A candidate broke a hard rule and this is the previous text kept. */
  readonly refused: boolean
  /** A prompt file could not be read. */
  readonly missing: boolean
}

/** Why a candidate text breaks a hard rule, or null. */
export function promptTextProblem(text: string, ceiling: number, allowOverBudget: boolean): string | null {
  if (text.includes('{{')) return 'it contains "{{", which the host treats as a prompt variable'
  if (text.trim() === '') return 'it is empty'
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > ceiling && !allowOverBudget) return `it is ${bytes} bytes, over the ${ceiling}-byte ceiling (prompt.allowOverBudget is false)`
  return null
}

function attributed(compiled: CompiledPrompt, text: string): string {
  return `${compiled.version}+user:${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12)}`
}

/**
 * Resolve the section.
 * @param compiled - the compiled section.
 * @param settings - `prompt` settings.
 * @param files - the operator's prompt.md and the configured file, as read now.
 * @param previous - the last accepted resolution, kept when a candidate is refused.
 */
export function resolvePrompt(compiled: CompiledPrompt, settings: PromptSettings, files: PromptFiles, previous: PromptResolution | null): PromptResolution {
  const base: PromptResolution = { text: compiled.text, source: 'compiled', version: compiled.version, bytes: compiled.bytes, ceiling: compiled.ceiling, unchecked: [], problems: [], refused: false, missing: false }
  const problems: string[] = []
  const candidate = ((): { text: string, source: PromptSource } | null => {
    if (files.operator.text !== null) return { text: files.operator.text, source: 'prompt.md' }
    if (files.operator.error !== null) problems.push(`${files.operator.path} could not be read (${files.operator.error})`)
    if (settings.mode === 'replace') {
      if (files.configFile?.text !== null && files.configFile?.text !== undefined) return { text: files.configFile.text, source: 'config-file' }
      problems.push(`prompt.file ${JSON.stringify(settings.file)} could not be read (${files.configFile?.error ?? 'not set'}); the compiled section applies`)
      return null
    }
    if (settings.mode === 'append' && settings.append.trim() !== '') return { text: `${compiled.text}\n${settings.append}`, source: 'config-append' }
    return null
  })()
  const missing = problems.length > 0
  if (candidate === null) return { ...base, problems, missing }
  const problem = promptTextProblem(candidate.text, compiled.ceiling, settings.allowOverBudget)
  if (problem !== null) {
    const kept = previous ?? base
    return { ...kept, problems: [...problems, `the ${candidate.source} text was refused: ${problem}; the ${kept.source} text is kept`], refused: true, missing }
  }
  const bytes = Buffer.byteLength(candidate.text, 'utf8')
  const over = bytes > compiled.ceiling ? [`it is ${bytes} bytes, over the ${compiled.ceiling}-byte ceiling (allowed by prompt.allowOverBudget)`] : []
  return { text: candidate.text, source: candidate.source, version: attributed(compiled, candidate.text), bytes, ceiling: compiled.ceiling, unchecked: [...UNCHECKED_INVARIANTS], problems: [...problems, ...over], refused: false, missing }
}

/**
 * Where the operator's prompt.md lives: `$IEG_PROMPT_FILE`, else
 * `<state>/ieg/prompt.md` with `<state>` = `$XDG_STATE_HOME` or `~/.local/state`.
 * @param env - the process environment.
 * @param home - the user's home directory.
 */
export function operatorPromptPath(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const explicit = env['IEG_PROMPT_FILE']
  if (explicit !== undefined && explicit !== '') return explicit
  const state = env['XDG_STATE_HOME'] !== undefined && env['XDG_STATE_HOME'] !== '' ? env['XDG_STATE_HOME'] : `${home}/.local/state`
  return `${state}/ieg/prompt.md`
}
