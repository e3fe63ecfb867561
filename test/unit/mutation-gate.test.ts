/**
 * Call classification and the gate decision: what a governed call carries
 * when arguments are missing or malformed, and the reasons and rules the
 * policy and git-history decisions report.
 */
import { describe, expect, it } from 'vitest'
import { IegSchema } from '../../src/ieg/config.ts'
import { classifyToolCall } from '../../src/ieg/workspace/classify-call.ts'
import { decideMutation, type CallAssessment, type GateContext, type ResolvedTarget } from '../../src/ieg/workspace/gate.ts'

const settings = IegSchema({} as never).workspace

describe('call classification', () => {
  it('carries the written text from any content key', () => {
    expect(classifyToolCall('write', { file_path: 'a.md', text: '# A' }, settings)).toEqual({ kind: 'file-tool', tool: 'write', writes: [{ path: 'a.md', content: '# A' }] })
    expect(classifyToolCall('edit', { file_path: 'a.md', old_str: 'x', new_str: 'y' }, settings)).toEqual({ kind: 'file-tool', tool: 'edit', writes: [{ path: 'a.md', content: 'y' }] })
  })

  it('gives a write without content or target null for both', () => {
    expect(classifyToolCall('write', { file_path: 'a.md' }, settings)).toEqual({ kind: 'file-tool', tool: 'write', writes: [{ path: 'a.md', content: null }] })
    expect(classifyToolCall('write', null, settings)).toEqual({ kind: 'file-tool', tool: 'write', writes: [{ path: null, content: null }] })
  })

  it('gives a shell call without command text an empty command and no working directory', () => {
    expect(classifyToolCall('bash', { command: 'ls' }, settings)).toEqual({ kind: 'shell', tool: 'bash', command: 'ls', workdir: null, persistent: false })
    expect(classifyToolCall('bash', { command: 42, workdir: 7 }, settings)).toEqual({ kind: 'shell', tool: 'bash', command: '', workdir: null, persistent: false })
    expect(classifyToolCall('bash', null, settings)).toEqual({ kind: 'shell', tool: 'bash', command: '', workdir: null, persistent: false })
  })
})

describe('gate decision reasons', () => {
  const target = (path: string): ResolvedTarget => ({ via: 'write', path, inside: true, protectedBy: null, unresolved: null })
  const base: CallAssessment = { tool: 'bash', outcome: 'mutation', targets: [target('a.md')], opaqueReasons: [], reach: [], history: [], control: [] }
  const deny: GateContext = { policy: 'deny', gitHistory: 'allow', overlapCheck: 'ask', orientationMissing: null, overlap: null }

  it('lists every target of a mutation under the policy', () => {
    expect(decideMutation({ ...base, targets: [target('a.md'), target('b.md')] }, deny)).toEqual({
      kind: 'deny', rule: 'workspace-policy', reason: 'IEG workspace policy (workspace.policy: deny) governs persistent workspace changes (mutation): write a.md, write b.md.',
    })
  })

  it('names the tool when a mutation has neither targets nor history', () => {
    expect(decideMutation({ ...base, targets: [] }, deny)).toEqual({
      kind: 'deny', rule: 'workspace-policy', reason: 'IEG workspace policy (workspace.policy: deny) governs persistent workspace changes (mutation): bash.',
    })
  })

  it('lets git history through only when it is all the call does', () => {
    expect(decideMutation({ ...base, targets: [], history: ['git commit'] }, deny)).toEqual({ kind: 'allow', rule: 'git-history' })
    expect(decideMutation({ ...base, history: ['git commit'] }, deny)).toMatchObject({ kind: 'deny', rule: 'workspace-policy', reason: expect.stringContaining('write a.md, git commit.') })
  })

  it('lists every reason of an opaque change under the policy', () => {
    const opaque: CallAssessment = { ...base, outcome: 'opaque', targets: [], opaqueReasons: ['python3 is not a command the analysis knows', 'eval runs generated code'] }
    expect(decideMutation(opaque, deny)).toEqual({
      kind: 'deny',
      rule: 'workspace-policy',
      reason: 'IEG workspace policy (workspace.policy: deny) governs changes it cannot prove (opaque): python3 is not a command the analysis knows; eval runs generated code. Use commands whose targets are literal, or ask the user.',
    })
  })

  it('says a reach is not provable when the analysis gave no opaque reason', () => {
    expect(decideMutation({ ...base, outcome: 'opaque', targets: [], reach: ['$DIR/config could be inside the protected path .git'] }, deny)).toEqual({
      kind: 'deny',
      rule: 'protected-path',
      reason: 'IEG workspace governance refused bash (opaque: not provable): $DIR/config could be inside the protected path .git. Name literal paths outside protected ones, or ask the user.',
    })
  })
})
