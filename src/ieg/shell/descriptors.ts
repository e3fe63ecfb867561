/**
 * File descriptors and the special paths that reopen them. On Linux,
 * `/dev/fd/N`, `/dev/stdin|stdout|stderr` and `/proc/self/fd/N` open again
 * whatever descriptor N refers to, now for writing; `/proc/self/cwd` is the
 * shell's directory, not the host's. A path through one of them is rewritten
 * to what it reaches before it is checked. Pure.
 */
import { ANY, concat, lit, type Pattern, type Values } from './pattern.js'

/**
 * What each descriptor refers to: a file (its possible paths), or null when
 * the analysis does not know. Descriptors absent from the table are the
 * tool's own pipes (0-2) or closed.
 */
export type DescriptorTable = ReadonlyMap<number, Values>

/** Devices a write to discards. */
const DISCARD = new Set(['/dev/null', '/dev/zero', '/dev/full', '/dev/tty', '/dev/random', '/dev/urandom'])
/**
 * The table key of descriptors opened as `{var}>file`: bash picks a number
 * from 10 up, so any such descriptor without an entry of its own may be one.
 */
export const VARIABLE_DESCRIPTOR = -1
const STANDARD: Record<string, number> = { stdin: 0, stdout: 1, stderr: 2 }
/** `/dev/fd/N`, `/dev/stdin`, `/proc/self/fd/N`, `/proc/<pid>/fd/N`, and the `cwd` and `root` links of the shell's own process. */
const DESCRIPTOR_PATH = /^\/dev\/(?:fd\/(\d+)|(stdin|stdout|stderr))(\/.*)?$|^\/proc\/(?:self|thread-self)\/(?:task\/[^/]+\/)?(?:fd\/(\d+)(\/.*)?|(cwd|root)(\/.*)?)$/

/** Paths that name standard input to a program reading a script (`source /dev/stdin`); a lone `-` is no path: `source -` runs a file named `-`. */
export const STANDARD_INPUT: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0', '/proc/thread-self/fd/0'])

/** A write through a special path: where it really lands. */
export type Reach =
  /** The path as written (an ordinary path). */
  | { readonly kind: 'path' }
  /** Discarded (`/dev/null`, the tool's own pipes). */
  | { readonly kind: 'discard' }
  /** Lands on these paths instead. */
  | { readonly kind: 'paths', readonly paths: readonly Pattern[] }

/** Text with `digits` atoms (`$$`, `$PPID`) marked: `/proc/<n>/…` names a process the analysis cannot tell. */
function markedText(path: Pattern): string | null {
  let text = ''
  for (const atom of path) {
    if (atom.t === 'lit') text += atom.s
    else if (atom.t === 'digits') text += '\u0000'
    else return null
  }
  return text
}

/**
 * Where a write to `path` lands.
 * @param path - the path as expanded, before joining with the directory.
 * @param descriptors - the descriptor table of the command (null when unknown, as in a persistent shell).
 * @param cwd - the shell's possible directories (null when unknown).
 */
export function reachOfPath(path: Pattern, descriptors: DescriptorTable | null, cwd: Values): Reach {
  const text = markedText(path)
  if (text === null) return path.some(atom => atom.t === 'any') ? { kind: 'path' } : procGlob(path)
  if (DISCARD.has(text)) return { kind: 'discard' }
  const match = DESCRIPTOR_PATH.exec(text)
  if (match === null) return /^\/(proc|dev)\//.test(text) && text.includes('\u0000') ? { kind: 'paths', paths: [ANY] } : { kind: 'path' }
  const [, devFd, standard, devRest, procFd, procFdRest, link, linkRest] = match
  if (link !== undefined) {
    const rest = lit(linkRest ?? '')
    if (link === 'root') return { kind: 'paths', paths: [concat(lit('/'), rest)] }
    return { kind: 'paths', paths: (cwd ?? [ANY]).map(directory => concat(directory, rest)) }
  }
  // Stryker disable next-line StringLiteral: standard is set whenever both numbers are absent
  const descriptor = Number(devFd ?? procFd ?? STANDARD[standard ?? ''])
  const rest = devRest ?? procFdRest ?? ''
  if (descriptors === null) return { kind: 'paths', paths: [ANY] }
  const target = descriptors.has(descriptor) ? descriptors.get(descriptor) : descriptor >= 10 ? descriptors.get(VARIABLE_DESCRIPTOR) : undefined
  if (target === undefined) return rest === '' ? { kind: 'discard' } : { kind: 'paths', paths: [ANY] }
  if (target === null) return { kind: 'paths', paths: [ANY] }
  // Stryker disable next-line StringLiteral: any text that names no device keeps the file
  const paths = target.map(file => concat(file, lit(rest))).filter(file => !DISCARD.has(markedText(file) ?? ''))
  return paths.length === 0 ? { kind: 'discard' } : { kind: 'paths', paths }
}

/**
 * The table with standard input carrying data that is not a file: a pipe,
 * a here-document or a here-string. A program reading a script from standard
 * input then reads one the analysis cannot see; a write through `/dev/stdin`
 * is discarded.
 * @param table - the table before (null stays unknown).
 */
