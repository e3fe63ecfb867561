/** The outcome memo of one contract: at most one kept outcome per check, recalled only under its key. Pure. */
import type { CheckOutcome, OutcomeMemo } from './evidence.js'

/** A fresh, empty memo. */
export function createOutcomeMemo(): OutcomeMemo {
  const outcomes = new Map<string, { readonly key: string, readonly outcome: CheckOutcome }>()
  return {
    recall: (checkId, key) => {
      const kept = outcomes.get(checkId)
      return kept?.key === key ? kept.outcome : undefined
    },
    keep: (checkId, key, outcome) => {
      outcomes.set(checkId, { key, outcome })
    },
  }
}
