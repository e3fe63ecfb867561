/**
 * Markdown tables derived from the single declarations (config schemas, the
 * event vocabulary). Docs embed them between `<!-- generated:NAME -->` markers;
 * the docs test fails when a page drifts and `npm run docs` rewrites them.
 */
import type Schema from '@deepseek-ai/schemastery'
import { describeConfig } from '../../src/kernel/config.ts'
import { GOVERNANCE_EVENTS } from '../../src/kernel/events.ts'
import { ReliabilityConfig } from '../../src/reliability/config.ts'
import { IegSchema } from '../../src/ieg/config.ts'
import { CHECK_ARGUMENTS, CHECK_KINDS } from '../../src/reliability/checks/vocabulary.ts'
import { CASES } from '../../bench/src/cases.ts'
import { AUTHORING_MODES } from '../../src/reliability/authoring/modes.ts'
import { INFORMATION_DISPOSITIONS, INFORMATION_STATUSES } from '../../src/ieg/information/vocabulary.ts'
import { INVENTORY_CLASSES } from '../../src/ieg/maintenance/inventory.ts'
import { DIAGNOSIS_DIMENSIONS } from '../../src/ieg/maintenance/diagnose.ts'
import { MAINTENANCE_ACTIONS } from '../../src/ieg/maintenance/plan.ts'
import { COMPATIBILITY_VERDICTS } from '../../src/ieg/compatibility/verdict.ts'
import { PROMPT_MODES, UNCHECKED_INVARIANTS } from '../../src/ieg/prompt/override.ts'
import { DIAGNOSTIC_CODES } from '../../src/ieg/diagnostics/codes.ts'

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

function configTable(schema: Schema): string {
  const rows = describeConfig(schema).map(key =>
    `| \`${key.path}\` | ${key.type} | ${key.defaultValue === undefined ? '(required)' : `\`${JSON.stringify(key.defaultValue)}\``} | ${key.bounds} | ${cell(key.description)} |`)
  return ['| key | type | default | bounds | meaning |', '| --- | --- | --- | --- | --- |', ...rows].join('\n')
}

function eventTable(): string {
  const rows = Object.entries(GOVERNANCE_EVENTS).map(([type, meaning]) => `| \`${type}\` | ${cell(meaning)} |`)
  return ['| event type | records |', '| --- | --- |', ...rows].join('\n')
}

function checkKindTable(): string {
  const rows = Object.entries(CHECK_KINDS).map(([kind, spec]) => {
    const args = [...spec.required.map(name => `\`${name}\``), ...spec.optional.map(name => `\`${name}\`?`)].join(', ')
    return `| \`${kind}\` | ${args} | ${spec.authority} | ${cell(spec.summary)} | ${spec.brittleness === null ? '' : cell(spec.brittleness)} |`
  })
  return ['| kind | arguments | evidence authority | passes when | brittleness warning |', '| --- | --- | --- | --- | --- |', ...rows].join('\n')
}

function checkArgumentTable(): string {
  const rows = Object.entries(CHECK_ARGUMENTS).map(([name, arg]) => `| \`${name}\` | ${arg.type} | ${cell(arg.description)} |`)
  return ['| argument | type | meaning |', '| --- | --- | --- |', ...rows].join('\n')
}

function benchCaseTable(): string {
  const rows = CASES.map(benchCase => `| \`${benchCase.id}\` | ${cell(benchCase.title)} | ${cell(benchCase.explains)} |`)
  return ['| case | what it measures | seeded variation and oracle |', '| --- | --- | --- |', ...rows].join('\n')
}

function vocabularyTable(heading: string, entries: ReadonlyArray<readonly [string, string]>): string {
  return [`| ${heading} | meaning |`, '| --- | --- |', ...entries.map(([name, meaning]) => `| \`${name}\` | ${cell(meaning)} |`)].join('\n')
}

/** Every generated block by name. */
export function generatedBlocks(): Record<string, string> {
  return {
    'reliability-config': configTable(ReliabilityConfig),
    'ieg-config': configTable(IegSchema),
    events: eventTable(),
    'check-kinds': checkKindTable(),
    'check-arguments': checkArgumentTable(),
    'bench-cases': benchCaseTable(),
    'authoring-modes': vocabularyTable('mode', Object.entries(AUTHORING_MODES)),
    'information-statuses': vocabularyTable('status', Object.entries(INFORMATION_STATUSES).map(([name, spec]) => [name, spec.meaning] as const)),
    'information-dispositions': vocabularyTable('disposition', Object.entries(INFORMATION_DISPOSITIONS)),
    'inventory-classes': vocabularyTable('inventory class', Object.entries(INVENTORY_CLASSES)),
    'diagnosis-dimensions': vocabularyTable('dimension', Object.entries(DIAGNOSIS_DIMENSIONS)),
    'compatibility-verdicts': vocabularyTable('verdict', Object.entries(COMPATIBILITY_VERDICTS)),
    'prompt-modes': vocabularyTable('prompt.mode', Object.entries(PROMPT_MODES)),
    'unchecked-invariants': UNCHECKED_INVARIANTS.map(invariant => `- ${invariant}`).join('\n'),
    'diagnostic-codes': vocabularyTable('code', Object.entries(DIAGNOSTIC_CODES)),
    'maintenance-actions': vocabularyTable('action', Object.entries(MAINTENANCE_ACTIONS).map(([name, spec]) => [name, `${spec.destructive ? 'destructive, for a human decision: ' : ''}${spec.meaning}`] as const)),
  }
}

const BLOCK = /<!-- generated:([a-z-]+) -->\n[\s\S]*?<!-- \/generated:\1 -->/g

/**
 * A page with every generated block replaced by its current rendering.
 * @param page - markdown text.
 * @returns the updated text and the names of the blocks it holds.
 */
export function refreshPage(page: string): { text: string, names: string[] } {
  const blocks = generatedBlocks()
  const names: string[] = []
  const text = page.replace(BLOCK, (_match, name: string) => {
    const block = blocks[name]
    if (block === undefined) throw new Error(`unknown generated block "${name}"`)
    names.push(name)
    return `<!-- generated:${name} -->\n${block}\n<!-- /generated:${name} -->`
  })
  return { text, names }
}
