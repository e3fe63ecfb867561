import { describe, expect, it, vi } from 'vitest'
import { IegSchema } from '../../src/ieg/config.ts'
import { classifyToolCall } from '../../src/ieg/workspace/classify-call.ts'
import { decideMutation, type GateFacts } from '../../src/ieg/workspace/gate.ts'
import { isDocumentPath, locateTarget, protectedMatch } from '../../src/ieg/workspace/paths.ts'
import { mergeOrientation, parseOrientationUpdate, renderOrientation } from '../../src/ieg/orientation/record.ts'
import { applyIegEvent, iegFold } from '../../src/ieg/orientation/fold.ts'
import { DiagnosticsRing } from '../../src/ieg/diagnostics/ring.ts'
import { DiagnosticsMirror } from '../../src/ieg/diagnostics/export-mirror.ts'

const settings = IegSchema({} as never).workspace

describe('call classification', () => {
  it('classifies file-effect tools by their target keys and leaves read-only modes alone', () => {
    expect(classifyToolCall('write', { file_path: 'a.md', content: '# A' }, settings)).toEqual({ tool: 'write', writes: [{ via: 'write', target: 'a.md', content: '# A' }] })
    expect(classifyToolCall('str_replace_editor', { command: 'view', path: 'a.md' }, settings)).toBeNull()
    expect(classifyToolCall('str_replace_editor', { command: 'create', path: 'b.md', file_text: 'x' }, settings)?.writes[0]).toMatchObject({ target: 'b.md', content: 'x' })
    expect(classifyToolCall('read', { file_path: 'a.md' }, settings)).toBeNull()
    expect(classifyToolCall('bash', { command: 'ls -la' }, settings)).toBeNull()
    expect(classifyToolCall('bash', { command: 'echo x > notes.md' }, settings)?.writes[0]).toMatchObject({ via: 'redirection >', target: 'notes.md' })
    expect(classifyToolCall('bash', { command: 'rm -rf build' }, { ...settings, classifyShellCommands: false })).toBeNull()
  })

  it('locates targets lexically and matches protected paths', () => {
    expect(locateTarget('docs/../.git/config', '/ws')).toEqual({ inside: true, path: '.git/config' })
    expect(locateTarget('/ws/a/./b.md', '/ws')).toEqual({ inside: true, path: 'a/b.md' })
    expect(locateTarget('../other/x', '/ws')).toEqual({ inside: false, path: '/other/x' })
    expect(protectedMatch('.git/config', ['.git'])).toBe('.git')
    expect(protectedMatch('.git', ['.git/'])).toBe('.git/')
    expect(protectedMatch('.github/workflows/ci.yml', ['.git'])).toBeUndefined()
    expect(isDocumentPath('docs/A.MD', ['.md'])).toBe(true)
  })
})

describe('gate decisions', () => {
  const request = { tool: 'write', writes: [{ via: 'write', target: 'AUTH.md', content: null }] }
  const base: GateFacts = { request, protectedHits: [], orientationMissing: false, overlap: null, overlapCheck: 'ask', policy: 'allow', orientationRule: '' }
  const overlap = { path: 'AUTH.md', finding: { existing: 'SPEC.md', signal: 'filename-subject' as const, detail: 'the file name\'s subject "auth" matches its heading "Authentication"' } }

  it('applies protected paths, then orientation, then overlap, then the policy', () => {
    expect(decideMutation({ ...base, protectedHits: [['.git/config', '.git']], orientationMissing: true, overlap })).toMatchObject({ kind: 'deny', rule: 'protected-path', reason: expect.stringContaining('.git/config is under the protected path .git (workspace.protectedPaths)') })
    expect(decideMutation({ ...base, orientationMissing: true, orientationRule: 'preStep.requireBeforeMutation', overlap })).toMatchObject({ kind: 'deny', rule: 'orientation-required', reason: expect.stringContaining('record_orientation') })
    expect(decideMutation({ ...base, overlap })).toMatchObject({ kind: 'ask', rule: 'document-overlap', reason: expect.stringContaining('would duplicate SPEC.md') })
    expect(decideMutation({ ...base, overlap, overlapCheck: 'deny' })).toMatchObject({ kind: 'deny', rule: 'document-overlap' })
    expect(decideMutation({ ...base, overlap, overlapCheck: 'off' })).toEqual({ kind: 'allow', rule: 'workspace-policy' })
    expect(decideMutation({ ...base, policy: 'deny' })).toMatchObject({ kind: 'deny', rule: 'workspace-policy', reason: 'IEG workspace policy (workspace.policy: deny) governs persistent workspace changes: write AUTH.md.' })
    expect(decideMutation({ ...base, policy: 'ask' })).toMatchObject({ kind: 'ask' })
    expect(decideMutation(base)).toEqual({ kind: 'allow', rule: 'workspace-policy' })
  })
})

