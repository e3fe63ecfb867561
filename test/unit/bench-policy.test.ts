/**
 * The evidence matrix's scripted agent and reviewing user: the agent reacts
 * only to structured data it is sent, and the user reads the checks from the
 * evidence question's Markdown exactly as the bundle renders them.
 */
import { describe, expect, it } from 'vitest'
import { CASES } from '../../bench/src/cases.ts'
import { act, AUTHOR, policyScript, type PolicyInput } from '../../bench/src/policy.ts'
import { missingChecks, proposedChecks, reviewAnswer } from '../../bench/src/reviewer.ts'
import { evidenceSections, proposalMarkdown } from '../../src/reliability/review/markdown.ts'
import type { EvidenceProposal } from '../../src/reliability/review/evidence.ts'
import type { ScriptedRequestView, ScriptedTurn } from '../support/script.ts'

const CHECKS = [
  { id: 'port', kind: 'json_equals', args: { path: 'config.json', pointer: '/port', value: 8080 } },
  { id: 'notes', kind: 'file_contains', args: { path: 'docs/NOTES_[draft].md', text: 'a `tick` | *star*\nnext' } },
]

function evidenceDetail(checks: typeof CHECKS): string {
  const proposal = { kind: 'general', intentReceipt: 'sha256:0', objective: 'o', claims: [], checks, maxAttempts: 3, authorship: { mode: 'current-agent', draftReceipt: null }, coverage: {}, receipt: 'sha256:1' } as unknown as EvidenceProposal
  return proposalMarkdown('Approve how "done" will be checked', evidenceSections(proposal), 'sha256:1')
}

describe('the reviewing user', () => {
  it('reads every check back from the rendered evidence Markdown, escapes and all', () => {
    expect(proposedChecks(evidenceDetail(CHECKS))).toEqual(CHECKS.map(({ kind, args }) => ({ kind, args })))
  })

  it('approves a proposal with every wanted check and names the missing ones otherwise', () => {
    const revision = CASES.find(benchCase => benchCase.id === 'review-revision')!
    expect(missingChecks(proposedChecks(evidenceDetail(CHECKS)), revision.wants)).toEqual([])
    expect(reviewAnswer(revision, { id: 'dshg-review:evidence:x', detail: evidenceDetail(CHECKS) })).toEqual({ option: 'Approve' })
    const answer = reviewAnswer(revision, { id: 'dshg-review:evidence:x', detail: evidenceDetail([CHECKS[1]!]) })
    expect(answer).toMatchObject({ option: 'Revise' })
    expect(JSON.stringify(answer)).toContain('/port')
    expect(reviewAnswer(revision, { id: 'dshg-review:intent:x' })).toEqual({ option: 'Approve' })
    expect(() => reviewAnswer(revision, { id: 'other' })).toThrow(/unknown question/)
  })

  it('rejects every contract for a task the user does not want', () => {
    const rejection = CASES.find(benchCase => benchCase.userRejects === true)!
    expect(reviewAnswer(rejection, { id: 'dshg-review:evidence:x', detail: evidenceDetail(CHECKS) })).toEqual({ option: 'Reject' })
  })
})

const GOVERNED = ['reliability_status', 'reliability_begin', 'fix']
const view = (index: number, transcript: string[], roles: ScriptedRequestView['roles'], tools: string[] = GOVERNED): ScriptedRequestView => ({ index, transcript, roles, tools })
const play = (entry: ReturnType<typeof policyScript>[number], request: ScriptedRequestView): ScriptedTurn => (typeof entry === 'function' ? entry(request) : entry)
const called = (turn: ScriptedTurn): string => (turn.kind === 'tools' ? `${turn.calls[0]!.name} ${JSON.stringify(turn.calls[0]!.arguments)}` : turn.text)
const status = (value: unknown): string => JSON.stringify(value)

