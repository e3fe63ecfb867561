import { expect } from 'vitest'
import { runTask, type Profile, type RunResult } from '../support/dsh-profile.ts'
import { startModelServer, type ScriptedModelServer } from '../support/model-server.ts'
import type { ScriptEntry } from '../support/script.ts'

/** Values the e2e global setup publishes to the test files. */
export function e2eEnv(name: 'DSHG_DSH_BIN' | 'DSHG_TARBALL'): string {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`${name} is not set: the e2e global setup did not run`)
  return value
}

/**
 * Start a scripted server, run one headless task, and assert the run completed
 * with every scripted turn played and no server error.
 * @param servers - receives the server for closing.
 */
export async function runScripted(profile: Profile, task: string, workspace: string, script: ScriptEntry[], servers: ScriptedModelServer[]): Promise<{ result: RunResult, server: ScriptedModelServer }> {
  const server = await startModelServer(script)
  servers.push(server)
  const result = await runTask(profile, task, { cwd: workspace, baseURL: server.baseURL })
  expect(result.code, result.stderr).toBe(0)
  expect(server.errors).toEqual([])
  expect(server.script.finished).toBe(true)
  return { result, server }
}
