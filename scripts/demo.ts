/**
 * Keyless demo: installs the real dsh host (cached under .cache/), packs this
 * bundle, installs it with the scripted-user bundle into a throwaway profile
 * with `dsh plugin add`, and runs the release task headless against the
 * scripted model on 127.0.0.1. The user (scripted) approves the interpreted
 * intent and then the checks; the model forgets package.json and claims
 * success; the governor's turn-stop check fails, steers the evidence, and
 * certifies after the repair. Prints what the user was asked, what the
 * session log on disk recorded, and the files the task left.
 */
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createProfile, ensureHost, makeWorkspace, packBundle, readSessionLogs, runTask, SCRIPTED_USER_BUNDLE } from '../test/support/dsh-profile.ts'
import { startModelServer, toolNamesOf } from '../test/support/model-server.ts'
import { RELEASE_TASK, RELEASE_WORKSPACE, releaseScript } from '../test/support/release-scenario.ts'

function print(line = ''): void {
  process.stdout.write(`${line}\n`)
}

function summarize(type: string, data: Record<string, unknown>): string {
  switch (type) {
    case 'reliability/intent-review': return `the user reviewed the interpreted intent: ${String(data['decision'])} (proposal ${String((data['proposal'] as { receipt: string }).receipt)})`
    case 'reliability/contract-review': return `the user reviewed the evidence: ${String(data['decision'])} (proposal ${String((data['proposal'] as { receipt: string }).receipt)})`
    case 'reliability/contract': return `contract ${String(data['contractId'])} opened: ${String(data['objective'])} (budget ${String(data['maxAttempts'])} attempts)`
    case 'reliability/attempt': {
      const results = data['results'] as Array<{ checkId: string, passed: boolean, evidence: string }>
      return `attempt ${String(data['attempt'])} (${String(data['trigger'])}): ${String(data['verdict'])}\n${results.map(r => `      ${r.passed ? 'pass' : 'FAIL'} ${r.checkId}: ${r.evidence}`).join('\n')}`
    }
    case 'reliability/terminal': return `${String(data['outcome'])}: ${String(data['reason'])}\n      receipt ${String(data['receipt'])}`
    default: return JSON.stringify(data).slice(0, 120)
  }
}

const dsh = ensureHost()
const tarball = packBundle()
const profile = await createProfile({ dsh, tarball, extraBundles: [SCRIPTED_USER_BUNDLE] })
const workspace = await makeWorkspace(RELEASE_WORKSPACE)
const server = await startModelServer(releaseScript())
try {
  print(`dsh ${dsh}\nbundle ${tarball}\nDSH_HOME ${profile.home} (throwaway)\nworkspace ${workspace}`)
  print(`\n$ dsh --profile ${profile.name} "${RELEASE_TASK}"`)
  const questions = join(profile.home, 'questions.jsonl')
  const result = await runTask(profile, RELEASE_TASK, { cwd: workspace, baseURL: server.baseURL, env: { DSHG_SCRIPTED_QUESTIONS: questions } })
  print(result.stdout.trim())
  print('\nwhat the (scripted) user was asked to approve, in the native question UI\'s Markdown:')
  for (const line of (await readFile(questions, 'utf8')).split('\n').filter(Boolean)) {
    const question = JSON.parse(line) as { question: string, detail: string }
    print(`  ## ${question.question}\n${question.detail.slice(0, question.detail.indexOf('\n---\n')).split('\n').map(text => `  | ${text}`).join('\n')}\n  -> Approve`)
  }
  print(`(exit ${String(result.code)}; the scripted model answered ${server.requests.length} requests)`)
  print(`\nbundle tools offered to the model: ${toolNamesOf(server.requests[0]!).filter(name => name.startsWith('reliability_') || name.startsWith('ieg_')).join(', ')}`)
  print('\ngovernor events in the session log on disk:')
  for (const log of await readSessionLogs(profile.home)) {
    for (const event of log.events.filter(e => e.type.startsWith('reliability/'))) print(`  seq ${event.seq} ${summarize(event.type, event.data as Record<string, unknown>)}`)
  }
  print('\nworkspace after the task:')
  for (const file of Object.keys(RELEASE_WORKSPACE)) print(`--- ${file}\n${(await readFile(join(workspace, file), 'utf8')).trimEnd()}`)
  if (result.code !== 0 || !server.script.finished) {
    process.stderr.write(`demo failed: exit ${String(result.code)}, script played ${server.script.played} turns\n${server.errors.join('\n')}\n${result.stderr}\n`)
    process.exitCode = 1
  }
} finally {
  await server.close()
  await rm(profile.home, { recursive: true, force: true })
  await rm(workspace, { recursive: true, force: true })
}
