/**
 * Host adapter: what one governed call does, established through `ctx.fs`.
 * File-effect tools have literal targets; shell commands are analyzed from
 * their syntax tree. Literal targets are resolved and checked against the
 * protected paths; opaque parts are checked for whether they could reach a
 * protected path (statically, then through links on disk), unless the
 * policy refuses opaque changes anyway.
 */
import { posix } from 'node:path'
import type { HostFs } from '../../kernel/host/host-fs.js'
import type { ShellAnalysis, ShellEffect, TargetScope } from '../shell/effects.js'
import { hasAny, literalOf, patternText, type Pattern } from '../shell/pattern.js'
import type { GovernedCall } from '../workspace/classify-call.js'
import type { CallAssessment, ResolvedTarget } from '../workspace/gate.js'
import { mentionedEntry, patternCouldReach, protectedEntryOf, sourceMentions, workspaceRelative, type ProtectionRules } from '../workspace/protected.js'
import { carriesLinks, throughEarlierLinks } from '../workspace/line-links.js'
import { checkTarget, expandGlob, type WorkspaceRoot } from './target-resolution.js'

/** A literal write inside the workspace with its content, for the overlap check. */
export interface WrittenFile {
  readonly path: string
  readonly content: string | null
  /** Whether an entry already exists there (known for document paths only). */
  readonly exists: boolean | null
}

/** The assessment plus what the overlap check and diagnostics need. */
export interface Assessment extends CallAssessment {
  readonly shell: ShellAnalysis | null
  readonly written: readonly WrittenFile[]
}

/** What assessment reads. */
export interface AssessmentInputs {
  readonly fs: HostFs
  readonly root: WorkspaceRoot
  /** The session's workspace directory as recorded. */
  readonly cwd: string
  readonly rules: ProtectionRules
  /** Compute how opaque parts could reach a protected path (false when the policy refuses them anyway). */
  readonly computeReach: boolean
  readonly maxGlobEntries: number
  /** Which written paths are documents (their existence is checked for the overlap check). */
  readonly isDocument: (path: string) => boolean
  readonly signal: AbortSignal | undefined
}

const MAX_REACH_WORDS = 64

/**
 * The directory a shell call starts in: its working-directory argument
 * against the session's. The shell tool resolves a relative argument
 * lexically but hands an absolute one to the kernel as written, where `..`
 * applies to the physical parent; so an absolute one is kept as written.
 * @param call - a shell call.
 * @param cwd - the session's workspace directory.
 */
export function startDirectory(call: Extract<GovernedCall, { kind: 'shell' }>, cwd: string): string {
  if (call.workdir === null) return cwd
  return posix.isAbsolute(call.workdir) ? call.workdir : posix.resolve(cwd, call.workdir)
}

function isGitProtected(rules: ProtectionRules): boolean {
  return rules.entries.some(entry => entry.segments.length === 1 && entry.segments[0]?.toLowerCase() === '.git')
}

async function resolveTarget(inputs: AssessmentInputs, via: string, path: string, scope: TargetScope): Promise<ResolvedTarget & { exists: boolean | null }> {
  const checked = await checkTarget(inputs.fs, inputs.root, path, scope, inputs.rules, inputs.signal, inputs.isDocument(path))
  return { via, path: checked.path, inside: checked.inside, protectedBy: checked.protectedBy, unresolved: checked.unresolved, exists: checked.exists }
}

function written(targets: ReadonlyArray<ResolvedTarget & { exists: boolean | null }>, contents: ReadonlyArray<string | null>): WrittenFile[] {
  return targets.flatMap((target, index) => (target.inside ? [{ path: target.path, content: contents[index] ?? null, exists: target.exists }] : []))
}

function plain(target: ResolvedTarget & { exists: boolean | null }): ResolvedTarget {
  return { via: target.via, path: target.path, inside: target.inside, protectedBy: target.protectedBy, unresolved: target.unresolved }
}

/**
 * The targets with those that run through a link made earlier on the same
 * line marked unresolved ({@link throughEarlierLinks}).
 */
