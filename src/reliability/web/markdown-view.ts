/**
 * The simple Markdown of a card's Text components as React elements:
 * paragraphs, `- ` list items, `**bold**`, `_emphasis_`, `` `code` `` and
 * backslash escapes. No HTML, links or images are rendered (A2UI's Basic
 * catalog allows only simple Markdown in Text).
 */
import { createElement as h, type ReactNode } from 'react'

const HEADINGS: Record<string, string> = { h1: 'h2', h2: 'h3', h3: 'h3', h4: 'h4', h5: 'h5' }

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = []
  let plain = ''
  const flush = (): void => {
    if (plain !== '') out.push(plain)
    plain = ''
  }
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string
    if (ch === '\\' && i + 1 < text.length) {
      plain += text[i + 1]
      i += 1
      continue
    }
    const marker = ch === '`' ? '`' : text.startsWith('**', i) ? '**' : ch === '_' ? '_' : null
    const end = marker === null ? -1 : text.indexOf(marker, i + marker.length)
    if (marker === null || end < 0) {
      plain += ch
      continue
    }
    flush()
    const inner = text.slice(i + marker.length, end)
    const tag = marker === '`' ? 'code' : marker === '**' ? 'strong' : 'em'
    out.push(h(tag, { key: `${key}-${i}` }, marker === '`' ? inner : inline(inner, `${key}-${i}`)))
    i = end + marker.length - 1
  }
  flush()
  return out
}

/**
 * Render one Text component.
 * @param markdown - its text.
 * @param variant - its Basic-catalog variant.
 */
export function markdownElements(markdown: string, variant: string): ReactNode {
  const heading = HEADINGS[variant]
  if (heading !== undefined) return h(heading, { style: { margin: '4px 0' } }, inline(markdown, 'h'))
  const blocks = markdown.split(/\n{2,}/)
  return h('div', { style: variant === 'caption' ? { fontSize: '0.85em', opacity: 0.8 } : {} }, blocks.map((block, index) => {
    const lines = block.split('\n')
    if (lines.every(line => line.startsWith('- '))) return h('ul', { key: index, style: { margin: '2px 0', paddingLeft: '20px' } }, lines.map((line, item) => h('li', { key: item }, inline(line.slice(2), `${index}-${item}`))))
    return h('p', { key: index, style: { margin: '2px 0' } }, inline(lines.join(' '), String(index)))
  }))
}
