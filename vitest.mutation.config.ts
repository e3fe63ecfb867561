import { defineConfig } from 'vitest/config'
import QuickFirstSequencer from './test/support/mutation-sequencer.ts'

/** The unit tier alone: what mutation testing runs against each mutant of the decision cores. */
export default defineConfig({
  test: { include: ['test/unit/**/*.test.ts'], environment: 'node', sequence: { sequencer: QuickFirstSequencer } },
})
