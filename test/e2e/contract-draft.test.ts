/**
 * Auxiliary-model contract authoring in a real dsh profile: the scripted
 * server answers the draft call from a separate script (recognized by the
 * fixed system prompt), the agent's tampered begin is refused, the exact
 * draft goes through both reviews and certifies.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { draftSystemPrompt } from '../../src/reliability/authoring/draft-prompt.ts'
import { createProfile, makeWorkspace, readSessionLogs, SCRIPTED_USER_BUNDLE } from '../support/dsh-profile.ts'
import { systemPromptOf, type ScriptedModelServer } from '../support/model-server.ts'
import { call, say, type ScriptedTurn } from '../support/script.ts'
import { e2eEnv, runScripted, scriptedUserFiles } from './env.ts'

const servers: ScriptedModelServer[] = []
afterAll(async () => { await Promise.all(servers.map(server => server.close())) })

const PATCH = `- id: reliability-governor
  config:
    contractAuthoring:
      mode: auxiliary-model
      provider: deepseek-official
      model: deepseek-v4-flash
`
const DRAFT = {
  claims: [{ id: 'named', statement: 'The README names the project demo', importance: 'critical', verification: 'deterministic', check_ids: ['readme-names'] }],
  checks: [{ id: 'readme-names', kind: 'file_contains', path: 'README.md', text: '# demo' }],
}
const SYSTEM_PREFIX = draftSystemPrompt().split('\n')[0]!

/** Begin arguments from the latest draft result in the transcript, changed by `change`. */
function beginFromDraft(transcript: readonly string[], change: (draft: Record<string, unknown>) => Record<string, unknown> = draft => draft): ScriptedTurn {
  const text = [...transcript].reverse().find(message => message.includes('"draft_receipt"'))
  if (text === undefined) throw new Error('no draft result in the transcript')
  const draft = change(JSON.parse(text) as Record<string, unknown>)
  return call('reliability_begin', { objective: draft['objective'], claims: draft['claims'], checks: draft['checks'], draft_receipt: draft['draft_receipt'] })
}

describe('auxiliary-model authoring in a real dsh profile', () => {
  it('drafts on a separate call without tools, refuses a tampered draft, and certifies the exact one', async () => {
    const profile = await createProfile({ dsh: e2eEnv('DSHG_DSH_BIN'), tarball: e2eEnv('DSHG_TARBALL'), patch: PATCH, extraBundles: [SCRIPTED_USER_BUNDLE] })
    const workspace = await makeWorkspace({ 'README.md': '# demo\n\nA small project.\n' })
    const user = await scriptedUserFiles([{ option: 'Approve' }, { option: 'Approve' }])
    const { result, server } = await runScripted(profile, 'Make sure the README names the project.', workspace, [
      call('reliability_draft', { contract_kind: 'general', objective: 'The README names the project', context: 'README.md starts with the heading "# demo".' }),
      ({ transcript }) => beginFromDraft(transcript, draft => ({ ...draft, claims: [{ ...(draft['claims'] as Array<Record<string, unknown>>)[0], importance: 'minor' }] })),
      ({ transcript }) => {
        if (!(transcript.at(-1) ?? '').includes('claims: differ from the draft')) throw new Error(`the tampered begin was not refused: ${transcript.at(-1) ?? ''}`)
        return beginFromDraft(transcript)
      },
      say('The README names the project.'),
      ({ transcript }) => say(`Certified: ${/sha256:[0-9a-f]{64}/.exec(transcript.at(-1) ?? '')?.[0] ?? 'none'}`),
    ], servers, user.env, { systemPrefix: SYSTEM_PREFIX, entries: [say(JSON.stringify(DRAFT))] })

    expect(server.sideRequests).toHaveLength(1)
    const draftRequest = server.sideRequests[0]!
    expect(systemPromptOf(draftRequest)).toBe(draftSystemPrompt())
    expect(draftRequest.tools ?? []).toEqual([])
    expect(draftRequest.model).toBe('deepseek-v4-flash')
    expect(draftRequest.messages.map(message => message.role)).toEqual(['system', 'user'])
    expect(server.requests.every(request => !systemPromptOf(request).startsWith(SYSTEM_PREFIX))).toBe(true)

    const [log] = await readSessionLogs(profile.home)
    const events = log!.events.filter(event => event.type.startsWith('reliability/'))
    expect(events.map(event => event.type)).toEqual(['reliability/contract-draft', 'reliability/intent-review', 'reliability/contract-review', 'reliability/contract', 'reliability/attempt', 'reliability/terminal'])
    const draft = events[0]!.data as { receipt: string, provider: string, model: string }
    expect(draft).toMatchObject({ provider: 'deepseek-official', model: 'deepseek-v4-flash', promptVersion: 1 })
    expect(events[3]!.data).toMatchObject({ authorship: { mode: 'auxiliary-model', draftReceipt: draft.receipt } })
    const asked = await user.asked()
    expect(asked.map(question => question.question)).toEqual(['Approve what "done" means', 'Approve how "done" will be checked'])
    expect(JSON.stringify(asked[1])).toContain(draft.receipt)
    const terminal = events[5]!.data as { outcome: string, receipt: string }
    expect(terminal.outcome).toBe('certified')
    expect(result.stdout).toContain(`Certified: ${terminal.receipt}`)
  })
})
