/**
 * Evidence path escapes: every file check kind against paths that lead
 * outside the workspace (`..`, absolute, file and folder links, link chains,
 * relative links climbing out, a folder swapped for a link, special files),
 * plus a folder flipped between a real directory and a link to an outside
 * folder for a fixed time while checks run. Outside files hold the marker
 * the checks look for; a check that passes judged outside content. Contract
 * arguments go through the real validator; evidence through the given port.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import type { FileSystem } from '@deepseek-ai/dsh-fs'
import type { WorkspacePort } from '../../../lib/reliability/checks/evidence.js'
import { evaluateChecks } from '../../../lib/reliability/checks/evaluate.js'
import { parseContractInput } from '../../../lib/reliability/contract/input.js'
import { mountHost } from '../../../test/support/host.ts'
import { createOutcomeMemo } from '../../../lib/reliability/checks/outcome-memo.js'

/** Figures of the suite. */
export interface EscapeFigures {
  readonly cases: number
  readonly refusedAtInput: number
  readonly certifiedOutside: string[]
  readonly raceSeconds: number
  readonly raceEvaluations: number
  readonly raceFlips: number
  readonly raceCertifiedOutside: number
}

/** Builds the port the suite attacks. */
export type PortFactory = (fs: FileSystem, workspace: string) => WorkspacePort

const MARKER = 'OUTSIDE-MARKER'
const LIMITS = { maxClaims: 5, maxChecks: 5, maxTextChars: 4096, maxAttempts: 3, maxCount: 5, json: { maxDepth: 8, maxBytes: 4096, maxStringChars: 4096, maxKeys: 10 }, verifierProfiles: null }

/** Check arguments (model-facing) that pass only on outside content at `path`. */
function checksFor(path: string): Array<Record<string, unknown>> {
  return [
    { id: 'exists', kind: 'file_exists', path },
    { id: 'contains', kind: 'file_contains', path, text: MARKER },
    { id: 'not-contains', kind: 'file_not_contains', path, text: 'INSIDE-ONLY' },
    { id: 'equals', kind: 'file_equals', path, text: `{"marker": "${MARKER}"}\n` },
    { id: 'json', kind: 'json_equals', path, pointer: '/marker', value: MARKER },
    { id: 'absent', kind: 'file_absent', path },
  ]
}

async function arrange(workspace: string, outside: string): Promise<string[]> {
  const body = `{"marker": "${MARKER}"}\n`
  await writeFile(join(outside, 'secret.txt'), body)
  await mkdir(join(outside, 'dir'))
  await writeFile(join(outside, 'dir/secret.txt'), body)
  await writeFile(join(workspace, 'inside.txt'), 'INSIDE-ONLY\n')
  await mkdir(join(workspace, 'nest/deeper'), { recursive: true })
  const links: Array<[string, string]> = [
    ['file-link', join(outside, 'secret.txt')],
    ['dir-link', join(outside, 'dir')],
    ['chain-a', 'chain-b'], ['chain-b', 'chain-c'], ['chain-c', join(outside, 'secret.txt')],
    ['nest/deeper/climb', '../../../' + join('..', outside.split('/').pop() ?? '', 'secret.txt')],
    ['rel-dir', join('..', outside.split('/').pop() ?? '', 'dir')],
    ['etc-passwd', '/etc/passwd'], ['proc-environ', '/proc/self/environ'], ['dev-zero', '/dev/zero'],
    ['dangling-out', join(outside, 'missing.txt')],
  ]
  for (const [path, target] of links) await symlink(target, join(workspace, path))
  execFileSync('mkfifo', [join(workspace, 'fifo')])
  await mkdir(join(workspace, 'swapped'))
  await writeFile(join(workspace, 'swapped/secret.txt'), 'INSIDE-ONLY\n')
  await rm(join(workspace, 'swapped'), { recursive: true })
  await symlink(join(outside, 'dir'), join(workspace, 'swapped'))
  return [
    `../${outside.split('/').pop() ?? ''}/secret.txt`, join(outside, 'secret.txt'), 'nest/../../secret.txt',
    'file-link', 'dir-link/secret.txt', 'chain-a', 'nest/deeper/climb', 'rel-dir/secret.txt', 'etc-passwd', 'proc-environ',
    'dev-zero', 'dangling-out', 'fifo', 'swapped/secret.txt', 'chain-b', 'dir-link/../secret.txt',
  ]
}

