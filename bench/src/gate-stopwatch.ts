/**
 * Time the `ieg` gate inside the real tool registry: a plugin mounted before
 * the row brackets its `tools/pre-execute` listener (the time `next()` takes
 * from the first listener) and opens a guard bracket that a plugin mounted
 * after the row closes; `tools/result` records their sum (a refused call
 * never reaches the guards). Registration order is call order for both, so
 * the brackets hold exactly the row's listener and guard. Stub tools do no
 * work.
 */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool } from '@deepseek-ai/dsh-tools'

/** Per-call gate time in microseconds, in call order. */
export interface GateStopwatch {
  readonly samples: number[]
  readonly before: { name: string, inject: string[], apply(ctx: Context): void }
  readonly after: { name: string, inject: string[], apply(ctx: Context): void }
  readonly stubTools: { name: string, inject: string[], apply(ctx: Context): void }
}

/**
 * A stopwatch pair and stub tools (`bash`, `write_file`, `read_file`) that return at once.
 */
export function gateStopwatch(): GateStopwatch {
  const samples: number[] = []
  let pre = 0
  let guard = 0
  let guardStart = 0n
  return {
    samples,
    before: {
      name: 'gate-stopwatch-before',
      inject: ['tools'],
      apply(ctx) {
        ctx.on('tools/pre-execute', async (_exec, next) => {
          guard = 0
          const start = process.hrtime.bigint()
          const decision = await next()
          pre = Number(process.hrtime.bigint() - start) / 1000
          return decision
        })
        ctx.tools.guard(() => {
          guardStart = process.hrtime.bigint()
          return undefined
        })
        ctx.on('tools/result', () => {
          samples.push(pre + guard)
        })
      },
    },
    after: {
      name: 'gate-stopwatch-after',
      inject: ['tools'],
      apply(ctx) {
        ctx.tools.guard(() => {
          guard = Number(process.hrtime.bigint() - guardStart) / 1000
          return undefined
        })
      },
    },
    stubTools: {
      name: 'gate-stub-tools',
      inject: ['tools'],
      apply(ctx) {
        const output = { schema: { type: 'string' }, render: (_args: unknown, value: string) => [{ type: 'text' as const, text: value }] } as const
        for (const name of ['bash', 'write_file', 'read_file']) {
          ctx.tools.register(defineTool({ name, description: 'Benchmark stub: returns at once.', parameters: { command: { type: 'string' }, path: { type: 'string' }, content: { type: 'string' } }, output, execute: async () => 'ok' }))
        }
      },
    },
  }
}
