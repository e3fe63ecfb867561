/**
 * The redirections of a simple command: what they write, which file each
 * descriptor refers to afterwards, what standard input carries, and which of
 * them stay open in the shell (a bare `exec`). Pure.
 */
import type { Redirection } from 'unbash'
import { duplicateDescriptor, openDescriptor, VARIABLE_DESCRIPTOR } from './descriptors.js'
import { expandAssignment, expandWord, hereDocumentValues } from './expand.js'
import { ANY, DIGITS, hasAny, joinPattern, lit, literalOf, type Pattern, type Values } from './pattern.js'
import { withVariable, type ShellState } from './state.js'
import type { Walker } from './walker.js'

const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>'])

/** What a command's standard input carries: literal text, or unknown data. */
export interface StdinFacts { readonly text: string | null, readonly unknown: boolean }

/** Standard input as the command found it. */
export const NO_STDIN: StdinFacts = { text: null, unknown: false }

/** The body of an unquoted here-document without expansions as the reader gets it: `\$`, `` \` `` and `\\` lose their backslash, a backslash-newline is removed. */
function unescapedHereDocument(text: string): string {
  return text.replace(/\\([$`\\]|\n)/g, (_whole, escaped: string) => (escaped === '\n' ? '' : escaped))
}

/** The descriptor a redirection opens: its number, the variable slot for `{var}`, or the operator's default. */
function descriptorOf(redirect: Redirection, fallback: number): number {
  if (redirect.descriptor === undefined) return fallback
  return redirect.descriptor.type === 'FileDescriptor' ? redirect.descriptor.value : VARIABLE_DESCRIPTOR
}

/**
 * `exec` that leaves the shell running (directly or through `command` or
 * `builtin`): its redirections stay open in the shell.
 */
export function isBareExec(argv: readonly Pattern[][]): boolean {
  if (argv.length !== 1) return false
  const words = (argv[0] as Pattern[]).map(literalOf)
  while (words[0] === 'command' || words[0] === 'builtin') words.splice(0, words[1] === '-p' ? 2 : 1)
  return words[0] === 'exec' && execRunsNoCommand(words.slice(1))
}

/**
 * Whether `exec` with these words after its name runs no command: nothing
 * follows its options (`-c`, `-l`, `-a NAME`, `--`), or it refuses an option
 * and returns. A word the analysis cannot read may expand to nothing.
 * @param words - the literal words, null where not literal.
 */
function execRunsNoCommand(words: readonly (string | null)[]): boolean {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string | null
    if (word === null) return true
    if (word === '--') return index + 1 === words.length
    if (!word.startsWith('-') || word === '-') return false
    for (let at = 1; at < word.length; at += 1) {
      const letter = word[at]
      if (letter === 'a') {
        if (at + 1 === word.length) index += 1
        break
      }
      if (letter !== 'c' && letter !== 'l') return true
    }
  }
  return true
}

/** The variable a `{NAME}` or `{NAME[SUBSCRIPT]}` redirection assigns. */
function variableOf(name: string): string {
  const bracket = name.indexOf('[')
  return bracket === -1 ? name : name.slice(0, bracket)
}

/**
 * Apply redirections in order: record writes, track which file each
 * descriptor refers to, and what standard input carries.
 * @returns standard input's facts and the state with the descriptors opened.
 */
export function applyRedirections(walker: Walker, redirects: readonly Redirection[], state: ShellState, depth: number): { stdin: StdinFacts, state: ShellState } {
  let stdin: StdinFacts = NO_STDIN
  let descriptors = state.descriptors
  // A `{var}` redirection assigns var when it is performed: later redirections expand with the new value.
  let env = walker.env(state, depth)
  let named: string | null = null
  const opened = (fields: readonly Pattern[]): Values => (fields.some(hasAny) ? null : fields.flatMap(field => (state.cwd ?? [ANY]).map(cwd => joinPattern(cwd, field))))
  for (const redirect of redirects) {
    if (named !== null) env = walker.env(withVariable(env.state, named, [DIGITS]), depth)
    named = redirect.descriptor?.type === 'FileDescriptorVariable' ? variableOf(redirect.descriptor.name) : null
    // `{a[SUBSCRIPT]}>f` assigns an array element: bash evaluates the subscript.
    if (redirect.descriptor?.type === 'FileDescriptorVariable' && named !== redirect.descriptor.name) env.evaluate('name', [lit(redirect.descriptor.name)], 'redirection {NAME}')
    if (redirect.type === 'HereDoc') {
      const descriptor = descriptorOf(redirect, 0)
      const parts = redirect.body.parts ?? []
      const expands = redirect.delimiter?.quoted !== true && parts.some(part => part.type !== 'Literal')
      const expanded = expands ? hereDocumentValues(parts, env) : null
      const text = expanded?.length === 1 ? literalOf(expanded[0] as Pattern) : null
      const plain = redirect.delimiter?.quoted === true ? redirect.body.text : unescapedHereDocument(redirect.body.text)
      if (descriptor === 0) stdin = !expands ? { text: plain, unknown: false } : text === null ? { text: null, unknown: true } : { text, unknown: false }
      descriptors = openDescriptor(descriptors, descriptor, [])
      continue
    }
    if (redirect.target === undefined) continue
    if (redirect.type === 'HereString') {
      // Expanded like an assignment's value: no braces, no splitting, no globs.
      const descriptor = descriptorOf(redirect, 0)
      const values = expandAssignment(redirect.target, env)
      const text = values?.length === 1 ? literalOf(values[0] as Pattern) : null
      if (descriptor === 0) stdin = text === null ? { text: null, unknown: true } : { text: `${text}\n`, unknown: false }
      descriptors = openDescriptor(descriptors, descriptor, [])
      continue
    }
    const fields = expandWord(redirect.target, env)
    const all = fields.alternatives.flat()
    const operator = redirect.operator
    const sourceText = all.length === 1 ? literalOf(all[0] as Pattern) : null
    if ((operator === '>&' || operator === '<&') && (sourceText === null ? operator === '<&' : /^(\d+-?|-)$/.test(sourceText))) {
      const descriptor = descriptorOf(redirect, operator === '<&' ? 0 : 1)
      descriptors = duplicateDescriptor(descriptors, descriptor, sourceText)
      if (descriptor === 0) stdin = { text: null, unknown: true }
      continue
    }
    if (operator === '<') {
      const descriptor = descriptorOf(redirect, 0)
      descriptors = openDescriptor(descriptors, descriptor, opened(all))
      if (descriptor === 0) stdin = { text: null, unknown: true }
      continue
    }
    if (!WRITE_OPERATORS.has(operator) && operator !== '>&') continue
    for (const field of all) walker.write(`redirection ${operator}`, field, 'entry', { ...state, descriptors })
    const both = operator === '&>' || operator === '&>>' || (operator === '>&' && redirect.descriptor === undefined)
    const numbers = both ? [1, 2] : [descriptorOf(redirect, operator === '<>' ? 0 : 1)]
    for (const number of numbers) descriptors = openDescriptor(descriptors, number, opened(all))
    // `<> FILE` (or `0> FILE`) on standard input: a program reads the file.
    if (numbers.includes(0)) stdin = { text: null, unknown: true }
  }
  const names = redirects.flatMap(redirect => (redirect.descriptor?.type === 'FileDescriptorVariable' ? [variableOf(redirect.descriptor.name)] : []))
  const withTable = descriptors === state.descriptors ? state : { ...state, descriptors }
  return { stdin, state: names.reduce((next, name) => withVariable(next, name, [DIGITS]), withTable) }
}

/**
 * The descriptors after a command: a bare `exec` keeps what its redirections
 * opened; a command that changed the table itself (an `exec` inside a
 * function, `eval` or group) keeps its table; otherwise the command's own
 * redirections close again, except `{var}` descriptors, which bash leaves
 * open (it closes them only under `shopt -s varredir_close`).
 */
export function keptDescriptors(bareExec: boolean, before: ShellState, redirected: ShellState, after: ShellState): ShellState['descriptors'] {
  if (bareExec) return redirected.descriptors
  if (after.descriptors !== redirected.descriptors) return after.descriptors
  const opened = redirected.descriptors?.get(VARIABLE_DESCRIPTOR)
  if (before.descriptors === null || opened === undefined || before.descriptors.get(VARIABLE_DESCRIPTOR) === opened) return before.descriptors
  return new Map(before.descriptors).set(VARIABLE_DESCRIPTOR, opened)
}
