/**
 * Tampering with a real session log: each kind edits, deletes, duplicates,
 * reorders, truncates or injects governor records (sequence numbers kept
 * contiguous, so only the governor's own reading can catch it) and folds the
 * result. A tampered log is caught when it folds to the integrity state or
 * to the original state; any other state was accepted. Forgeries that
 * recompute every receipt consistently are counted apart: a receipt proves a
 * record is consistent with itself, not who wrote it.
 */
import { withReceipt } from '../../../lib/kernel/receipts.js'

/** A session event as the fold reads it. */
export interface LoggedEvent { readonly type: string, readonly seq: number, readonly data: unknown }

/** A fold of governor events. */
export interface GovernorFold {
  init(): unknown
  apply(state: unknown, event: LoggedEvent): unknown
  /** Whether a state is the integrity state. */
  integrity(state: unknown): boolean
}

/** Figures of the suite. */
export interface TamperFigures {
  readonly kinds: number
  readonly caught: number
  readonly acceptedChanged: string[]
  readonly forgeries: number
  readonly forgeriesAccepted: string[]
}

type Tamper = (events: LoggedEvent[]) => LoggedEvent[] | null

function renumber(events: readonly LoggedEvent[]): LoggedEvent[] {
  return events.map((event, seq) => ({ ...event, seq }))
}

function governor(events: readonly LoggedEvent[], type: string, nth = 0): number {
  let seen = -1
  return events.findIndex(event => event.type === `reliability/${type}` && (seen += 1) === nth)
}

function editData(type: string, nth: number, change: (data: Record<string, unknown>) => unknown): Tamper {
  return (events) => {
    const at = governor(events, type, nth)
    if (at < 0) return null
    return events.map((event, index) => (index === at ? { ...event, data: change(structuredClone(event.data) as Record<string, unknown>) } : event))
  }
}

function resealed(change: (body: Record<string, unknown>) => void): (data: Record<string, unknown>) => unknown {
  return (data) => {
    const { receipt: _receipt, ...body } = data
    change(body)
    return withReceipt(body)
  }
}

function remove(type: string, nth = 0): Tamper {
  return (events) => {
    const at = governor(events, type, nth)
    return at < 0 ? null : renumber(events.filter((_, index) => index !== at))
  }
}

function duplicate(type: string, nth = 0): Tamper {
  return (events) => {
    const at = governor(events, type, nth)
    return at < 0 ? null : renumber([...events.slice(0, at + 1), events[at] as LoggedEvent, ...events.slice(at + 1)])
  }
}

function move(type: string, nth: number, to: (events: readonly LoggedEvent[]) => number): Tamper {
  return (events) => {
    const at = governor(events, type, nth)
    if (at < 0) return null
    const rest = events.filter((_, index) => index !== at)
    const target = to(rest)
    return renumber([...rest.slice(0, target), events[at] as LoggedEvent, ...rest.slice(target)])
  }
}

function inject(after: (events: readonly LoggedEvent[]) => number, event: (events: readonly LoggedEvent[]) => LoggedEvent): Tamper {
  return (events) => {
    const at = after(events)
    return at < 0 ? null : renumber([...events.slice(0, at + 1), event(events), ...events.slice(at + 1)])
  }
}

/** Tamper kinds that leave some receipt inconsistent or break a rule. */
const TAMPERS: Record<string, Tamper> = {
  'edit contract objective': editData('contract', 0, data => ({ ...data, objective: 'something else' })),
  'edit contract check text': editData('contract', 0, data => ({ ...data, checks: (data['checks'] as Array<Record<string, unknown>>).map(check => ({ ...check, args: { ...(check['args'] as object), text: 'x' } })) })),
  'edit contract budget': editData('contract', 0, data => ({ ...data, maxAttempts: 20 })),
  'edit attempt verdict': editData('attempt', 0, data => ({ ...data, verdict: 'pass' })),
  'edit attempt evidence': editData('attempt', 0, data => ({ ...data, results: (data['results'] as Array<Record<string, unknown>>).map(result => ({ ...result, passed: true })) })),
  'edit terminal outcome': editData('terminal', 0, data => ({ ...data, outcome: 'abstained' })),
  'drop terminal receipt': editData('terminal', 0, ({ receipt: _receipt, ...rest }) => rest),
  'terminal receipt 0': editData('terminal', 0, data => ({ ...data, receipt: 0 })),
  'truncated contract record': editData('contract', 0, data => Object.fromEntries(Object.entries(data).slice(0, 4))),
  'truncated attempt record': editData('attempt', 1, data => Object.fromEntries(Object.entries(data).slice(0, 3))),
  'contract replaced by null': editData('contract', 0, () => null),
  'attempt replaced by an array': editData('attempt', 0, () => []),
  'delete contract': remove('contract'),
  'delete first attempt': remove('attempt', 0),
  'delete second attempt': remove('attempt', 1),
  'delete terminal': remove('terminal'),
  'duplicate contract': duplicate('contract'),
  'duplicate first attempt': duplicate('attempt', 0),
  'duplicate terminal': duplicate('terminal'),
  'swap the two attempts': move('attempt', 1, rest => governor(rest, 'attempt', 0)),
  'terminal before attempt 2': move('terminal', 0, rest => governor(rest, 'attempt', 1)),
  'attempt before the contract': move('attempt', 0, rest => governor(rest, 'contract', 0)),
  'attempt after the terminal': inject(events => governor(events, 'terminal'), events => ({ type: 'reliability/attempt', seq: 0, data: events[governor(events, 'attempt', 0)]?.data })),
  'second contract while active': inject(events => governor(events, 'attempt', 0), events => ({ type: 'reliability/contract', seq: 0, data: events[governor(events, 'contract', 0)]?.data })),
  'event type changed': (events) => {
    const at = governor(events, 'attempt', 0)
    return at < 0 ? null : events.map((event, index) => (index === at ? { ...event, type: 'reliability/terminal' } : event))
  },
}

