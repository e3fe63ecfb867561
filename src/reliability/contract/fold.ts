/**
 * The reliability lifecycle folded from session events. Pure: the state is a
 * function of the log alone, so resume and fork see exactly what was written.
 * Every record is decoded strictly and every transition checked: one active
 * contract at a time, attempts numbered 1..n only while it is active and
 * never past its budget, one terminal consistent with the last attempt, and
 * nothing for a contract after its terminal. The first violation becomes the
 * integrity state: nothing later applies, nothing certifies, and a load never
 * throws.
 */
import type { JsonObject } from '../../kernel/json.js'
import type { FoldEvent, FoldSpec } from '../../kernel/projection.js'
import { decodeAttempt, decodeContract, decodeTerminal } from './decode.js'
import type { AttemptRecord, ContractRecord, TerminalOutcome, TerminalRecord } from './records.js'

/** Folded state: the latest contract with its attempts and terminal record. */
export interface ReliabilityState extends JsonObject {
  readonly contract: ContractRecord | null
  readonly attempts: AttemptRecord[]
  readonly terminal: TerminalRecord | null
  /** The first integrity violation (record and reason); once set, nothing later applies. */
  readonly integrityError: string | null
}

/** Where the latest contract stands; `integrity` when the records are inconsistent. */
export type ReliabilityPhase = 'inactive' | 'active' | TerminalOutcome | 'integrity'

const INITIAL: ReliabilityState = { contract: null, attempts: [], terminal: null, integrityError: null }

function violated(state: ReliabilityState, event: FoldEvent, reason: string): ReliabilityState {
  return { ...state, integrityError: `${event.type} at seq ${event.seq}: ${reason}` }
}

function isActive(state: ReliabilityState): state is ReliabilityState & { contract: ContractRecord } {
  return state.contract !== null && state.terminal === null
}

function attemptProblem(state: ReliabilityState & { contract: ContractRecord }, attempt: AttemptRecord): string | null {
  const expected = state.attempts.length + 1
  if (attempt.attempt !== expected) return `it is numbered ${attempt.attempt}, the next is ${expected}`
  if (attempt.attempt > state.contract.maxAttempts) return `it exceeds the budget of ${state.contract.maxAttempts} attempts`
  const ids = state.contract.checks.map(check => check.id)
  if (attempt.results.length !== ids.length || attempt.results.some((result, index) => result.checkId !== ids[index])) return 'its results do not match the contract\'s checks in order'
  const passed = attempt.results.every(result => result.passed)
  if (attempt.verdict !== (passed ? 'pass' : 'fail')) return `its verdict ${attempt.verdict} contradicts its results`
  if (attempt.results.some(result => result.passed && result.final === true)) return 'a passed check is marked final'
  return null
}

function terminalProblem(state: ReliabilityState & { contract: ContractRecord }, terminal: TerminalRecord): string | null {
  const last = state.attempts.at(-1)
  switch (terminal.outcome) {
    case 'certified':
      if (last?.verdict !== 'pass') return 'it certifies without a passing attempt'
      return terminal.attemptReceipt === last.receipt ? null : 'it does not name the passing attempt\'s receipt'
    case 'exhausted': {
      if (last?.verdict !== 'fail') return 'it exhausts without a failing attempt'
      if (terminal.attemptReceipt !== last.receipt) return 'it does not name the last attempt\'s receipt'
      const spent = last.attempt >= state.contract.maxAttempts
      const hopeless = last.results.every(result => result.passed || result.final === true)
      return spent || hopeless ? null : 'it exhausts with attempts left and repairable checks'
    }
    case 'abstained':
      return terminal.attemptReceipt === (last?.receipt ?? null) ? null : 'it does not name the last attempt\'s receipt'
  }
}

/**
 * Apply one committed event.
 * @param state - state covering all earlier events.
 * @param event - the next event.
 * @returns the next state; the same reference for events that change nothing.
 */
export function applyReliabilityEvent(state: ReliabilityState, event: FoldEvent): ReliabilityState {
  if (state.integrityError !== null) return state
  switch (event.type) {
    case 'reliability/contract': {
      if (isActive(state)) return violated(state, event, `a second contract while ${state.contract.contractId} is active`)
      const decoded = decodeContract(event.data, event.seq)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      return { contract: decoded.record, attempts: [], terminal: null, integrityError: null }
    }
    case 'reliability/attempt': {
      const decoded = decodeAttempt(event.data)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      if (!isActive(state) || state.contract.contractId !== decoded.record.contractId) return violated(state, event, `no active contract ${decoded.record.contractId}`)
      const problem = attemptProblem(state, decoded.record)
      return problem === null ? { ...state, attempts: [...state.attempts, decoded.record] } : violated(state, event, problem)
    }
    case 'reliability/terminal': {
      const decoded = decodeTerminal(event.data)
      if (!decoded.ok) return violated(state, event, decoded.reason)
      if (!isActive(state) || state.contract.contractId !== decoded.record.contractId) return violated(state, event, `no active contract ${decoded.record.contractId}`)
      const problem = terminalProblem(state, decoded.record)
      return problem === null ? { ...state, terminal: decoded.record } : violated(state, event, problem)
    }
    default:
      return state
  }
}

/**
 * Why an active contract's records are incomplete: its last attempt settled
 * it (passed, spent the budget, or failed beyond repair) but the terminal that
 * is written with it is missing, as when a log was cut after the attempt.
 * @param state - folded state.
 * @returns the reason, or null.
 */
export function missingSettlement(state: ReliabilityState): string | null {
  const last = state.attempts.at(-1)
  if (state.integrityError !== null || state.contract === null || state.terminal !== null || last === undefined) return null
  if (last.verdict === 'pass') return `attempt ${last.attempt} passed but its certification is missing`
  if (last.attempt >= state.contract.maxAttempts || last.results.every(result => result.passed || result.final === true)) return `attempt ${last.attempt} settled the contract but its terminal record is missing`
  return null
}

/**
 * The state's integrity problem, recorded or derived.
 * @param state - folded state.
 */
export function integrityProblem(state: ReliabilityState): string | null {
  return state.integrityError ?? missingSettlement(state)
}

/**
 * The phase of a folded state.
 * @param state - folded state.
 * @returns `integrity` after a violation, inactive without a contract, the terminal outcome once ended, else active.
 */
export function reliabilityPhase(state: ReliabilityState): ReliabilityPhase {
  if (integrityProblem(state) !== null) return 'integrity'
  if (state.contract === null) return 'inactive'
  return state.terminal === null ? 'active' : state.terminal.outcome
}

/** Shape guard (not a deep walk: the state is only ever produced by this fold from decoded events). */
function isReliabilityState(value: unknown): value is ReliabilityState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  return 'contract' in record && 'terminal' in record && 'integrityError' in record && Array.isArray(record['attempts'])
}

/** The projection fold registered by the governor row. */
export const reliabilityFold: FoldSpec<ReliabilityState, 'reliability'> = {
  key: 'reliability',
  stateVersion: 2,
  init: () => INITIAL,
  apply: (state, event) => {
    try {
      return applyReliabilityEvent(state, event)
    } catch (error) {
      return violated(state, event, `it could not be read (${error instanceof Error ? error.message : String(error)})`)
    }
  },
  isState: isReliabilityState,
}
