/**
 * The filesystem accessor both rows read `ctx.fs` through: its methods are
 * read once, and read again when the host sets or removes the service, so a
 * filesystem provided after the mount is used and a removed one is not.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { hostFsAccessor, requiredFs, type HostFs } from '../../src/kernel/host/host-fs.ts'
import { mountHost } from '../support/host.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => { for (const cleanup of cleanups.splice(0).reverse()) await cleanup() })

describe('the host filesystem accessor', () => {
  it('follows the service as the host sets and removes it, and reads through the real one', async () => {
    const host = await mountHost({})
    cleanups.push(() => host.dispose())
    const dir = await mkdtemp(join(tmpdir(), 'dshg-host-fs-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    await writeFile(join(dir, 'a.txt'), 'alpha')
    let accessor: () => HostFs | undefined = () => undefined
    await host.ctx.plugin({ name: 'accessor-probe', apply: (ctx: Context) => { accessor = hostFsAccessor(ctx) } } as never, {} as never)
    expect(accessor()).toBeUndefined()
    expect(() => requiredFs(accessor)).toThrow('the host has no filesystem service (fs)')

    const fsLocal = await import('@deepseek-ai/dsh-fs-local')
    const fork = await host.ctx.plugin(fsLocal.default as never, {} as never)
    const fs = requiredFs(accessor)
    const target = await fs.resolve(join(dir, 'a.txt'), {})
    expect(Buffer.from(await fs.readBytes(target, undefined, 100)).toString()).toBe('alpha')
    expect(accessor()).toBe(fs)

    await (fork as { dispose(): Promise<void> | void }).dispose()
    expect(accessor()).toBeUndefined()
  })
})
