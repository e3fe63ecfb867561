import { defineConfig } from 'vitest/config'

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 19)) {
  throw new Error(`tests need Node >= 22.19 (the host's floor), running ${process.version}: use the npm scripts, which put the project's Node first on PATH`)
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'host', include: ['test/host/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          globalSetup: ['test/e2e/global-setup.ts'],
        },
      },
    ],
  },
})