async function withEarlierLinks<T extends ResolvedTarget>(inputs: AssessmentInputs, writes: ReadonlyArray<{ via: string, path: string }>, targets: readonly T[]): Promise<T[]> {
  const linkNow = await Promise.all(writes.map(async write => carriesLinks(write.via) && (await inputs.fs.lstat(write.path, {}, inputs.signal).catch(() => undefined))?.type === 'symlink'))
  const through = throughEarlierLinks(writes.map((write, index) => ({ via: write.via, path: write.path, linkNow: linkNow[index] === true })))
  return targets.map((target, index) => {
    const link = through[index]
    if (link === null || link === undefined || target.unresolved !== null) return target
    return { ...target, unresolved: `a path through ${workspaceRelative(link, inputs.root.path) ?? link}, a link the same command line makes before it, which cannot be followed before it exists` }
  })
}

/** The literal directory a glob pattern starts from. */
function globBase(pattern: Pattern): string {
  const prefix = literalOf(pattern.slice(0, pattern.findIndex(atom => atom.t !== 'lit'))) ?? ''
  return posix.normalize(prefix.slice(0, prefix.lastIndexOf('/') + 1) || '/')
}

/** How one pattern, written with `scope` (an opaque word: `entry`), could reach a protected path, or undefined. */
async function reachOf(inputs: AssessmentInputs, pattern: Pattern, scope: TargetScope, looseGlobs: boolean): Promise<string | undefined> {
  const shown = patternText(pattern)
  const statically = patternCouldReach(pattern, inputs.root.path, inputs.rules, looseGlobs)
  if (statically !== undefined) return hasAny(pattern) ? `${shown} holds an expansion the analysis cannot know, which could name the protected path ${statically.raw}` : `${shown} could match the protected path ${statically.raw}`
  const text = literalOf(pattern)
  if (text !== null) {
    const relative = workspaceRelative(text, inputs.root.path)
    const mention = mentionedEntry(relative ?? text, inputs.rules)
    if (mention !== undefined) return `${relative ?? text} names the protected path ${mention.raw}`
    const resolved = await checkTarget(inputs.fs, inputs.root, text, scope, inputs.rules, inputs.signal)
    if (resolved.unresolved !== null) return `${relative ?? text} is ${resolved.unresolved}`
    return resolved.protectedBy === null ? undefined : `${relative ?? text} resolves to ${resolved.path}, under the protected path ${resolved.protectedBy}`
  }
  const base = globBase(pattern)
  if (workspaceRelative(base, inputs.root.path) === null && !inputs.root.path.startsWith(base)) return undefined
  const matches = await expandGlob(inputs.fs, pattern, { loose: looseGlobs, caseInsensitive: !inputs.rules.caseSensitive, maxEntries: inputs.maxGlobEntries }, inputs.signal)
  if (matches === null) return `${shown} matches more than ${inputs.maxGlobEntries} entries (workspace.shellAnalysis.maxGlobEntries), so it could reach a protected path`
  for (const match of matches) {
    const resolved = await checkTarget(inputs.fs, inputs.root, match, scope, inputs.rules, inputs.signal)
    if (resolved.protectedBy !== null) return `${shown} matches ${match}, which resolves under the protected path ${resolved.protectedBy}`
  }
  // A glob that matches nothing is used as written: the entry is created in the directory it names.
  const unmatched = await checkTarget(inputs.fs, inputs.root, shown, scope === 'link' ? 'link' : 'entry', inputs.rules, inputs.signal)
  return unmatched.protectedBy === null ? undefined : `${shown} may match nothing and be created as written, which resolves under the protected path ${unmatched.protectedBy}`
}

async function assessShell(inputs: AssessmentInputs, tool: string, analysis: ShellAnalysis): Promise<Assessment> {
  const gitProtected = isGitProtected(inputs.rules)
  const literal: Array<{ via: string, path: string, scope: TargetScope }> = []
  const unproven: Array<{ pattern: Pattern, scope: TargetScope }> = []
  const mentions = new Set<string>()
  const history: string[] = []
  const control: string[] = []
  const visit = (effect: ShellEffect): void => {
    switch (effect.kind) {
      case 'write': {
        const path = literalOf(effect.target.path)
        if (path === null) unproven.push({ pattern: effect.target.path, scope: effect.target.scope })
        else literal.push({ via: effect.via, path, scope: effect.target.scope })
        return
      }
      case 'opaque':
        unproven.push(...effect.words.map(pattern => ({ pattern, scope: 'entry' as const })))
        effect.mentions.forEach(text => mentions.add(text))
        return
      case 'git-history': history.push(effect.via); return
      case 'repository-control':
        if (gitProtected) control.push(`${effect.via}: ${effect.reason}`)
        else history.push(effect.via)
        return
    }
  }
  analysis.effects.forEach(visit)
  const checked = await Promise.all(literal.map(write => resolveTarget(inputs, write.via, write.path, write.scope)))
  const resolved = await withEarlierLinks(inputs, literal, checked)
  const reach: string[] = []
  if (inputs.computeReach && analysis.outcome === 'opaque') {
    if (unproven.length > MAX_REACH_WORDS) reach.push(`it names ${unproven.length} words the analysis cannot prove, more than it checks`)
    else for (const found of await Promise.all(unproven.map(word => reachOf(inputs, word.pattern, word.scope, analysis.looseGlobs)))) if (found !== undefined) reach.push(found)
    for (const text of mentions) {
      const entry = sourceMentions(text, inputs.rules)
      if (entry !== undefined) reach.push(`its text ${JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text)} names the protected path ${entry.raw}`)
    }
  }
  return { tool, outcome: analysis.outcome === 'opaque' ? 'opaque' : 'mutation', targets: resolved.map(plain), opaqueReasons: analysis.opaqueReasons, reach, history, control, shell: analysis, written: written(resolved, []) }
}

