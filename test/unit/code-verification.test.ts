/**
 * The pure cores of trusted code verification: profiles and their receipts,
 * the verifier environment, strict run records, required-profile injection,
 * the `code_verification_succeeded` evaluator's freshness rules, and coverage.
 */
import { describe, expect, it } from 'vitest'
import type { EvaluationContext } from '../../src/reliability/checks/evidence.ts'
import { codeVerificationSucceeded, lastPossibleChange } from '../../src/reliability/checks/verification.ts'
import { assessCoverage, evidenceSource } from '../../src/reliability/contract/coverage.ts'
import type { ContractSpec } from '../../src/reliability/contract/input.ts'
import { absolutePathEntries, secretName, verifierEnvironment } from '../../src/reliability/verification/environment.ts'
import { refuseReservedIds, withRequiredVerifiers } from '../../src/reliability/verification/inject.ts'
import { effectiveMode, profileMetadata, profilesProblem, sealProfiles, type VerifierProfileConfig } from '../../src/reliability/verification/profiles.ts'
import { decodeVerification, outputDigest, verificationRecord, type VerificationFacts } from '../../src/reliability/verification/record.ts'
import type { FoldEvent } from '../../src/kernel/projection.ts'
import { withReceipt } from '../../src/kernel/receipts.ts'
import { createOutcomeMemo } from '../../src/reliability/checks/outcome-memo.ts'

const config = (extra: Partial<VerifierProfileConfig> = {}): VerifierProfileConfig => ({ id: 'unit-tests', description: 'tests pass', command: 'npm', args: ['test'], timeoutMs: 60_000, sandboxMode: 'read-only', required: true, maxOutputBytes: 1_000_000, ...extra })
const [UNIT] = sealProfiles([config()])
const [LINT] = sealProfiles([config({ id: 'lint', command: 'eslint', args: ['.'], required: false })])

describe('profiles', () => {
  it('names the key path of the first bad profile', () => {
    const at = '$.codeVerificationProfiles'
    expect(profilesProblem([config()], at)).toBeNull()
    expect(profilesProblem([config({ id: 'Unit_Tests' })], at)).toBe('$.codeVerificationProfiles[0].id must be kebab-case, 1 to 55 characters (got "Unit_Tests")')
    expect(profilesProblem([config({ id: 'a'.repeat(55) })], at)).toBeNull()
    expect(profilesProblem([config({ id: 'a'.repeat(56) })], at)).toContain('[0].id must be kebab-case, 1 to 55')
    for (const command of ['npm test', 'node ', '..', '.', '\tnode']) expect(profilesProblem([config({ command })], at), command).toContain('[0].command must name one executable')
    const writer = { sandboxMode: 'workspace-write' as const }
    expect(profilesProblem([config(writer), config({ ...writer, id: 'b', required: false })], at)).toBeNull()
    expect(profilesProblem([config(writer), config({ id: 'b' }), config({ ...writer, id: 'c' })], at)).toContain('$.codeVerificationProfiles[2].sandboxMode: at most one required profile may have workspace-write')
    expect(profilesProblem([config(), config()], at)).toBe('$.codeVerificationProfiles[1].id repeats "unit-tests"')
    expect(profilesProblem([config({ command: ' ' })], at)).toContain('[0].command must name one executable')
    expect(profilesProblem([config({ command: './run-tests' })], at)).toContain('not a relative path')
    expect(profilesProblem([config({ args: ['ok', 'a\0b'] })], at)).toBe('$.codeVerificationProfiles[0].args[1] holds a NUL character')
    expect(profilesProblem([config({ description: '' })], at)).toContain('[0].description must not be empty')
    expect(profilesProblem([config({ id: 'a'.repeat(65) })], at)).toContain('[0].id must be kebab-case')
  })

  it('binds a receipt to the whole definition: any change to argv, limits or mode changes it', () => {
    const base = sealProfiles([config()])[0]!.receipt
    for (const change of [{ args: ['test', '--', '--bail'] }, { command: 'pnpm' }, { timeoutMs: 1000 }, { sandboxMode: 'workspace-write' as const }, { required: false }, { maxOutputBytes: 10 }]) {
      expect(sealProfiles([config(change)])[0]!.receipt).not.toBe(base)
    }
    expect(sealProfiles([config({ description: '  tests pass ' })])[0]!.receipt).toBe(base)
  })

  it('shows the model metadata, never the argv', () => {
    const shown = JSON.stringify(profileMetadata(UNIT!))
    expect(shown).toContain('"id":"unit-tests"')
    expect(shown).not.toContain('npm')
    expect(shown).not.toContain('"args"')
  })

  it('lets the session only narrow the sandbox', () => {
    expect(effectiveMode('workspace-write', 'read-only')).toBe('read-only')
    expect(effectiveMode('read-only', 'workspace-write')).toBe('read-only')
    expect(effectiveMode('read-only', 'danger-full-access')).toBe('read-only')
    expect(effectiveMode('workspace-write', 'danger-full-access')).toBe('workspace-write')
  })
})