describe('the scripted agent', () => {
  const input: PolicyInput = {
    plan: [AUTHOR],
    authoring: { strong: { tool: 'reliability_begin', args: { objective: 'strong' } }, weak: { tool: 'reliability_begin', args: { objective: 'weak' } } },
    reactions: { repair: failed => failed.map(check => act('fix', { check: check.checkId })) },
  }

  it('asks for the governor status after a user-side message and repairs the failed check ids it reports', () => {
    const script = policyScript(input, 1, 'case', { weakContract: 0, wrongRepair: 0, ignoresFeedback: 0, claimsEarly: 0 })
    expect(called(play(script[0]!, view(0, ['task'], ['user'])))).toContain('"strong"')
    expect(called(play(script[1]!, view(1, ['task', '{}'], ['user', 'tool'])))).toMatch(/^DONE/)
    expect(called(play(script[2]!, view(2, ['task', '{}', 'DONE', 'any wording at all'], ['user', 'tool', 'assistant', 'user'])))).toBe('reliability_status {}')
    const failing = status({ phase: 'active', lastAttempt: { results: [{ checkId: 'port', passed: false, evidence: 'x' }, { checkId: 'ok', passed: true, evidence: '' }] }, terminal: null })
    expect(called(play(script[3]!, view(3, ['task', failing], ['user', 'tool'])))).toBe('fix {"check":"port"}')
    expect(called(play(script[4]!, view(4, ['task', '{}'], ['user', 'tool'])))).toMatch(/^DONE/)
    expect(called(play(script[5]!, view(5, ['task', 'steer'], ['user', 'user'])))).toBe('reliability_status {}')
    const certified = status({ phase: 'certified', lastAttempt: null, terminal: { receipt: 'sha256:abc' } })
    expect(called(play(script[6]!, view(6, ['task', certified], ['user', 'tool'])))).toBe('DONE: the task is complete. Certified: sha256:abc')
  })

  it('never asks for status where the governor is not offered, and reads a revision from the structured review', () => {
    const script = policyScript(input, 1, 'case', { weakContract: 1, wrongRepair: 0, ignoresFeedback: 0, claimsEarly: 0 })
    const noStatus = ['reliability_begin']
    expect(called(play(script[0]!, view(0, ['task'], ['user'], noStatus)))).toContain('"weak"')
    const revised = status({ contract_id: null, review: { stage: 'evidence', decision: 'revised', feedback: 'check the port' }, message: 'prose' })
    expect(called(play(script[1]!, view(1, ['task', revised], ['user', 'tool'], noStatus)))).toContain('"strong"')
    const refused = JSON.stringify({ type: 'tool-result', content: [{ type: 'text', text: 'no contract: any wording' }], isError: true })
    expect(called(play(script[2]!, view(2, ['task', refused], ['user', 'tool'], noStatus)))).toMatch(/^DONE/)
    expect(called(play(script[3]!, view(3, ['task', 'steer'], ['user', 'user'], noStatus)))).toMatch(/^DONE/)
  })

  it('leaves out planned calls of tools the request does not offer, as in the baseline', () => {
    const script = policyScript({ ...input, plan: [AUTHOR, act('fix'), () => act('reliability_begin'), act('ieg_record_information'), act('write_file')] }, 1, 'case')
    expect(called(play(script[0]!, view(0, ['task'], ['user'], ['write_file'])))).toBe('write_file {}')
    expect(called(play(script[1]!, view(1, ['task', 'ok'], ['user', 'tool'], ['write_file'])))).toMatch(/^DONE/)
  })

  it('claims done one planned call early at its seeded rate, only in a task with a contract', () => {
    const plan = [AUTHOR, act('work'), act('last')]
    const eager = { weakContract: 0, wrongRepair: 0, ignoresFeedback: 0, claimsEarly: 1 }
    const tools = [...GOVERNED, 'work', 'last']
    const turns = (script: ReturnType<typeof policyScript>): string[] => [0, 1, 2].map(index => called(play(script[index]!, view(index, ['task', '{}'], ['user', 'tool'], tools))))
    expect(turns(policyScript({ ...input, plan }, 1, 'case', eager))).toEqual(['reliability_begin {"objective":"strong"}', 'work {}', 'DONE: the task is complete.'])
    expect(turns(policyScript({ plan: plan.slice(1), reactions: input.reactions }, 1, 'case', eager))).toEqual(['work {}', 'last {}', 'DONE: the task is complete.'])
  })

  it('draws the same authoring decision for a seed in every arm', () => {
    const first = (seed: number): string => called(play(policyScript(input, seed, 'case')[0]!, view(0, ['task'], ['user'])))
    const seeds = Array.from({ length: 40 }, (_, index) => index)
    expect(seeds.map(first)).toEqual(seeds.map(first))
    expect(new Set(seeds.map(first)).size).toBe(2)
  })
})
