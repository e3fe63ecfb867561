/** The workspace the shell corpus runs in: files the commands name, a git repository, a nested one, an archive and a patch. */
import { execFileSync } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitWorkspace } from './git-workspace.ts'

/** Files of the corpus workspace. */
export const CORPUS_FILES: Record<string, string> = {
  'README.md': '# App\n\nA small service.\n',
  'CHANGELOG.md': '# Changelog\n\n## 1.0.0\n- first\n',
  'docs/guide.md': '# Guide\n\nStart here.\n',
  'docs/api.md': '# API\n\n## GET /health\n',
  'src/app.ts': 'export const app = 1\n// TODO: more\n',
  'src/util.ts': 'export function add(a: number, b: number): number { return a + b }\n',
  'data.txt': '3\n1\n2\n10\n',
  'names.txt': 'alice\nbob\nalice\ncarol\n',
  'list.txt': 'a.txt\nb.txt\n',
  'a.txt': 'alpha\n',
  'b.txt': 'beta\n',
  'config.json': '{"version": "1.0.0"}\n',
  'script.sh': '#!/bin/sh\necho hi\n',
  'notes/todo.md': '- [ ] write docs\n',
  'patch.diff': '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-alpha\n+ALPHA\n',
}

/**
 * Create the corpus workspace.
 * @returns its directory.
 */
export async function corpusWorkspace(): Promise<string> {
  const workspace = await gitWorkspace(CORPUS_FILES, { nested: 'sub' })
  await chmod(join(workspace, 'script.sh'), 0o755)
  const payload = await mkdtemp(join(tmpdir(), 'dshg-payload-'))
  execFileSync('sh', ['-c', 'mkdir -p "$1/payload" && echo x > "$1/payload/x.txt" && tar -czf archive.tgz -C "$1" payload', 'sh', payload], { cwd: workspace })
  await rm(payload, { recursive: true, force: true })
  return workspace
}
