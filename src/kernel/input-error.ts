/** A refused tool argument. Pure. */

/** A refused tool argument; `field` is the path of the offending argument. */
export class InputError extends Error {
  readonly field: string
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`)
    this.name = 'InputError'
    this.field = field
  }
}
