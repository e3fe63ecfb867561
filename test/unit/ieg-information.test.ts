/**
 * The information ledger's pure core: the transition rule over every pair of
 * statuses, the promotion gate as the fold enforces it on stored records,
 * reintroduction matching (the corrected value is not flagged), status
 * counts, and module conflicts.
 */
import { describe, expect, it } from 'vitest'
import { IegSchema } from '../../src/ieg/config.ts'
import { decodeInformation, isPromotion, ledgerSummary, transition, type InformationRecord } from '../../src/ieg/information/ledger.ts'
import { reintroducedRecords } from '../../src/ieg/information/reintroduction.ts'
import { INFORMATION_STATUS_NAMES, type InformationStatus } from '../../src/ieg/information/vocabulary.ts'
import { moduleConflicts } from '../../src/ieg/modules/conflicts.ts'
import { applyIegEvent, iegFold } from '../../src/ieg/orientation/fold.ts'

const record = (extra: Partial<InformationRecord> = {}): InformationRecord => ({ id: 'port', status: 'PROVISIONAL', value: 'port 3000', provenance: 'README', disposition: null, revision: 1, basis: null, ...extra })
const EVIDENCE = { kind: 'evidence', path: 'config.json', shows: 'contains the value of port' } as const

describe('the transition rule', () => {
  it('frees every move except a promotion to AUTHORITATIVE or out of INVALID or SUPERSEDED, over all 49 pairs and new records', () => {
    const retired = new Set(['INVALID', 'SUPERSEDED'])
    const table = Object.fromEntries(INFORMATION_STATUS_NAMES.map(from => [from, Object.fromEntries(INFORMATION_STATUS_NAMES.map(to => [to, transition(from, to)]))]))
    for (const from of INFORMATION_STATUS_NAMES) {
      for (const to of INFORMATION_STATUS_NAMES) {
        const expected = (to === 'AUTHORITATIVE' && from !== 'AUTHORITATIVE') || (retired.has(from) && !retired.has(to)) ? 'needs-basis' : 'free'
        expect(table[from]![to], `${from} -> ${to}`).toBe(expected)
      }
    }
    expect(transition('INVALID', 'PROVISIONAL')).toBe('needs-basis')
    expect(transition('INVALID', 'SUPERSEDED')).toBe('free')
    expect(transition('DEPRECATED', 'PROVISIONAL')).toBe('free')
    expect(INFORMATION_STATUS_NAMES.map(to => transition(null, to))).toEqual(INFORMATION_STATUS_NAMES.map(to => to === 'AUTHORITATIVE' ? 'needs-basis' : 'free'))
    expect(isPromotion('INVALID', 'PROVISIONAL')).toBe(true)
    expect(isPromotion('AUTHORITATIVE', 'SUSPECT')).toBe(false)
  })
})

