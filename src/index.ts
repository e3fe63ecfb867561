/**
 * The dsh-governance bundle: its two row plugins, and the node half of the
 * row named after the package (`review-card`), which registers nothing in
 * the host. The web profile serves a package's client module
 * (`exports["./client"]`, the review card) only for a live row with exactly
 * the package's name.
 */
export * as reliabilityGovernor from './reliability/plugin.js'
export * as ieg from './ieg/plugin.js'

/** The package-named row. */
export const name = 'dsh-governance'

/** Registers nothing: the review card is the web profile's to load. */
export function apply(): void {}
