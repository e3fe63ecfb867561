/**
 * Second and third attack rounds on `{ workspace: { policy: 'deny', gitHistory: 'policy' } }`
 * through the host's real `bash` tool, in a fresh real git repository per
 * attempt. Writes: each test fails while a command that changes the tree is
 * let through. Reads: each test fails while a command that only reads (each
 * was run outside the gate in a throwaway repository first) is refused.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { divergeBranches, git, gitWorkspace } from '../support/git-workspace.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import type { WorkspaceHost } from '../support/workspace-host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { snapshotTree, treeChanges } from '../support/tree-snapshot.ts'
import { ROUND2_DENY_READS, ROUND2_DENY_WRITES, ROUND3_DENY_READS, ROUND3_DENY_WRITES, type Attack } from '../fixtures/attack-corpus.ts'

const cleanups: Array<() => Promise<unknown>> = []
const queue: ScriptedTurn[] = []
let host: WorkspaceHost
let session = 0

beforeAll(async () => {
  host = await iegHost(cleanups, { workspace: { policy: 'deny', gitHistory: 'policy' } }, { 'README.md': '# host\n' }, { realTools: true })
  scriptModel(host.ctx, Array.from({ length: 4000 }, () => () => queue.shift() ?? say('done')))
})
afterAll(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

/** A fresh repository with files the commands name and archives. */
async function fixture(): Promise<string> {
  const ws = await gitWorkspace({
    'README.md': '# App\nsecond\nthird\n',
    'docs/guide.md': '# Guide\n',
  }, { nested: 'sub' })
  git(ws, 'remote', 'add', 'origin', 'https://example.invalid/x.git')
  const stage = await mkdtemp(join(tmpdir(), 'dshg-attack-stage-'))
  execFileSync('sh', ['-c', 'set -e; echo hello > hello.txt; tar -cf "$1/a.tar" hello.txt; zip -q "$1/a.zip" hello.txt', 'sh', ws], { cwd: stage })
  await rm(stage, { recursive: true, force: true })
  cleanups.push(() => rm(ws, { recursive: true, force: true }))
  return ws
}

async function attempt(entry: Attack): Promise<{ refused: boolean, text: string, changes: string[] }> {
  const ws = await fixture()
  if (entry.setup === 'patch-file') execFileSync('sh', ['-c', 'echo more >> README.md && git diff > x.patch && git checkout -q README.md'], { cwd: ws })
  if (entry.setup === 'branches') divergeBranches(ws)
  const before = await snapshotTree(ws)
  queue.push(call('bash', { command: entry.command, description: 'attempt', ...(entry.workdir === undefined ? {} : { workdir: entry.workdir }) }), say('next'))
  const agent = createAgent(host.ctx, `attack-round2-deny-${++session}`, ws)
  await runTurn(agent, entry.name)
  const result = toolResults(agent).at(-1) ?? { text: '(no result)', isError: false }
  const changes = treeChanges(before, await snapshotTree(ws))
  const outcome = { refused: result.isError && result.text.includes('IEG'), text: result.text.slice(0, 300), changes }
  if (process.env['R2_DEBUG'] === '1') console.log(`R2 ${entry.name} :: ${outcome.refused ? 'refused' : 'allowed'} :: ${outcome.text.replace(/\n/g, ' ')} :: ${JSON.stringify(changes.slice(0, 6))}`)
  return outcome
}

for (const [round, writes, reads] of [['round 2', ROUND2_DENY_WRITES, ROUND2_DENY_READS], ['round 3', ROUND3_DENY_WRITES, ROUND3_DENY_READS]] as const) {
  describe(`${round}: writes let through under policy deny`, () => {
    for (const entry of writes) {
      it(`keeps the tree unchanged: ${entry.name}`, async () => {
        const outcome = await attempt(entry)
        expect(outcome.changes, `${outcome.refused ? 'refused' : 'allowed'}: ${outcome.text}`).toEqual([])
      })
    }
  })

  describe(`${round}: reads refused under policy deny`, () => {
    for (const entry of reads) {
      it(`lets the read run: ${entry.name}`, async () => {
        const outcome = await attempt(entry)
        expect({ refused: outcome.refused, changes: outcome.changes }, outcome.text).toEqual({ refused: false, changes: [] })
      })
    }
  })
}
