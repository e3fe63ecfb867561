/**
 * Static word expansion in bash's order: braces, tilde, parameters, command
 * and arithmetic substitution, then word splitting and pathname patterns for
 * unquoted expansion results. A word expands to alternatives (one per
 * possible variable value), each a list of fields. Nested scripts found in a
 * word are handed to the analyzer. Pure.
 */
import { parse, type ArithmeticExpression, type ParsedScript, type Word, type WordPart } from 'unbash'
import { expandBraces } from './braces.js'
import { evaluateVariable, variableValues, type ExpansionEnv } from './expansion-env.js'
import { combine, piecesToFields, valuesToAlternatives, type Piece } from './fields.js'
import { ANY, concat, DIGITS, lit, type Pattern } from './pattern.js'
import { isInteger, unionValues, UNREAD_NAME, type Values } from './state.js'

/** A word's expansion: alternatives, each a list of fields. */
export interface Fields {
  readonly alternatives: readonly (readonly Pattern[])[]
  /** An unquoted unknown expansion may split into any number of fields. */
  readonly uncertainArity: boolean
}

const TILDE = 126

/** The values of a word expanded without splitting, or null when unknown. */
function wordValues(word: Word, env: ExpansionEnv): Values {
  const values = expandQuotedParts(word, env).map(pieces => concat(...pieces.map(piece => piece.pattern)))
  return values.some(value => value.some(atom => atom.t === 'any')) ? null : values
}

/** Analyze every word inside a parameter operation; report the ones bash evaluates again. */
function operationWords(part: Extract<WordPart, { type: 'ParameterExpansion' }>, env: ExpansionEnv): void {
  const operation = part.operation
  if (part.index !== undefined && !['@', '*'].includes(part.index.text)) env.evaluate('arithmetic', wordValues(part.index, env), 'array subscript')
  if (operation === undefined) return
  switch (operation.type) {
    case 'Default':
      if (operation.operator !== '=' && operation.operator !== ':=') return
      // `${!x:=word}` assigns the variable x names, which may be any.
      if (part.prefix === '!') return env.assigned(UNREAD_NAME, null)
      // An integer variable evaluates what `${v:=word}` assigns.
      if (isInteger(env.state, part.parameter)) env.evaluate('arithmetic', wordValues(operation.operand, env), `integer variable ${part.parameter}`)
      env.assigned(part.parameter, null)
      return
    case 'Remove': case 'CaseModification':
      if (operation.operand !== undefined) wordValues(operation.operand, env)
      return
    case 'Replace':
      wordValues(operation.pattern, env)
      wordValues(operation.replacement, env)
      return
    case 'Slice':
      env.evaluate('arithmetic', wordValues(operation.offset, env), 'substring offset')
      if (operation.length !== undefined) env.evaluate('arithmetic', wordValues(operation.length, env), 'substring length')
      return
    case 'Transform':
      if (operation.operand.text === 'P') evaluateVariable(part.parameter, 'prompt', env, '${…@P}')
      return
    case 'Unknown':
      return unreadOperation(operation.operator, env)
    case 'Names':
      return
  }
}

/**
 * An operation the parser does not read (`${x~pat}`, a `{` in a subscript):
 * its text is read as a word for what it runs, and reported when that fails.
 */
function unreadOperation(text: string, env: ExpansionEnv): void {
  const script = parse(`: ${text}`)
  const command = script.commands.length === 1 ? script.commands[0]?.command : undefined
  if ((script.errors ?? []).length > 0 || command?.type !== 'Command') return env.evaluate('prompt', null, '${…} the parser cannot read')
  for (const item of command.suffix) if (item.type === 'Word') scanParts(item.parts, env)
}

/** Where an expansion stands: inside double quotes, in an unquoted word (split and globbed), or in an assignment's value (neither, but tildes after `:` expand). */
type ExpansionContext = 'quoted' | 'unquoted' | 'assignment'

