/** The review cards: deterministic A2UI surfaces, strict envelope decoding, and answers read back. */
import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../src/kernel/json.ts'
import { withReceipt } from '../../src/kernel/receipts.ts'
import { readReviewAnswer } from '../../src/reliability/review/answer.ts'
import { buttonAction, cardAnswerText } from '../../src/reliability/review/card-action.ts'
import { decodeEnvelope, envelopeText, MAX_ENVELOPE_BYTES, questionDetail, reviewEnvelope, type ReviewEnvelope } from '../../src/reliability/review/envelope.ts'
import { intentProposal, parseIntentInput } from '../../src/reliability/review/intent.ts'
import { intentSections, literalMarkdown, proposalMarkdown } from '../../src/reliability/review/markdown.ts'

const proposal = intentProposal('Ship *the* notes', parseIntentInput({ constraints: [{ text: 'Keep [old] entries', source: 'user' }] }, { maxTextChars: 200, maxItems: 5 }), null)
const envelope = reviewEnvelope('intent', proposal.receipt, intentSections(proposal))
const text = canonicalJson(envelope)

function changed(mutate: (messages: Array<Record<string, any>>) => void): string {
  const { receipt: _receipt, ...body } = structuredClone(envelope) as ReviewEnvelope
  mutate(body.messages as Array<Record<string, any>>)
  return canonicalJson(withReceipt(body))
}
const components = (messages: Array<Record<string, any>>): Array<Record<string, any>> => messages[1]!['updateComponents']['components']

describe('review cards', () => {
  it('are deterministic and pass the official processor and the strict checks', () => {
    expect(reviewEnvelope('intent', proposal.receipt, intentSections(proposal))).toEqual(envelope)
    expect(decodeEnvelope(text, { questionId: envelope.questionId })).toEqual({ ok: true, envelope })
    expect(envelope.messages[0]).toEqual({ version: 'v0.9', createSurface: { surfaceId: envelope.surfaceId, catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' } })
  })

  it('travel after the Markdown fallback and are found again', () => {
    const detail = questionDetail(proposalMarkdown('Approve', intentSections(proposal), proposal.receipt), envelope)
    expect(detail.indexOf('Keep \\[old\\] entries')).toBeLessThan(detail.indexOf('```a2ui-review'))
    expect(envelopeText(detail)).toBe(text)
    expect(envelopeText('no card here')).toBeNull()
  })

  it('escape Markdown syntax in user text', () => {
    expect(literalMarkdown('a *b* [c](d) `e`\n# f')).toBe('a \\*b\\* \\[c\\](d) \\`e\\` # f')
    expect(literalMarkdown('# heading')).toBe('\\# heading')
  })

  const refusals: Array<[string, string, string]> = [
    ['oversized', ' '.repeat(MAX_ENVELOPE_BYTES + 1), 'larger than'],
    ['not JSON', '{', 'not JSON'],
    ['changed after sealing', text.replace('Ship', 'Skip'), 'receipt does not cover'],
    ['an extra field', canonicalJson(withReceipt({ ...(({ receipt: _r, ...rest }) => rest)(envelope), extra: 1 })), 'exactly the envelope fields'],
    ['an unknown component', changed(messages => components(messages).push({ id: 'x', component: 'Video', url: 'https://x' })), 'Video'],
    ['an unknown key', changed((messages) => { components(messages)[2]!['color'] = 'red' }), 'does not match the Basic catalog'],
    ['no root', changed((messages) => { components(messages)[0]!['id'] = 'top' }), 'no root'],
    ['a dangling child', changed((messages) => { components(messages)[1]!['children'].push('ghost') }), 'missing component ghost'],
    ['an unreachable component', changed(messages => components(messages).push({ id: 'loose', component: 'Divider' })), 'not reachable'],
    ['an unknown action name', changed((messages) => { components(messages).find(c => c['id'] === 'answer-approve')!['action']['event']['name'] = 'approve-all' }), 'does not send the review-answer action'],
    ['an action for another receipt', changed((messages) => { components(messages).find(c => c['id'] === 'answer-approve')!['action']['event']['context']['receipt'] = `sha256:${'1'.repeat(64)}` }), 'does not send'],
    ['another surface', changed((messages) => { messages[2]!['updateDataModel']['surfaceId'] = 'elsewhere' }), 'another surface'],
  ]
  it.each(refusals)('refuse an envelope %s', (_name, candidate, reason) => {
    const decoded = decodeEnvelope(candidate, null)
    expect(decoded.ok).toBe(false)
    expect(decoded.ok ? '' : decoded.reason).toContain(reason)
  })

  it('refuse a stale card: one built for another question', () => {
    expect(decodeEnvelope(text, { questionId: 'dshg-review:intent:other' })).toEqual({ ok: false, reason: 'it belongs to another question (a stale card)' })
  })
})

describe('review answers', () => {
  const read = (answers: unknown): ReturnType<typeof readReviewAnswer> => readReviewAnswer(answers, envelope, 100)
  const item = (fields: Record<string, unknown>): unknown[] => [{ id: envelope.questionId, selected: [], ...fields }]
  const card = (choice: 'approved' | 'revised' | 'rejected', feedback = ''): unknown[] => item({ custom: cardAnswerText(envelope, buttonAction(envelope, choice, feedback, '2026-11-30T00:00:00.000Z')) })

  it('approve only on an exact approval', () => {
    expect(read(item({ selected: ['Approve'] }))).toEqual({ decision: 'approved', feedback: null, detail: null })
    expect(read(card('approved'))).toEqual({ decision: 'approved', feedback: null, detail: null })
    expect(read(card('approved', 'but shorter'))).toEqual({ decision: 'revised', feedback: 'but shorter', detail: null })
    expect(read(item({ selected: ['Approve'], custom: 'note' }))).toMatchObject({ decision: 'revised', feedback: 'note' })
    expect(read(card('rejected'))).toMatchObject({ decision: 'rejected' })
    expect(read(item({ custom: 'do it differently' }))).toMatchObject({ decision: 'revised', feedback: 'do it differently' })
    expect(read(item({}))).toMatchObject({ decision: 'cancelled' })
  })

  it('approve nothing on anything else', () => {
    expect(read([])).toMatchObject({ decision: 'invalid' })
    expect(read([{ id: 'other', selected: ['Approve'] }])).toMatchObject({ decision: 'invalid', detail: 'the answer is for another question' })
    expect(read(item({ selected: ['Approve', 'Reject'] }))).toMatchObject({ decision: 'invalid' })
    expect(read(item({ selected: ['approve'] }))).toMatchObject({ decision: 'invalid' })
    expect(read(item({ custom: 'x'.repeat(101) }))).toMatchObject({ decision: 'invalid', detail: 'the feedback is longer than 100 characters' })
    expect(read(item({ selected: ['Approve'], custom: cardAnswerText(envelope, buttonAction(envelope, 'approved', '', '2026-11-30T00:00:00.000Z')) }))).toMatchObject({ decision: 'invalid' })
    expect(read(item({ custom: 'a2ui-action:{"envelope":"x","message":{}}' }))).toMatchObject({ decision: 'invalid', detail: expect.stringContaining('another card') })
  })
})
