/**
 * Every command of the tables, and every option they name tried on every
 * command of its table in several argument shapes (a literal, attached, absent, non-literal and
 * `-` value, operands after `--`; git: every subcommand, and every verb its
 * source names after each; every quoted variable name set before a reader),
 * against the recorded analyses: one sha256 per command or variable over its
 * encoded analyses (test/fixtures/shell-sweep.json). The commands and
 * options are recorded too, so the sweep does not read the source it
 * checks. `UPDATE_GOLDEN=1` extracts them from the source again and rewrites
 * the file; review the change with the corpus golden and the corpus tests.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMMAND_TABLES } from '../../src/ieg/shell/commands/index.ts'
import { goldenLines } from '../support/shell-golden.ts'

const FILE = new URL('../fixtures/shell-sweep.json', import.meta.url)
/** A table's sweep analyzes tens of thousands of commands; a loaded machine needs more than the default 5 s. */
const SWEEP_TIMEOUT = 120_000
const SOURCE = new URL('../../src/ieg/shell/commands/', import.meta.url)

interface Sweep {
  readonly tables: Record<string, { readonly commands: readonly string[], readonly options: readonly string[], readonly verbs?: readonly string[] }>
  /** Every variable name the shell sources quote. */
  readonly variables: readonly string[]
  readonly hashes: Record<string, string>
}

/** The variable names (`'HOME'`, `'GIT_DIR'`) quoted anywhere in src/ieg/shell/. */
function variablesIn(): string[] {
  const root = new URL('../', SOURCE)
  const files = readdirSync(root, { recursive: true }).map(String).filter(name => name.endsWith('.ts'))
  const found = new Set<string>()
  for (const file of files) for (const [, name] of readFileSync(new URL(file, root), 'utf8').matchAll(/'([A-Z_][A-Z0-9_]+)'/g)) found.add(name as string)
  return [...found].sort()
}

/** A variable set for a reader, exported before one, set for git and through env. */
function variableHash(name: string): { hash: string, lines: string[] } {
  const texts = [`${name}=x cat f`, `export ${name}=x; cat f`, `${name}=less git log`, `env ${name}=x ls`, `declare ${name}=1; cat f`]
  const lines = texts.flatMap(text => [`$ ${text}`, ...goldenLines(text)])
  return { hash: createHash('sha256').update(lines.join('\n')).digest('hex'), lines }
}

/** The option spellings a source file names: quoted options, `shortValue`/`shortOptional` letters, `longValue`/`longFlags`/`longOptional` words. */
function optionsIn(files: readonly string[]): string[] {
  const found = new Set<string>()
  for (const file of files) {
    const text = readFileSync(new URL(file, SOURCE), 'utf8')
    for (const [, option] of text.matchAll(/'(-{1,2}[A-Za-z][A-Za-z0-9-]*)=?'/g)) found.add(option as string)
    for (const [, letters] of text.matchAll(/shortValue: '([A-Za-z]+)'/g)) for (const letter of letters as string) found.add(`-${letter}`)
    for (const [, list] of text.matchAll(/(?:long(?:Value|Flags|Optional): |_FLAGS = )\[([^\]]*)\]/g)) for (const [, word] of (list as string).matchAll(/'([a-z][a-z0-9-]*)'/g)) found.add(`--${word}`)
    for (const [, letters] of text.matchAll(/shortOptional: '([A-Za-z]+)'/g)) for (const letter of letters as string) found.add(`-${letter}`)
  }
  return [...found].sort()
}

/** The git subcommands git-subcommands.ts names. */
function gitSubcommands(): string[] {
  const text = readFileSync(new URL('git-subcommands.ts', SOURCE), 'utf8')
  const names = new Set<string>()
  for (const [, list] of text.matchAll(/new Set\(\[([^\]]*)\]\)/g)) for (const [, name] of (list as string).matchAll(/'([a-z][a-z-]*)'/g)) names.add(name as string)
  for (const [, name] of text.matchAll(/sub === '([a-z-]+)'/g)) names.add(name as string)
  return [...names].sort()
}

/** The words git-subcommands.ts quotes that are not options: candidate verbs (`start`, `add`, `list`). */
function gitVerbs(): string[] {
  const text = readFileSync(new URL('git-subcommands.ts', SOURCE), 'utf8')
  return [...new Set([...text.matchAll(/'([a-z][a-z-]*)'/g)].map(match => match[1] as string))].sort()
}

