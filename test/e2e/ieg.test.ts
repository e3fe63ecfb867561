import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SessionId } from '@deepseek-ai/dsh-session'
import { iegFold } from '../../src/ieg/orientation/fold.ts'
import * as ieg from '../../src/ieg/plugin.ts'
import { readProjectionState } from '../../src/kernel/projection.ts'
import { createProfile, makeWorkspace, readSessionLogs } from '../support/dsh-profile.ts'
import { mountHost } from '../support/host.ts'
import { SPEC_WITH_AUTH } from '../support/ieg-host.ts'
import { systemPromptOf, wireText, type ScriptedModelServer } from '../support/model-server.ts'
import { call, say } from '../support/script.ts'
import { e2eEnv, runScripted } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

const ORIENT = { intent: 'Tokens should expire', objective: 'The spec states the token lifetime', scope: 'SPEC.md only', plan: ['read SPEC.md', 'extend its Authentication section'] }

function requireText(transcript: readonly string[], needle: string): void {
  if (!(transcript.at(-1) ?? '').includes(needle)) throw new Error(`expected "${needle}" in: ${transcript.at(-1) ?? ''}`)
}

async function profileWith(patch?: string) {
  return createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), ...(patch === undefined ? {} : { patch }) })
}

describe('IEG in a real headless dsh profile', () => {
  it('refuses a near-duplicate of SPEC.md with its reason, accepts extending SPEC.md, and the session reloads with its orientation', async () => {
    const profile = await profileWith()
    const workspace = await makeWorkspace({ 'SPEC.md': SPEC_WITH_AUTH })
    const { server } = await runScripted(profile, 'Document that API tokens expire after one hour.', workspace, [
      call('record_orientation', ORIENT),
      call('write', { file_path: 'AUTHENTICATION.md', content: '# Authentication\n\nTokens expire after one hour.\n' }),
      ({ transcript }) => {
        requireText(transcript, 'would duplicate SPEC.md')
        return call('read', { file_path: 'SPEC.md' })
      },
      call('write', { file_path: 'SPEC.md', content: `${SPEC_WITH_AUTH}Tokens expire after one hour.\n` }),
      say('SPEC.md now states the token lifetime.'),
    ], servers)

    expect(systemPromptOf(server.requests[0]!)).toContain('Information environment governance (IEG) supplements the host instructions')
    const refusal = wireText(server.requests[2]!.messages.at(-1)!)
    expect(refusal).toContain('requires approval, but no approval channel is available')
    expect(refusal).toContain('IEG asked for approval of this call because: IEG document overlap (workspace.overlapCheck: ask): creating AUTHENTICATION.md would duplicate SPEC.md')
    expect(refusal).toContain('matches its heading "Authentication"')
    expect(existsSync(join(workspace, 'AUTHENTICATION.md'))).toBe(false)
    expect(await readFile(join(workspace, 'SPEC.md'), 'utf8')).toContain('Tokens expire after one hour.')

    const logs = await readSessionLogs(profile.home)
    expect(logs).toHaveLength(1)
    expect(logs[0]!.events.filter(event => event.type === 'ieg/orientation')).toHaveLength(1)
    const host = await mountHost({ fs: true, persistenceRoot: join(profile.home, 'sessions'), plugins: [[ieg, {}]] })
    try {
      const handle = await host.ctx.agentLoop.resume(host.ctx, { resumeSessionId: SessionId(basename(dirname(logs[0]!.path))), agentOptions: { provider: 'mock', model: 'mock' } })
      expect(readProjectionState(host.ctx.sessionProjections, handle.agent.session, iegFold).orientation).toMatchObject({ revision: 1, ...ORIENT })
    } finally {
      await host.dispose()
    }
  })

  it('at the defaults, refuses an unspaced redirect into .git and says why, and runs a heredoc whose body holds rm', async () => {
    const profile = await profileWith()
    const workspace = await makeWorkspace({ '.git/config': '[core]\n', 'keep.txt': 'keep\n' })
    const { server } = await runScripted(profile, 'Tidy up.', workspace, [
      call('bash', { command: 'echo pwned>.git/config', description: 'overwrite git config' }),
      ({ transcript }) => {
        requireText(transcript, 'protected path .git')
        return call('bash', { command: "cat <<'EOF'\nrm -rf keep.txt\nEOF", description: 'print a note' })
      },
      say('done'),
    ], servers)
    const refusal = wireText(server.requests[1]!.messages.at(-1)!)
    expect(refusal).toContain('IEG workspace governance refused bash (mutation): redirection > writes .git/config, which is or holds the protected path .git (workspace.protectedPaths)')
    expect(await readFile(join(workspace, '.git/config'), 'utf8')).toBe('[core]\n')
    const heredoc = wireText(server.requests[2]!.messages.at(-1)!)
    expect(heredoc).toContain('rm -rf keep.txt')
    expect(heredoc).not.toContain('IEG')
    expect(await readFile(join(workspace, 'keep.txt'), 'utf8')).toBe('keep\n')
  })

  for (const [mode, patch, refused] of [
    ['orientationGate: warn', "- id: ieg\n  config:\n    preStep:\n      orientationGate: 'warn'\n", false],
    ['orientationGate: reject', "- id: ieg\n  config:\n    preStep:\n      orientationGate: 'reject'\n", true],
    ['requireBeforeMutation', '- id: ieg\n  config:\n    preStep:\n      requireBeforeMutation: true\n', true],
  ] as const) {
    it(`${mode}: a fresh headless session orients itself and then writes`, async () => {
      const profile = await profileWith(patch)
      const workspace = await makeWorkspace({})
      const { server } = await runScripted(profile, 'Take notes.', workspace, [
        call('write', { file_path: 'notes.txt', content: 'first\n' }),
        ({ transcript }) => {
          if (refused) requireText(transcript, 'no orientation is recorded for this session')
          return call('record_orientation', ORIENT)
        },
        call('write', { file_path: 'notes.txt', content: 'second\n' }),
        say('done'),
      ], servers)
      expect(await readFile(join(workspace, 'notes.txt'), 'utf8')).toBe('second\n')
      const reminded = JSON.stringify(server.requests[0]!.messages).includes('no orientation is recorded for this session yet')
      expect(reminded).toBe(mode !== 'requireBeforeMutation')
    })
  }
})
