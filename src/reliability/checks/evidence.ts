/**
 * What evaluators may observe: workspace files through a port the host adapter
 * implements with `ctx.fs`, and the session's events. Pure types.
 */
import type { JsonObject, JsonValue } from '../../kernel/json.js'
import type { FoldEvent } from '../../kernel/projection.js'
import type { WorkspacePath } from './paths.js'

/** A file as a check sees it after resolution, containment and type checks. */
export type FileInspection =
  | { readonly kind: 'missing' }
  | { readonly kind: 'file', readonly size: number }
  | { readonly kind: 'refused', readonly reason: string }

/** A file's text: read only when it is a contained regular file within the size bound. */
export type TextEvidence =
  | { readonly kind: 'missing' }
  | { readonly kind: 'text', readonly text: string }
  | { readonly kind: 'refused', readonly reason: string }

/** A file's content as bytes already validated as UTF-8, for checks that can search without decoding. */
export type Utf8Evidence =
  | { readonly kind: 'missing' }
  | { readonly kind: 'utf8', readonly bytes: Uint8Array }
  | { readonly kind: 'refused', readonly reason: string }

/** Whether any directory entry exists at a path, symlinks included (not followed). */
export type EntryEvidence =
  | { readonly kind: 'absent' }
  | { readonly kind: 'present', readonly type: string }
  | { readonly kind: 'refused', readonly reason: string }

/** The workspace as evaluators may read it. */
export interface WorkspacePort {
  inspect(path: WorkspacePath): Promise<FileInspection>
  readText(path: WorkspacePath): Promise<TextEvidence>
  /** The same read and the same refusals as {@link readText}, without building the text. */
  readUtf8(path: WorkspacePath): Promise<Utf8Evidence>
  entry(path: WorkspacePath): Promise<EntryEvidence>
  /** The sha256 of the bytes {@link readText} judges (the same single read), or null when the file yields none (missing, refused). */
  fingerprint(path: WorkspacePath): Promise<string | null>
}

/**
 * Outcomes of content-judging checks kept across attempts of one contract:
 * `key` names the content, the arguments and the secrecy the outcome was
 * judged from, and an outcome is recalled only under the same key.
 */
export interface OutcomeMemo {
  recall(checkId: string, key: string): CheckOutcome | undefined
  keep(checkId: string, key: string, outcome: CheckOutcome): void
}

/** Everything one evaluation may observe. */
export interface EvaluationContext {
  readonly workspace: WorkspacePort
  /** Every event of the session; evaluators count only those after `startedAtSeq`. */
  readonly events: readonly FoldEvent[]
  readonly startedAtSeq: number
  /** The governor's own tool names, excluded from trajectory evidence. */
  readonly governorTools: ReadonlySet<string>
  /** Whether evidence must not quote a file's content (sizes and hashes only). */
  readonly isSecret: (path: WorkspacePath) => boolean
  /** The receipt of each configured verifier profile, by id; a run counts only under the current definition. */
  readonly verifierReceipts: ReadonlyMap<string, string>
  /** Outcomes of content-judging checks from earlier attempts of the same contract. */
  readonly outcomes: OutcomeMemo
}

/** Validated arguments of one check (snake_case, as the model wrote them). */
export interface CheckArgs extends JsonObject {
  path?: string
  text?: string
  pointer?: string
  value?: JsonValue
  tool?: string
  arguments_contain?: JsonObject
  min_count?: number
  profile?: string
}

/** The outcome of one check: pass or fail, and why. */
export interface CheckOutcome {
  readonly passed: boolean
  readonly evidence: string
  /** A failure no repair can change: the evidence is already in the session log. */
  readonly final?: boolean
}