function extracted(): Sweep['tables'] {
  return {
    plainReaders: { commands: [...COMMAND_TABLES['plainReaders'] ?? []], options: [] },
    noWorkspaceEffect: { commands: [...COMMAND_TABLES['noWorkspaceEffect'] ?? []], options: [] },
    fileWriters: { commands: [...COMMAND_TABLES['fileWriters'] ?? []], options: optionsIn(['files.ts']) },
    archiveWriters: { commands: [...COMMAND_TABLES['archiveWriters'] ?? []], options: optionsIn(['archives.ts']) },
    optionReaders: { commands: [...COMMAND_TABLES['optionReaders'] ?? []], options: optionsIn(['readers.ts']) },
    commandRunners: { commands: [...COMMAND_TABLES['commandRunners'] ?? []], options: optionsIn(['wrappers.ts']) },
    scripted: { commands: ['sed', 'awk', 'yq'], options: optionsIn(['text-scripts.ts', 'index.ts']) },
    git: { commands: gitSubcommands().map(sub => `git ${sub}`), options: optionsIn(['git.ts', 'git-subcommands.ts']), verbs: gitVerbs() },
  }
}

/** The command lines one option is tried in. */
function shapes(command: string, option: string): string[] {
  const attached = option.startsWith('--') ? [`${command} ${option}=v in.txt`, `${command} ${option}="$V" sub/in.txt`] : [`${command} ${option}v sub/in.txt`]
  // Abbreviations: a declared long option's prefix is that option only when no other declared name shares it.
  const abbreviated = option.startsWith('--') && option.length > 5 ? [`${command} ${option.slice(0, 4)} out.txt in.txt`, `${command} ${option.slice(0, 5)} out.txt in.txt`] : []
  return [`${command} ${option} out.txt in.txt`, `${command} ${option}`, `${command} ${option} "$V" in.txt`, `${command} ${option} - /abs/in.txt`, `${command} in.txt ${option} -- -x.txt`, ...attached, ...abbreviated]
}

function hashOf(command: string, options: readonly string[], verbs: readonly string[] = []): { hash: string, lines: string[] } {
  const texts = [`${command} out.txt in.txt`, ...options.flatMap(option => shapes(command, option)), ...verbs.flatMap(verb => [`${command} ${verb}`, `${command} ${verb} out.txt`])]
  const lines = texts.flatMap(text => [`$ ${text}`, ...goldenLines(text)])
  return { hash: createHash('sha256').update(lines.join('\n')).digest('hex'), lines }
}

const update = process.env['UPDATE_GOLDEN'] === '1'
const recorded: Sweep = update ? { tables: extracted(), variables: variablesIn(), hashes: {} } : JSON.parse(readFileSync(FILE, 'utf8')) as Sweep

describe('every option of the command tables on every command of its table', () => {
  if (update) {
    it('is recorded', () => {
      const hashes: Record<string, string> = {}
      for (const table of Object.values(recorded.tables)) for (const command of table.commands) hashes[command] = hashOf(command, table.options, table.verbs).hash
      for (const name of recorded.variables) hashes[`$${name}`] = variableHash(name).hash
      writeFileSync(FILE, `${JSON.stringify({ tables: recorded.tables, variables: recorded.variables, hashes }, null, 1)}\n`)
    }, SWEEP_TIMEOUT)
    return
  }

  it('covers every table and command the source declares now', () => {
    expect(Object.keys(recorded.tables).sort()).toEqual(['archiveWriters', 'commandRunners', 'fileWriters', 'git', 'noWorkspaceEffect', 'optionReaders', 'plainReaders', 'scripted'])
    for (const name of ['plainReaders', 'noWorkspaceEffect', 'fileWriters', 'archiveWriters', 'optionReaders', 'commandRunners']) expect(recorded.tables[name]?.commands).toEqual(COMMAND_TABLES[name])
  })

  it('every quoted variable name, set or exported before a reader and git', () => {
    for (const name of recorded.variables) {
      const { hash, lines } = variableHash(name)
      expect(hash, `${name} now analyzes as:\n${lines.join('\n')}`).toBe(recorded.hashes[`$${name}`])
    }
  })

  it.each(Object.entries(recorded.tables))('%s', (_name, table) => {
    for (const command of table.commands) {
      const { hash, lines } = hashOf(command, table.options, table.verbs)
      expect(hash, `${command} now analyzes as:\n${lines.slice(0, 60).join('\n')}`).toBe(recorded.hashes[command])
    }
  }, SWEEP_TIMEOUT)
})
