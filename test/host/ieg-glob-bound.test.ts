/**
 * The bound on glob expansion counts matches, not directory entries: a
 * command whose target pattern can match only a few entries of a large
 * directory is judged on those, and one that matches more than the bound is
 * refused as if it could reach a protected path.
 */
import { symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { toolResults } from '../support/governed.ts'
import { createAgent, runTurn, scriptModel } from '../support/host.ts'
import { iegHost } from '../support/ieg-host.ts'
import { call, say } from '../support/script.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

const bash = (command: string) => call('bash', { command, description: 'run' })
const BIG = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`big/entry-${index}.txt`, 'x\n']))

describe('glob expansion under workspace.shellAnalysis.maxGlobEntries', () => {
  it('judges a pattern by the entries it matches in a directory larger than the bound, and refuses one matching more', async () => {
    const host = await iegHost(cleanups, { workspace: { shellAnalysis: { maxGlobEntries: 10 } } }, { ...BIG, '.git/config': '[core]\n' }, { realTools: true })
    scriptModel(host.ctx, [bash('rm -f big/report-$$.tmp'), bash('rm -f big/*.txt'), say('done')])
    const agent = createAgent(host.ctx, 'glob', host.workspace)
    await runTurn(agent, 'clean up')
    const [few, many] = toolResults(agent)
    expect(few).toMatchObject({ isError: false })
    expect(many).toMatchObject({ isError: true, text: expect.stringContaining('matches more than 10 entries (workspace.shellAnalysis.maxGlobEntries)') })
  })

  it('still follows a matching link in a large directory into the protected path', async () => {
    const host = await iegHost(cleanups, { workspace: { shellAnalysis: { maxGlobEntries: 10 } } }, { ...BIG, '.git/config': '[core]\n' }, { realTools: true })
    await symlink(join(host.workspace, '.git/config'), join(host.workspace, 'big/report-1.tmp'))
    scriptModel(host.ctx, [bash('echo hacked > big/report-$$.tmp'), say('done')])
    const agent = createAgent(host.ctx, 'glob-link', host.workspace)
    await runTurn(agent, 'write a report')
    expect(toolResults(agent)[0]).toMatchObject({ isError: true, text: expect.stringContaining('.git') })
  })
})
