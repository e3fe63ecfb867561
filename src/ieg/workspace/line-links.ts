/**
 * Links a command line makes before a later write in it. The gate resolves
 * every target against the disk as it is before the line runs, so a later
 * path through such a link (`ln -s a/b x && echo > x/../../f`) cannot be
 * followed: it is reported, and the gate refuses it as unresolved. Pure.
 */
import { posix } from 'node:path'

/** One literal write of the line, in order. */
export interface LineWrite {
  /** The analysis's `via` (`ln`, `ln (link to)`, `mv`, `cp (copies a link)`, ...). */
  readonly via: string
  /** The written path, absolute, as the analysis wrote it. */
  readonly path: string
  /** Whether a symbolic link is at this path on disk before the line runs. */
  readonly linkNow: boolean
}

/** Commands that move or copy what they are given, a link included. */
const CARRIERS: ReadonlySet<string> = new Set(['mv', 'cp', 'install', 'rsync'])

function commandOf(via: string): string {
  return via.split(' ', 1)[0] ?? ''
}

/** Whether a write by `via` may carry a link (so whether a link at its path on disk matters). */
export function carriesLinks(via: string): boolean {
  return CARRIERS.has(commandOf(via))
}

/**
 * For each write, the link made earlier in the line that its path runs
 * through, or null. `ln` makes a link at each path it writes (not at its
 * link targets); `mv` and `cp` make one at their destinations once one of
 * their paths is a link (on disk now, or made earlier in the line), and
 * `cp -s` at every destination.
 * @param writes - the line's literal writes, in order.
 */
export function throughEarlierLinks(writes: readonly LineWrite[]): Array<string | null> {
  const links = new Set<string>()
  let carrying: string | null = null
  return writes.map((write) => {
    const through = linkOnTheWay(write.path, links)
    const command = commandOf(write.via)
    const path = posix.normalize(write.path)
    if (command !== carrying) carrying = null
    const target = write.via.includes('(link to)')
    // `cp -s` makes links as `ln` does; its link targets are reported `(link to)`.
    if (CARRIERS.has(command) && (write.linkNow || links.has(path) || target)) carrying = command
    if (!target && (command === 'ln' || carrying !== null)) links.add(path)
    return through
  })
}

/** The first proper prefix of `path`, normalized step by step as written, that is one of `links`. */
function linkOnTheWay(path: string, links: ReadonlySet<string>): string | null {
  if (links.size === 0) return null
  const segments = path.split('/')
  for (let end = 2; end < segments.length; end += 1) {
    const prefix = posix.normalize(segments.slice(0, end).join('/'))
    if (links.has(prefix)) return prefix
  }
  return null
}
