import { defineConfig } from 'vitest/config'

/** The unit tier alone: what mutation testing runs against each mutant of the decision cores. */
export default defineConfig({
  test: { include: ['test/unit/**/*.test.ts'], environment: 'node' },
})