function parameterPart(part: Extract<WordPart, { type: 'ParameterExpansion' }>, env: ExpansionEnv, context: ExpansionContext): Piece[][] {
  const quoted = context !== 'unquoted'
  operationWords(part, env)
  if (part.prefix === '#') return [[{ pattern: DIGITS, reinterpret: !quoted }]]
  if (part.prefix === '!') {
    if (part.operation?.type !== 'Names' && part.index === undefined) evaluateVariable(part.parameter, 'name', env, 'indirect expansion')
    // `${!a[@]}`: the indices of an indexed array are numbers.
    const indices = part.index !== undefined && ['@', '*'].includes(part.index.text) && !env.state.associative.has(part.parameter) && !['BASH_ALIASES', 'BASH_CMDS'].includes(part.parameter) && !env.state.unknownNames
    return [[{ pattern: indices ? DIGITS : ANY, reinterpret: !quoted }]]
  }
  if (part.index !== undefined) return [[{ pattern: ANY, reinterpret: !quoted }]]
  const value = variableValues(part.parameter, env)
  const operation = part.operation
  if (operation === undefined) return valuesToAlternatives(value, !quoted)
  if (operation.type === 'Default') {
    const operand = context === 'quoted' ? expandQuotedParts(operation.operand, env) : context === 'unquoted' ? expandUnquotedOperand(operation.operand, env) : assignmentPieces(operation.operand, env)
    switch (operation.operator) {
      case '-': case ':-': case '=': case ':=': {
        // An empty value may also be an unset one (`unset` records the empty value).
        const set = value === null ? null : value.filter(alternative => alternative.length > 0)
        const kept = set === null ? valuesToAlternatives(null, !quoted) : valuesToAlternatives(set, !quoted)
        return value === null || set?.length !== value.length ? [...kept, ...operand] : kept
      }
      case '+': case ':+':
        return [[], ...operand]
      case '?': case ':?':
        return valuesToAlternatives(value, !quoted)
    }
  }
  return [[{ pattern: ANY, reinterpret: !quoted }]]
}

function tilde(prefix: string, env: ExpansionEnv): Values {
  if (prefix === '~') return variableValues('HOME', env)
  if (prefix === '~+') return variableValues('PWD', env)
  if (prefix === '~-') return variableValues('OLDPWD', env)
  return null
}

/**
 * Whether a `$"…"` string may be translated to other text: the command line
 * chose the message catalog (`TEXTDOMAIN`, `TEXTDOMAINDIR`), or its
 * variables are unknown. The host's own catalogs are trusted.
 */
function translatable(env: ExpansionEnv): boolean {
  const { state } = env
  return state.unknownNames || state.references || state.vars.has('TEXTDOMAIN') || state.vars.has('TEXTDOMAINDIR')
}

function partAlternatives(part: WordPart, env: ExpansionEnv, quoted: boolean, first: boolean): Piece[][] {
  switch (part.type) {
    case 'Literal': {
      if (first && !quoted && part.value.startsWith('~')) {
        const cut = part.value.indexOf('/')
        const prefix = cut < 0 ? part.value : part.value.slice(0, cut)
        const rest = lit(cut < 0 ? '' : part.value.slice(cut))
        return (tilde(prefix, env) ?? [ANY]).map(base => [{ pattern: concat(base, rest), reinterpret: false }])
      }
      return [[{ pattern: lit(part.value), reinterpret: false }]]
    }
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return [[{ pattern: lit(part.value), reinterpret: false }]]
    case 'LocaleString':
      if (translatable(env)) {
        // The translation is expanded in turn, so it may run commands.
        env.evaluate('prompt', null, '$"…" translated through a message catalog the command line chose')
        return [[{ pattern: ANY, reinterpret: false }]]
      }
      return combine(part.parts.map((child, index) => partAlternatives(child, env, true, index === 0 && false)), env.maxAlternatives)
    case 'DoubleQuoted':
      return combine(part.parts.map((child, index) => partAlternatives(child, env, true, index === 0 && false)), env.maxAlternatives)
    case 'Glob':
      // Expansions inside a bracket expression run first (`a[$(cmd)]`); what the bracket then matches is not known.
      if (expandsInside(part.parts)) return scannedUnknown(part.parts, env)
      if (quoted) return [[{ pattern: lit(part.text), reinterpret: false }]]
      if (part.kind === 'star') return [[{ pattern: [{ t: 'star' }], reinterpret: false }]]
      if (part.kind === 'question') return [[{ pattern: [{ t: 'qmark' }], reinterpret: false }]]
      return [[{ pattern: [{ t: 'class', body: part.text.slice(1, -1) }], reinterpret: false }]]
    case 'ExtendedGlob':
      scanParts(part.parts, env)
      return [[{ pattern: quoted ? lit(part.text) : [{ t: 'star', dot: true }], reinterpret: false }]]
    case 'SimpleExpansion':
      return valuesToAlternatives(variableValues(part.text.slice(1), env), !quoted)
    case 'ParameterExpansion':
      return parameterPart(part, env, quoted ? 'quoted' : 'unquoted')
    case 'CommandExpansion':
      return valuesToAlternatives(env.nested(part.script, 'command substitution', 'inherited'), !quoted)
    case 'ProcessSubstitution':
      env.nested(part.script, 'process substitution', part.operator === '>' ? 'pipe' : 'inherited')
      return [[{ pattern: lit('/dev/fd/63'), reinterpret: false }]]
    case 'ArithmeticExpansion':
      if (part.expression === undefined) env.evaluate('arithmetic', null, 'arithmetic expansion')
      else scanArithmetic(part.expression, env)
      return [[{ pattern: DIGITS, reinterpret: !quoted }]]
    case 'BraceExpansion':
      if (expandsInside(part.parts)) scanParts(part.parts, env)
      return [[{ pattern: quoted ? lit(part.text) : ANY, reinterpret: !quoted }]]
  }
}

