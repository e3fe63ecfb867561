/**
 * The shell-parser choice, measured: parse time per command of the gate's
 * corpus for `unbash` (the parser the gate uses, with every lazily parsed
 * word part and nested script resolved) and `web-tree-sitter` with
 * `tree-sitter-bash` (WASM, tree freed after each parse), in one process,
 * min / median / max of three rounds. Printed only; the choice is recorded in
 * docs/workspace-gate.md.
 */
import { createRequire } from 'node:module'
import { forEachChild, parse, type SyntaxNode } from 'unbash'
import { Language, Parser } from 'web-tree-sitter'
import { SHELL_CORPUS } from '../test/fixtures/shell-corpus.ts'

const quick = process.env['BENCH_QUICK'] === '1'
const commands = SHELL_CORPUS.map(entry => entry.command)
const rounds = 3
const repeat = quick ? 3 : 30

await Parser.init()
const treeSitter = new Parser()
treeSitter.setLanguage(await Language.load(createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm')))

function time(label: string, run: (command: string) => void): void {
  const perParse: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    const start = process.hrtime.bigint()
    for (let k = 0; k < repeat; k += 1) for (const command of commands) run(command)
    perParse.push(Number(process.hrtime.bigint() - start) / 1000 / (repeat * commands.length))
  }
  perParse.sort((a, b) => a - b)
  process.stdout.write(`${label.padEnd(44)} ${perParse.map(value => value.toFixed(2)).join(' / ')} µs per command (min / median / max of ${rounds} rounds over ${commands.length} commands x ${repeat})\n`)
}

/** unbash resolves word parts and nested scripts lazily; the gate reads them all, so the figure does too. */
function resolveAll(node: SyntaxNode): void {
  forEachChild(node, resolveAll)
}

for (const command of commands) { resolveAll(parse(command)); treeSitter.parse(command)?.delete() }
time('parse: unbash, every node resolved', command => { resolveAll(parse(command)) })
time('parse: web-tree-sitter + tree-sitter-bash', (command) => { treeSitter.parse(command)?.delete() })
