import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Orders test files for mutant runs: a file that failed last time first (it
 * likely kills the neighbouring mutant too), then the quickest files, so a
 * mutant a small test kills stops before the slow sweeps run.
 */
export default class QuickFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache
    const rank = (spec: TestSpecification): [number, number] => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`
      const state = cache.getFileTestResults(key)
      if (state !== undefined) return [state.failed ? 0 : 1, state.duration]
      return [1, cache.getFileStats(key)?.size ?? Number.MAX_SAFE_INTEGER]
    }
    const ranked = files.map(spec => ({ spec, rank: rank(spec) }))
    ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1])
    return ranked.map(entry => entry.spec)
  }
}
