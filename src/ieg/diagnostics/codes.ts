/** The `ieg.*` diagnostic vocabulary: declared once, with what each code records. */
export const DIAGNOSTIC_CODES = {
  'ieg.mount': 'the row mounted; data holds the mount record',
  'ieg.config_invalid': 'the configuration was refused; the row mounted inert',
  'ieg.capability_missing': 'a host service the row uses is absent; the capability is degraded',
  'ieg.orientation_recorded': 'record_orientation stored a new revision',
  'ieg.orientation_required': 'a gate reminded or refused because no orientation is recorded',
  'ieg.workspace_mutation_allowed': 'a classified mutation passed every rule',
  'ieg.workspace_mutation_blocked': 'a classified mutation was denied or sent for approval',
  'ieg.document_overlap_flagged': 'a new document overlaps an existing one',
  'ieg.overlap_check_failed': 'the overlap check could not run and let the call pass',
  'ieg.gate_failed': 'the workspace gate could not assess a call and refused it',
  'ieg.diagnostics_export_failed': 'the diagnostics mirror could not be written',
  'ieg.prompt_override_applied': 'the section text is an operator override (prompt.md, prompt.file or prompt.append); data names its source, attribution and the invariants no longer checked',
  'ieg.prompt_override_rejected': 'an override broke a hard rule (a prompt variable, the byte ceiling) and the previous text was kept',
  'ieg.prompt_override_missing': 'a configured or operator prompt file could not be read; the compiled section applies',
  'ieg.host_compatibility': 'the compatibility adapter judged a changed prompt assembly against the baseline; data holds the verdict, the reasons and the facts',
  'ieg.module_conflict': 'a module setting has no effect under another module\'s setting (for example requireBeforeMutation with workspace governance off)',
  'ieg.information_recorded': 'an information record was created or changed status',
  'ieg.information_invalidated': 'an information record became INVALID or SUPERSEDED',
  'ieg.information_promotion_refused': 'a promotion to AUTHORITATIVE had no basis, its evidence did not hold, or the user did not confirm it',
  'ieg.maintenance_round': 'maintain_environment recorded a round (files, findings, whether a bound truncated it)',
  'ieg.maintenance_due': 'the instruction count reached a multiple of maintenance.instructionBatches and the agent was reminded',
  'ieg.information_reintroduced': 'a write carried a value the ledger marks INVALID or SUPERSEDED (warned or refused)',
} as const

/** One diagnostic code. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES
