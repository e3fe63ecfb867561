import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generatedBlocks, refreshPage } from '../support/doc-tables.ts'

const docs = join(import.meta.dirname, '../../docs')
const update = process.env['UPDATE_DOCS'] === '1'

describe('generated documentation tables', () => {
  const pages = readdirSync(docs).filter(name => name.endsWith('.md'))
  const seen = new Set<string>()

  for (const name of pages) {
    it(`${name} matches the declarations`, () => {
      const path = join(docs, name)
      const page = readFileSync(path, 'utf8')
      const { text, names } = refreshPage(page)
      for (const block of names) seen.add(block)
      if (update) writeFileSync(path, text)
      else expect(page, 'run `npm run docs` to regenerate').toBe(text)
    })
  }

  it('every block is embedded in some page', () => {
    expect([...seen].sort()).toEqual(Object.keys(generatedBlocks()).sort())
  })
})
