/** Evaluators of the workspace-file check kinds. Pure over the workspace port. */
import { canonicalJson, parseStrictJson, type JsonValue } from '../../kernel/json.js'
import type { CheckArgs, CheckOutcome, EvaluationContext, TextEvidence, Utf8Evidence } from './evidence.js'
import { resolvePointer } from './json-pointer.js'
import type { WorkspacePath } from './paths.js'
import { clip, isWellFormedText, quote } from '../../kernel/text.js'
import { withheld } from './secrets.js'

function pathOf(args: CheckArgs): WorkspacePath {
  return args.path as WorkspacePath
}

function textOf(args: CheckArgs): string {
  return args.text as string
}

function unreadable(path: string, evidence: Exclude<TextEvidence, { kind: 'text' }> | Exclude<Utf8Evidence, { kind: 'utf8' }>): CheckOutcome {
  return { passed: false, evidence: evidence.kind === 'missing' ? `${path} does not exist` : `${path}: ${evidence.reason}` }
}

/** Pass iff the path resolves inside the workspace to a regular file. */
export async function fileExists(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const path = pathOf(args)
  const found = await ctx.workspace.inspect(path)
  switch (found.kind) {
    case 'file': return { passed: true, evidence: `${path} exists (${found.size} bytes)` }
    case 'missing': return { passed: false, evidence: `${path} does not exist` }
    case 'refused': return { passed: false, evidence: `${path}: ${found.reason}` }
  }
}

/** Pass iff no directory entry of any kind (a dangling symlink included) exists at the path. */
export async function fileAbsent(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const path = pathOf(args)
  const found = await ctx.workspace.entry(path)
  switch (found.kind) {
    case 'absent': return { passed: true, evidence: `${path} is absent` }
    case 'present': return { passed: false, evidence: `${path} still exists (${found.type})` }
    case 'refused': return { passed: false, evidence: `${path}: ${found.reason}` }
  }
}

/**
 * Where a literal first occurs in a file's text, as a character index, or -1.
 * A well-formed literal is searched in the validated UTF-8 bytes (UTF-8 is
 * self-synchronizing, so a byte match is a character match) and only a match
 * is decoded, to count characters; a literal with a lone surrogate can never
 * occur in decoded text, so it is searched as text.
 */
async function indexIn(path: WorkspacePath, literal: string, ctx: EvaluationContext): Promise<{ found: number } | { unreadable: CheckOutcome }> {
  if (!isWellFormedText(literal)) {
    const read = await ctx.workspace.readText(path)
    return read.kind === 'text' ? { found: read.text.indexOf(literal) } : { unreadable: unreadable(path, read) }
  }
  const read = await ctx.workspace.readUtf8(path)
  if (read.kind !== 'utf8') return { unreadable: unreadable(path, read) }
  const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength)
  const at = bytes.indexOf(Buffer.from(literal))
  // The literal starts with no continuation byte, so the bytes before a match are whole characters.
  return { found: at < 0 ? -1 : bytes.toString('utf8', 0, at).length }
}

/** Pass iff the file's text contains the literal. */
export async function fileContains(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const path = pathOf(args)
  const search = await indexIn(path, textOf(args), ctx)
  if ('unreadable' in search) return search.unreadable
  return search.found >= 0
    ? { passed: true, evidence: `${path} contains ${quote(textOf(args))}` }
    : { passed: false, evidence: `${path} does not contain ${quote(textOf(args))}` }
}

/** Pass iff the file exists as readable text and does not contain the literal. */
export async function fileNotContains(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const path = pathOf(args)
  const search = await indexIn(path, textOf(args), ctx)
  if ('unreadable' in search) return search.unreadable
  if (search.found < 0) return { passed: true, evidence: `${path} does not contain ${quote(textOf(args))}` }
  return { passed: false, evidence: `${path} still contains ${quote(textOf(args))}${ctx.isSecret(path) ? ' (position withheld: secret-like file)' : ` at character ${search.found}`}` }
}

/** Pass iff the file's complete decoded text equals the expected text. */
export async function fileEquals(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const path = pathOf(args)
  const read = await ctx.workspace.readText(path)
  if (read.kind !== 'text') return unreadable(path, read)
  const expected = textOf(args)
  if (read.text === expected) return { passed: true, evidence: `${path} equals the expected ${expected.length} characters` }
  // Where a secret-like file first differs would tell a guesser how much of its guess was right.
  if (ctx.isSecret(path)) return { passed: false, evidence: `${path} differs from the expected text (${expected.length} characters): ${withheld(read.text)}` }
  // The texts differ, so the first difference comes at or before the end of the shorter one.
  let at = 0
  while (read.text[at] === expected[at]) at += 1
  return { passed: false, evidence: `${path} differs from the expected text at character ${at}: found ${quote(read.text.slice(at, at + 40))}, expected ${quote(expected.slice(at, at + 40))} (lengths ${read.text.length} and ${expected.length})` }
}

/** Pass iff the file is unambiguous JSON and the value at the pointer canonically equals the expected value. */
export async function jsonEquals(args: CheckArgs, ctx: EvaluationContext): Promise<CheckOutcome> {
  const path = pathOf(args)
  const pointer = args.pointer as string
  const read = await ctx.workspace.readText(path)
  if (read.kind !== 'text') return unreadable(path, read)
  const parsed = parseStrictJson(read.text)
  if (!parsed.ok) return { passed: false, evidence: `${path} is not unambiguous JSON: ${ctx.isSecret(path) ? withheld(read.text) : parsed.reason}` }
  const found = resolvePointer(parsed.value, pointer)
  // A pointer failure names members and value types, which a secret-like file must not show.
  if (!found.found) return { passed: false, evidence: `${path}: ${ctx.isSecret(path) ? `${pointer} does not resolve; ${withheld(read.text)}` : found.reason}` }
  const actual = canonicalJson(found.value)
  const expected = canonicalJson(args.value as JsonValue)
  return actual === expected
    ? { passed: true, evidence: `${path}#${pointer} equals ${clip(expected)}` }
    : { passed: false, evidence: `${path}#${pointer} is ${ctx.isSecret(path) ? withheld(actual) : clip(actual)}, expected ${clip(expected)}` }
}