describe('verifier environment', () => {
  it('passes only allowlisted names, never one that looks like a credential, and removes the rest', () => {
    const parent = { PATH: '/bin', HOME: '/home/u', DEEPSEEK_API_KEY: 'k', GITHUB_TOKEN: 't', NPM_CONFIG_TOKEN: 'n', AWS_SECRET_ACCESS_KEY: 's', MY_PASSWORD: 'p', EDITOR: 'vi', DSH_HOME: '/d' }
    const env = verifierEnvironment(parent, ['PATH', 'HOME', 'GITHUB_TOKEN', 'DSH_HOME'])
    expect(env).toEqual({ PATH: '/bin', HOME: '/home/u', DEEPSEEK_API_KEY: undefined, GITHUB_TOKEN: undefined, NPM_CONFIG_TOKEN: undefined, AWS_SECRET_ACCESS_KEY: undefined, MY_PASSWORD: undefined, EDITOR: undefined, DSH_HOME: undefined })
    for (const name of ['OPENAI_API_KEY', 'deepseek_base_url', 'SESSION_COOKIE', 'GOOGLE_APPLICATION_CREDENTIALS', 'SSH_AUTH_SOCK', 'KUBECONFIG', 'PGPASSFILE', 'GH_ENTERPRISE_TOKEN', 'DB_PASS', 'MYSQL_PWD', 'GPG_PASSPHRASE', 'CI_JOB_JWT', 'PRIVATE_PEM', 'DATABASE_URL', 'SENTRY_DSN', 'SLACK_WEBHOOK_URL']) expect(secretName(name), name).toBe(true)
    for (const name of ['PATH', 'LANG', 'CI', 'TZ', 'PWD', 'HOME', 'NODE_EXTRA_CA_CERTS', 'TERM']) expect(secretName(name), name).toBe(false)
  })

  it('looks executables up on absolute PATH entries only', () => {
    expect(absolutePathEntries('/usr/bin::./node_modules/.bin:bin:/opt/x/bin')).toEqual(['/usr/bin', '/opt/x/bin'])
    expect(absolutePathEntries(undefined)).toEqual([])
  })
})

const facts = (extra: Partial<VerificationFacts> = {}): VerificationFacts => ({
  profileId: 'unit-tests',
  profileReceipt: UNIT!.receipt,
  executable: '/usr/bin/node',
  outcome: 'passed',
  exitCode: 0,
  signal: null,
  durationMs: 12,
  sandbox: { mode: 'read-only', enforcement: 'full' },
  stdout: outputDigest('ok\n', false),
  stderr: outputDigest('', false),
  detail: null,
  ...extra,
})

describe('run records', () => {
  it('decodes a sealed record and refuses extra keys, a stale receipt and an impossible pass', () => {
    const record = verificationRecord(facts())
    expect(decodeVerification(record)).toEqual({ ok: true, record })
    expect(decodeVerification({ ...record, stdoutText: 'ok' })).toMatchObject({ ok: false })
    expect(decodeVerification({ ...record, outcome: 'failed' })).toEqual({ ok: false, reason: 'its receipt does not cover its content' })
    expect(decodeVerification({ ...record, version: 2 })).toMatchObject({ ok: false })
    const impossible = { ok: false, reason: 'a pass that did not exit 0 from a resolved executable under full sandbox enforcement' }
    expect(decodeVerification(withReceipt({ ...facts({ exitCode: 1 }), version: 1 }))).toEqual(impossible)
    expect(decodeVerification(withReceipt({ ...facts({ executable: null }), version: 1 }))).toEqual(impossible)
    expect(decodeVerification(withReceipt({ ...facts({ sandbox: { mode: 'read-only', enforcement: 'partial' } }), version: 1 }))).toMatchObject({ ok: false })
  })

  it('keeps sizes and hashes of the output, not the output', () => {
    expect(outputDigest('héllo', true)).toEqual({ bytes: 6, truncated: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown as string })
  })
})

