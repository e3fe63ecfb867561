import { defineConfig } from 'vitest/config'
import QuickFirstSequencer from './test/support/mutation-sequencer.ts'

/** Unit test files that mock modules: they need modules of their own. */
const ISOLATED = ['test/unit/ieg-gate.test.ts', 'test/unit/shell-option-tables.test.ts']

/**
 * The unit tier alone: what mutation testing runs against each mutant of the
 * decision cores. Each mutant run starts a fresh worker, so the files of one
 * run may share modules (one load instead of one per file); the files that
 * mock modules keep their own.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: QuickFirstSequencer },
    projects: [
      { test: { name: 'shared', include: ['test/unit/**/*.test.ts'], exclude: ISOLATED, environment: 'node', isolate: false } },
      { test: { name: 'isolated', include: ISOLATED, environment: 'node' } },
    ],
  },
})
