import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { runTask, type Profile, type RunResult } from '../support/dsh-profile.ts'
import { startModelServer, wireText, type ScriptedModelServer, type SideScript } from '../support/model-server.ts'
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
 * @param env - extra environment of the run.
 * @param side - a separate script for auxiliary model calls.
 */
export async function runScripted(profile: Profile, task: string, workspace: string, script: ScriptEntry[], servers: ScriptedModelServer[], env: NodeJS.ProcessEnv = {}, side?: SideScript): Promise<{ result: RunResult, server: ScriptedModelServer }> {
  const server = await startModelServer(script, side)
  servers.push(server)
  const result = await runTask(profile, task, { cwd: workspace, baseURL: server.baseURL, env })
  const lastMessages = server.requests.map((request, index) => `request ${index}: ${wireText(request.messages.at(-1)!).slice(0, 600)}`).join('\n')
  expect(result.code, `${result.stderr}\n${lastMessages}`).toBe(0)
  expect(server.errors).toEqual([])
  expect(server.script.finished).toBe(true)
  return { result, server }
}

/** One scripted-user answer (see scripts/scripted-user/index.js). */
export type ScriptedUserAnswer = { option: string, text?: string } | { text: string } | { error: string }

/**
 * Files that script the scripted-user bundle for one run: its answers, and the log of the questions it was asked.
 * @param answers - answers in the order questions arrive.
 */
export async function scriptedUserFiles(answers: readonly ScriptedUserAnswer[]): Promise<{ env: NodeJS.ProcessEnv, asked(): Promise<Array<{ id: string, question: string, detail?: string }>> }> {
  const dir = await mkdtemp(join(tmpdir(), 'dshg-user-'))
  const answersFile = join(dir, 'answers.json')
  const questionsFile = join(dir, 'questions.jsonl')
  await writeFile(answersFile, JSON.stringify(answers))
  await writeFile(questionsFile, '')
  return {
    env: { DSHG_SCRIPTED_ANSWERS: answersFile, DSHG_SCRIPTED_QUESTIONS: questionsFile },
    asked: async () => (await readFile(questionsFile, 'utf8')).split('\n').filter(line => line !== '').map(line => JSON.parse(line) as { id: string, question: string, detail?: string }),
  }
}