/** Consistent forgeries: every receipt recomputed. */
const FORGERIES: Record<string, Tamper> = {
  'resealed contract version 99': editData('contract', 0, resealed(body => { body['version'] = 99 })),
  'resealed evidence boundary moved back': editData('contract', 0, resealed(body => { body['startedAtSeq'] = 0; body['contractId'] = 'contract-0' })),
  'resealed coverage': editData('contract', 0, resealed(body => { body['coverage'] = { ...(body['coverage'] as object), weightedCoverage: 1 } })),
  'resealed unknown key': editData('attempt', 0, resealed(body => { body['extra'] = true })),
  'resealed attempt number': editData('attempt', 1, resealed(body => { body['attempt'] = 5 })),
  'resealed results reordered': editData('attempt', 0, resealed(body => { body['results'] = [...(body['results'] as unknown[])].reverse() })),
  'resealed verdict without results': editData('attempt', 0, resealed(body => { body['verdict'] = 'pass' })),
  'resealed terminal names another attempt': editData('terminal', 0, resealed(body => { body['attemptReceipt'] = null })),
  'resealed certification after a failing attempt': (events) => {
    const at = governor(events, 'attempt', 0)
    const terminal = events[governor(events, 'terminal')]
    if (at < 0 || terminal === undefined) return null
    const attempt = events[at]?.data as { receipt: string }
    const forged = withReceipt({ ...(({ receipt: _r, ...rest }) => rest)(terminal.data as Record<string, unknown>), attemptReceipt: attempt.receipt })
    return renumber([...events.slice(0, at + 1), { type: 'reliability/terminal', seq: 0, data: forged }, ...events.slice(at + 1).filter(event => !event.type.startsWith('reliability/'))])
  },
  'resealed contract with a weaker check path': editData('contract', 0, resealed(body => { body['checks'] = (body['checks'] as Array<Record<string, unknown>>).map(check => ({ ...check, args: { ...(check['args'] as object), path: 'README.md' } })) })),
}

function foldAll(fold: GovernorFold, events: readonly LoggedEvent[]): unknown {
  return events.reduce((state, event) => fold.apply(state, event), fold.init())
}

/**
 * Run the suite over a certified session log.
 * @param events - every event of a real session (governor and host events).
 * @param fold - the governor fold under test.
 */
export function tamperedLogs(events: readonly LoggedEvent[], fold: GovernorFold): TamperFigures {
  const original = JSON.stringify(foldAll(fold, events))
  const judge = (tampers: Record<string, Tamper>): { total: number, accepted: string[] } => {
    const accepted: string[] = []
    let total = 0
    for (const [kind, tamper] of Object.entries(tampers)) {
      const tampered = tamper([...events])
      if (tampered === null) continue
      total += 1
      let state: unknown
      try {
        state = foldAll(fold, tampered)
      } catch (error) {
        accepted.push(`${kind}: the fold threw (${error instanceof Error ? error.message : String(error)})`)
        continue
      }
      if (!fold.integrity(state) && JSON.stringify(state) !== original) accepted.push(kind)
    }
    return { total, accepted }
  }
  const plain = judge(TAMPERS)
  const forged = judge(FORGERIES)
  return { kinds: plain.total + forged.total, caught: plain.total - plain.accepted.length, acceptedChanged: plain.accepted, forgeries: forged.total, forgeriesAccepted: forged.accepted }
}
