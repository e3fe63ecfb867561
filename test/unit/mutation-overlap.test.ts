/**
 * Document-overlap detection, signal by signal: what counts as a body word,
 * a title and a file-name subject, where each threshold sits, and the
 * evidence each finding reports.
 */
import { describe, expect, it } from 'vitest'
import { filenameSubject, findOverlap, headings, inVisitOrder, isDocumentPath, jaccard, prepareDocument, tokenize, type ExistingDocument } from '../../src/ieg/workspace/overlap.ts'

const settings = { jaccardThreshold: 0.5, minPrefixChars: 4, minBodyTokens: 8 }

/** A document whose body is exactly the given words. */
const words = (path: string, list: readonly string[]): ExistingDocument => ({ path, text: list.join(' ') })
const ALPHABET = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa']

describe('body words', () => {
  it('leave out common English function words', () => {
    const stopwords = 'the and for with that this are from into not but you your can will all any its was has have use used when then than each which how what'
    expect([...prepareDocument({ path: 'a.md', text: stopwords }).body]).toEqual([])
  })

  it('leave out one-letter words and keep numbers, longer words and single CJK characters', () => {
    expect([...prepareDocument({ path: 'a.md', text: 'a b 42 x word 中 the' }).body]).toEqual(['42', 'word', '中'])
  })

  it('make a lone CJK character a token of its own and longer CJK runs bigrams', () => {
    expect(tokenize('中')).toEqual(['中'])
    expect(tokenize('令 牌签')).toEqual(['令', '牌签'])
  })

  it('give two empty sets a similarity of 0', () => {
    expect(jaccard(new Set(), new Set())).toBe(0)
  })
})

describe('titles and headings', () => {
  it('take the first H1 as the title, as its words joined by spaces', () => {
    expect(prepareDocument({ path: 'a.md', text: 'Intro\n\n# Service  Specification #\n\n# Later\n' }).title).toBe('service specification')
  })

  it('leave a document without an H1 untitled, even when it has lower headings', () => {
    expect(prepareDocument({ path: 'a.md', text: '## Overview\n\nText.\n' }).title).toBeUndefined()
    expect(prepareDocument({ path: 'a.md', text: 'No headings at all.\n' }).title).toBeUndefined()
  })

  it('read headings only at the start of a line', () => {
    expect(headings('See issue # 12 for details.\n## Setup\n')).toEqual(['Setup'])
  })

  it('read headings of a CRLF document without the carriage return', () => {
    expect(headings('# Guide\r\n\r\n## Rate limits\r\n')).toEqual(['Guide', 'Rate limits'])
  })

  it('trim any whitespace around heading text, including non-breaking spaces', () => {
    expect(headings('## \u00a0Rate limits\u00a0\n')).toEqual(['Rate limits'])
  })
})

describe('file-name subjects', () => {
  it('take only the file name, not its directories', () => {
    expect(filenameSubject('api/AuthFlow.md')).toEqual(['auth', 'flow'])
  })

  it('drop the extension, whatever it is, and keep a name without one whole', () => {
    expect(filenameSubject('guide.rst')).toEqual(['guide'])
    expect(filenameSubject('LICENSE')).toEqual(['license'])
    expect(filenameSubject('release.notes.txt')).toEqual(['release'])
  })

  it('drop generic words', () => {
    expect(filenameSubject('notes-note-doc-docs-document-index-draft-new-copy-final-tmp-temp-misc-file-md-txt.md')).toEqual([])
  })

  it('drop version and year numbers but keep words that merely contain digits', () => {
    expect(filenameSubject('RateLimits_2024.md')).toEqual(['rate', 'limits'])
    expect(filenameSubject('auth-v12.md')).toEqual(['auth'])
    expect(filenameSubject('oauth2.md')).toEqual(['oauth2'])
    expect(filenameSubject('3d-models.md')).toEqual(['3d', 'models'])
  })
})

