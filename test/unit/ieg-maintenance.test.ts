/**
 * The maintenance round's pure core: inventory classes, the seven diagnosis
 * dimensions over a fixture workspace, the plan (destructive actions always
 * for a human), strict round records, and the instruction count.
 */
import { describe, expect, it } from 'vitest'
import { IegSchema } from '../../src/ieg/config.ts'
import { diagnose, DIAGNOSIS_DIMENSIONS } from '../../src/ieg/maintenance/diagnose.ts'
import { classifyInventory, classifyPath, INVENTORY_CLASS_NAMES } from '../../src/ieg/maintenance/inventory.ts'
import { MAINTENANCE_ACTIONS, planMaintenance } from '../../src/ieg/maintenance/plan.ts'
import { countInstruction, decodeMaintenance } from '../../src/ieg/maintenance/record.ts'
import { applyIegEvent, iegFold } from '../../src/ieg/orientation/fold.ts'
import type { InformationRecord } from '../../src/ieg/information/ledger.ts'

const overlap = IegSchema({} as never).workspace.overlap

describe('inventory', () => {
  it('puts each path in one of the eight classes', () => {
    const cases: Record<string, string> = {
      'node_modules/x/index.js': 'dependency', '.venv/lib/site.py': 'dependency',
      'dist/app.js': 'generated', 'coverage/lcov.info': 'generated', 'app.min.js': 'generated',
      'notes.md.bak': 'scratch', 'server.log': 'scratch', '.DS_Store': 'scratch', 'draft.md~': 'scratch',
      'test/app.test.ts': 'test', 'src/app.spec.js': 'test', 'test_app.py': 'test',
      'README.md': 'documentation', 'docs/guide.rst': 'documentation',
      'package.json': 'configuration', 'config.yml': 'configuration', '.eslintrc.json': 'configuration',
      'src/app.ts': 'source', 'lib/tool.py': 'source',
      'logo.png': 'other', 'LICENSE': 'other',
    }
    expect(Object.fromEntries(Object.keys(cases).map(path => [path, classifyPath(path)]))).toEqual(cases)
    expect(new Set(Object.values(cases))).toEqual(new Set(INVENTORY_CLASS_NAMES))
  })
})

const retired: InformationRecord = { id: 'old-host', status: 'SUPERSEDED', value: 'api.old.example', provenance: 'p', disposition: 'REPLACED', revision: 2, basis: null }
const FIXTURE = classifyInventory([
  { path: 'README.md', bytes: 40 }, { path: 'docs/setup.md', bytes: 50 }, { path: 'docs/setup-copy.md', bytes: 50 },
  { path: 'notes.md.bak', bytes: 10 }, { path: 'src/app.ts', bytes: 30 }, { path: 'src/app-old.ts', bytes: 30 },
  { path: 'src/empty.ts', bytes: 0 }, { path: 'data/big.csv', bytes: 5_000_000 }, { path: 'node_modules/big/index.js', bytes: 9_000_000 },
])
const TEXTS = new Map([
  ['README.md', '# App\n\nCalls https://api.old.example/v1.\n'],
  ['docs/setup.md', '# Setup\n\nInstall the app with npm install and run npm start to serve it locally.\n'],
  ['docs/setup-copy.md', '# Setup\n\nInstall the app with npm install and run npm start to serve it locally.\n'],
  ['src/app.ts', 'export const host = "api.new.example"\n'],
])

describe('diagnosis and plan', () => {
  const findings = diagnose({ inventory: FIXTURE, texts: TEXTS, ledger: [retired], orientationRecorded: false, overlap, oversizedBytes: 1024 * 1024, maxComparedDocuments: 100 })

  it('finds each of the seven dimensions in the fixture, never in dependencies', () => {
    expect(new Set(findings.map(finding => finding.dimension))).toEqual(new Set(Object.keys(DIAGNOSIS_DIMENSIONS)))
    expect(findings.find(finding => finding.dimension === 'retired-information')?.paths).toEqual(['README.md'])
    expect(findings.find(finding => finding.dimension === 'scratch-files')?.paths).toEqual(['notes.md.bak'])
    expect(findings.find(finding => finding.dimension === 'oversized-files')?.paths).toEqual(['data/big.csv'])
    expect(findings.filter(finding => finding.dimension === 'versioned-copies').map(finding => finding.paths[0])).toEqual(['docs/setup-copy.md', 'src/app-old.ts'])
    expect(findings.find(finding => finding.dimension === 'duplicate-documents')?.paths).toEqual(['docs/setup-copy.md', 'docs/setup.md'])
  })

  it('plans from the fixed vocabulary, each item with a reason and a confidence, destructive ones for a human', () => {
    const plan = planMaintenance(findings)
    for (const item of plan) {
      expect(Object.keys(MAINTENANCE_ACTIONS)).toContain(item.action)
      expect(item.needsHumanDecision).toBe(MAINTENANCE_ACTIONS[item.action].destructive)
      expect(item.reason).not.toBe('')
      expect(item.confidence).toBeGreaterThan(0)
    }
    expect(plan.filter(item => item.needsHumanDecision).map(item => item.action)).toEqual(expect.arrayContaining(['merge-documents', 'correct-information', 'delete-file']))
    expect(planMaintenance([])).toEqual([{ action: 'keep', paths: [], reason: 'no finding', confidence: 1, needsHumanDecision: false }])
  })

  it('decodes a round strictly: the next round, destructive actions flagged', () => {
    const classes = Object.fromEntries(INVENTORY_CLASS_NAMES.map(name => [name, 0]))
    const round = { round: 1, files: 0, truncated: false, classes, findings: [], plan: planMaintenance([]) }
    expect(decodeMaintenance(round, 0)).toMatchObject({ ok: true })
    expect(decodeMaintenance(round, 1)).toMatchObject({ ok: false, reason: 'round 1, the next is 2' })
    expect(decodeMaintenance({ ...round, plan: [{ action: 'delete-file', paths: ['a'], reason: 'r', confidence: 1, needsHumanDecision: false }] }, 0)).toMatchObject({ ok: false, reason: 'a destructive action is not flagged for a human decision' })
    expect(decodeMaintenance({ ...round, extra: true }, 0)).toMatchObject({ ok: false })
  })
})

describe('the instruction count', () => {
  const user = { source: { kind: 'user' } }
  const tool = { source: { kind: 'tool' } }
  const plugin = { source: { kind: 'plugin', plugin: 'ieg' } }

  it('counts each turn with a user-written message once, never tool or plugin messages, and a round resets it', () => {
    let state = iegFold.init()
    let seq = 0
    const push = (type: string, data: unknown) => { state = applyIegEvent(state, { seq: ++seq, type, data }) }
    for (let turn = 1; turn <= 3; turn += 1) {
      push('turn/start', { turn })
      push('user/message', user)
      push('user/message', user)
      push('user/message', tool)
      push('user/message', plugin)
    }
    push('turn/start', { turn: 4 })
    push('user/message', plugin)
    expect(state.instructions).toMatchObject({ sinceRound: 3, lastTurn: 3 })
    const counted = { sinceRound: 3, lastTurn: 3, countedBy: 'm' }
    expect(countInstruction(counted, { type: 'user/message', data: user }, 3)).toBe(counted)
    const classes = Object.fromEntries(INVENTORY_CLASS_NAMES.map(name => [name, 0]))
    push('ieg/maintenance', { round: 1, files: 0, truncated: false, classes, findings: [], plan: planMaintenance([]) })
    expect(state).toMatchObject({ maintenanceRounds: 1, instructions: { sinceRound: 0 } })
  })
})