const FLIPPER = `
const { renameSync, symlinkSync, unlinkSync } = require('node:fs')
const [dir, target, ms] = process.argv.slice(1)
const end = Date.now() + Number(ms)
let flips = 0
while (Date.now() < end) { renameSync(dir, dir + '.real'); symlinkSync(target, dir); unlinkSync(dir); renameSync(dir + '.real', dir); flips += 1 }
process.stdout.write(String(flips))
`

/**
 * Run the suite.
 * @param options - the port under attack and the flip race's length.
 */
export async function evidenceEscapes(options: { port: PortFactory, raceMs: number }): Promise<EscapeFigures> {
  const workspace = await mkdtemp(join(tmpdir(), 'dshg-escape-ws-'))
  const outside = await mkdtemp(join(tmpdir(), 'dshg-escape-out-'))
  const host = await mountHost({ fs: true })
  try {
    const paths = await arrange(workspace, outside)
    let cases = 0
    let refusedAtInput = 0
    const certifiedOutside: string[] = []
    for (const path of paths) {
      for (const check of checksFor(path)) {
        cases += 1
        let records
        try {
          records = parseContractInput({ objective: 'o', claims: [{ id: 'c', statement: 's', importance: 'critical', verification: 'deterministic', check_ids: [check['id']] }], checks: [check] }, LIMITS).checks
        } catch {
          refusedAtInput += 1
          continue
        }
        const [result] = await evaluateChecks(records, { workspace: options.port(host.ctx.fs, workspace), events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: () => false, verifierReceipts: new Map(), outcomes: createOutcomeMemo() })
        if (result?.passed === true && check['kind'] !== 'file_absent') certifiedOutside.push(`${String(check['kind'])} ${path}: ${result.evidence}`)
        if (result?.passed === true && check['kind'] === 'file_absent' && path !== 'dangling-out') certifiedOutside.push(`file_absent ${path}: ${result.evidence}`)
      }
    }
    await mkdir(join(workspace, 'flip'))
    await writeFile(join(workspace, 'flip/secret.txt'), 'INSIDE-ONLY\n')
    const race = checksFor('flip/secret.txt').filter(check => check['kind'] !== 'file_absent' && check['kind'] !== 'file_exists' && check['kind'] !== 'file_not_contains')
    const records = parseContractInput({ objective: 'o', claims: [{ id: 'c', statement: 's', importance: 'critical', verification: 'deterministic', check_ids: race.map(check => check['id']) }], checks: race }, LIMITS).checks
    const flipper = spawn(process.execPath, ['-e', FLIPPER, join(workspace, 'flip'), join(outside, 'dir'), String(options.raceMs)], { stdio: ['ignore', 'pipe', 'inherit'] })
    let flips = ''
    flipper.stdout.on('data', (chunk: Buffer) => { flips += chunk.toString() })
    const finished = new Promise(resolve => flipper.on('close', resolve))
    let raceEvaluations = 0
    let raceCertifiedOutside = 0
    const start = Date.now()
    while (Date.now() - start < options.raceMs - 100) {
      const results = await evaluateChecks(records, { workspace: options.port(host.ctx.fs, workspace), events: [], startedAtSeq: 0, governorTools: new Set(), isSecret: () => false, verifierReceipts: new Map(), outcomes: createOutcomeMemo() })
      raceEvaluations += 1
      raceCertifiedOutside += results.filter(result => result.passed).length
    }
    await finished
    return { cases, refusedAtInput, certifiedOutside, raceSeconds: options.raceMs / 1000, raceEvaluations, raceFlips: Number(flips), raceCertifiedOutside }
  } finally {
    await host.dispose()
    await rm(workspace, { recursive: true, force: true })
    await rm(outside, { recursive: true, force: true })
  }
}