const ARITHMETIC_NAME = /^\$?\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/
/** Arithmetic operators that assign their left operand. */
const ARITHMETIC_ASSIGNMENT = /^([-+*/%&|^]|<<|>>)?=$/

/**
 * The variable an arithmetic assignment target names (`x`, `a[i]`) and
 * whether it is an element, or null when it names none statically.
 * @param node - the assigned operand.
 */
function arithmeticTarget(node: ArithmeticExpression): { readonly name: string, readonly element: boolean } | null {
  if (node.type === 'ArithmeticGroup') return arithmeticTarget(node.expression)
  if (node.type !== 'ArithmeticWord') return null
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?$/s.exec(node.value.trim())
  return match === null ? null : { name: match[1] as string, element: match[2] !== undefined }
}

/**
 * An arithmetic assignment stores a number in its target ({@link arithmeticallyAssigned});
 * a target that is not a plain name is reported as evaluated text.
 */
function assignedByArithmetic(target: ArithmeticExpression, env: ExpansionEnv): void {
  const assigned = arithmeticTarget(target)
  if (assigned === null) env.evaluate('arithmetic', null, 'an arithmetic assignment to a computed name')
  else env.assigned(assigned.name, arithmeticallyAssigned(assigned.name, assigned.element, env))
}

/**
 * What a variable may hold after arithmetic assigns it: a number, or, for an
 * element (`d[1]=1`), its old values too (only subscript 0 changes `$d`).
 * @param name - the variable.
 * @param element - whether an element was assigned.
 * @param env - the state before the assignment.
 */
