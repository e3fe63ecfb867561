/**
 * The host's own model-facing tools, mounted in-process: `bash` (the real
 * `dsh-tool-bash` over the local bash executor and subprocess runtime),
 * `read`/`write`/`edit` (`dsh-tool-fs`) and `str_replace_editor`. Gate tests
 * run through these, so what they prove holds for the tools a profile has.
 */
import LocalSubprocessRuntime from '@deepseek-ai/dsh-subprocess-local'
import LocalBashExecutor from '@deepseek-ai/dsh-bash-local'
import * as shellEnv from '@deepseek-ai/dsh-shell-env'
import * as toolBash from '@deepseek-ai/dsh-tool-bash'
import * as toolFs from '@deepseek-ai/dsh-tool-fs'
import * as strReplaceEditor from '@deepseek-ai/dsh-tool-str-replace-editor'
import type { PluginModule } from './host.ts'

/**
 * Plugins that provide the real tools, in mounting order.
 * @param cwd - the bash executor's default working directory (the workspace).
 */
export function realToolPlugins(cwd: string): ReadonlyArray<readonly [PluginModule, unknown]> {
  return [
    [LocalSubprocessRuntime as unknown as PluginModule, {}],
    [shellEnv as unknown as PluginModule, {}],
    [LocalBashExecutor as unknown as PluginModule, { cwd, timeoutMs: 20_000 }],
    [toolBash as unknown as PluginModule, { enableRunInBackground: false }],
    [toolFs as unknown as PluginModule, {}],
    [strReplaceEditor as unknown as PluginModule, {}],
  ]
}
