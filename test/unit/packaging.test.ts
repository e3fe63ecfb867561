import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import * as reliability from '../../src/reliability/plugin.ts'
import * as ieg from '../../src/ieg/plugin.ts'
import { ReliabilityConfig } from '../../src/reliability/config.ts'
import { IegSchema } from '../../src/ieg/config.ts'

const root = join(import.meta.dirname, '../..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  dsh: { bundle: { patch: string }, client?: unknown }
  exports: Record<string, { default: string } | string>
  peerDependencies: Record<string, string>
  devDependencies: Record<string, string>
  overrides: Record<string, string>
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : []
  })
}

function importedHostPackages(): string[] {
  const names = new Set<string>()
  for (const file of sourceFiles(join(root, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import|module) '(@deepseek-ai\/[a-z0-9-]+)/g)) names.add(match[1]!)
  }
  return [...names].sort()
}

describe('the package manifest', () => {
  it('declares the bundle patch', () => {
    expect(manifest.dsh.bundle.patch).toBe('./cordis.patch.yml')
  })

  it('declares exactly the host packages src imports as peers, pinned at rc.8 for development', () => {
    const imported = importedHostPackages()
    expect(imported.length).toBeGreaterThan(3)
    expect(Object.keys(manifest.peerDependencies).filter(name => name.startsWith('@deepseek-ai/')).sort()).toEqual(imported)
    for (const name of imported.filter(name => name.startsWith('@deepseek-ai/dsh-'))) {
      expect(manifest.devDependencies[name], name).toBe('0.1.0-rc.8')
    }
  })

  it('admits the installable host and the 0.1.1-rc line, and nothing older or newer', () => {
    for (const name of Object.keys(manifest.peerDependencies).filter(name => name.startsWith('@deepseek-ai/dsh-'))) {
      const range = manifest.peerDependencies[name]!
      for (const version of ['0.1.0-rc.8', '0.1.1-rc.1', '0.1.1-rc.2', '0.1.1-rc.9', '0.1.1']) {
        expect(semver.satisfies(version, range), `${name}@${version} in ${range}`).toBe(true)
      }
      for (const version of ['0.1.0-rc.6', '0.1.5-rc.2', '0.2.0', '0.2.0-alpha.1']) {
        expect(semver.satisfies(version, range), `${name}@${version} outside ${range}`).toBe(false)
      }
    }
  })

  it('pins the cordis packages the rc.8 host needs', () => {
    expect(manifest.overrides).toEqual({
      '@deepseek-ai/cordis': '4.0.1',
      '@deepseek-ai/cordis-plugin-hmr': '1.0.16',
      '@deepseek-ai/cordis-plugin-loader': '1.0.2',
      '@deepseek-ai/cordis-plugin-include': '1.0.6',
      '@deepseek-ai/cordis-plugin-timer': '1.1.3',
    })
  })
})

describe('cordis.patch.yml', () => {
  const patch = parse(readFileSync(join(root, 'cordis.patch.yml'), 'utf8')) as Array<{ insert: Array<{ id: string, name: string, config: unknown }> }>
  const rows = patch.flatMap(entry => entry.insert)

  it('inserts the two rows and the package-named review-card row, each naming an exported module', () => {
    expect(rows.map(row => row.id)).toEqual(['reliability-governor', 'ieg', 'review-card'])
    expect(rows.at(-1)?.name).toBe(manifest.name)
    expect(manifest.dsh.client).toEqual({ platform: 'web' })
    expect(manifest.exports['./client']).toBe('./lib/client.js')
    for (const row of rows.slice(0, 2)) {
      const subpath = `./${row.name.replace(/^dsh-governance\//, '')}`
      expect(manifest.exports[subpath], row.name).toBeDefined()
    }
  })

  it('writes out each row\'s full default configuration', () => {
    const byId = Object.fromEntries(rows.map(row => [row.id, row.config]))
    expect(byId['reliability-governor']).toEqual(ReliabilityConfig({} as never))
    expect(byId['ieg']).toEqual(IegSchema({} as never))
    expect(reliability.name).toBe('reliability-governor')
    expect(ieg.name).toBe('ieg')
  })
})
