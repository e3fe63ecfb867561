import { readFileSync } from 'node:fs'
import { it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { patternText } from '../../src/ieg/shell/pattern.ts'

const opts = { persistent: false, startDirectory: '/ws', home: '/home/u', tempDirectory: '/tmp', maxDepth: 8, maxAlternatives: 16, readOnlyCommands: [] }
it('triage', () => {
  const cmds = readFileSync('/work/main/.cache/triage.txt', 'utf8').split('\n====\n').filter(s => s.trim() !== '')
  const out: string[] = []
  for (const c of cmds) {
    const a = analyzeShellCommand(c, opts)
    const eff = a.effects.map(e => e.kind === 'write' ? `W:${patternText(e.target.path)}(${e.target.scope})` : e.kind === 'opaque' ? `O:${e.via}[${e.words.map(patternText).join(' ')}]` : e.kind === 'git-history' ? `H:${e.via}` : `C:${e.via}`)
    out.push(`${a.outcome.padEnd(9)} ${JSON.stringify(c)}\n          ${eff.join(' | ')}`)
  }
  console.log(out.join('\n'))
})
