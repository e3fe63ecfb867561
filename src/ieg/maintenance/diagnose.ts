/**
 * The maintenance round's diagnosis along seven dimensions, over the
 * classified inventory, the document texts read, the session's information
 * ledger and orientation. Pure and deterministic.
 */
import type { InformationRecord } from '../information/ledger.js'
import { reintroducedRecords } from '../information/reintroduction.js'
import { findOverlapIn, inVisitOrder, prepareDocument, type OverlapSettings } from '../workspace/overlap.js'
import type { ClassifiedEntry } from './inventory.js'

/** The diagnosis dimensions. */
export const DIAGNOSIS_DIMENSIONS = {
  'duplicate-documents': 'documents that overlap another document (title, subject or body)',
  'retired-information': 'files that still carry information the ledger marks INVALID or SUPERSEDED',
  'scratch-files': 'temporary, backup and editor files left in the workspace',
  'versioned-copies': 'files named as copies or versions of another file (copy, old, final, v2, backup)',
  'empty-files': 'files with no content outside dependencies and generated output',
  'oversized-files': 'project files larger than the round\'s size bound',
  'missing-orientation': 'no orientation is recorded for the session, so no project model backs the round',
} as const

/** One dimension. */
export type DiagnosisDimension = keyof typeof DIAGNOSIS_DIMENSIONS

/** One finding. */
export interface Finding {
  readonly dimension: DiagnosisDimension
  readonly paths: readonly string[]
  readonly detail: string
}

/** What the diagnosis reads besides the inventory. */
export interface DiagnosisInput {
  readonly inventory: readonly ClassifiedEntry[]
  /** Texts of the documents and other project text files read, by path. */
  readonly texts: ReadonlyMap<string, string>
  readonly ledger: readonly InformationRecord[]
  readonly orientationRecorded: boolean
  readonly overlap: OverlapSettings
  readonly oversizedBytes: number
  /** Most documents compared pairwise for overlap (the comparison is quadratic). */
  readonly maxComparedDocuments: number
}

const VERSIONED = /^(.*?)[ ._-]*(copy|old|final|backup|v\d+|\(\d+\)|\d{8})$/i

function stem(path: string): { directory: string, base: string, extension: string } {
  const slash = path.lastIndexOf('/')
  const name = path.slice(slash + 1)
  const dot = name.lastIndexOf('.')
  return { directory: path.slice(0, slash + 1), base: dot > 0 ? name.slice(0, dot) : name, extension: dot > 0 ? name.slice(dot) : '' }
}

/**
 * Diagnose a workspace.
 * @param input - inventory, texts, ledger, orientation, bounds.
 * @returns findings, in dimension order.
 */
export function diagnose(input: DiagnosisInput): Finding[] {
  const findings: Finding[] = []
  const project = input.inventory.filter(entry => entry.class !== 'dependency' && entry.class !== 'generated')
  const documents = project.filter(entry => entry.class === 'documentation' && input.texts.has(entry.path)).slice(0, input.maxComparedDocuments).map(entry => ({ path: entry.path, text: input.texts.get(entry.path) ?? '' }))
  const prepared = documents.map(prepareDocument)
  documents.forEach((document, index) => {
    const finding = findOverlapIn(document, inVisitOrder(prepared.slice(0, index)), input.overlap)
    if (finding !== null) findings.push({ dimension: 'duplicate-documents', paths: [document.path, finding.existing], detail: `${document.path} overlaps ${finding.existing} (${finding.signal})` })
  })
  for (const [path, text] of input.texts) {
    const retired = reintroducedRecords([text], input.ledger)
    if (retired.length > 0) findings.push({ dimension: 'retired-information', paths: [path], detail: `${path} still carries ${retired.map(record => `${record.id} (${record.status})`).join(', ')}` })
  }
  const scratch = project.filter(entry => entry.class === 'scratch').map(entry => entry.path)
  if (scratch.length > 0) findings.push({ dimension: 'scratch-files', paths: scratch, detail: `${scratch.length} temporary or backup file(s)` })
  const names = new Set(project.map(entry => entry.path))
  for (const entry of project) {
    const { directory, base, extension } = stem(entry.path)
    const match = VERSIONED.exec(base)
    if (match === null || match[1] === '' || match[1] === undefined) continue
    const original = `${directory}${match[1]}${extension}`
    if (names.has(original) && original !== entry.path) findings.push({ dimension: 'versioned-copies', paths: [entry.path, original], detail: `${entry.path} looks like a copy of ${original}` })
  }
  const empty = project.filter(entry => entry.bytes === 0 && entry.class !== 'scratch').map(entry => entry.path)
  if (empty.length > 0) findings.push({ dimension: 'empty-files', paths: empty, detail: `${empty.length} empty file(s)` })
  const oversized = project.filter(entry => entry.bytes > input.oversizedBytes).map(entry => entry.path)
  if (oversized.length > 0) findings.push({ dimension: 'oversized-files', paths: oversized, detail: `${oversized.length} file(s) over ${input.oversizedBytes} bytes` })
  if (!input.orientationRecorded) findings.push({ dimension: 'missing-orientation', paths: [], detail: 'no orientation is recorded for this session' })
  return findings
}
