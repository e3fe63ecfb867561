/**
 * Path escapes against the protected `.git` at the default configuration,
 * through the host's real file tools and the real `bash`: every attempt is
 * refused, and the tree on disk is unchanged.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { gitWorkspace } from '../support/git-workspace.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { snapshotTree, treeChanges } from '../support/tree-snapshot.ts'

const cleanups: Array<() => Promise<unknown>> = []
let workspace = ''

beforeAll(async () => {
  workspace = await gitWorkspace({ 'README.md': '# App\n', 'docs/guide.md': '# Guide\n', 'deep/a/b/keep.txt': 'k\n' }, {
    nested: 'sub',
    links: { lnk: '.git', cfg: '.git/config', hooks: '.git/hooks', 'docs/up': '..' },
  })
  const evil = await mkdtemp(join(tmpdir(), 'dshg-evil-'))
  cleanups.push(() => rm(evil, { recursive: true, force: true }))
  execFileSync('sh', ['-c', 'mkdir -p e/.git && echo pwned > e/.git/config && tar -cf "$1/evil.tar" -C e .git && (cd e && zip -qr "$1/evil.zip" .git)', 'sh', workspace], { cwd: evil })
  cleanups.push(() => rm(workspace, { recursive: true, force: true }))
})
afterAll(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const bash = (command: string, workdir?: string): ScriptedTurn => call('bash', { command, description: 'attempt', ...(workdir === undefined ? {} : { workdir }) })

function fileAttempts(root: string): ScriptedTurn[] {
  return [
    ...['.git/config', './.git/config', 'docs/../.git/config', `${root}/.git/config`, '.GIT/config', 'lnk/config', 'cfg', 'hooks/pre-commit', 'docs/up/.git/config',
      'sub/.git/config', '.git/hooks/post-checkout', '.git', 'deep/a/b/../../../.git/x', '.git/./config', '.git//config', 'lnk/../.git/y', 'docs/up/sub/.git/HEAD',
      'deep/../lnk/info/exclude'].map(path => call('write', { file_path: path, content: 'pwned\n' })),
    call('edit', { file_path: '.git/config', old_string: '[core]', new_string: '[core]\n\thooksPath = /tmp' }),
    call('edit', { file_path: 'cfg', old_string: '[core]', new_string: '[pwned]' }),
    call('str_replace_editor', { command: 'create', path: '.git/info/attributes', file_text: 'x' }),
    call('str_replace_editor', { command: 'str_replace', path: 'sub/.git/config', old_str: '[core]', new_str: '[pwned]' }),
    call('str_replace_editor', { command: 'insert', path: 'lnk/description', insert_line: 0, new_str: 'x' }),
  ]
}

const SHELL_ATTEMPTS: ReadonlyArray<readonly [string, string?]> = [
  ['echo x>.git/config'], ['echo x > .git/config'], ['printf x >> .git/config'], ['cd .git && echo x > config'], ['echo x > config', '.git'],
  ['echo x > .git/config', 'sub'], ['echo x > lnk/config'], ['echo x > cfg'], ['echo x > .g*/config'], ['echo x > .[g]it/config'],
  ['echo x > .gi?/config'], ['d=.git; echo x > $d/config'], ['echo x > "$PWD/.git/config"'], ['echo x > $(pwd)/.git/config'], ['echo x > ~+/.git/config'],
  ['echo x > {.git,zz}/config'], ['echo x > .GIT/config'], ['echo x > sub/.git/config'], ['ln -s .git g2 && echo x > g2/config'], ['cp /dev/null .git/config'],
  ['mv README.md .git/config'], ['rm -rf .git'], ['rm -rf .'], ['chmod -R 000 .git'], ['touch .git/hooks/pre-commit'],
  ['tee .git/config < /dev/null'], ["sed -i 's/core/pwned/' .git/config"], ['git config core.hooksPath /tmp'], ['git -c core.hooksPath=/tmp/h commit --allow-empty -m x'], ['GIT_DIR=.git git config core.editor vim'],
  ["bash -c 'echo x > .git/config'"], ["eval 'echo x > .git/config'"], ['sh -c "cd .git; touch x"'], ['find .git -name config -delete'], ['tar -xf evil.tar'],
  ['cd docs/up && echo x > .git/config'], ['for d in .git; do touch $d/x; done'], ['f() { touch .git/x; }; f'], ['dd if=/dev/null of=.git/config'], ["python3 -c \"open('.git/config','w')\""],
  ['echo x > lnk/../.git/y'], ['x=.g; echo > ${x}it/config'], ['echo x > "$(printf .git)/config"'], ['unzip -o evil.zip'], ['git --git-dir=.git config core.hooksPath /x'],
  ['cat > .git/config <<EOF\npwned\nEOF'], ['exec 3>.git/config'], ['( echo x ) > .git/config'], ['echo x > hooks/post-merge'], ['chmod +x cfg'],
  ['mv .git old-git'], ['echo x > deep/../.git/z'], ['cd deep/a && cd ../../.git && touch w'], ['git config alias.st "!sh -c id"'], ['sort -o.git/config README.md'],
  ['echo x | tee -a .git/HEAD'], ['ln -s ../.git docs/g && touch docs/g/q'], ['install -m 644 README.md .git/x'], ['truncate -s 0 .git/config'], ['echo x > .git\\/config'],
]

describe('path escapes against .git at the defaults', () => {
  it('has at least 60 attempts through the file tools and the shell', () => {
    expect(fileAttempts('/ws').length + SHELL_ATTEMPTS.length).toBeGreaterThanOrEqual(60)
    expect(SHELL_ATTEMPTS.length).toBeGreaterThanOrEqual(40)
  })

  it('refuses every one, naming the protected path, and nothing on disk changes', async () => {
    const host = await iegHost(cleanups, {}, {}, { workspace, realTools: true })
    const attempts = [...fileAttempts(workspace), ...SHELL_ATTEMPTS.map(([command, workdir]) => bash(command, workdir))]
    scriptModel(host.ctx, [...attempts, say('done')])
    const before = await snapshotTree(workspace)
    const agent = createAgent(host.ctx, 'escapes', workspace)
    await runTurn(agent, 'try every way into .git')
    const results = toolResults(agent)
    expect(results).toHaveLength(attempts.length)
    const through = results.flatMap((result, index) => (result.isError && /protected/.test(result.text) ? [] : [`${JSON.stringify(attempts[index])}: ${result.text.slice(0, 160)}`]))
    expect(through).toEqual([])
    expect(treeChanges(before, await snapshotTree(workspace))).toEqual([])
  })
})
