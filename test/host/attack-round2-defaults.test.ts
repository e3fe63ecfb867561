/**
 * Second and third attack rounds on the protected `.git` at the default configuration
 * (`{}`, policy allow), through the host's real `bash` and file tools in a
 * fresh real git repository per attempt. Each test fails while its bypass
 * exists: it asserts that nothing under a `.git` (at any depth) changed,
 * apart from the objects, refs, logs and index that git history commands
 * write themselves, and that no code-executing git setting appeared.
 */
import { execFileSync } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { git, gitWorkspace } from '../support/git-workspace.ts'
import { createAgent, runTurn } from '../support/host.ts'
import { attackSuite, controlSettings, gitTreeChanges } from '../support/attack-host.ts'
import { call, say } from '../support/script.ts'
import { snapshotTree } from '../support/tree-snapshot.ts'
import { ROUND2_DEFAULT_BYPASSES, ROUND3_DEFAULT_BYPASSES, type Attack } from '../fixtures/attack-corpus.ts'

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



async function addSubmodule(ws: string): Promise<void> {
  const source = await gitWorkspace({ 'm.txt': 'm\n' })
  suite.cleanups.push(() => rm(source, { recursive: true, force: true }))
  git(ws, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', source, 'sm')
  git(ws, 'commit', '-qm', 'submodule')
}

async function attempt(entry: Attack): Promise<{ refused: boolean, text: string, gitChanges: string[], newControl: string[] }> {
  const ws = await fixture()
  if (entry.setup === 'add-submodule') await addSubmodule(ws)
  if (entry.setup === 'remove-links') for (const name of ['lnk', 'hooks', 'dang']) await rm(join(ws, name))
  if (entry.setup === 'patch-file') execFileSync('sh', ['-c', 'echo more >> README.md && git diff > x.patch && git checkout -q README.md'], { cwd: ws })
  const before = await snapshotTree(ws)
  const controlBefore = controlSettings(ws)
  suite.queue.push(call('bash', { command: entry.command, description: 'attempt', ...(entry.workdir === undefined ? {} : { workdir: entry.workdir }) }), say('next'))
  const agent = createAgent(suite.host.ctx, `attack-round2-defaults-${suite.session()}`, ws)
  await runTurn(agent, entry.name)
  const result = toolResults(agent).at(-1) ?? { text: '(no result)', isError: false }
  const gitChanges = gitTreeChanges(before, await snapshotTree(ws))
  const newControl = controlSettings(ws).filter(line => !controlBefore.includes(line))
  return { refused: result.isError && result.text.includes('IEG'), text: result.text.slice(0, 300), gitChanges, newControl }
}

for (const [round, bypasses] of [['round 2', ROUND2_DEFAULT_BYPASSES], ['round 3', ROUND3_DEFAULT_BYPASSES]] as const) {
  describe(`${round}: bypasses of the protected .git at the defaults`, () => {
    for (const entry of bypasses) {
      it(`refuses or keeps .git unchanged: ${entry.name}`, async () => {
        const outcome = await attempt(entry)
        expect({ gitChanges: outcome.gitChanges, newControl: outcome.newControl }, `${outcome.refused ? 'refused' : 'allowed'}: ${outcome.text} | changed: ${JSON.stringify([...outcome.gitChanges.slice(0, 6), ...outcome.newControl])}`).toEqual({ gitChanges: [], newControl: [] })
      })
    }
  })
}