describe('stored records', () => {
  const none = () => null
  it('decode strictly and hold the promotion gate: a basis exactly on a promotion to AUTHORITATIVE', () => {
    expect(decodeInformation(record(), none)).toMatchObject({ ok: true })
    expect(decodeInformation(record({ status: 'AUTHORITATIVE' }), none)).toMatchObject({ ok: false, reason: expect.stringContaining('without evidence or confirmation') as unknown as string })
    expect(decodeInformation(record({ status: 'AUTHORITATIVE', basis: EVIDENCE }), none)).toMatchObject({ ok: true })
    expect(decodeInformation(record({ basis: EVIDENCE }), none)).toMatchObject({ ok: false, reason: expect.stringContaining('basis without a promotion') as unknown as string })
    const authoritative = record({ status: 'AUTHORITATIVE', basis: EVIDENCE })
    expect(decodeInformation(record({ status: 'AUTHORITATIVE', revision: 2 }), () => authoritative)).toMatchObject({ ok: true })
    expect(decodeInformation(record({ revision: 3 }), () => authoritative)).toMatchObject({ ok: false, reason: expect.stringContaining('the next is 2') as unknown as string })
    expect(decodeInformation(record({ value: 'port 4000', revision: 2 }), () => authoritative)).toMatchObject({ ok: false, reason: expect.stringContaining('a new value is a new record') as unknown as string })
    expect(decodeInformation({ ...record(), extra: 1 }, none)).toMatchObject({ ok: false })
    expect(decodeInformation(record({ status: 'WRONG' as InformationStatus }), none)).toMatchObject({ ok: false })
  })

  it('fold into the session state, and the first bad record stops the fold', () => {
    let state = iegFold.init()
    state = applyIegEvent(state, { seq: 1, type: 'ieg/information', data: record() })
    state = applyIegEvent(state, { seq: 2, type: 'ieg/information', data: record({ status: 'INVALID', disposition: 'CORRECTED', revision: 2 }) })
    state = applyIegEvent(state, { seq: 3, type: 'ieg/information', data: record({ id: 'port-fixed', value: 'port 8080' }) })
    expect(state.information.map(entry => [entry.id, entry.status])).toEqual([['port', 'INVALID'], ['port-fixed', 'PROVISIONAL']])
    const forged = applyIegEvent(state, { seq: 4, type: 'ieg/information', data: record({ status: 'AUTHORITATIVE', revision: 3 }) })
    expect(forged.integrityError).toContain('ieg/information at seq 4')
    expect(applyIegEvent(forged, { seq: 5, type: 'ieg/information', data: record({ id: 'other' }) })).toBe(forged)
    expect(ledgerSummary(state.information)).toMatchObject({ line: '1 provisional, 1 invalid', counts: { INVALID: 1, PROVISIONAL: 1, AUTHORITATIVE: 0 } })
  })
})

describe('reintroduction', () => {
  const invalid = record({ value: '3000', status: 'INVALID', disposition: 'CORRECTED', revision: 2 })
  const corrected = record({ id: 'port-fixed', value: '30000' })
  const superseded = record({ id: 'host', value: 'api.old.example', status: 'SUPERSEDED' })
  const ledger = [invalid, corrected, superseded, record({ id: 'kept', value: 'kept-value', status: 'SUSPECT' })]

  it('finds retired values as whole tokens, in any written text', () => {
    expect(reintroducedRecords(['{ "port": 3000 }'], ledger).map(entry => entry.id)).toEqual(['port'])
    expect(reintroducedRecords(['echo "listen 3000" > conf'], ledger).map(entry => entry.id)).toEqual(['port'])
    expect(reintroducedRecords(['base = https://api.old.example/v1'], ledger).map(entry => entry.id)).toEqual(['host'])
    expect(reintroducedRecords(['3000 and api.old.example'], ledger).map(entry => entry.id)).toEqual(['port', 'host'])
  })

  it('does not flag the corrected value, a longer token, or values still in use', () => {
    expect(reintroducedRecords(['{ "port": 30000 }'], ledger)).toEqual([])
    expect(reintroducedRecords(['port 13000, build 3000a, v3000_1'], ledger)).toEqual([])
    expect(reintroducedRecords(['kept-value'], ledger)).toEqual([])
    expect(reintroducedRecords(['3000'], [corrected])).toEqual([])
  })

  it('is not switched off by a shorter value in use that is part of the retired one', () => {
    const shorter = record({ id: 'short', value: '300' })
    expect(reintroducedRecords(['port 3000'], [invalid, shorter]).map(entry => entry.id)).toEqual(['port'])
    expect(reintroducedRecords(['port 300'], [invalid, shorter])).toEqual([])
  })
})

describe('module conflicts', () => {
  const config = (patch: Record<string, unknown>) => IegSchema(patch as never)
  it('names both settings when one cannot take effect under another', () => {
    expect(moduleConflicts(config({}))).toEqual([])
    expect(moduleConflicts(config({ preStep: { requireBeforeMutation: true }, modules: { workspaceGovernance: { enabled: false } } }))).toEqual(['$.preStep.requireBeforeMutation has no effect: $.modules.workspaceGovernance.enabled is false, so no mutation is gated'])
    expect(moduleConflicts(config({ preStep: { orientationGate: 'warn' }, modules: { projectGovernance: { enabled: false } } }))).toEqual(['$.preStep.orientationGate (warn) has no effect: $.modules.projectGovernance.enabled is false'])
    expect(moduleConflicts(config({ modules: { informationIntegrity: { enabled: false, reintroduction: 'deny' } } }))).toHaveLength(1)
  })
})
