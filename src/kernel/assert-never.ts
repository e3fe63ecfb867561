/** Exhaustiveness for switches over closed vocabularies. Pure. */

/**
 * Fail on a value the type system says cannot exist (a new vocabulary entry without a case).
 * @param value - the unhandled value.
 * @throws Error naming it.
 */
export function assertNever(value: never): never {
  throw new Error(`unhandled case ${JSON.stringify(value)}`)
}
