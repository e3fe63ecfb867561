/**
 * Protected paths: relative paths matched on canonical workspace-relative
 * paths at any depth (`.git` protects `.git/config` and `sub/.git/hooks`),
 * case-insensitively unless configured otherwise; whether a glob could land
 * on one; and whether text mentions one. Pure.
 */
import { posix } from 'node:path'
import { hasAny, literalOf, segmentRegex, segmentsOf, type Pattern } from '../shell/pattern.js'

/** One protected path. */
export interface ProtectedEntry {
  /** As configured. */
  readonly raw: string
  readonly segments: readonly string[]
}

/** How protected paths compare. */
export interface ProtectionRules {
  readonly entries: readonly ProtectedEntry[]
  readonly caseSensitive: boolean
}

/**
 * Validate and normalize one configured protected path.
 * @param raw - the configured text.
 * @returns the entry, or the reason it is refused.
 */
export function parseProtectedPath(raw: string): ProtectedEntry | string {
  if (raw.trim() === '') return 'must not be empty'
  if (raw !== raw.trim()) return 'must not start or end with whitespace (it would match no real path)'
  if (raw.startsWith('/') || raw.startsWith('~') || /^[A-Za-z]:/.test(raw)) return 'must be relative (it is matched inside the workspace at any depth)'
  if (raw.includes('\\') || raw.includes('\0')) return 'must use / as the separator and hold no NUL'
  const segments = raw.split('/').filter(segment => segment !== '' && segment !== '.')
  if (segments.includes('..')) return 'must not contain a .. segment'
  if (segments.length === 0) return 'must name an entry inside the workspace, not the workspace itself'
  return { raw, segments }
}

function same(a: string, b: string, caseSensitive: boolean): boolean {
  return caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase()
}

/**
 * The protected entry a canonical workspace-relative path is, or lies under.
 * @param relative - canonical path relative to the workspace root ('' for the root).
 * @param rules - protected entries and case rule.
 */
export function protectedEntryOf(relative: string, rules: ProtectionRules): ProtectedEntry | undefined {
  const segments = relative.split('/').filter(segment => segment !== '' && segment !== '.')
  return rules.entries.find(entry => segments.some((_, start) => entry.segments.every((name, k) => segments[start + k] !== undefined && same(segments[start + k] as string, name, rules.caseSensitive))))
}

/**
 * Where, beneath a directory, a protected entry would lie: the whole entry
 * as a child path, and the rest of the entry wherever the directory's last
 * segments already begin it (`config` holds `config/secrets.json` as
 * `secrets.json`).
 * @param directory - the directory's segments, relative to the workspace.
 * @param entry - a protected entry.
 * @param caseSensitive - how names compare.
 * @returns the relative paths below the directory to look for.
 */
export function entryBelow(directory: readonly string[], entry: ProtectedEntry, caseSensitive: boolean): string[][] {
  const rests = [[...entry.segments]]
  for (let k = 1; k < entry.segments.length && k <= directory.length; k += 1) {
    const tail = directory.slice(directory.length - k)
    if (tail.every((name, index) => same(name, entry.segments[index] as string, caseSensitive))) rests.push(entry.segments.slice(k))
  }
  return rests
}

/**
 * Whether text names a protected entry as a path component (`.git/config`,
 * `'.git'`), not as part of a longer name (`.gitignore`, `repo.git`).
 * @param text - any literal text (an argument, a script, inline code).
 * @param rules - protected entries and case rule.
 */
export function mentionedEntry(text: string, rules: ProtectionRules): ProtectedEntry | undefined {
  return rules.entries.find((entry) => {
    const escaped = entry.segments.join('/').replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
    // Also glued to a short option (`-o.git/hooks`).
    return new RegExp(`(^|[^A-Za-z0-9_.-]|(?<=(^|[^A-Za-z0-9_.-])-[A-Za-z0-9]{1,8}))${escaped}($|[^A-Za-z0-9_.-])`, rules.caseSensitive ? '' : 'i').test(text)
  })
}

/**
 * Whether shell source text names a protected entry, as written or with its
 * quotes and backslashes removed (`.g''it`, `.g"i"t`, `.g\\it` name `.git`).
 * @param text - source text of a command (words, here-documents, assignments).
 * @param rules - protected entries and case rule.
 */
export function sourceMentions(text: string, rules: ProtectionRules): ProtectedEntry | undefined {
  return mentionedEntry(text, rules) ?? mentionedEntry(text.replace(/['"\\]/g, ''), rules)
}

function segmentCouldBe(segment: Pattern, name: string, rules: ProtectionRules, looseGlobs: boolean): boolean {
  const text = literalOf(segment)
  if (text !== null) return same(text, name, rules.caseSensitive)
  return segmentRegex(segment, { dotGlob: looseGlobs, caseInsensitive: looseGlobs || !rules.caseSensitive }).test(name)
}

function relativeCouldReach(segments: readonly Pattern[], rules: ProtectionRules, looseGlobs: boolean): ProtectedEntry | undefined {
  return rules.entries.find(entry => segments.some((_, start) => entry.segments.every((name, k) => segments[start + k] !== undefined && segmentCouldBe(segments[start + k] as Pattern, name, rules, looseGlobs))))
}

/**
 * Whether an absolute path pattern could name a protected path of the
 * workspace, read statically (symlinks are the host's to resolve): unknown
 * expansions always could; glob segments could when they match a protected
 * name (a leading glob skips dot files unless globs are loose).
 * @param pattern - an absolute path pattern.
 * @param root - the workspace root (absolute, canonical).
 * @param rules - protected entries and case rule.
 * @param looseGlobs - globs may match dot files and ignore case.
 * @returns the entry it could reach, or undefined.
 */
export function patternCouldReach(pattern: Pattern, root: string, rules: ProtectionRules, looseGlobs: boolean): ProtectedEntry | undefined {
  const first = rules.entries[0]
  if (first === undefined) return undefined
  if (hasAny(pattern)) return first
  const segments = segmentsOf(pattern)
  const prefix: string[] = []
  let index = 0
  for (; index < segments.length; index += 1) {
    const text = literalOf(segments[index] as Pattern)
    if (text === null) break
    if (text === '..') prefix.pop()
    else if (text !== '.') prefix.push(text)
  }
  const rest = segments.slice(index)
  if (rest.some(segment => literalOf(segment) === '..')) return first
  const rootSegments = root.split('/').filter(segment => segment !== '')
  const inside = rootSegments.every((name, k) => prefix[k] === name)
  if (inside) return relativeCouldReach([...prefix.slice(rootSegments.length).map(name => [{ t: 'lit' as const, s: name }]), ...rest], rules, looseGlobs)
  const ancestor = prefix.every((name, k) => rootSegments[k] === name)
  if (!ancestor) return undefined
  const remaining = rootSegments.slice(prefix.length)
  const aligned = remaining.every((name, k) => rest[k] !== undefined && segmentCouldBe(rest[k] as Pattern, name, { ...rules, caseSensitive: true }, looseGlobs))
  return aligned ? relativeCouldReach(rest.slice(remaining.length), rules, looseGlobs) : undefined
}

/**
 * A canonical path relative to the workspace root, or null when outside.
 * @param canonical - absolute canonical path.
 * @param root - absolute canonical workspace root.
 */
export function workspaceRelative(canonical: string, root: string): string | null {
  const relative = posix.relative(root, canonical)
  if (relative === '') return ''
  return relative === '..' || relative.startsWith('../') || posix.isAbsolute(relative) ? null : relative
}
