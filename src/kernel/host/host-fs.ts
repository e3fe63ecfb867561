/**
 * Host adapter: `ctx.fs` with its methods read once. Every `ctx.get` and
 * every method read through a cordis context proxy extends the context, tens
 * of microseconds each, which a gated call or an attempt would pay many
 * times; the methods are read again only after the host sets or removes the
 * service.
 */
import type { Context } from '@deepseek-ai/cordis'
import type { FileSystem } from '@deepseek-ai/dsh-fs'

/** The filesystem methods the rows use. */
export type HostFs = Pick<FileSystem, 'resolve' | 'processPath' | 'contains' | 'stat' | 'lstat' | 'listDir' | 'readBytes' | 'readText'>

/**
 * Register the accessor (an effect on the calling context's fiber).
 * @param ctx - the row's context.
 * @returns the current filesystem, or undefined while the host has none.
 */
export function hostFsAccessor(ctx: Context): () => HostFs | undefined {
  let known: { readonly fs: HostFs | undefined } | null = null
  ctx.on('internal/service', (name) => {
    if (name === 'fs') known = null
  })
  return () => {
    if (known === null) {
      const fs = ctx.get('fs')
      known = {
        fs: fs === undefined
          ? undefined
          : {
              resolve: fs.resolve.bind(fs),
              processPath: fs.processPath.bind(fs),
              contains: fs.contains.bind(fs),
              stat: fs.stat.bind(fs),
              lstat: fs.lstat.bind(fs),
              listDir: fs.listDir.bind(fs),
              readBytes: fs.readBytes.bind(fs),
              readText: fs.readText.bind(fs),
            },
      }
    }
    return known.fs
  }
}

/**
 * The current filesystem where the caller cannot work without one.
 * @param accessor - from {@link hostFsAccessor}.
 * @throws Error when the host has no filesystem service.
 */
export function requiredFs(accessor: () => HostFs | undefined): HostFs {
  const fs = accessor()
  if (fs === undefined) throw new Error('the host has no filesystem service (fs), so no file can be read')
  return fs
}
