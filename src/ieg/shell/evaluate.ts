/**
 * Text bash evaluates a second time: a value used in arithmetic (names are
 * evaluated recursively, subscripts expanded), a variable name carrying a
 * subscript, a prompt string. Literal text is parsed the way bash reads it
 * and every command substitution in it is analyzed; text the analysis does
 * not know is reported, since it could hold `$(...)`. Pure.
 */
import { parse, type ArithmeticExpression, type WordPart } from 'unbash'
import { scanArithmetic, scanParts } from './expand.js'
import { evaluateVariable, type Evaluation, type ExpansionEnv } from './expansion-env.js'
import { DIGITS, type Pattern } from './pattern.js'
import type { Values } from './state.js'

/** Where an evaluation the analysis cannot follow is reported. */
export interface EvaluationSink {
  unknown(via: string, reason: string): void
}

/** Arithmetic text without expansions, quotes or subscripts: only its names need evaluating. */
const PLAIN_ARITHMETIC = /^[\s\w+\-*/%<>=!&|^~?:(),#]*$/

const DESCRIPTION: Record<Evaluation, string> = {
  arithmetic: 'evaluated as arithmetic',
  name: 'read as a variable name with a subscript',
  prompt: 'expanded as a prompt string',
}

/** The text a value takes, with `digits` atoms read as a digit; null when it holds globs or unknown parts. */
function valueText(value: Pattern): string | null {
  let text = ''
  for (const atom of value) {
    if (atom.t === 'lit') text += atom.s
    else if (atom.t === 'digits') text += '0'
    else return null
  }
  return text
}

function arithmeticExpression(text: string): ArithmeticExpression | null {
  const source = `$((${text}))`
  const script = parse(`: ${source}`)
  if (script.errors !== undefined && script.errors.length > 0) return null
  const command = script.commands.length === 1 ? script.commands[0]?.command : undefined
  if (command?.type !== 'Command' || command.suffix.length !== 1) return null
  const word = command.suffix[0]
  const part = word?.type === 'Word' && word.parts?.length === 1 ? word.parts[0] : undefined
  return part?.type === 'ArithmeticExpansion' && part.text === source ? part.expression ?? null : null
}

/** Names a plain arithmetic text assigns (`x=1`, `x+=1`, `x<<=1`, `x++`, `--x`); `==`, `!=`, `<=`, `>=` compare. */
const PLAIN_ASSIGNMENT = /([A-Za-z_]\w*)\s*(?:(?:[-+*/%&|^]|<<|>>)?=(?!=)|\+\+|--)|(?:\+\+|--)\s*([A-Za-z_]\w*)/g

function arithmeticText(text: string, via: string, env: ExpansionEnv, sink: EvaluationSink): void {
  if (PLAIN_ARITHMETIC.test(text)) {
    for (const token of text.match(/\w+/g) ?? []) if (!/^\d/.test(token)) evaluateVariable(token, 'arithmetic', env, via)
    for (const match of text.matchAll(PLAIN_ASSIGNMENT)) env.assigned((match[1] ?? match[2]) as string, [DIGITS])
    return
  }
  const expression = arithmeticExpression(text)
  if (expression === null) return sink.unknown(via, `text ${DESCRIPTION.arithmetic} does not parse, so what it runs cannot be proven`)
  scanArithmetic(expression, env)
}

/** Prompt text after bash decodes it: a three-digit octal escape becomes its character (`\044` is an unquoted `$`); `\\` and the other escapes stay as written. */
function decodedPrompt(text: string): string {
  // Stryker disable next-line StringLiteral: `\\` is matched only so `\\044` stays; any one literal character in its place parses alike
  return text.replace(/\\(\\|[0-7]{3})/g, (whole, escape: string) => escape === '\\' ? whole : String.fromCharCode(Number.parseInt(escape, 8) & 0xff))
}

function promptParts(text: string): readonly WordPart[] | null {
  let delimiter = 'DSHG_PROMPT'
  while (text.split('\n').includes(delimiter)) delimiter += '_'
  const script = parse(`: <<${delimiter}\n${text}\n${delimiter}\n`)
  if (script.errors !== undefined && script.errors.length > 0) return null
  const command = script.commands.length === 1 ? script.commands[0]?.command : undefined
  const redirect = command?.type === 'Command' && command.suffix.length === 1 ? command.suffix[0] : undefined
  return redirect?.type === 'HereDoc' ? redirect.body.parts ?? [] : null
}

/**
 * Analyze values bash evaluates again.
 * @param kind - how they are evaluated.
 * @param values - the possible values, or null when unknown.
 * @param via - what evaluates them, for reasons.
 * @param env - expansion state and callbacks (nested scripts are analyzed through it).
 * @param sink - where an evaluation that cannot be followed is reported.
 */
export function evaluateValues(kind: Evaluation, values: Values, via: string, env: ExpansionEnv, sink: EvaluationSink): void {
  if (values === null) return sink.unknown(via, `a value the analysis does not know is ${DESCRIPTION[kind]}, and it could run commands`)
  for (const value of values) {
    const text = valueText(value)
    if (text === null) {
      sink.unknown(via, `a value with a glob is ${DESCRIPTION[kind]}`)
      continue
    }
    switch (kind) {
      case 'arithmetic':
        arithmeticText(text, via, env, sink)
        break
      case 'name': {
        // `NAME[SUBSCRIPT]`, or `NAME[SUBSCRIPT]=value` where an operand only became an assignment after expansion.
        const subscript = /^[^[]*\[(.*)\](?:\+?=.*)?$/s.exec(text)?.[1]
        if (subscript !== undefined) arithmeticText(subscript, via, env, sink)
        break
      }
      case 'prompt': {
        const decoded = decodedPrompt(text)
        if (!/[$`]/.test(decoded)) break
        const parts = promptParts(decoded)
        if (parts === null) sink.unknown(via, `text ${DESCRIPTION.prompt} does not parse`)
        else scanParts(parts, env)
        break
      }
    }
  }
}