export function arithmeticallyAssigned(name: string, element: boolean, env: ExpansionEnv): Values {
  return element ? unionValues(variableValues(name, env), [DIGITS], env.maxAlternatives) : [DIGITS]
}
const ARITHMETIC_NUMBER = /^(0[xX][0-9a-fA-F]+|[0-9]+(#[0-9a-zA-Z@_]+)?)$/

/**
 * Analyze an arithmetic expression as bash evaluates it: command
 * substitutions run and their output is evaluated; a name is evaluated as
 * its variable's value; a subscript is evaluated too.
 * @param node - an expression node from the parser.
 * @param env - state and callbacks.
 */
export function scanArithmetic(node: ArithmeticExpression, env: ExpansionEnv): void {
  switch (node.type) {
    case 'ArithmeticBinary':
      scanArithmetic(node.left, env)
      scanArithmetic(node.right, env)
      if (ARITHMETIC_ASSIGNMENT.test(node.operator)) assignedByArithmetic(node.left, env)
      return
    case 'ArithmeticUnary':
      scanArithmetic(node.operand, env)
      if (node.operator === '++' || node.operator === '--') assignedByArithmetic(node.operand, env)
      return
    case 'ArithmeticTernary':
      scanArithmetic(node.test, env)
      scanArithmetic(node.consequent, env)
      scanArithmetic(node.alternate, env)
      return
    case 'ArithmeticGroup':
      scanArithmetic(node.expression, env)
      return
    case 'ArithmeticCommandExpansion':
      env.evaluate('arithmetic', env.nested(node.script, 'command substitution', 'inherited'), 'arithmetic of command output')
      return
    case 'ArithmeticWord':
      return arithmeticWord(node, env)
  }
}

function arithmeticWord(node: Extract<ArithmeticExpression, { type: 'ArithmeticWord' }>, env: ExpansionEnv): void {
  if (node.parts !== undefined && node.parts.some(part => part.type !== 'Literal')) {
    env.evaluate('arithmetic', wordValues({ type: 'Word', text: node.value, value: node.value, parts: node.parts, pos: node.pos, end: node.end } as Word, env), 'arithmetic word')
    return
  }
  const text = node.value.trim()
  if (ARITHMETIC_NUMBER.test(text)) return
  const name = ARITHMETIC_NAME.exec(text)?.[1]
  if (name !== undefined) return evaluateVariable(name, 'arithmetic', env, 'arithmetic')
  const subscript = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(text)
  if (subscript !== null) {
    evaluateVariable(subscript[1] as string, 'arithmetic', env, 'arithmetic')
    return env.evaluate('arithmetic', [lit(subscript[2] as string)], 'array subscript')
  }
  env.evaluate('arithmetic', [lit(text)], 'arithmetic')
}

function expandQuotedParts(word: Word, env: ExpansionEnv): Piece[][] {
  const parts = word.parts ?? [{ type: 'Literal', value: word.value, text: word.text, pos: word.pos, end: word.end } as WordPart]
  return combine(parts.map(part => partAlternatives(part, env, true, false)), env.maxAlternatives)
}

/**
 * The word of an unquoted `${x:-word}` (and `:=`, `:+`): bash expands its
 * tildes and parameters and then splits and globs the result like any
 * unquoted expansion, quoted parts excepted. A literal with backslash escapes
 * is unknown, since only its unescaped characters split.
 */
function expandUnquotedOperand(word: Word, env: ExpansionEnv): Piece[][] {
  const parts = word.parts ?? [{ type: 'Literal', value: word.value, text: word.text, pos: word.pos, end: word.end } as WordPart]
  return combine(parts.map((part, index) => {
    if (part.type !== 'Literal' || (index === 0 && part.value.startsWith('~'))) return partAlternatives(part, env, false, index === 0 && tildePrefixEnds(part, parts.length))
    return [[{ pattern: part.text.includes('\\') ? ANY : lit(part.value), reinterpret: true }]]
  }), env.maxAlternatives)
}

/** A word that looks like an assignment (`NAME=`, `NAME+=`, `NAME[…]=`): bash expands tildes after its first `=` and its `:`s even as an argument. */
const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/

function assignmentWordPieces(word: Word, env: ExpansionEnv): Piece[][] | null {
  const parts = word.parts ?? [{ type: 'Literal', value: word.value, text: word.text, pos: word.pos, end: word.end } as WordPart]
  const first = parts[0]
  const name = first?.type === 'Literal' && word.text.includes('~') ? ASSIGNMENT_WORD.exec(first.value)?.[0] : undefined
  if (name === undefined) return null
  return combine(parts.map((part, index) => {
    if (part.type !== 'Literal') return partAlternatives(part, env, false, false)
    const continued = index < parts.length - 1
    if (index > 0) return assignmentLiteral(part.value, part.text, false, continued, env)
    return assignmentLiteral(part.value.slice(name.length), part.text, true, continued, env).map(pieces => [{ pattern: lit(name), reinterpret: false }, ...pieces])
  }), env.maxAlternatives)
}

function wordPieces(word: Word, env: ExpansionEnv): Piece[][] {
  const assignment = assignmentWordPieces(word, env)
  if (assignment !== null) return assignment
  if (word.parts === undefined) {
    // A backslash in the tilde prefix quotes it (`~\/a` stays as written).
    if (word.text.startsWith('~')) return partAlternatives({ type: 'Literal', value: word.value, text: word.text, pos: word.pos, end: word.end }, env, false, !word.text.split('/', 1)[0]?.includes('\\'))
    return [[{ pattern: lit(word.value), reinterpret: false }]]
  }
  const parts = word.parts
  return combine(parts.map((part, index) => partAlternatives(part, env, false, index === 0 && tildePrefixEnds(part, parts.length))), env.maxAlternatives)
}

/**
 * Whether a word's first part holds its whole tilde prefix (up to the first
 * unquoted `/`): a prefix running into a quoted part or an expansion
 * (`~"/a"`, `~$u/a`) is not expanded.
 */
function tildePrefixEnds(first: WordPart, parts: number): boolean {
  return parts === 1 || (first.type === 'Literal' && first.value.includes('/'))
}

/** Re-parse one brace-expanded source text as a single word. */
function reparseWord(text: string): Word | undefined {
  const script = parse(`: ${text}`)
  const statement = script.commands[0]
  const command = statement?.command
  if (script.errors !== undefined && script.errors.length > 0) return undefined
  if (script.commands.length !== 1 || command?.type !== 'Command' || command.suffix.length !== 1) return undefined
  const only = command.suffix[0]
  return only?.type === 'Word' ? only : undefined
}

/**
 * The text of a word made only of literal and quoted text (`--include='*.ts'`,
 * `"name"`), which expands to exactly that one field; null when any part
 * expands, globs or may be a tilde prefix.
 */
function quotedText(parts: readonly WordPart[]): string | null {
  let text = ''
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as WordPart
    switch (part.type) {
      case 'Literal':
        if (index === 0 && part.value.charCodeAt(0) === TILDE) return null
        text += part.value
        break
      case 'SingleQuoted':
      case 'AnsiCQuoted':
        text += part.value
        break
      case 'DoubleQuoted':
        for (const child of part.parts) {
          if (child.type !== 'Literal') return null
          text += child.value
        }
        break
      default:
        return null
    }
  }
  return text
}

/**
 * Whether word text is made only of characters that never start an
 * expansion, quote, glob, brace or tilde in a word (letters, digits and
 * `_ . / : , = + @ % -`), so the word is its own value.
 */
export function isPlainText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    if (!(code < 128 && PLAIN_CHARACTERS[code] === 1)) return false
  }
  return true
}