describe('file-name subject against headings', () => {
  const spec: ExistingDocument = { path: 'SPEC.md', text: '# Service\n\n## Auth\n\n## Configuration\n\n## X\n\n## Rate limits\n' }

  it('matches a longer file-name word against a heading word it starts with', () => {
    expect(findOverlap({ path: 'AUTHENTICATION.md', text: null }, [spec], settings)).toMatchObject({ existing: 'SPEC.md', signal: 'filename-subject' })
  })

  it('needs the shorter word to reach the prefix minimum', () => {
    expect(findOverlap({ path: 'con.md', text: null }, [spec], settings)).toBeNull()
    expect(findOverlap({ path: 'conf.md', text: null }, [spec], settings)).toMatchObject({ signal: 'filename-subject' })
  })

  it('never matches a one-letter name, even exactly', () => {
    expect(findOverlap({ path: 'x.md', text: null }, [spec], settings)).toBeNull()
  })

  it('reports every subject word and the heading', () => {
    expect(findOverlap({ path: 'rate-limits.md', text: null }, [spec], settings)).toEqual({
      existing: 'SPEC.md', signal: 'filename-subject', detail: 'the file name\'s subject "rate limits" matches its heading "Rate limits"',
    })
  })
})

describe('same title', () => {
  it('reports the shared title', () => {
    const existing = [{ path: 'SPEC.md', text: '# Service Specification\n' }]
    expect(findOverlap({ path: 'x.md', text: '# Service specification\n\nDraft.\n' }, existing, settings)).toEqual({
      existing: 'SPEC.md', signal: 'same-title', detail: 'both have the title "service specification"',
    })
  })

  it('does not pair two untitled documents', () => {
    expect(findOverlap({ path: 'x.md', text: 'Plain text.\n' }, [{ path: 'y.md', text: 'Other text.\n' }], settings)).toBeNull()
  })

  it('does not pair two H1s without words', () => {
    expect(findOverlap({ path: 'x.md', text: '# ***\n' }, [{ path: 'y.md', text: '# ---\n' }], settings)).toBeNull()
  })

  it('does not compare a document with its own earlier version', () => {
    const spec = { path: 'SPEC.md', text: '# Service specification\n\n## Spec\n' }
    expect(findOverlap({ path: 'SPEC.md', text: spec.text }, [spec], settings)).toBeNull()
  })
})

describe('body similarity', () => {
  const eight = ALPHABET.slice(0, 8)

  it('counts when both bodies hold exactly the minimum number of words', () => {
    expect(findOverlap(words('new.md', eight), [words('old.md', eight)], settings)).toMatchObject({ signal: 'body-similarity' })
  })

  it('does not count when either body is below the minimum, however similar', () => {
    expect(findOverlap(words('new.md', eight.slice(1)), [words('old.md', eight)], settings)).toBeNull()
    expect(findOverlap(words('new.md', eight), [words('old.md', eight.slice(1))], settings)).toBeNull()
    expect(findOverlap(words('new.md', eight.slice(1)), [words('old.md', eight.slice(1))], settings)).toBeNull()
  })

  it('fires at exactly the threshold and reports the shared share in percent', () => {
    const finding = findOverlap(words('new.md', ALPHABET.slice(0, 12)), [words('old.md', ALPHABET.slice(4, 16))], settings)
    expect(finding).toEqual({ existing: 'old.md', signal: 'body-similarity', detail: '50% of their distinct words are shared' })
  })
})

describe('visit order', () => {
  it('orders documents by path, so the first finding does not depend on read order', () => {
    const body = ALPHABET.slice(0, 8)
    const docs = [words('b.md', body), words('a.md', body), words('c.md', body)]
    expect(inVisitOrder(docs.map(prepareDocument)).map(doc => doc.path)).toEqual(['a.md', 'b.md', 'c.md'])
    expect(findOverlap(words('new.md', body), docs, settings)?.existing).toBe('a.md')
  })
})

describe('document paths', () => {
  it('match configured endings, ignoring case, at the end of the path only', () => {
    expect(isDocumentPath('docs/Guide.MD', ['.md'])).toBe(true)
    expect(isDocumentPath('docs/guide.md', ['.MD'])).toBe(true)
    expect(isDocumentPath('notes.txt', ['.md', '.txt'])).toBe(true)
    expect(isDocumentPath('guide.md.bak', ['.md'])).toBe(false)
    expect(isDocumentPath('src/app.ts', [])).toBe(false)
  })
})
