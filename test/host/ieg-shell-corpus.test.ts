/**
 * The labelled shell corpus through the real `bash` tool in a real git
 * workspace: under `workspace.policy: deny` no write gets through and no read
 * is blocked, and at the defaults every command against `.git` is refused.
 * What reached the disk is read from snapshots of the tree after every call.
 */
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { corpusWorkspace } from '../support/corpus-workspace.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { snapshotTree, treeChanges } from '../support/tree-snapshot.ts'
import { SHELL_CORPUS, type CorpusCommand } from '../fixtures/shell-corpus.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterAll(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

let workspace = ''
beforeAll(async () => {
  workspace = await corpusWorkspace()
  cleanups.push(() => rm(workspace, { recursive: true, force: true }))
})

interface Outcome { readonly entry: CorpusCommand, readonly refused: boolean, readonly text: string, readonly changes: string[] }

/** Run each command in its own turn and snapshot the tree after it. */
async function runEach(config: Record<string, unknown>, entries: readonly CorpusCommand[], session: string): Promise<Outcome[]> {
  const host = await iegHost(cleanups, config, {}, { workspace, realTools: true })
  const script: ScriptedTurn[] = entries.flatMap(entry => [call('bash', { command: entry.command, description: 'corpus command' }), say('next')])
  scriptModel(host.ctx, script)
  const agent = createAgent(host.ctx, session, workspace)
  const outcomes: Outcome[] = []
  let before = await snapshotTree(workspace)
  for (const entry of entries) {
    await runTurn(agent, entry.command)
    const after = await snapshotTree(workspace)
    const result = toolResults(agent).at(-1)!
    outcomes.push({ entry, refused: result.isError && result.text.includes('IEG'), text: result.text, changes: treeChanges(before, after) })
    before = after
  }
  return outcomes
}

describe('the shell corpus through the real bash tool', () => {
  it('under policy deny: 0 writes through, 0 reads blocked', async () => {
    const outcomes = await runEach({ workspace: { policy: 'deny', gitHistory: 'policy' } }, SHELL_CORPUS, 'corpus-deny')
    const readsBlocked = outcomes.filter(outcome => outcome.entry.outcome === 'read-only' && outcome.refused).map(outcome => `${outcome.entry.command}: ${outcome.text.slice(0, 200)}`)
    const writesThrough = outcomes.filter(outcome => outcome.entry.outcome !== 'read-only' && !outcome.refused).map(outcome => outcome.entry.command)
    const changed = outcomes.filter(outcome => outcome.changes.length > 0).map(outcome => `${outcome.entry.command}: ${outcome.changes.join(', ')}`)
    expect(readsBlocked).toEqual([])
    expect(writesThrough).toEqual([])
    expect(changed).toEqual([])
  }, 240_000)

  it('at the defaults: every command against .git is refused as protected, and nothing changes', async () => {
    const outcomes = await runEach({}, SHELL_CORPUS.filter(entry => entry.protected === true), 'corpus-protected')
    const through = outcomes.filter(outcome => !(outcome.refused && /protected/.test(outcome.text))).map(outcome => `${outcome.entry.command}: ${outcome.text.slice(0, 200)}`)
    expect(through).toEqual([])
    expect(outcomes.filter(outcome => outcome.changes.length > 0).map(outcome => outcome.entry.command)).toEqual([])
  }, 120_000)
})
