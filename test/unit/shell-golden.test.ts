/**
 * Every command of the labelled shell corpus and the attack corpora against
 * its recorded analysis (test/fixtures/shell-golden.txt): outcome, every
 * effect with its target and scope, every reason. The corpus tests say what
 * must hold; this says exactly what the analysis reports, so any change to a
 * decision or a reason shows up for review. `UPDATE_GOLDEN=1` rewrites it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ATTACK_CORPORA } from '../fixtures/attack-corpus.ts'
import { SHELL_CORPUS } from '../fixtures/shell-corpus.ts'
import { GOLDEN_OPTIONS, goldenLines } from '../support/shell-golden.ts'

const FILE = new URL('../fixtures/shell-golden.txt', import.meta.url)

/** Every command once, with where it starts. */
function commands(): Array<{ command: string, start: string }> {
  const root = GOLDEN_OPTIONS.startDirectory
  const all = [
    ...SHELL_CORPUS.map(entry => ({ command: entry.command, start: root })),
    ...ATTACK_CORPORA.flat().map(entry => ({ command: entry.command, start: entry.absoluteWorkdir !== undefined ? `${root}/${entry.absoluteWorkdir}` : entry.workdir !== undefined ? posix.resolve(root, entry.workdir) : root })),
  ]
  const seen = new Set<string>()
  return all.filter(({ command, start }) => !seen.has(`${start}\u0000${command}`) && seen.add(`${start}\u0000${command}`) !== undefined)
}

function record(): string {
  return commands().map(({ command, start }) => [`$ ${JSON.stringify(command)}${start === GOLDEN_OPTIONS.startDirectory ? '' : ` @ ${start}`}`, ...goldenLines(command, start)].join('\n')).join('\n\n').concat('\n')
}

describe('the recorded analyses of the corpora', () => {
  it('are what the analysis reports now', () => {
    const now = record()
    if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(FILE, now)
    const recorded = readFileSync(FILE, 'utf8').split('\n\n')
    const current = now.split('\n\n')
    expect(current.length).toBe(recorded.length)
    for (let index = 0; index < current.length; index += 1) expect(current[index]).toBe(recorded[index])
  })
})
