/**
 * Fold figures: folding generated governor logs of growing length, the
 * memory the folded state keeps, and one projection step.
 */
import { applyReliabilityEvent, reliabilityFold } from '../../../lib/reliability/contract/fold.js'
import { abstainRecord, openContract, settleAttempt } from '../../../lib/reliability/contract/lifecycle.js'
import { parseContractInput } from '../../../lib/reliability/contract/input.js'
import { assessCoverage } from '../../../lib/reliability/contract/coverage.js'
import { overRuns, type PerfRecord } from './measure.ts'

/** Runs and scaling inputs. */
export interface FoldScale {
  readonly runs: number
  readonly eventCounts: readonly number[]
}

type LoggedEvent = { type: string, seq: number, data: unknown }

/** A valid log: a contract every 100 events, an attempt every 10, an abstention closing each contract, tool calls between. */
function generatedLog(size: number): LoggedEvent[] {
  const spec = parseContractInput({ objective: 'o', claims: [{ id: 'c', statement: 's', importance: 'critical', verification: 'deterministic', check_ids: ['k'] }], checks: [{ id: 'k', kind: 'file_exists', path: 'a' }] }, { maxClaims: 5, maxChecks: 5, maxTextChars: 100, maxAttempts: 20, maxCount: 5, json: { maxDepth: 8, maxBytes: 1024, maxStringChars: 100, maxKeys: 10 }, verifierProfiles: null })
  const events: LoggedEvent[] = []
  let contract = openContract(spec, assessCoverage(spec.claims, spec.checks), 0, { mode: 'current-agent', draftReceipt: null })
  let attempts: ReturnType<typeof settleAttempt>['attempt'][] = []
  for (let seq = 0; seq < size; seq += 1) {
    if (seq % 100 === 0) {
      contract = openContract({ ...spec, maxAttempts: 20 }, assessCoverage(spec.claims, spec.checks), seq, { mode: 'current-agent', draftReceipt: null })
      attempts = []
      events.push({ type: 'reliability/contract', seq, data: contract })
    } else if (seq % 100 === 99) {
      events.push({ type: 'reliability/terminal', seq, data: abstainRecord({ contract, attempts, terminal: null, review: { intent: null, evidence: null }, integrityError: null }, 'generated') })
    } else if (seq % 10 === 0) {
      const attempt = settleAttempt(contract, attempts, [{ checkId: 'k', passed: false, evidence: 'a does not exist' }], 'turn-stop').attempt
      attempts.push(attempt)
      events.push({ type: 'reliability/attempt', seq, data: attempt })
    } else {
      events.push({ type: 'tool/call', seq, data: { callId: `c${seq}`, name: 'read', arguments: '{}' } })
    }
  }
  return events
}

function foldAll(events: readonly LoggedEvent[]): ReturnType<typeof reliabilityFold.init> {
  let state = reliabilityFold.init()
  for (const event of events) state = applyReliabilityEvent(state, event)
  if (state.integrityError !== null) throw new Error(`the generated log folded to an integrity violation, so the figure would time nothing: ${state.integrityError}`)
  return state
}

/**
 * Record the fold figures and the scaling table.
 * @param record - where figures go.
 * @param scale - runs and event counts.
 */
export async function foldFigures(record: PerfRecord, scale: FoldScale): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('run with --expose-gc: the retained-memory column needs a collection before and after the fold')
  const rows: Array<Array<string | number>> = []
  for (const size of scale.eventCounts) {
    const events = generatedLog(size)
    const times = await overRuns(scale.runs, () => {
      const start = process.hrtime.bigint()
      foldAll(events)
      return Number(process.hrtime.bigint() - start) / 1e6
    })
    // The log stays referenced across both collections, so the difference is what the folded state keeps.
    gc()
    const before = process.memoryUsage().heapUsed
    const state = foldAll(events)
    gc()
    const retained = process.memoryUsage().heapUsed - before
    rows.push([size, times.median.toFixed(2), (times.median * 1e6 / size).toFixed(0), Math.max(0, Math.round(retained / 1024)), JSON.stringify(state).length])
    if (size === 100_000) record.figure('fold: 100k events (median)', 'ms', times, 100, `${scale.runs} folds of one generated log (a contract every 100 events, an attempt every 10)`)
    if (events.length !== size) throw new Error('the generated log has the wrong length')
  }
  record.table({ title: 'Fold of N events', note: 'Folding a generated governor log from the start; the heap difference is measured with the log still referenced, so it is what the folded state keeps.', columns: ['events', 'median (ms)', 'ns per event', 'retained (KiB)', 'state JSON (bytes)'], rows })

  const events = generatedLog(10_000)
  const batch = 10_000
  const perEvent = await overRuns(scale.runs, () => {
    let state = reliabilityFold.init()
    const start = process.hrtime.bigint()
    for (let i = 0; i < batch; i += 1) state = applyReliabilityEvent(state, events[i % events.length] as LoggedEvent)
    return Number(process.hrtime.bigint() - start) / 1000 / batch
  })
  record.figure('projection: one event applied (mean of a batch)', 'µs', perEvent, null, `${batch} events applied in order per run, timed as one batch so the timer does not dominate`)
}
