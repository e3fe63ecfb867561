import { describe, expect, it } from 'vitest'
import { FAILURE_CLASSES, KERNEL_PRINCIPLES, MODULE_IDS, MODULES } from '../../src/ieg/modules/descriptors.ts'
import { compilePrompt, PROMPT_BYTE_FLOOR, PROMPT_BYTE_HARD_CAP, promptByteCeiling, RECORDED_PROMPT_BYTES } from '../../src/ieg/prompt/compiler.ts'
import { statusLine, withVerdict } from '../../src/ieg/diagnostics/mount-record.ts'

const full = compilePrompt([...MODULE_IDS])

describe('prompt conformance', () => {
  it('claims each failure class with exactly one module, and each module claims one class', () => {
    const claimed = MODULE_IDS.map(id => MODULES[id].failureClass)
    expect([...claimed].sort()).toEqual(Object.keys(FAILURE_CLASSES).sort())
    expect(new Set(claimed).size).toBe(claimed.length)
  })

  it('gives every module at least one trigger and principle in the text', () => {
    for (const id of MODULE_IDS) {
      const module = MODULES[id]
      expect(module.trigger.length).toBeGreaterThan(0)
      expect(full.text).toContain(`${module.title}, when ${module.trigger}:`)
      for (const principle of module.principles) expect(full.text).toContain(principle)
    }
  })

  it('claims no authority over the user', () => {
    expect(full.text).toContain('a direct instruction from the user takes precedence over it')
    for (const phrase of [/overrides? the user/i, /higher priority than the user/i, /ignore the user/i, /must obey/i, /regardless of (what )?the user/i, /takes precedence over the user/i]) {
      expect(full.text).not.toMatch(phrase)
    }
  })

  it('does not restate a rule a gate enforces', () => {
    for (const id of MODULE_IDS) {
      for (const phrase of MODULES[id].enforcedRules) expect(full.text.toLowerCase()).not.toContain(phrase.toLowerCase())
    }
  })

  it('stays within the budget derived from the recorded size, and the record is current', () => {
    expect(full.bytes).toBe(Buffer.byteLength(full.text))
    expect(full.bytes).toBe(RECORDED_PROMPT_BYTES)
    expect(full.ceiling).toBe(Math.min(PROMPT_BYTE_HARD_CAP, Math.max(PROMPT_BYTE_FLOOR, Math.ceil(RECORDED_PROMPT_BYTES * 1.1))))
    expect(full.bytes).toBeLessThanOrEqual(full.ceiling)
    expect(promptByteCeiling(100)).toBe(1400)
    expect(promptByteCeiling(10_000)).toBe(4096)
  })

  it('never emits a prompt variable and refuses a statement that holds one', () => {
    expect(full.text).not.toContain('{{')
    const bad = { ...MODULES, 'information-integrity': { ...MODULES['information-integrity'], principles: ['Use {{name}} here.'] } }
    expect(() => compilePrompt([...MODULE_IDS], { kernel: KERNEL_PRINCIPLES, modules: bad })).toThrow('must not contain "{{"')
  })

  it('removes a statement repeated across modules', () => {
    const repeated = MODULES['project-governance'].principles[1]!
    const modules = { ...MODULES, 'information-integrity': { ...MODULES['information-integrity'], principles: [`${repeated.toUpperCase()}  `, 'Something new.'] } }
    const text = compilePrompt([...MODULE_IDS], { kernel: KERNEL_PRINCIPLES, modules }).text
    expect(text.toLowerCase().split(repeated.toLowerCase().slice(0, 30)).length - 1).toBe(1)
    expect(text).toContain('- Something new.')
  })

  it('compiles only the enabled modules', () => {
    const one = compilePrompt(['workspace-governance'])
    expect(one.modules).toEqual(['workspace-governance'])
    expect(one.text).not.toContain('Project orientation')
    expect(one.text).toContain('Workspace, when')
  })
})

describe('the status line', () => {
  it('is short, content-free and says when the row is inert', () => {
    const record = { row: 'ieg', mounted: true, degraded: [], modules: [...MODULE_IDS], conflicts: [], configError: null, compatibility: null, prompt: null }
    expect(statusLine(record, 'not recorded', '')).toBe('IEG active: 3 modules; orientation not recorded')
    expect(statusLine(record, 'recorded', '2 authoritative, 1 invalid')).toBe('IEG active: 3 modules; orientation recorded; information: 2 authoritative, 1 invalid')
    expect(statusLine({ ...record, conflicts: ['x'] }, 'recorded', '')).toBe('IEG active: 3 modules; orientation recorded; conflicts: 1')
    expect(withVerdict('IEG active: 3 modules; orientation recorded', 'UNSUPPORTED')).toBe('IEG active: 3 modules; orientation recorded; host UNSUPPORTED')
    expect(withVerdict('IEG active: 3 modules; orientation recorded', 'COMPATIBLE')).toBe('IEG active: 3 modules; orientation recorded')
    expect(withVerdict('IEG inert: configuration refused (x)', 'UNSUPPORTED')).toBe('IEG inert: configuration refused (x)')
    expect(Buffer.byteLength(withVerdict('x'.repeat(190), 'COMPATIBLE_WITH_WARNINGS'))).toBeLessThanOrEqual(200)
    expect(statusLine({ ...record, mounted: false, configError: 'x'.repeat(500) }, 'not recorded', '').length).toBeLessThanOrEqual(200)
  })
})
