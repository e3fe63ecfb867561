/** Values the e2e global setup publishes to the test files. */
export function e2eEnv(name: 'DSHG_DSH_BIN' | 'DSHG_TARBALL'): string {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`${name} is not set: the e2e global setup did not run`)
  return value
}
