import { describe, expect, it } from 'vitest'
import { filenameSubject, findOverlap, headings, jaccard, tokenize, type ExistingDocument } from '../../src/ieg/workspace/overlap.ts'

const settings = { jaccardThreshold: 0.5, minPrefixChars: 4, minBodyTokens: 8 }

const SPEC = `# Service specification

## Overview
The service stores orders and ships them.

## Authentication
Clients sign every request with an API token issued by the admin console.

## Rate limits
Each token may send 100 requests per minute.
`
const INSTALL = '# Installing\n\nRun npm install, then npm run build, then start the server with npm start on port 8080 for local testing.\n'
const ZH = '# 部署指南\n\n## 身份验证\n所有请求都需要使用管理控制台签发的令牌进行签名。\n'
const existing: ExistingDocument[] = [{ path: 'SPEC.md', text: SPEC }, { path: 'docs/INSTALL.md', text: INSTALL }, { path: 'docs/部署.md', text: ZH }]

/** Overlap corpus: [new path, its text, expected existing document or null]. */
export const OVERLAP_CASES: ReadonlyArray<readonly [string, string | null, string | null]> = [
  ['AUTHENTICATION.md', '# Auth\n\nTokens are required.\n', 'SPEC.md'],
  ['AUTH.md', null, 'SPEC.md'],
  ['docs/authentication-guide.md', null, null],
  ['rate-limits.md', null, 'SPEC.md'],
  ['RateLimits.md', '# Limits\n', 'SPEC.md'],
  ['notes/spec-copy.md', '# Service specification\n\nDraft.\n', 'SPEC.md'],
  ['SETUP.md', '# Setup\n\nRun npm install, then npm run build, then start the server with npm start on port 8080 for local testing.\n', 'docs/INSTALL.md'],
  ['身份验证.md', null, 'docs/部署.md'],
  ['docs/新文档.md', '# 部署指南\n\n其他内容。\n', 'docs/部署.md'],
  ['CHANGELOG.md', '# Changelog\n\n## 1.0.0\n- first release\n', null],
  ['docs/ARCHITECTURE.md', '# Architecture\n\nThe order pipeline has three stages: intake, packing and dispatch.\n', null],
  ['README.md', '# Orders\n\nA small service.\n', null],
  ['api.md', '# HTTP endpoints\n\nGET /orders lists orders.\n', null],
  ['CONTRIBUTING.md', '# Contributing\n\nOpen a pull request.\n', null],
]

describe('document overlap', () => {
  it.each(OVERLAP_CASES)('%s -> %s', (path, text, expected) => {
    const finding = findOverlap({ path, text }, existing, settings)
    expect(finding?.existing ?? null).toBe(expected)
  })

  it('names the signal and the evidence', () => {
    expect(findOverlap({ path: 'AUTHENTICATION.md', text: null }, existing, settings)).toEqual({
      existing: 'SPEC.md', signal: 'filename-subject', detail: 'the file name\'s subject "authentication" matches its heading "Authentication"',
    })
    expect(findOverlap({ path: 'x.md', text: '# Service Specification\n' }, existing, settings)).toMatchObject({ signal: 'same-title' })
    expect(findOverlap({ path: 'SETUP.md', text: INSTALL.replace('# Installing', '# Setup') }, existing, settings)).toMatchObject({ signal: 'body-similarity' })
  })

  it('tokenizes Latin words and CJK bigrams', () => {
    expect(tokenize('Auth-Token 身份验证')).toEqual(['auth', 'token', '身份', '份验', '验证'])
    expect(filenameSubject('docs/RateLimits_v2.md')).toEqual(['rate', 'limits'])
    expect(filenameSubject('README.md')).toEqual([])
    expect(headings(SPEC)).toEqual(['Service specification', 'Overview', 'Authentication', 'Rate limits'])
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3)
  })
})
