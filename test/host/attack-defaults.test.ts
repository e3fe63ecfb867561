/**
 * Bypasses of the protected `.git` at the default configuration (`{}`,
 * policy allow), through the host's real `bash` and file tools in a fresh
 * real git repository per attempt. Each test fails while its bypass exists:
 * it asserts that nothing under a `.git` directory (at any depth) changed,
 * apart from the objects, refs, logs and index that git history commands
 * (allowed at the defaults) write themselves, and that no code-executing git
 * setting appeared, after the call ran.
 */
import { execFileSync } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { divergeBranches, git, gitWorkspace } from '../support/git-workspace.ts'
import { createAgent, runTurn } from '../support/host.ts'
import { attackSuite, controlSettings, gitTreeChanges } from '../support/attack-host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { snapshotTree } from '../support/tree-snapshot.ts'
import { DEFAULT_BYPASSES, type Attack, type AttackSetup } from '../fixtures/attack-corpus.ts'

const suite = attackSuite({})

/** A fresh repository: files, a nested repository `sub`, links into `.git`, archives. */
async function fixture(): Promise<string> {
  const ws = await gitWorkspace({
    'README.md': '# App\n',
    'docs/guide.md': '# Guide\n',
    'deep/a/b/keep.txt': 'k\n',
    'cfg/.gitconfig': '[core]\n\tfsmonitor = "echo pwned > .git/pwned-by-fsmonitor; false"\n',
    'hk/pre-commit': '#!/bin/sh\necho pwned > "$(git rev-parse --git-dir)/pwned-by-hook"\n',
  }, { nested: 'sub', links: { lnk: '.git', hooks: '.git/hooks', dang: '.git/hooks/post-commit' } })
  await chmod(join(ws, 'hk/pre-commit'), 0o755)
  const stage = await mkdtemp(join(tmpdir(), 'dshg-attack-stage-'))
  execFileSync('sh', ['-c', [
    'set -e', 'mkdir -p p/.git && echo hello > p/hello.txt && echo pwned > p/.git/pwned-by-tar',
    'tar -cf "$1/a.tar" -C p hello.txt', '(cd p && zip -q "$1/a.zip" hello.txt)', 'tar -cf "$1/evil.tar" -C p .git',
  ].join('\n'), 'sh', ws], { cwd: stage })
  await rm(stage, { recursive: true, force: true })
  suite.cleanups.push(() => rm(ws, { recursive: true, force: true }))
  return ws
}



function turn(entry: Attack, ws: string): ScriptedTurn {
  const workdir = entry.absoluteWorkdir === undefined ? entry.workdir : `${ws}/${entry.absoluteWorkdir}`
  return call('bash', { command: entry.command, description: 'attempt', ...(workdir === undefined ? {} : { workdir }) })
}

const SETUPS: Record<AttackSetup, (ws: string) => Promise<void> | void> = {
  'commit-all': commitAll,
  'add-submodule': addSubmodule,
  'remove-links': removeLinks,
  'patch-file': ws => writeFile(join(ws, 'x.patch'), '--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-# App\n+# App2\n'),
  'branches': divergeBranches,
  'dangling-object': ws => { execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: ws, input: 'dangling\n' }) },
}

async function attempt(entry: Attack): Promise<{ refused: boolean, text: string, gitChanges: string[], newControl: string[] }> {
  const ws = await fixture()
  if (entry.setup !== undefined) await SETUPS[entry.setup](ws)
  const before = await snapshotTree(ws)
  const controlBefore = controlSettings(ws)
  suite.queue.push(turn(entry, ws), say('next'))
  const agent = createAgent(suite.host.ctx, `attack-defaults-${suite.session()}`, ws)
  await runTurn(agent, entry.name)
  const result = toolResults(agent).at(-1) ?? { text: '(no result)', isError: false }
  const gitChanges = gitTreeChanges(before, await snapshotTree(ws))
  const newControl = controlSettings(ws).filter(line => !controlBefore.includes(line))
  return { refused: result.isError && result.text.includes('IEG'), text: result.text.slice(0, 300), gitChanges, newControl }
}

async function removeLinks(ws: string): Promise<void> {
  for (const name of ['lnk', 'hooks', 'dang']) await rm(join(ws, name))
}

function commitAll(ws: string): void {
  git(ws, 'add', 'hk', 'cfg', 'a.tar', 'a.zip', 'evil.tar')
  git(ws, 'commit', '-qm', 'fixture')
}

async function addSubmodule(ws: string): Promise<void> {
  const source = await gitWorkspace({ 'm.txt': 'm\n' })
  suite.cleanups.push(() => rm(source, { recursive: true, force: true }))
  git(ws, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', source, 'sm')
  git(ws, 'commit', '-qm', 'submodule')
}

describe('bypasses of the protected .git at the defaults', () => {
  for (const entry of DEFAULT_BYPASSES) {
    it(`refuses or keeps .git unchanged: ${entry.name}`, async () => {
      const outcome = await attempt(entry)
      expect({ gitChanges: outcome.gitChanges, newControl: outcome.newControl }, `${outcome.refused ? 'refused' : 'allowed'}: ${outcome.text}`).toEqual({ gitChanges: [], newControl: [] })
    })
  }
})
