/**
 * A snapshot of a directory tree as the kernel sees it (type, mode, content
 * hash, link target, without following links), and the difference between
 * two snapshots, so a test asserts what reached the disk rather than what a
 * gate reported.
 */
import { createHash } from 'node:crypto'
import { lstat, readdir, readFile, readlink } from 'node:fs/promises'
import { join } from 'node:path'

/** Path (relative to the root) to a description of the entry. */
export type TreeSnapshot = ReadonlyMap<string, string>

/**
 * Snapshot a tree.
 * @param root - the directory.
 */
export async function snapshotTree(root: string): Promise<TreeSnapshot> {
  const entries = new Map<string, string>()
  const walk = async (relative: string): Promise<void> => {
    const path = join(root, relative)
    const info = await lstat(path)
    const mode = (info.mode & 0o7777).toString(8)
    if (info.isSymbolicLink()) entries.set(relative, `link ${await readlink(path)}`)
    else if (info.isDirectory()) {
      entries.set(relative, `dir ${mode}`)
      for (const name of (await readdir(path)).sort()) await walk(relative === '' ? name : `${relative}/${name}`)
    } else if (info.isFile()) entries.set(relative, `file ${mode} ${createHash('sha256').update(await readFile(path)).digest('hex')}`)
    else entries.set(relative, `other ${mode}`)
  }
  await walk('')
  return entries
}

/**
 * The paths that differ between two snapshots.
 * @param before - the earlier snapshot.
 * @param after - the later one.
 */
export function treeChanges(before: TreeSnapshot, after: TreeSnapshot): string[] {
  const changed: string[] = []
  for (const [path, value] of before) if (after.get(path) !== value) changed.push(after.has(path) ? `changed ${path}` : `removed ${path}`)
  for (const path of after.keys()) if (!before.has(path)) changed.push(`added ${path}`)
  return changed.sort()
}
