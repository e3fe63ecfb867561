/**
 * How each option table of the command handlers resolves long options, the
 * way getopt_long does: for every long name a table declares, the shortest
 * prefix that resolves to it, and whether it takes a value. The tables are
 * found by running the analysis over every command of the sweep (and every
 * git verb) and recording what the handlers pass to `parseArgs`; the result
 * is compared with test/fixtures/shell-option-tables.txt. `UPDATE_GOLDEN=1`
 * rewrites it; review the change.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import type { OptionSpec } from '../../src/ieg/shell/argv.ts'
import { lit } from '../../src/ieg/shell/pattern.ts'

const seen = vi.hoisted(() => ({ specs: new Map<string, { label: string, spec: unknown }>(), label: '' }))

vi.mock('../../src/ieg/shell/argv.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/ieg/shell/argv.ts')>()
  return {
    ...actual,
    parseArgs: (args: Parameters<typeof actual.parseArgs>[0], spec?: OptionSpec) => {
      const key = JSON.stringify(spec ?? {})
      if (!seen.specs.has(key)) seen.specs.set(key, { label: seen.label, spec: spec ?? {} })
      return actual.parseArgs(args, spec)
    },
  }
})

const { parseArgs } = await import('../../src/ieg/shell/argv.ts')

const FILE = new URL('../fixtures/shell-option-tables.txt', import.meta.url)
const SWEEP = JSON.parse(readFileSync(new URL('../fixtures/shell-sweep.json', import.meta.url), 'utf8')) as { tables: Record<string, { commands: string[], verbs?: string[] }> }
const OPTIONS = { persistent: false, startDirectory: '/w', home: '/h', tempDirectory: '/tmp', maxDepth: 8, maxAlternatives: 16, readOnlyCommands: [] }

/** How `--given X` parses: the option name, and whether it took X. */
function resolution(spec: OptionSpec, given: string): string {
  const parsed = parseArgs([lit(`--${given}`), lit('X')], spec)
  const option = parsed.options[0]
  return option === undefined ? 'operand' : `${option.name}${option.value === null ? '' : ' VALUE'}`
}

function tableLines(): string[] {
  for (const table of Object.values(SWEEP.tables)) {
    for (const command of table.commands) {
      for (const tail of ['', ' a b', ' -- a b', ...(table.verbs ?? []).map(verb => ` ${verb} a b`)]) {
        seen.label = command
        analyzeShellCommand(`${command}${tail}`, OPTIONS)
      }
    }
  }
  const lines: string[] = []
  for (const { label, spec } of [...seen.specs.values()].sort((a, b) => a.label.localeCompare(b.label))) {
    const table = spec as OptionSpec
    const names = [...table.longValue ?? [], ...table.longOptional ?? [], ...table.longFlags ?? []]
    if (names.length === 0) continue
    lines.push(`${label}:`)
    for (const name of names) {
      let shortest = name
      for (let length = 1; length <= name.length; length += 1) {
        if (resolution(table, name.slice(0, length)).split(' ')[0] === `--${name}`) {
          shortest = name.slice(0, length)
          break
        }
      }
      lines.push(`  --${name}: --${shortest} -> ${resolution(table, shortest)}`)
    }
  }
  return lines
}

describe('long options of the command tables', () => {
  it('resolve abbreviations as recorded', () => {
    const lines = tableLines()
    if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(FILE, `${lines.join('\n')}\n`)
    expect(lines.join('\n')).toBe(readFileSync(FILE, 'utf8').trimEnd())
  }, 120_000)
})