const spec = (extra: Partial<ContractSpec> = {}): ContractSpec => ({
  objective: 'fixed',
  claims: [{ id: 'c1', statement: 'fixed', importance: 'important', verification: 'deterministic', checkIds: ['k1'], minimumIndependentSources: 1 }],
  checks: [{ id: 'k1', kind: 'file_exists', args: { path: 'a.ts' } }],
  ...extra,
} as ContractSpec)

describe('required-profile injection', () => {
  it('adds one critical claim and check per required profile and reserves their ids', () => {
    const injected = withRequiredVerifiers(spec(), [UNIT!, LINT!])
    expect(injected.checks.at(-1)).toEqual({ id: 'verifier-unit-tests', kind: 'code_verification_succeeded', args: { profile: 'unit-tests' } })
    expect(injected.claims.at(-1)).toMatchObject({ id: 'verified-unit-tests', importance: 'critical', checkIds: ['verifier-unit-tests'] })
    expect(injected.checks).toHaveLength(2)
    expect(() => withRequiredVerifiers(spec({ checks: [{ id: 'verifier-unit-tests', kind: 'file_exists', args: { path: 'a.ts' } }] } as Partial<ContractSpec>), [UNIT!])).toThrow('reserved for the required verifier profile unit-tests')
    expect(() => withRequiredVerifiers(spec(), [LINT!])).toThrow('configures no required verifier profile')
    expect(() => refuseReservedIds(spec({ claims: [{ id: 'verified-lint', statement: 's', importance: 'critical', verification: 'deterministic', checkIds: ['k1'], minimumIndependentSources: 1 }] } as Partial<ContractSpec>), [UNIT!, LINT!])).toThrow('the id verified-lint is reserved for the verifier profile lint')
    expect(() => refuseReservedIds(spec(), [UNIT!, LINT!])).not.toThrow()
  })
})

let seq = 0
const toolCall = (name: string): FoldEvent => ({ seq: ++seq, type: 'tool/call', data: { callId: `c${seq}`, name, arguments: '{}' } } as unknown as FoldEvent)
const toolResult = (callId: string): FoldEvent => ({ seq: ++seq, type: 'tool/result', data: { message: { source: { callId } } } } as unknown as FoldEvent)
/** A call and its result. */
const finished = (name: string): FoldEvent[] => { const started = toolCall(name); return [started, toolResult(`c${started.seq}`)] }
const run = (extra: Partial<VerificationFacts> = {}): FoldEvent => ({ seq: ++seq, type: 'reliability/code-verification', data: verificationRecord(facts(extra)) } as unknown as FoldEvent)

function context(events: FoldEvent[], startedAtSeq = 0): EvaluationContext {
  return { workspace: undefined as never, events, startedAtSeq, governorTools: new Set(['reliability_code_verify', 'reliability_verify']), isSecret: () => false, verifierReceipts: new Map([['unit-tests', UNIT!.receipt], ['lint', LINT!.receipt]]), outcomes: createOutcomeMemo() }
}
const check = (events: FoldEvent[], args: Record<string, unknown> = {}, startedAtSeq = 0) => codeVerificationSucceeded({ profile: 'unit-tests', ...args }, context(events, startedAtSeq))

