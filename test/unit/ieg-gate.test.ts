import { describe, expect, it, vi } from 'vitest'
import { IegSchema } from '../../src/ieg/config.ts'
import { classifyToolCall } from '../../src/ieg/workspace/classify-call.ts'
import { decideMutation, type CallAssessment, type GateContext } from '../../src/ieg/workspace/gate.ts'
import { mentionedEntry, parseProtectedPath, patternCouldReach, protectedEntryOf, type ProtectedEntry } from '../../src/ieg/workspace/protected.ts'
import { lit, type Pattern } from '../../src/ieg/shell/pattern.ts'
import { mergeOrientation, parseOrientationUpdate, renderOrientation } from '../../src/ieg/orientation/record.ts'
import { applyIegEvent, iegFold } from '../../src/ieg/orientation/fold.ts'
import { DiagnosticsRing } from '../../src/ieg/diagnostics/ring.ts'
import { DiagnosticsMirror } from '../../src/ieg/diagnostics/export-mirror.ts'

const settings = IegSchema({} as never).workspace

describe('call classification', () => {
  it('classifies file-effect tools by their target keys, shell tools by command and workdir, and leaves the rest alone', () => {
    expect(classifyToolCall('write', { file_path: 'a.md', content: '# A' }, settings)).toEqual({ kind: 'file-tool', tool: 'write', writes: [{ path: 'a.md', content: '# A' }] })
    expect(classifyToolCall('str_replace_editor', { command: 'view', path: 'a.md' }, settings)).toBeNull()
    expect(classifyToolCall('str_replace_editor', { command: 'create', path: 'b.md', file_text: 'x' }, settings)).toMatchObject({ writes: [{ path: 'b.md', content: 'x' }] })
    expect(classifyToolCall('write', { content: 'x' }, settings)).toMatchObject({ writes: [{ path: null }] })
    expect(classifyToolCall('read', { file_path: 'a.md' }, settings)).toBeNull()
    expect(classifyToolCall('bash', { command: 'ls -la', workdir: 'docs' }, settings)).toEqual({ kind: 'shell', tool: 'bash', command: 'ls -la', workdir: 'docs', persistent: false })
    expect(classifyToolCall('bash', { command: 'rm -rf build' }, { ...settings, classifyShellCommands: false })).toBeNull()
  })

  // An empty key in the configuration means the tool has no such argument; an argument named "" never stands in for it.
  it('reads no argument named "" as the read-only mode or the working directory', () => {
    const tools = { ...settings, mutatingTools: [{ name: 'write', targetKeys: ['file_path'], readOnlyKey: '', readOnlyValues: ['view'] }], shellTools: [{ name: 'bash', commandKey: 'command', workdirKey: '', persistent: false }] }
    expect(classifyToolCall('write', { '': 'view', file_path: 'a.md', content: 'x' }, tools)).toEqual({ kind: 'file-tool', tool: 'write', writes: [{ path: 'a.md', content: 'x' }] })
    expect(classifyToolCall('bash', { '': '/elsewhere', command: 'rm a' }, tools)).toEqual({ kind: 'shell', tool: 'bash', command: 'rm a', workdir: null, persistent: false })
  })

  it('matches protected paths on canonical paths at any depth, case-insensitively unless configured', () => {
    const rules = { entries: ['.git', 'secrets/keys'].map(path => parseProtectedPath(path) as ProtectedEntry), caseSensitive: false }
    expect(protectedEntryOf('.git/config', rules)?.raw).toBe('.git')
    expect(protectedEntryOf('sub/.git/hooks/pre-commit', rules)?.raw).toBe('.git')
    expect(protectedEntryOf('.GIT/config', rules)?.raw).toBe('.git')
    expect(protectedEntryOf('.GIT/config', { ...rules, caseSensitive: true })).toBeUndefined()
    expect(protectedEntryOf('.github/workflows/ci.yml', rules)).toBeUndefined()
    expect(protectedEntryOf('app/secrets/keys/a', rules)?.raw).toBe('secrets/keys')
    expect(protectedEntryOf('secrets/other', rules)).toBeUndefined()
    expect(mentionedEntry("open('.git/config','w')", rules)?.raw).toBe('.git')
    expect(mentionedEntry('cat .gitignore repo.git', rules)).toBeUndefined()
    expect(['', '/abs', '../up', 'a/../b', '.', './'].map(parseProtectedPath).every(result => typeof result === 'string')).toBe(true)
    expect(parseProtectedPath('./.git/')).toEqual({ raw: './.git/', segments: ['.git'] })
  })

  it('reads globs statically: a leading glob skips dot files unless globs are loose', () => {
    const rules = { entries: [parseProtectedPath('.git') as ProtectedEntry], caseSensitive: false }
    const glob = (...atoms: Pattern): Pattern => atoms
    expect(patternCouldReach(glob(lit('/ws/.g')[0]!, { t: 'star' }, lit('/config')[0]!), '/ws', rules, false)?.raw).toBe('.git')
    expect(patternCouldReach(glob(lit('/ws/')[0]!, { t: 'star' }), '/ws', rules, false)).toBeUndefined()
    expect(patternCouldReach(glob(lit('/ws/')[0]!, { t: 'star' }), '/ws', rules, true)?.raw).toBe('.git')
    expect(patternCouldReach(glob(lit('/ws/.')[0]!, { t: 'class', body: 'g' }, lit('it')[0]!), '/ws', rules, false)?.raw).toBe('.git')
    expect(patternCouldReach(glob(lit('/w')[0]!, { t: 'star' }, lit('/.git/x')[0]!), '/ws', rules, false)?.raw).toBe('.git')
    expect(patternCouldReach(glob(lit('/tmp/')[0]!, { t: 'star' }), '/ws', rules, false)).toBeUndefined()
    expect(patternCouldReach(glob(lit('/ws/a')[0]!, { t: 'any' }), '/ws', rules, false)?.raw).toBe('.git')
  })
})