describe('orientation records', () => {
  const limits = { maxTextChars: 20, maxItems: 2 }

  it('merges partial updates, keeping what was recorded', () => {
    const first = mergeOrientation(null, parseOrientationUpdate({ objective: 'Ship 1.2', plan: ['a', 'b'] }, limits))
    const second = mergeOrientation(first, parseOrientationUpdate({ scope: 'docs only' }, limits))
    expect(second).toEqual({ revision: 2, intent: '', objective: 'Ship 1.2', scope: 'docs only', terminology: [], plan: ['a', 'b'] })
    expect(renderOrientation(second)).toContain('Plan:\n1. a\n2. b')
    let state = iegFold.init()
    state = applyIegEvent(state, { type: 'ieg/orientation', seq: 3, data: second })
    expect(state.orientation).toEqual(second)
    expect(applyIegEvent(state, { type: 'tool/call', seq: 4, data: {} })).toBe(state)
  })

  it('refuses bad input naming the field', () => {
    expect(() => parseOrientationUpdate({}, limits)).toThrow('arguments: give at least one of')
    expect(() => parseOrientationUpdate({ objective: ' ' }, limits)).toThrow('objective: must be a non-empty string')
    expect(() => parseOrientationUpdate({ scope: 'x'.repeat(21) }, limits)).toThrow('scope: must be at most 20 characters (got 21)')
    expect(() => parseOrientationUpdate({ plan: ['a', 'b', 'c'] }, limits)).toThrow('plan: must hold at most 2 items (got 3)')
    expect(() => parseOrientationUpdate({ terminology: [{ term: 'x' }] }, limits)).toThrow('terminology[0].meaning: must be a non-empty string')
    expect(() => parseOrientationUpdate({ goal: 'x' }, limits)).toThrow('goal: is not a known field')
  })
})

describe('diagnostics', () => {
  it('keep a bounded ring, newest first', () => {
    const ring = new DiagnosticsRing(3, () => new Date(0))
    for (let i = 0; i < 5; i += 1) ring.push('ieg.workspace_mutation_allowed', { i })
    expect(ring.recent(10).map(entry => entry.seq)).toEqual([5, 4, 3])
    expect(ring.counts()).toEqual({ 'ieg.workspace_mutation_allowed': 3 })
  })

  it('mirror writes at most once per interval, bounded, and reports failures once per interval', async () => {
    vi.useFakeTimers()
    try {
      let clock = 1000
      const writes: string[] = []
      const failures: string[] = []
      let fail = false
      const mirror = new DiagnosticsMirror({
        snapshot: () => ({ n: writes.length }),
        write: async (text) => {
          if (fail) throw new Error('disk full')
          writes.push(text)
        },
        intervalMs: 500,
        now: () => clock,
        onFailure: message => failures.push(message),
      })
      await mirror.flush()
      mirror.request()
      mirror.request()
      expect(writes).toHaveLength(1)
      clock += 500
      await vi.advanceTimersByTimeAsync(500)
      expect(writes).toHaveLength(2)
      expect(JSON.parse(writes[1]!)).toMatchObject({ schema: 1, n: 1 })
      fail = true
      await mirror.flush()
      await mirror.flush()
      expect(failures).toEqual(['disk full'])
      mirror.cancel()
    } finally {
      vi.useRealTimers()
    }
  })
})
