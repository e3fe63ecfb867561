/** A refused tool argument. Pure. */

/** A refused tool argument; `field` is the path of the offending argument. */
export class InputError extends Error {
  readonly field: string
  /** What is wrong with it, without the field. */
  readonly problem: string
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`)
    this.name = 'InputError'
    this.field = field
    this.problem = problem
  }
}
