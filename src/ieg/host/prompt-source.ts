/**
 * Host adapter: the live `ieg:governance` text. Each assembly (and each
 * `ieg_status`) re-reads the operator's prompt.md and the configured file
 * when they changed on disk and resolves the section once, so an edit applies
 * without a restart and the reported source is the text actually sent. A
 * change of outcome is recorded once as a diagnostic.
 */
import { readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import type { MountRecord } from '../diagnostics/mount-record.js'
import type { CompiledPrompt } from '../prompt/compiler.js'
import { operatorPromptPath, resolvePrompt, type PromptFiles, type PromptResolution, type PromptSettings } from '../prompt/override.js'
import type { IegRuntime } from './runtime.js'

interface CachedFile {
  readonly key: string
  readonly text: string | null
  readonly error: string | null
}

/** Read a file when its size or time changed; absent is `text: null, error: null`. */
function reader(): (path: string) => CachedFile {
  const cache = new Map<string, CachedFile>()
  return (path) => {
    let key: string
    try {
      // An absent file is the common case: report it without building an exception.
      const info = statSync(path, { throwIfNoEntry: false })
      if (info === undefined) return { key: 'absent', text: null, error: null }
      key = `${info.size}:${info.mtimeMs}:${info.ino}`
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      return code === 'ENOENT' || code === 'ENOTDIR' ? { key: 'absent', text: null, error: null } : { key: 'error', text: null, error: String(code ?? error) }
    }
    const known = cache.get(path)
    if (known?.key === key) return known
    let read: CachedFile
    try {
      read = { key, text: readFileSync(path, 'utf8'), error: null }
    } catch (error) {
      read = { key, text: null, error: String((error as NodeJS.ErrnoException).code ?? error) }
    }
    cache.set(path, read)
    return read
  }
}

/** The live section text and its provenance. */
export interface LivePrompt {
  /** Resolve now (files re-read when they changed). */
  current(): PromptResolution
}

/**
 * Build the live prompt of a mount.
 * @param rt - the IEG runtime (diagnostics, the mount record).
 * @param compiled - the compiled section.
 * @param settings - `prompt` settings.
 * @param record - the mount record, whose `prompt` entry follows the resolution.
 */
export function livePrompt(rt: IegRuntime, compiled: CompiledPrompt, settings: PromptSettings, record: MountRecord): LivePrompt {
  const read = reader()
  const path = operatorPromptPath(process.env, homedir())
  let previous: PromptResolution | null = null
  let reported = ''
  return {
    current() {
      const operator = read(path)
      const configFile = settings.file === '' ? null : read(settings.file)
      const files: PromptFiles = { operator: { path, text: operator.text, error: operator.error }, configFile: configFile === null ? null : { text: configFile.text, error: configFile.error } }
      const resolution = resolvePrompt(compiled, settings, files, previous)
      const { refused } = resolution
      if (!refused) previous = resolution
      const signature = `${resolution.source}\u0000${resolution.version}\u0000${resolution.problems.join('\u0000')}`
      if (signature !== reported) {
        reported = signature
        if (refused) rt.diagnose('ieg.prompt_override_rejected', { problems: [...resolution.problems], kept: resolution.source })
        else if (resolution.missing) rt.diagnose('ieg.prompt_override_missing', { problems: [...resolution.problems] })
        if (!refused && resolution.source !== 'compiled') rt.diagnose('ieg.prompt_override_applied', { source: resolution.source, version: resolution.version, bytes: resolution.bytes, unchecked: [...resolution.unchecked] })
      }
      record.prompt = { section: record.prompt?.section ?? 'ieg:governance', order: record.prompt?.order ?? 0, version: resolution.version, bytes: resolution.bytes, ceiling: resolution.ceiling, source: resolution.source, path: resolution.source === 'prompt.md' ? path : null, unchecked: [...resolution.unchecked], problems: [...resolution.problems] }
      return resolution
    },
  }
}