/**
 * Assess one governed call.
 * @param call - the classified call.
 * @param analysis - the shell analysis of a shell call (not read-only), else null.
 * @param inputs - host services and settings.
 */
export async function assessCall(call: GovernedCall, analysis: ShellAnalysis | null, inputs: AssessmentInputs): Promise<Assessment> {
  if (call.kind === 'shell' && analysis !== null) return assessShell(inputs, call.tool, analysis)
  const writes = call.kind === 'file-tool' ? call.writes : []
  const named = writes.filter((write): write is { path: string, content: string | null } => write.path !== null)
  const resolved = await Promise.all(named.map(write => resolveTarget(inputs, call.tool, posix.resolve(inputs.cwd, write.path), 'entry')))
  const opaqueReasons = named.length < writes.length ? [`${call.tool} names no target in its arguments`] : []
  return {
    tool: call.tool,
    outcome: opaqueReasons.length > 0 ? 'opaque' : 'mutation',
    targets: resolved.map(plain),
    opaqueReasons,
    reach: [],
    history: [],
    control: [],
    shell: null,
    written: written(resolved, named.map(write => write.content)),
  }
}

/**
 * The decision-relevant facts available without file access (the guard's
 * backstop when the pre-execute listener did not run): lexical protected
 * hits and repository control.
 * @param call - the classified call.
 * @param cwd - the session's workspace directory.
 * @param rules - protected paths.
 * @param analyze - the shell analysis.
 * @returns the lexical assessment, or null for a read-only call.
 */
export function assessLexically(call: GovernedCall, cwd: string, rules: ProtectionRules, analyze: (command: string, startDirectory: string, persistent: boolean) => ShellAnalysis): CallAssessment | null {
  const lexical = (via: string, path: string): ResolvedTarget => {
    const relative = workspaceRelative(posix.resolve(cwd, path), posix.resolve(cwd))
    return { via, path: relative ?? path, inside: relative !== null, protectedBy: relative === null ? null : protectedEntryOf(relative, rules)?.raw ?? null, unresolved: null }
  }
  if (call.kind === 'file-tool') {
    const named = call.writes.flatMap(write => (write.path === null ? [] : [write.path]))
    return { tool: call.tool, outcome: named.length < call.writes.length ? 'opaque' : 'mutation', targets: named.map(path => lexical(call.tool, path)), opaqueReasons: named.length < call.writes.length ? [`${call.tool} names no target`] : [], reach: [], history: [], control: [] }
  }
  const analysis = analyze(call.command, startDirectory(call, cwd), call.persistent)
  if (analysis.outcome === 'read-only') return null
  const targets: ResolvedTarget[] = []
  const control: string[] = []
  for (const effect of analysis.effects) {
    const path = effect.kind === 'write' && effect.target.scope !== 'link' ? literalOf(effect.target.path) : null
    if (path !== null) targets.push(lexical(effect.kind === 'write' ? effect.via : '', path))
    if (effect.kind === 'repository-control' && isGitProtected(rules)) control.push(`${effect.via}: ${effect.reason}`)
  }
  return { tool: call.tool, outcome: analysis.outcome === 'opaque' ? 'opaque' : 'mutation', targets, opaqueReasons: analysis.opaqueReasons, reach: [], history: analysis.effects.filter(effect => effect.kind === 'git-history').map(effect => effect.via), control }
}
