/** The model-facing status of the governor. Pure. */
import type { JsonObject } from '../../kernel/json.js'
import { integrityProblem, reliabilityPhase, type ReliabilityState } from './fold.js'

/**
 * Status: the phase and the latest contract's progress.
 * @param state - folded governor state.
 */
export function describeReliabilityStatus(state: ReliabilityState): JsonObject {
  const contract = state.contract
  return {
    phase: reliabilityPhase(state),
    contract: contract === null ? null : {
      contractId: contract.contractId,
      objective: contract.objective,
      version: contract.version,
      maxAttempts: contract.maxAttempts,
      attemptsUsed: state.attempts.length,
      receipt: contract.receipt,
    },
    lastAttempt: state.attempts.at(-1) ?? null,
    terminal: state.terminal,
    integrityError: integrityProblem(state),
  }
}
