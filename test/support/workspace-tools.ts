/**
 * Test-only plugin: minimal workspace tools for a scripted agent, so
 * in-process runs change the real disk the checks and gates inspect:
 * `write_file`/`delete_file`, stand-ins with the host's names and argument
 * keys (`write` with `file_path`, `read`, and `bash` running `sh -c` in the
 * session's cwd), and a tool that always fails.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import { defineTool, type ToolRunContext } from '@deepseek-ai/dsh-tools'

export const name = 'test-workspace-tools'
export const inject = ['tools']

function workspaceOf(exec: ToolRunContext): string {
  const cwd = exec.agent?.session.header.cwd
  if (cwd === undefined) throw new Error('no workspace')
  return cwd
}

const textOutput = {
  schema: { type: 'string' },
  render: (_args: unknown, value: string) => [{ type: 'text' as const, text: value }],
} as const

function writeTool(ctx: Context, name: string, pathKey: 'path' | 'file_path'): void {
  ctx.tools.register(defineTool({
    name,
    description: 'Test only: write a file.',
    parameters: { [pathKey]: { type: 'string', required: true }, content: { type: 'string', required: true } } as { path: { type: 'string', required: true }, content: { type: 'string', required: true } },
    output: textOutput,
    execute: async (args, exec) => {
      const path = (args as Record<string, string>)[pathKey] as string
      const target = join(workspaceOf(exec), path)
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, args.content)
      return `wrote ${path}`
    },
  }))
}

/** Register the test tools. */
export function apply(ctx: Context): void {
  writeTool(ctx, 'write_file', 'path')
  writeTool(ctx, 'write', 'file_path')
  ctx.tools.register(defineTool({
    name: 'delete_file',
    description: 'Test only: delete a file.',
    parameters: { path: { type: 'string', required: true } },
    output: textOutput,
    execute: async (args, exec) => {
      await rm(join(workspaceOf(exec), args.path), { force: true })
      return `deleted ${args.path}`
    },
  }))
  ctx.tools.register(defineTool({
    name: 'read',
    description: 'Test stand-in for the host read tool.',
    parameters: { file_path: { type: 'string', required: true } },
    output: textOutput,
    execute: async (args, exec) => readFile(join(workspaceOf(exec), args.file_path), 'utf8'),
  }))
  ctx.tools.register(defineTool({
    name: 'bash',
    description: 'Test stand-in for the host bash tool.',
    parameters: { command: { type: 'string', required: true } },
    output: textOutput,
    execute: async (args, exec) => {
      const { stdout } = await promisify(execFile)('sh', ['-c', args.command], { cwd: workspaceOf(exec) })
      return stdout
    },
  }))
  ctx.tools.register(defineTool({
    name: 'always_fails',
    description: 'Test only: fails.',
    parameters: {},
    output: textOutput,
    execute: async () => { throw new Error('this tool always fails') },
  }))
}
