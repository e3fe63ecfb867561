#!/usr/bin/env node
/**
 * `dsh-ieg`: the operator's command for the `ieg` row. `prompt` prints the
 * effective section text (stdout) and its version, size and source
 * (stderr); `prompt edit` opens `$VISUAL`/`$EDITOR` on a copy, validates it by
 * the plugin's own rules and stores it atomically as the operator's
 * prompt.md; `status` reads a diagnostics mirror. Exit codes: 0 done, 1
 * refused or failed, 2 usage.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { MODULE_IDS } from '../modules/descriptors.js'
import { compilePrompt } from '../prompt/compiler.js'
import { operatorPromptPath, promptTextProblem, resolvePrompt, type PromptResolution } from '../prompt/override.js'

const USAGE = `Usage: dsh-ieg <command> [options]

Commands:
  prompt                  print the effective ieg:governance text (stdout) and its version, bytes and source (stderr)
  prompt edit             edit the operator's prompt.md in $VISUAL or $EDITOR; refused text changes nothing
  status --file <path>    summarize a diagnostics mirror (diagnosticsExport.file); $IEG_DIAGNOSTICS_FILE when --file is omitted

Options:
  --allow-over-budget     prompt edit: accept a text over the byte ceiling
  --help                  show this help
  --version               show the version

The operator's prompt.md is $IEG_PROMPT_FILE, else $XDG_STATE_HOME/ieg/prompt.md, else ~/.local/state/ieg/prompt.md.
It takes precedence over a profile's prompt settings at the next prompt assembly.`

class UsageError extends Error {}

function version(): string {
  const manifest = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../package.json'), 'utf8')) as { version: string }
  return manifest.version
}

function effective(allowOverBudget: boolean): { resolution: PromptResolution, path: string } {
  const path = operatorPromptPath(process.env, homedir())
  let text: string | null = null
  let error: string | null = null
  try {
    text = readFileSync(path, 'utf8')
  } catch (failure) {
    const code = (failure as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') error = String(code ?? failure)
  }
  const compiled = compilePrompt(MODULE_IDS)
  return { resolution: resolvePrompt(compiled, { mode: 'compiled', append: '', file: '', allowOverBudget }, { operator: { path, text, error }, configFile: null }, null), path }
}

function describe(resolution: PromptResolution, path: string): string {
  const where = resolution.source === 'prompt.md' ? ` (${path})` : ' (the compiled section with every module; a profile\'s prompt.mode, append and file are not read here)'
  const unchecked = resolution.unchecked.length === 0 ? '' : `\nnot checked for this text: ${resolution.unchecked.join('; ')}`
  const problems = resolution.problems.length === 0 ? '' : `\n${resolution.problems.map(problem => `problem: ${problem}`).join('\n')}`
  return `version ${resolution.version}, ${resolution.bytes} bytes (ceiling ${resolution.ceiling}), source ${resolution.source}${where}${unchecked}${problems}`
}

function printPrompt(): number {
  const { resolution, path } = effective(false)
  process.stdout.write(resolution.text.endsWith('\n') ? resolution.text : `${resolution.text}\n`)
  process.stderr.write(`${describe(resolution, path)}\n`)
  return 0
}

function editPrompt(allowOverBudget: boolean): number {
  const editor = process.env['VISUAL'] ?? process.env['EDITOR']
  if (editor === undefined || editor.trim() === '') throw new UsageError('set $VISUAL or $EDITOR to edit the prompt')
  const { resolution, path } = effective(allowOverBudget)
  const scratch = mkdtempSync(join(tmpdir(), 'dsh-ieg-'))
  try {
    const copy = join(scratch, 'prompt.md')
    writeFileSync(copy, resolution.text)
    const run = spawnSync('sh', ['-c', `${editor} "$1"`, 'sh', copy], { stdio: 'inherit' })
    if (run.error !== undefined || run.status !== 0) {
      process.stderr.write(`dsh-ieg: the editor (${editor}) failed (${run.error?.message ?? `exit ${String(run.status)}`}); nothing was stored\n`)
      return 1
    }
    const edited = readFileSync(copy, 'utf8')
    if (edited === resolution.text) {
      process.stderr.write('dsh-ieg: no change; nothing was stored\n')
      return 0
    }
    const problem = promptTextProblem(edited, resolution.ceiling, allowOverBudget)
    if (problem !== null) {
      process.stderr.write(`dsh-ieg: refused: ${problem}; ${path} is unchanged\n`)
      return 1
    }
    mkdirSync(dirname(path), { recursive: true })
    const staged = `${path}.${process.pid}.tmp`
    writeFileSync(staged, edited)
    renameSync(staged, path)
    process.stderr.write(`dsh-ieg: stored ${path}; ${describe(effective(allowOverBudget).resolution, path)}\n`)
    return 0
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

function status(file: string | undefined): number {
  const path = file ?? process.env['IEG_DIAGNOSTICS_FILE']
  if (path === undefined || path === '') throw new UsageError('status needs --file <path> (the row\'s diagnosticsExport.file) or $IEG_DIAGNOSTICS_FILE')
  let snapshot: Record<string, unknown>
  try {
    snapshot = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  } catch (error) {
    process.stderr.write(`dsh-ieg: ${path} could not be read as a diagnostics mirror (${error instanceof Error ? error.message : String(error)})\n`)
    return 1
  }
  const compatibility = snapshot['compatibility'] as { verdict?: string, reasons?: string[] } | null | undefined
  const prompt = snapshot['prompt'] as { source?: string, version?: string } | null | undefined
  const lines = [
    `mounted: ${String(snapshot['mounted'])}${snapshot['configError'] === null || snapshot['configError'] === undefined ? '' : ` (configuration refused: ${String(snapshot['configError'])})`}`,
    `modules: ${((snapshot['modules'] as string[] | undefined) ?? []).join(', ') || 'none'}`,
    `host: ${compatibility?.verdict ?? 'not observed yet'}${(compatibility?.reasons ?? []).map(reason => `\n  - ${reason}`).join('')}`,
    `prompt: ${prompt?.source ?? 'none'} ${prompt?.version ?? ''}`.trimEnd(),
    `degraded: ${((snapshot['degraded'] as string[] | undefined) ?? []).join('; ') || 'none'}`,
    `diagnostics: ${Object.entries((snapshot['diagnosticCounts'] as Record<string, number> | undefined) ?? {}).map(([code, count]) => `${code} ${count}`).join(', ') || 'none'}`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  return 0
}

function main(argv: readonly string[]): number {
  const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { 'help': { type: 'boolean' }, 'version': { type: 'boolean' }, 'file': { type: 'string' }, 'allow-over-budget': { type: 'boolean' } } })
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  if (values.version === true) {
    process.stdout.write(`${version()}\n`)
    return 0
  }
  const command = positionals.join(' ')
  switch (command) {
    case 'prompt': return printPrompt()
    case 'prompt edit': return editPrompt(values['allow-over-budget'] === true)
    case 'status': return status(values.file)
    case '': throw new UsageError('a command is required')
    default: throw new UsageError(`unknown command "${command}"`)
  }
}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (error) {
  const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true
  process.stderr.write(`dsh-ieg: ${error instanceof Error ? error.message : String(error)}${usage ? '\nRun dsh-ieg --help for usage.' : ''}\n`)
  process.exitCode = usage ? 2 : 1
}