describe('code_verification_succeeded', () => {
  it('passes on a fresh passing run, and fails when any non-governor call came after it', async () => {
    expect(await check([...finished('write'), toolCall('reliability_code_verify'), run()])).toMatchObject({ passed: true })
    expect(await check([toolCall('reliability_code_verify'), run(), ...finished('read')])).toMatchObject({ passed: false, evidence: expect.stringContaining('no run of verifier unit-tests after seq') as unknown as string })
  })

  it('never counts a run recorded while a non-governor call was open (a Code Mode program), nor one during an open call', async () => {
    const program = toolCall('run_code')
    const inside = [program, toolCall('reliability_code_verify'), run()]
    expect(await check(inside)).toMatchObject({ passed: false })
    expect(await check([...inside, toolResult(`c${program.seq}`)])).toMatchObject({ passed: false })
  })

  it('treats a verifier call that recorded nothing (aborted, crashed) as a possible change', async () => {
    const aborted = toolCall('reliability_code_verify')
    expect(await check([run(), aborted, toolResult(`c${aborted.seq}`)])).toMatchObject({ passed: false })
    expect(await check([run(), toolCall('reliability_code_verify')])).toMatchObject({ passed: false })
    const recorded = toolCall('reliability_code_verify')
    const events = [recorded, run(), toolResult(`c${recorded.seq}`)]
    expect(lastPossibleChange(events, 0, new Set(['reliability_code_verify']))).toBe(0)
    expect(await check(events)).toMatchObject({ passed: true })
  })

  it('counts a result without a known call as a possible change', async () => {
    expect(await check([run(), toolResult('unknown')])).toMatchObject({ passed: false })
  })

  it('counts only runs after the contract start', async () => {
    const before = [toolCall('reliability_code_verify'), run()]
    expect(await check(before, {}, seq)).toMatchObject({ passed: false })
  })

  it('judges by the latest run: an earlier pass does not outweigh a later failure', async () => {
    expect(await check([run(), run({ outcome: 'failed', exitCode: 1 })])).toMatchObject({ passed: false, evidence: expect.stringContaining('ended failed with exit code 1') as unknown as string })
    expect(await check([run({ outcome: 'timeout', exitCode: null, signal: 'SIGTERM' })])).toMatchObject({ passed: false, evidence: expect.stringContaining('ended timeout') as unknown as string })
  })

  it('needs min_count fresh passes', async () => {
    expect(await check([run()], { min_count: 2 })).toMatchObject({ passed: false, evidence: expect.stringContaining('1 passing run(s)') as unknown as string })
    expect(await check([run(), run()], { min_count: 2 })).toMatchObject({ passed: true })
  })

  it('ignores runs of a changed profile definition and forged records', async () => {
    expect(await check([run({ profileReceipt: LINT!.receipt })])).toMatchObject({ passed: false })
    const forged = { seq: ++seq, type: 'reliability/code-verification', data: { ...verificationRecord(facts({ outcome: 'failed', exitCode: 1 })), outcome: 'passed', exitCode: 0 } } as unknown as FoldEvent
    expect(await check([forged])).toMatchObject({ passed: false })
  })

  it('drops other profiles\' results after a workspace-write run, not its own', async () => {
    const writer = { profileId: 'lint', profileReceipt: LINT!.receipt, sandbox: { mode: 'workspace-write' as const, enforcement: 'full' as const } }
    expect(await check([run(), run(writer)])).toMatchObject({ passed: false })
    expect(await check([run(writer), run()])).toMatchObject({ passed: true })
  })

  it('fails a profile the deployment no longer configures', async () => {
    expect(await codeVerificationSucceeded({ profile: 'gone' }, context([run()]))).toMatchObject({ passed: false, evidence: expect.stringContaining('not configured') as unknown as string })
  })
})

describe('coverage', () => {
  it('counts two checks of one profile as one source, different profiles as two', () => {
    const checks = [
      { id: 'a', kind: 'code_verification_succeeded', args: { profile: 'unit-tests' } },
      { id: 'b', kind: 'code_verification_succeeded', args: { profile: 'unit-tests', min_count: 2 } },
      { id: 'c', kind: 'code_verification_succeeded', args: { profile: 'lint' } },
    ]
    expect(checks.map(evidenceSource)).toEqual(['verifier:unit-tests', 'verifier:unit-tests', 'verifier:lint'])
    const claims = [
      { id: 'one', statement: 's', importance: 'critical', verification: 'deterministic', checkIds: ['a', 'b'], minimumIndependentSources: 2 },
      { id: 'two', statement: 's', importance: 'critical', verification: 'deterministic', checkIds: ['a', 'c'], minimumIndependentSources: 2 },
    ]
    const report = assessCoverage(claims as never, checks as never)
    expect(report.sourcesPerClaim).toEqual({ one: 1, two: 2 })
    expect(report.status).toBe('review-required')
  })
})
