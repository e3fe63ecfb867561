/**
 * The readable Markdown of each proposal: what the native question UI shows,
 * and the text blocks of the A2UI cards. Deterministic from the proposal.
 * Pure.
 */
import { canonicalJson } from '../../kernel/json.js'
import { AUTHORING_MODES } from '../authoring/modes.js'
import type { EvidenceProposal } from './evidence.js'
import type { IntentItem, IntentProposal } from './intent.js'
import { INTENT_LIST_NAMES, INTENT_LISTS, INTENT_SOURCES, REVIEW_OPTIONS } from './vocabulary.js'

/** One titled block of a proposal. */
export interface ProposalSection {
  readonly heading: string
  readonly markdown: string
}

/** Text shown literally inside a Markdown line: inline syntax characters and a leading block marker are escaped. */
export function literalMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>|~]/g, '\\$&').replace(/^([#+\-]|\d+[.)])/, '\\$1')
}

function item(entry: IntentItem): string {
  return `- ${literalMarkdown(entry.text)} _(${INTENT_SOURCES[entry.source]})_`
}

/**
 * The blocks of an intent proposal, in reading order.
 * @param proposal - the intent proposal.
 */
export function intentSections(proposal: IntentProposal): ProposalSection[] {
  const sections: ProposalSection[] = [{ heading: 'Objective', markdown: item(proposal.objective) }]
  for (const name of INTENT_LIST_NAMES) {
    const entries = proposal[INTENT_LISTS[name].key]
    sections.push({ heading: INTENT_LISTS[name].heading, markdown: entries.length === 0 ? '_(none declared)_' : entries.map(item).join('\n') })
  }
  const orientation = proposal.orientation
  if (orientation !== null) {
    const lines = [
      `Starts from the orientation recorded in this session (revision ${orientation.revision}).`,
      `- Objective: ${literalMarkdown(orientation.objective || '(not recorded)')}`,
      `- Scope: ${literalMarkdown(orientation.scope || '(not recorded)')}`,
      `- Terminology: ${orientation.terminology.length === 0 ? '(none)' : orientation.terminology.map(entry => `${literalMarkdown(entry.term)} = ${literalMarkdown(entry.meaning)}`).join('; ')}`,
      `- Plan: ${orientation.plan.length === 0 ? '(none)' : orientation.plan.map((step, index) => `${index + 1}. ${literalMarkdown(step)}`).join(' ')}`,
    ]
    sections.push({ heading: 'Orientation', markdown: lines.join('\n') })
  }
  if (proposal.mismatches.length > 0) sections.push({ heading: 'Mismatch with the orientation', markdown: proposal.mismatches.map(line => `- **${literalMarkdown(line)}**`).join('\n') })
  return sections
}

/**
 * The blocks of an evidence proposal, in reading order.
 * @param proposal - the evidence proposal.
 */
export function evidenceSections(proposal: EvidenceProposal): ProposalSection[] {
  const checks = new Map(proposal.checks.map(check => [check.id, check]))
  const coverage = proposal.coverage as { weightedCoverage?: unknown, warnings?: unknown }
  const warnings = Array.isArray(coverage.warnings) ? coverage.warnings.map(String) : []
  return [
    { heading: 'Objective', markdown: literalMarkdown(proposal.objective) },
    {
      heading: 'Claims',
      markdown: proposal.claims.map(claim => `- **${literalMarkdown(claim.id)}** (${claim.importance}): ${literalMarkdown(claim.statement)}, checked by ${claim.checkIds.map(id => `\`${id}\``).join(', ') || 'no check'}`).join('\n'),
    },
    {
      heading: 'Checks',
      markdown: [...checks.values()].map(check => `- \`${check.id}\` ${check.kind}: ${literalMarkdown(canonicalJson(check.args))}`).join('\n'),
    },
    { heading: 'Repair budget', markdown: `At most ${proposal.maxAttempts} attempt${proposal.maxAttempts === 1 ? '' : 's'}; ${AUTHORING_MODES[proposal.authorship.mode]}${proposal.authorship.draftReceipt === null ? '' : ` (draft ${proposal.authorship.draftReceipt})`}.` },
    { heading: 'Coverage', markdown: `Weighted structural coverage ${typeof coverage.weightedCoverage === 'number' ? `${Math.round(coverage.weightedCoverage * 100)}%` : 'unknown'}.${warnings.length === 0 ? '' : `\n\nWarnings:\n\n${warnings.map(warning => `- ${literalMarkdown(warning)}`).join('\n')}`}` },
  ]
}

/**
 * The whole proposal as Markdown, with how to answer.
 * @param title - the stage's title.
 * @param sections - the proposal's blocks.
 * @param receipt - the proposal's receipt, shown so the user can match it.
 */
export function proposalMarkdown(title: string, sections: readonly ProposalSection[], receipt: string): string {
  const answers = Object.values(REVIEW_OPTIONS).map(option => `**${option.label}**: ${option.description}`).join(' ')
  return [`### ${title}`, ...sections.map(section => `**${section.heading}**\n\n${section.markdown}`), `Receipt \`${receipt}\`.`, answers].join('\n\n')
}