export function withStandardInputData(table: DescriptorTable | null): DescriptorTable | null {
  if (table === null || table.get(0) === NO_FILE) return table
  const known = WITH_INPUT_DATA.get(table)
  if (known !== undefined) return known
  const next: DescriptorTable = new Map(table).set(0, NO_FILE)
  WITH_INPUT_DATA.set(table, next)
  OUTER_TABLE.set(next, table)
  return next
}

/** Descriptor 0 as data that is not a file; one shared value, so equal tables stay identical. */
const NO_FILE: Values = Object.freeze([]) as Values
/** Each table with standard input as data, and back: a pipeline leaves the same objects it found. */
const WITH_INPUT_DATA = new WeakMap<DescriptorTable, DescriptorTable>()
const OUTER_TABLE = new WeakMap<DescriptorTable, DescriptorTable>()

/**
 * Whether standard input may carry data: descriptor 0 was redirected or
 * piped, or the table is unknown (a persistent shell may have redirected it).
 * @param table - the descriptor table.
 */
export function standardInputCarriesData(table: DescriptorTable | null): boolean {
  return table === null || table.has(0)
}

/**
 * `table` with descriptor 0 as it is in `outer`: a pipeline's commands read
 * the pipe, the commands after the pipeline do not.
 * @param table - the table after a pipeline's last command.
 * @param outer - the table before the pipeline.
 */
export function withOuterStandardInput(table: DescriptorTable | null, outer: DescriptorTable | null): DescriptorTable | null {
  if (table === null || outer === null) return table
  if (OUTER_TABLE.get(table) === outer) return outer
  const entry = outer.get(0)
  if (table.get(0) === entry && table.has(0) === outer.has(0)) return table
  const next = new Map(table)
  if (entry === undefined) next.delete(0)
  else next.set(0, entry)
  return next
}

/** A glob under `/proc` or `/dev/fd` may name a descriptor or the cwd link: unknown. */
function procGlob(path: Pattern): Reach {
  const first = path[0]
  return first?.t === 'lit' && (first.s.startsWith('/proc') || first.s.startsWith('/dev/fd')) ? { kind: 'paths', paths: [ANY] } : { kind: 'path' }
}

/**
 * The table after a redirection opens `descriptor` on `files`.
 * @param table - the table before.
 * @param descriptor - the descriptor number.
 * @param files - the file's possible paths (already joined with the directory), or null when unknown.
 */
export function openDescriptor(table: DescriptorTable | null, descriptor: number, files: Values): DescriptorTable | null {
  if (table === null) return null
  const next = new Map(table)
  const earlier = descriptor === VARIABLE_DESCRIPTOR ? table.get(descriptor) : undefined
  next.set(descriptor, earlier === undefined ? files : earlier === null || files === null ? null : [...earlier, ...files])
  return next
}

/**
 * The table after `descriptor` duplicates `source` (`N>&M`), moves it
 * (`N>&M-`: M is closed after the copy), or closes (`N>&-`).
 * @param table - the table before.
 * @param descriptor - the descriptor made.
 * @param source - the descriptor copied, as written (`-` closes; a non-number is unknown).
 */
export function duplicateDescriptor(table: DescriptorTable | null, descriptor: number, source: string | null): DescriptorTable | null {
  const number = source === null ? Number.NaN : Number(source.replace(/-$/, ''))
  const copied = copyDescriptor(table, descriptor, source, number)
  const moves = source !== null && source.length > 1 && source.endsWith('-')
  if (copied === null || !moves || number === descriptor || !copied.has(number)) return copied
  const next = new Map(copied)
  next.delete(number)
  return next
}

function copyDescriptor(table: DescriptorTable | null, descriptor: number, source: string | null, number: number): DescriptorTable | null {
  if (table === null) return null
  // `{var}` descriptors share one slot: closing one of them closes none for sure, and a copy of a file joins the others.
  if (descriptor === VARIABLE_DESCRIPTOR) return source === '-' || (!Number.isNaN(number) && copiedEntry(table, number) === undefined) ? table : openDescriptor(table, descriptor, Number.isNaN(number) ? null : copiedEntry(table, number) ?? null)
  const next = new Map(table)
  const copied = copiedEntry(table, number)
  if (source === '-') next.delete(descriptor)
  else if (Number.isNaN(number)) next.set(descriptor, null)
  else if (copied !== undefined) next.set(descriptor, copied)
  else next.delete(descriptor)
  return next
}

/** What descriptor `number` refers to: its entry, or for 10 and up a `{var}` descriptor's files (bash numbers those from 10). */
function copiedEntry(table: DescriptorTable, number: number): Values | undefined {
  if (table.has(number)) return table.get(number) ?? null
  return number >= 10 ? table.get(VARIABLE_DESCRIPTOR) : undefined
}

/**
 * Union of two tables at a join.
 * @param a - one table.
 * @param b - another.
 */
export function joinDescriptors(a: DescriptorTable | null, b: DescriptorTable | null): DescriptorTable | null {
  if (a === null || b === null) return null
  if (a === b) return a
  const out = new Map<number, Values>()
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const left = a.get(key)
    const right = b.get(key)
    out.set(key, left === undefined || right === undefined || left === null || right === null ? null : [...left, ...right])
  }
  return out
}
