/** The dsh-governance bundle: its two row plugins. */
export * as reliabilityGovernor from './reliability/plugin.js'
export * as ieg from './ieg/plugin.js'