describe('gate decisions', () => {
  const base: CallAssessment = { tool: 'write', outcome: 'mutation', targets: [{ via: 'write', path: 'AUTH.md', inside: true, protectedBy: null, unresolved: null }], opaqueReasons: [], reach: [], history: [], control: [] }
  const context: GateContext = { policy: 'allow', gitHistory: 'allow', overlapCheck: 'ask', orientationMissing: null, overlap: null }
  const overlap = { path: 'AUTH.md', finding: { existing: 'SPEC.md', signal: 'filename-subject' as const, detail: 'the file name\'s subject "auth" matches its heading "Authentication"' } }

  it('applies protected paths, then orientation, then overlap, then the policy', () => {
    const protectedWrite = { ...base, targets: [{ via: 'redirection >', path: '.git/config', inside: true, protectedBy: '.git', unresolved: null }] }
    expect(decideMutation(protectedWrite, { ...context, orientationMissing: 'preStep.requireBeforeMutation', overlap })).toMatchObject({ kind: 'deny', rule: 'protected-path', reason: expect.stringContaining('redirection > writes .git/config, which is or holds the protected path .git (workspace.protectedPaths)') })
    expect(decideMutation({ ...base, control: ['git config core.hooksPath: runs programs'] }, context)).toMatchObject({ kind: 'deny', rule: 'protected-path', reason: expect.stringContaining('changes the protected .git') })
    expect(decideMutation({ ...base, targets: [{ via: 'redirection >', path: 'dang', inside: true, protectedBy: null, unresolved: 'a link whose target does not exist yet' }] }, context)).toMatchObject({ kind: 'deny', rule: 'protected-path', reason: expect.stringContaining('writes dang, a link whose target does not exist yet, so it cannot be checked') })
    expect(decideMutation({ ...base, outcome: 'opaque', opaqueReasons: ['x'], reach: ['.g*/config could match the protected path .git'] }, context)).toMatchObject({ kind: 'deny', rule: 'protected-path', reason: expect.stringContaining('(opaque: x)') })
    expect(decideMutation(base, { ...context, orientationMissing: 'preStep.requireBeforeMutation', overlap })).toMatchObject({ kind: 'deny', rule: 'orientation-required', reason: expect.stringContaining('record_orientation') })
    expect(decideMutation(base, { ...context, overlap })).toMatchObject({ kind: 'ask', rule: 'document-overlap', reason: expect.stringContaining('would duplicate SPEC.md') })
    expect(decideMutation(base, { ...context, overlap, overlapCheck: 'deny' })).toMatchObject({ kind: 'deny', rule: 'document-overlap' })
    expect(decideMutation(base, { ...context, overlap, overlapCheck: 'off' })).toEqual({ kind: 'allow', rule: 'workspace-policy' })
    expect(decideMutation(base, { ...context, policy: 'deny' })).toMatchObject({ kind: 'deny', rule: 'workspace-policy', reason: 'IEG workspace policy (workspace.policy: deny) governs persistent workspace changes (mutation): write AUTH.md.' })
    expect(decideMutation(base, { ...context, policy: 'ask' })).toMatchObject({ kind: 'ask' })
    expect(decideMutation(base, context)).toEqual({ kind: 'allow', rule: 'workspace-policy' })
  })

  it('refuses opaque changes under deny, asks under ask, and lets them run under allow', () => {
    const opaque: CallAssessment = { ...base, tool: 'bash', outcome: 'opaque', targets: [], opaqueReasons: ['python3 is not a command the analysis knows'] }
    expect(decideMutation(opaque, { ...context, policy: 'deny' })).toMatchObject({ kind: 'deny', reason: expect.stringContaining('changes it cannot prove (opaque): python3 is not a command the analysis knows') })
    expect(decideMutation(opaque, { ...context, policy: 'ask' })).toMatchObject({ kind: 'ask' })
    expect(decideMutation(opaque, context)).toEqual({ kind: 'allow', rule: 'workspace-policy' })
  })

  it('lets git history through by default and by policy when configured', () => {
    const history: CallAssessment = { ...base, tool: 'bash', targets: [], history: ['git commit'] }
    expect(decideMutation(history, { ...context, policy: 'deny' })).toEqual({ kind: 'allow', rule: 'git-history' })
    expect(decideMutation(history, { ...context, policy: 'deny', gitHistory: 'policy' })).toMatchObject({ kind: 'deny', reason: expect.stringContaining('git commit') })
    expect(decideMutation({ ...base, targets: [{ via: 'redirection >', path: '/tmp/x', inside: false, protectedBy: null, unresolved: null }] }, { ...context, policy: 'ask' })).toMatchObject({ kind: 'ask', reason: expect.stringContaining('/tmp/x (outside the workspace)') })
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
    state = applyIegEvent(state, { type: 'ieg/orientation', seq: 2, data: first })
    state = applyIegEvent(state, { type: 'ieg/orientation', seq: 3, data: second })
    expect(state.orientation).toEqual(second)
    expect(applyIegEvent(state, { type: 'tool/call', seq: 4, data: {} })).toBe(state)
  })

  it('decodes records strictly: an unknown key, a wrong type or a skipped revision is an integrity violation, and nothing later applies', () => {
    const first = mergeOrientation(null, parseOrientationUpdate({ objective: 'Ship 1.2' }, limits))
    const cases: Array<[unknown, string]> = [
      [{ ...first, extra: 1 }, 'Unrecognized key'],
      [{ ...first, plan: 'a' }, 'plan'],
      [{ ...first, revision: 2 }, 'revision 2, the next is 1'],
      [null, 'record'],
    ]
    for (const [data, reason] of cases) {
      const broken = iegFold.apply(iegFold.init(), { type: 'ieg/orientation', seq: 1, data })
      expect(broken.integrityError).toContain(reason)
      expect(iegFold.apply(broken, { type: 'ieg/orientation', seq: 2, data: first })).toBe(broken)
    }
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
