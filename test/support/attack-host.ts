/**
 * The harness the attack suites share: one host with the `ieg` row and the
 * real tools, whose scripted model plays the queued calls, and a probe for
 * git settings that make git run a program.
 */
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll } from 'vitest'
import { treeChanges, type TreeSnapshot } from './tree-snapshot.ts'
import { scriptModel } from './host.ts'
import { iegHost } from './ieg-host.ts'
import { say, type ScriptedTurn } from './script.ts'
import type { WorkspaceHost } from './workspace-host.ts'

/** A host whose model answers each turn with the next queued call (then `done`). */
export interface AttackHost {
  readonly host: WorkspaceHost
  readonly queue: ScriptedTurn[]
}

/**
 * Mount the host at the given `ieg` configuration.
 * @param cleanups - where teardown is registered.
 * @param config - the row's configuration (`{}` for the defaults).
 */
export async function attackHost(cleanups: Array<() => Promise<unknown>>, config: Record<string, unknown>): Promise<AttackHost> {
  const queue: ScriptedTurn[] = []
  const host = await iegHost(cleanups, config, { 'README.md': '# host\n' }, { realTools: true })
  scriptModel(host.ctx, Array.from({ length: 4000 }, () => () => queue.shift() ?? say('done')))
  return { host, queue }
}

/** The attack host of one test file, and the teardown it shares with the file's fixtures. */
export interface AttackSuite {
  /** Teardown run after the file's tests, last registered first. */
  readonly cleanups: Array<() => Promise<unknown>>
  readonly host: WorkspaceHost
  readonly queue: ScriptedTurn[]
  /** A fresh number for each agent the file creates. */
  session(): number
}

/**
 * Mount one attack host before a test file's tests and tear it down after them.
 * @param config - the row's configuration (`{}` for the defaults).
 */
export function attackSuite(config: Record<string, unknown>): AttackSuite {
  const cleanups: Array<() => Promise<unknown>> = []
  let mounted: AttackHost | null = null
  let sessions = 0
  beforeAll(async () => { mounted = await attackHost(cleanups, config) })
  afterAll(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })
  const current = (): AttackHost => {
    if (mounted === null) throw new Error('the attack host is used before beforeAll mounted it')
    return mounted
  }
  return {
    cleanups,
    get host() { return current().host },
    get queue() { return current().queue },
    session: () => (sessions += 1),
  }
}

/** Settings that make git run a program. */
const CONTROL_SETTING = /^(alias\.|imap\.tunnel|interactive\.difffilter|core\.(hookspath|fsmonitor|alternaterefscommand|sshcommand|editor|pager)|trailer\..*\.(command|cmd)|remote\..*\.(push)?url=(ext|fd)::)/i

/**
 * Git settings that make git run a program, in every repository config under the tree.
 * @param ws - the tree.
 */
export function controlSettings(ws: string): string[] {
  const found: string[] = []
  const files = execFileSync('sh', ['-c', 'find . -path "*/.git/config" -type f 2>/dev/null'], { cwd: ws, encoding: 'utf8' }).split('\n').filter(Boolean)
  for (const file of files) {
    let listing = ''
    try { listing = execFileSync('git', ['config', '--file', file, '--list'], { cwd: ws, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }) } catch { listing = '' }
    for (const line of listing.split('\n')) if (CONTROL_SETTING.test(line)) found.push(`${file}: ${line}`)
  }
  return found
}

/** What git history commands (allowed at the defaults) write into the top-level .git themselves. */
const HISTORY_BOOKKEEPING = /^(added|changed|removed) \.git(\/(objects|refs|logs)(\/.*)?|\/(index|COMMIT_EDITMSG|ORIG_HEAD|HEAD|packed-refs|FETCH_HEAD|AUTO_MERGE|REBASE_HEAD))?$/

/**
 * Changes under any `.git` between two snapshots, apart from git's own history bookkeeping.
 * @param before - the tree before the attempt.
 * @param after - the tree after it.
 */
export function gitTreeChanges(before: TreeSnapshot, after: TreeSnapshot): string[] {
  return treeChanges(before, after).filter(change => /(^| |\/)\.git(\/|$)/i.test(change) && !HISTORY_BOOKKEEPING.test(change))
}
