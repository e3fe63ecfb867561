/**
 * The three governance modules. Each claims exactly one failure class and
 * contributes prompt principles with the condition that triggers them. Rules
 * that a gate enforces are listed separately so the prompt never restates
 * them. Pure data.
 */

/** The failure classes IEG addresses. */
export const FAILURE_CLASSES = {
  'FC-2.1': 'the agent advances without a stable project model',
  'FC-2.2': 'unauthorized or unnecessary persistent workspace mutation',
  'FC-2.3': 'known-invalid information stays reusable',
} as const

/** One failure class id. */
export type FailureClass = keyof typeof FAILURE_CLASSES

/** One module's declaration. */
export interface GovernanceModule {
  readonly id: ModuleId
  readonly version: string
  readonly title: string
  readonly failureClass: FailureClass
  /** When the principles apply, phrased to follow "when". */
  readonly trigger: string
  readonly principles: readonly string[]
  /** Phrases of rules a gate enforces; the compiled prompt must not contain them. */
  readonly enforcedRules: readonly string[]
}

/** The module ids, in prompt order; also the config keys under `modules`. */
export const MODULE_IDS = ['project-governance', 'workspace-governance', 'information-integrity'] as const
/** One module id. */
export type ModuleId = typeof MODULE_IDS[number]

/** Principles every compiled section starts with. */
export const KERNEL_PRINCIPLES: readonly string[] = [
  'Information environment governance (IEG) supplements the host instructions; a direct instruction from the user takes precedence over it.',
]

/** Every module. */
export const MODULES: Record<ModuleId, GovernanceModule> = {
  'project-governance': {
    id: 'project-governance',
    version: '1.0.0',
    title: 'Project orientation',
    failureClass: 'FC-2.1',
    trigger: 'a task starts or its direction changes',
    principles: [
      'Establish the intent, objective, scope and key terms before substantial work, and record them with record_orientation; update the record when the direction changes.',
      'Separate what the user asked for from your assumptions and unknowns, and do not silently redefine the task.',
      'Keep the user\'s terminology; do not rename concepts the user named.',
    ],
    enforcedRules: ['requireBeforeMutation', 'before any mutation', 'must record an orientation before'],
  },
  'workspace-governance': {
    id: 'workspace-governance',
    version: '1.0.0',
    title: 'Workspace',
    failureClass: 'FC-2.2',
    trigger: 'you are about to create, move or delete files',
    principles: [
      'Inspecting is free; create persistent artifacts only when the task needs them, not because they are convenient.',
      'When a workspace change is refused, read the stated reason and adapt; do not retry the same change through another tool.',
    ],
    enforcedRules: ['protected path', 'protectedPaths', 'near-duplicate', 'overlap', 'Jaccard', '.git'],
  },
  'information-integrity': {
    id: 'information-integrity',
    version: '1.0.0',
    title: 'Information integrity',
    failureClass: 'FC-2.3',
    trigger: 'information turns out wrong or outdated',
    principles: [
      'Delete wrong information instead of annotating it; delete outdated information too, except in a software project, where you mark it explicitly as outdated.',
      'Do not treat information known to be invalid as authoritative again without new evidence or the user\'s confirmation.',
    ],
    enforcedRules: [],
  },
}
