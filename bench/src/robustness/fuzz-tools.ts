/**
 * Fuzzing every tool of both rows through the real tool registry with
 * fast-check payloads: arbitrary JSON, and valid payloads with one field
 * replaced by an arbitrary value. Counted from what the host reports: an
 * internal error (a JavaScript exception text instead of a refusal), an
 * event of either row appended by a refused call, and a refusal of bad
 * arguments that names no field.
 */
import fc from 'fast-check'
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '@deepseek-ai/dsh-agent'
import { CallId } from '@deepseek-ai/dsh-llm'
import { createAgent, mountHost, type PluginModule } from '../../../test/support/host.ts'

/** One tool's figures. */
export interface ToolFuzzFigures {
  readonly tool: string
  readonly payloads: number
  readonly accepted: number
  readonly refused: number
  readonly internalErrors: string[]
  readonly appendedByRefusal: number
  readonly refusalsWithoutField: string[]
}

const INTERNAL = /TypeError|RangeError|ReferenceError|SyntaxError|Cannot read prop|is not a function|is not iterable|Maximum call stack|undefined is not|null is not/

/** A refusal names the argument it is about (`checks[0].path: ...`), or the state that blocks the call. */
const NAMES_A_FIELD = /^(Error: )?(invalid (tool )?arguments|[A-Za-z_][\w]*(\.[\w]+|\[\d+\])*: |arguments\b|.*\b(no evidence contract is open|is active|already ended|session records are inconsistent|needs a calling agent|requires|must|expected))/i

const VALID: Record<string, Record<string, unknown>> = {
  reliability_assess: { objective: 'ship', claims: [{ id: 'c1', statement: 's', importance: 'critical', verification: 'deterministic', check_ids: ['k1'] }], checks: [{ id: 'k1', kind: 'file_contains', path: 'README.md', text: 'x' }] },
  reliability_abstain: { reason: 'needs a human' },
  record_orientation: { intent: 'i', objective: 'o', scope: 's', terminology: [{ term: 't', meaning: 'm' }], plan: ['a'] },
}
VALID['reliability_begin'] = VALID['reliability_assess'] as Record<string, unknown>
VALID['reliability_begin_code'] = VALID['reliability_assess'] as Record<string, unknown>
VALID['reliability_draft'] = { contract_kind: 'general', objective: 'ship', context: 'README.md holds the name' }
VALID['reliability_code_verify'] = { profile_id: 'unit-tests' }

function textOf(result: { content: ReadonlyArray<{ type: string, text?: string }> }): string {
  return result.content.map(block => (block.type === 'text' ? block.text ?? '' : '')).join('')
}

/** Replace the value at one path of a valid payload. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths: string[][] = []
  const walk = (value: unknown, path: string[]): void => {
    paths.push(path)
    if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) walk(child, [...path, key])
  }
  walk(valid, [])
  return fc.tuple(fc.constantFrom(...paths.filter(path => path.length > 0)), fc.jsonValue({ maxDepth: 4 })).map(([path, replacement]) => {
    const copy = structuredClone(valid) as Record<string, unknown>
    let node: Record<string, unknown> = copy
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>
    node[path.at(-1) as string] = replacement
    return copy
  })
}

/** A JSON value nested `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { v: value }
  return value
}

/** Valid contracts whose JSON-valued argument is deep, wide or long. */
function bombs(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const values = fc.oneof(
    fc.integer({ min: 1, max: 5000 }).map(nested),
    fc.integer({ min: 1, max: 20000 }).map(keys => Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]))),
    fc.integer({ min: 1, max: 200_000 }).map(length => 'x'.repeat(length)),
  )
  return values.map(value => ({ ...valid, checks: [{ id: 'k1', kind: 'json_equals', path: 'config.json', pointer: '', value }] }))
}

function payloads(tool: string): fc.Arbitrary<unknown> {
  const arbitrary = fc.oneof(fc.jsonValue({ maxDepth: 5 }), fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 }))
  const valid = VALID[tool]
  if (valid === undefined) return arbitrary
  const contract = tool === 'reliability_begin' || tool === 'reliability_assess' || tool === 'reliability_begin_code'
  return fc.oneof(arbitrary, mutated(valid), mutated(valid), fc.constant(valid), ...(contract ? [bombs(valid)] : []))
}

function governanceEvents(agent: Agent): number {
  return agent.session.events.filter(event => event.type.startsWith('reliability/') || event.type.startsWith('ieg/')).length
}

/** The tools a bare host registers, which are not the rows' own. */
async function hostToolNames(): Promise<ReadonlySet<string>> {
  const bare = await mountHost({ fs: true })
  try {
    return new Set(bare.ctx.tools.schemas().map(tool => tool.name))
  } finally {
    await bare.dispose()
  }
}

/**
 * Fuzz every tool the given rows register (every tool of the mount that a bare host lacks).
 * @param options - the rows to mount, the workspace, payloads per tool, the seed, tools already fuzzed in another mount (`skip`), and a hook that prepares the mounted host (an auxiliary model).
 */
export async function fuzzTools(options: { rows: ReadonlyArray<readonly [PluginModule, unknown]>, workspace: string, payloadsPerTool: number, seed: number, skip?: readonly string[], prepare?: (ctx: Context) => void }): Promise<ToolFuzzFigures[]> {
  const hostTools = await hostToolNames()
  const host = await mountHost({ fs: true, plugins: options.rows })
  const figures: ToolFuzzFigures[] = []
  try {
    const ctx: Context = host.ctx
    options.prepare?.(ctx)
    const tools = ctx.tools.schemas().map(tool => tool.name).filter(name => !hostTools.has(name) && !(options.skip ?? []).includes(name)).sort()
    for (const tool of tools) {
      const samples = fc.sample(payloads(tool), { numRuns: options.payloadsPerTool, seed: options.seed })
      const internalErrors: string[] = []
      const refusalsWithoutField: string[] = []
      let accepted = 0
      let refused = 0
      let appendedByRefusal = 0
      let agent = createAgent(ctx, `fuzz-${tool}-0`, options.workspace)
      for (const [index, args] of samples.entries()) {
        if (index > 0 && index % 500 === 0) agent = createAgent(ctx, `fuzz-${tool}-${index}`, options.workspace)
        const before = governanceEvents(agent)
        let result: { isError: boolean, content: ReadonlyArray<{ type: string, text?: string }> }
        try {
          result = await ctx.tools.execute({ name: tool, arguments: args, agent, callId: CallId(`f${index}`), signal: new AbortController().signal })
        } catch (error) {
          internalErrors.push(`${JSON.stringify(args).slice(0, 120)} threw ${error instanceof Error ? error.message : String(error)}`)
          continue
        }
        const text = textOf(result)
        if (!result.isError) {
          accepted += 1
          continue
        }
        refused += 1
        if (governanceEvents(agent) !== before) appendedByRefusal += 1
        if (INTERNAL.test(text)) internalErrors.push(`${JSON.stringify(args).slice(0, 120)}: ${text.slice(0, 200)}`)
        else if (!NAMES_A_FIELD.test(text)) refusalsWithoutField.push(`${JSON.stringify(args).slice(0, 120)}: ${text.slice(0, 200)}`)
      }
      figures.push({ tool, payloads: samples.length, accepted, refused, internalErrors, appendedByRefusal, refusalsWithoutField })
    }
  } finally {
    await host.dispose()
  }
  return figures
}
