/**
 * The operator surface's pure cores: compatibility verdicts against a
 * baseline, baseline decoding, and prompt-override precedence and hard rules.
 */
import { describe, expect, it } from 'vitest'
import { decodeBaseline, judgeCompatibility, type CompatibilityBaseline, type CompatibilityFacts } from '../../src/ieg/compatibility/verdict.ts'
import { compilePrompt } from '../../src/ieg/prompt/compiler.ts'
import { operatorPromptPath, resolvePrompt, UNCHECKED_INVARIANTS, type PromptFiles, type PromptSettings } from '../../src/ieg/prompt/override.ts'
import { MODULE_IDS } from '../../src/ieg/modules/descriptors.ts'

const BASE: CompatibilityBaseline = { host: 'x', sections: ['harness:identity', 'tool:read', 'reliability:policy', 'ieg:governance'], contexts: ['sandbox:policy', 'ieg:status'], hostHash: 'a'.repeat(64), requiredCapabilities: ['systemPrompt'], optionalCapabilities: ['fs'] }
const FACTS: CompatibilityFacts = { sections: BASE.sections, contexts: BASE.contexts, hostHash: BASE.hostHash, capabilities: ['systemPrompt', 'fs'] }
const judge = (change: Partial<CompatibilityFacts>) => judgeCompatibility({ ...FACTS, ...change }, BASE)

describe('compatibility verdicts', () => {
  it('is COMPATIBLE when every fact matches, whatever this bundle\'s other sections do', () => {
    expect(judge({})).toEqual({ verdict: 'COMPATIBLE', reasons: [] })
    expect(judge({ sections: ['harness:identity', 'tool:read', 'ieg:governance'] })).toEqual({ verdict: 'COMPATIBLE', reasons: [] })
  })

  it('warns on non-critical drift', () => {
    expect(judge({ sections: ['harness:identity', 'tool:read', 'tool:new', 'ieg:governance'] })).toEqual({ verdict: 'COMPATIBLE_WITH_WARNINGS', reasons: ['a new section tool:new'] })
    expect(judge({ contexts: ['sandbox:policy', 'other:ctx', 'ieg:status'] }).reasons).toEqual(['a new context other:ctx'])
    expect(judge({ hostHash: 'b'.repeat(64) }).reasons).toEqual(['the host\'s section text differs from the baseline'])
    expect(judge({ capabilities: ['systemPrompt'] })).toEqual({ verdict: 'COMPATIBLE_WITH_WARNINGS', reasons: ['the optional capability fs is absent'] })
  })

  it('is UNSUPPORTED when a host section is missing, the IEG section is absent or displaced, or a required capability is absent', () => {
    expect(judge({ sections: ['tool:read', 'ieg:governance'] })).toMatchObject({ verdict: 'UNSUPPORTED', reasons: ['the host section harness:identity is missing'] })
    expect(judge({ sections: ['harness:identity', 'tool:read'] }).reasons).toContain('the ieg:governance section is absent')
    expect(judge({ sections: ['harness:identity', 'ieg:governance', 'tool:read'] }).reasons[0]).toContain('is displaced')
    expect(judge({ capabilities: ['fs'] })).toMatchObject({ verdict: 'UNSUPPORTED', reasons: ['the required capability systemPrompt is absent'] })
  })

  it('decodes an operator baseline strictly', () => {
    expect(decodeBaseline(BASE)).toEqual({ ok: true, baseline: BASE })
    expect(decodeBaseline({ ...BASE, extra: 1 })).toMatchObject({ ok: false })
    expect(decodeBaseline({ ...BASE, hostHash: 'short' })).toMatchObject({ ok: false, reason: expect.stringContaining('hostHash') as unknown as string })
    expect(decodeBaseline({ ...BASE, sections: ['tool:read'] })).toMatchObject({ ok: false, reason: 'sections: must place ieg:governance' })
  })
})

describe('prompt overrides', () => {
  const compiled = compilePrompt(MODULE_IDS)
  const settings = (change: Partial<PromptSettings> = {}): PromptSettings => ({ mode: 'compiled', append: '', file: '', allowOverBudget: false, ...change })
  const files = (operator: string | null, configFile: string | null = null): PromptFiles => ({ operator: { path: '/state/ieg/prompt.md', text: operator, error: null }, configFile: { text: configFile, error: configFile === null ? 'ENOENT' : null } })

  it('applies the precedence: prompt.md, then prompt.file in replace mode, then prompt.append, then the compiled section', () => {
    expect(resolvePrompt(compiled, settings(), files(null), null)).toMatchObject({ source: 'compiled', text: compiled.text, version: compiled.version, unchecked: [] })
    expect(resolvePrompt(compiled, settings({ mode: 'append', append: 'Keep notes short.' }), files(null), null)).toMatchObject({ source: 'config-append', text: `${compiled.text}\nKeep notes short.` })
    expect(resolvePrompt(compiled, settings({ mode: 'replace', file: '/f.md' }), files(null, 'Replaced.'), null)).toMatchObject({ source: 'config-file', text: 'Replaced.' })
    const operator = resolvePrompt(compiled, settings({ mode: 'replace', file: '/f.md' }), files('Operator text.', 'Replaced.'), null)
    expect(operator).toMatchObject({ source: 'prompt.md', text: 'Operator text.', unchecked: [...UNCHECKED_INVARIANTS] })
    expect(operator.version).toMatch(new RegExp(`^${compiled.version.replaceAll('.', '\\.')}\\+user:[0-9a-f]{12}$`))
    expect(resolvePrompt(compiled, settings({ mode: 'replace', file: '/f.md' }), files(null, null), null)).toMatchObject({ source: 'compiled', problems: [expect.stringContaining('could not be read') as unknown as string] })
  })

  it('refuses a prompt variable or an oversized text and keeps the previous text', () => {
    const applied = resolvePrompt(compiled, settings(), files('First text.'), null)
    const variable = resolvePrompt(compiled, settings(), files('Use {{cwd}}.'), applied)
    expect(variable).toMatchObject({ text: 'First text.', source: 'prompt.md', problems: [expect.stringContaining('contains "{{"') as unknown as string] })
    const big = 'x'.repeat(compiled.ceiling + 1)
    expect(resolvePrompt(compiled, settings(), files(big), null)).toMatchObject({ source: 'compiled', problems: [expect.stringContaining('over the') as unknown as string] })
    expect(resolvePrompt(compiled, settings({ allowOverBudget: true }), files(big), null)).toMatchObject({ source: 'prompt.md', problems: [expect.stringContaining('allowed by prompt.allowOverBudget') as unknown as string] })
    expect(resolvePrompt(compiled, settings(), files('   '), null)).toMatchObject({ source: 'compiled', problems: [expect.stringContaining('it is empty') as unknown as string] })
  })

  it('finds prompt.md from IEG_PROMPT_FILE, else the XDG state directory, else ~/.local/state', () => {
    expect(operatorPromptPath({ IEG_PROMPT_FILE: '/x/p.md', XDG_STATE_HOME: '/s' }, '/home/u')).toBe('/x/p.md')
    expect(operatorPromptPath({ XDG_STATE_HOME: '/s' }, '/home/u')).toBe('/s/ieg/prompt.md')
    expect(operatorPromptPath({}, '/home/u')).toBe('/home/u/.local/state/ieg/prompt.md')
  })
})
