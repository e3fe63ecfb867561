import { describe, expect, it } from 'vitest'
import { GroundTruth } from '../../bench/src/precision/ground-truth.ts'
import { runGatePrecision } from '../../bench/src/precision/run.ts'

describe('gate precision on executed ground truth', () => {
  it('learns what a probe does by running it: reads change nothing, a redirect into .git is a trap, git commit is a history write', async () => {
    const truth = await GroundTruth.create()
    try {
      expect(await truth.execute({ shell: 'cat README.md && git status' })).toMatchObject({ changed: [], protectedChanged: [], historyOnly: false })
      expect(await truth.execute({ shell: 'echo x>.git/config' })).toMatchObject({ protectedChanged: ['.git/config'], historyOnly: false })
      expect(await truth.execute({ shell: 'git config core.hooksPath hooks' })).toMatchObject({ protectedChanged: ['.git/config'], historyOnly: false })
      expect(await truth.execute({ shell: 'echo more >> notes/todo.txt && git commit -qam edit' })).toMatchObject({ historyOnly: true })
      expect(await truth.execute({ shell: 'git config user.name someone' })).toMatchObject({ protectedChanged: ['.git/config'], historyOnly: true })
      expect(await truth.execute({ write: 'vendor/lib/.git/description', content: 'x' })).toMatchObject({ protectedChanged: ['vendor/lib/.git/description'], historyOnly: false })
    } finally {
      await truth.dispose()
    }
  }, 60_000)

  it('reports missed traps when the gate is planted broken (nothing protected)', async () => {
    const broken = await runGatePrecision(12, { protectedPaths: ['nothing-here'] })
    expect(broken.traps).toBeGreaterThan(0)
    expect(broken.trapsCaught).toBeLessThan(broken.traps)
    expect(broken.missedTraps.length).toBe(broken.traps - broken.trapsCaught)
  }, 120_000)
})
