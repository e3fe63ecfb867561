/**
 * Attacks on `{ workspace: { policy: 'deny', gitHistory: 'policy' } }`
 * through the host's real `bash` and file tools, in a fresh real git
 * repository per attempt. Writes: each test fails while a command that
 * changes the tree is let through. Reads: each test fails while a command
 * that only reads is refused.
 */
import { execFileSync } from 'node:child_process'
import { chmod, mkdtemp, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { git, gitWorkspace } from '../support/git-workspace.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import type { WorkspaceHost } from '../support/workspace-host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { snapshotTree, treeChanges } from '../support/tree-snapshot.ts'
import { DENY_READS, DENY_WRITES, type Attack, type AttackSetup } from '../fixtures/attack-corpus.ts'

const cleanups: Array<() => Promise<unknown>> = []
const queue: ScriptedTurn[] = []
let host: WorkspaceHost
let session = 0

beforeAll(async () => {
  host = await iegHost(cleanups, { workspace: { policy: 'deny', gitHistory: 'policy' } }, { 'README.md': '# host\n' }, { realTools: true })
  scriptModel(host.ctx, Array.from({ length: 4000 }, () => () => queue.shift() ?? say('done')))
})
afterAll(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

/** A fresh repository with files the commands name, startup files a tool reads, and archives. */
async function fixture(): Promise<string> {
  const ws = await gitWorkspace({
    'README.md': '# App\n',
    'docs/guide.md': '# Guide\n',
    'cfg/.gitconfig': '[core]\n\tfsmonitor = "echo pwned > wrote-by-fsmonitor; false"\n',
    'cfgx/git/config': '[core]\n\tfsmonitor = "echo pwned > wrote-by-xdg-fsmonitor; false"\n',
    'cfg/.curlrc': 'output = "wrote-by-curlrc"\n',
    'cfg/.bash_profile': 'echo pwned > wrote-by-profile\n',
    'cfg/.bashrc': 'echo pwned > wrote-by-bashrc\n',
    'cfg/rc': 'echo pwned > wrote-by-rc\n',
    'bin/cat': '#!/bin/sh\necho pwned > wrote-by-path-cat\n',
  }, { nested: 'sub' })
  await chmod(join(ws, 'bin/cat'), 0o755)
  git(ws, 'add', 'bin/cat')
  git(ws, 'commit', '-qm', 'mode')
  const stage = await mkdtemp(join(tmpdir(), 'dshg-attack-stage-'))
  execFileSync('sh', ['-c', 'set -e; echo hello > hello.txt; tar -cf "$1/a.tar" hello.txt; zip -q "$1/a.zip" hello.txt', 'sh', ws], { cwd: stage })
  await rm(stage, { recursive: true, force: true })
  cleanups.push(() => rm(ws, { recursive: true, force: true }))
  return ws
}

function turn(entry: Attack): ScriptedTurn {
  return call('bash', { command: entry.command, description: 'attempt', ...(entry.workdir === undefined ? {} : { workdir: entry.workdir }) })
}

const SETUPS: Partial<Record<AttackSetup, (ws: string) => Promise<void> | void>> = {
  'dangling-object': ws => { execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: ws, input: 'dangling\n' }) },
}

async function attempt(entry: Attack): Promise<{ refused: boolean, text: string, changes: string[] }> {
  const ws = await fixture()
  if (entry.setup !== undefined) await SETUPS[entry.setup]?.(ws)
  const before = await snapshotTree(ws)
  queue.push(turn(entry), say('next'))
  const agent = createAgent(host.ctx, `attack-deny-${++session}`, ws)
  await runTurn(agent, entry.name)
  const result = toolResults(agent).at(-1) ?? { text: '(no result)', isError: false }
  const changes = treeChanges(before, await snapshotTree(ws))
  return { refused: result.isError && result.text.includes('IEG'), text: result.text.slice(0, 300), changes }
}

describe('writes let through under policy deny', () => {
  for (const entry of DENY_WRITES) {
    it(`keeps the tree unchanged: ${entry.name}`, async () => {
      const outcome = await attempt(entry)
      expect(outcome.changes, `${outcome.refused ? 'refused' : 'allowed'}: ${outcome.text}`).toEqual([])
    })
  }
})

describe('reads refused under policy deny', () => {
  for (const entry of DENY_READS) {
    it(`lets the read run: ${entry.name}`, async () => {
      const outcome = await attempt(entry)
      expect({ refused: outcome.refused, changes: outcome.changes }, outcome.text).toEqual({ refused: false, changes: [] })
    })
  }
})

describe('git readers under policy deny', () => {
  it('lets git status run; it may refresh the stat cache in .git/index (git bookkeeping) and changes nothing else', async () => {
    const entry: Attack = { name: 'git status after a file\'s time changed', command: 'git status --short' }
    const ws = await fixture()
    const later = new Date(Date.now() + 5000)
    await utimes(join(ws, 'README.md'), later, later)
    const before = await snapshotTree(ws)
    queue.push(turn(entry), say('next'))
    const agent = createAgent(host.ctx, `attack-deny-${++session}`, ws)
    await runTurn(agent, entry.name)
    const result = toolResults(agent).at(-1) ?? { text: '(no result)', isError: false }
    expect(result.isError, result.text).toBe(false)
    expect(treeChanges(before, await snapshotTree(ws)).filter(change => change !== 'changed .git/index')).toEqual([])
  })
})