const PLAIN_CHARACTERS = (() => {
  const table = new Uint8Array(128)
  for (const character of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,=+@%-') table[character.charCodeAt(0)] = 1
  return table
})()

/**
 * The one field of a word without expansions (plain or quoted text, no
 * leading tilde), or null when it needs {@link expandWord}.
 * @param word - the word as parsed.
 */
export function literalField(word: Word): Pattern | null {
  if (isPlainText(word.text)) return lit(word.text)
  if (word.text.includes('~') && ASSIGNMENT_WORD.test(word.text)) return null
  const parts = word.parts
  if (parts === undefined) return word.text.charCodeAt(0) === TILDE ? null : lit(word.value)
  const text = quotedText(parts)
  return text === null ? null : lit(text)
}

/**
 * Expand a word into fields.
 * @param word - the word as parsed.
 * @param env - state and callbacks.
 */
export function expandWord(word: Word, env: ExpansionEnv): Fields {
  const field = literalField(word)
  if (field !== null) return { alternatives: [[field]], uncertainArity: false }
  const parts = word.parts
  if (parts?.some(part => part.type === 'BraceExpansion') === true) {
    const texts = expandBraces(word.text, env.maxAlternatives)
    const words = texts?.map(reparseWord)
    // Past the bound, or a result that is no single word (`{#,a}`): unknown, after what its parts run.
    const unknown = (): Fields => { scanParts(parts, env); return { alternatives: [[ANY]], uncertainArity: true } }
    if (words === undefined || words.some(item => item === undefined)) return unknown()
    let alternatives: Pattern[][] = [[]]
    let uncertain = false
    for (const item of words as Word[]) {
      const fields = expandWord(item, env)
      uncertain ||= fields.uncertainArity
      const next: Pattern[][] = []
      for (const prefix of alternatives) for (const alternative of fields.alternatives) next.push([...prefix, ...alternative])
      if (next.length > env.maxAlternatives) return unknown()
      alternatives = next
    }
    return { alternatives, uncertainArity: uncertain }
  }
  let uncertain = false
  const alternatives = wordPieces(word, env).map((pieces) => {
    const result = piecesToFields(pieces, env.state.ifsChanged)
    uncertain ||= result.uncertain
    return result.fields
  })
  return { alternatives, uncertainArity: uncertain }
}

/**
 * The value an assignment stores: no splitting and no pathname expansion.
 * @param word - the assigned word.
 * @param env - state and callbacks.
 * @returns possible values, or null when unknown.
 */
export function expandAssignment(word: Word, env: ExpansionEnv): Values {
  const values = assignmentPieces(word, env).map(pieces => concat(...pieces.map(piece => piece.pattern)))
  return values.some(value => value.some(atom => atom.t === 'any')) ? null : values
}

/** An assignment's value (or the word of a `${x:-word}` in one): globs and braces stay text, tildes expand at the start and after each `:`. */
function assignmentPieces(word: Word, env: ExpansionEnv): Piece[][] {
  const parts = word.parts ?? [{ type: 'Literal', value: word.value, text: word.text, pos: word.pos, end: word.end } as WordPart]
  return combine(parts.map((part, index) => {
    switch (part.type) {
      case 'Glob': case 'ExtendedGlob': case 'BraceExpansion': return expandsInside(part.parts) ? scannedUnknown(part.parts, env) : [[{ pattern: lit(part.text), reinterpret: false }]]
      case 'Literal': return assignmentLiteral(part.value, part.text, index === 0, index < parts.length - 1, env)
      case 'ParameterExpansion': return parameterPart(part, env, 'assignment')
      default: return partAlternatives(part, env, true, false)
    }
  }), env.maxAlternatives)
}

/**
 * Unquoted literal text where bash expands a tilde prefix at its start (when
 * `atStart`) and after each `:`, as in an assignment's value (`PATH=~/bin:~/x`).
 * A backslash may quote a tilde, so escaped text holding one is unknown. A
 * prefix running into the next part (`continued`: `x=~"/a"`) stays text.
 */
function assignmentLiteral(value: string, text: string, atStart: boolean, continued: boolean, env: ExpansionEnv): Piece[][] {
  if (!value.includes('~')) return [[{ pattern: lit(value), reinterpret: false }]]
  if (text.includes('\\')) return [[{ pattern: ANY, reinterpret: false }]]
  const segments = value.split(':')
  return combine(segments.map((segment, index) => {
    const separator = lit(index === 0 ? '' : ':')
    const cut = segment.indexOf('/')
    const unended = cut < 0 && continued && index === segments.length - 1
    if ((index === 0 && !atStart) || !segment.startsWith('~') || unended) return [[{ pattern: concat(separator, lit(segment)), reinterpret: false }]]
    const rest = lit(cut < 0 ? '' : segment.slice(cut))
    return (tilde(cut < 0 ? segment : segment.slice(0, cut), env) ?? [ANY]).map(base => [{ pattern: concat(separator, base, rest), reinterpret: false }])
  }), env.maxAlternatives)
}

/**
 * What an unquoted here-document's body expands to (a double-quoted word: no
 * splitting, no globs), analyzing every nested script in it.
 * @param parts - the body's parts.
 * @param env - state and callbacks.
 * @returns possible texts, or null when unknown.
 */
export function hereDocumentValues(parts: readonly WordPart[], env: ExpansionEnv): Values {
  const values = combine(parts.map(part => partAlternatives(part, env, true, false)), env.maxAlternatives).map(pieces => concat(...pieces.map(piece => piece.pattern)))
  return values.some(value => value.some(atom => atom.t === 'any')) ? null : values
}

/**
 * Every nested script inside a word, analyzed without using the word's value
 * (here-document bodies, test operands).
 * @param parts - word parts.
 * @param env - state and callbacks.
 */
/** Whether the parts of a glob or brace expansion hold an expansion, which runs before the pattern applies. */
function expandsInside(parts: readonly WordPart[] | undefined): boolean {
  return parts !== undefined && parts.some(child => child.type !== 'Literal')
}

/** Analyze what the parts run; the text they leave is not known. */
function scannedUnknown(parts: readonly WordPart[] | undefined, env: ExpansionEnv): Piece[][] {
  scanParts(parts, env)
  return [[{ pattern: ANY, reinterpret: false }]]
}

export function scanParts(parts: readonly WordPart[] | undefined, env: ExpansionEnv): void {
  for (const part of parts ?? []) partAlternatives(part, env, true, false)
}
