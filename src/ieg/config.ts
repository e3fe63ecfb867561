/** The `ieg` row's configuration: the single declaration of its keys. */
import { PROMPT_MODES, type PromptMode, type PromptSettings } from './prompt/override.js'
import Schema from '@deepseek-ai/schemastery'

/** A file-effect tool: its name and the argument keys that name its target. */
export interface FileEffectTool {
  name: string
  targetKeys: string[]
  /** Argument whose listed values make a call read-only (for example `command: view`). */
  readOnlyKey: string
  readOnlyValues: string[]
}

/** A shell tool: the argument keys of its command text and working directory. */
export interface ShellTool {
  name: string
  commandKey: string
  /** Argument naming the command's working directory ("" when the tool has none). */
  workdirKey: string
  /** The shell keeps its directory, variables and options between calls. */
  persistent: boolean
}

/** Allow, ask the host's approval channel, or deny. */
export type GatePolicy = 'allow' | 'ask' | 'deny'

/** Resolved configuration of the `ieg` row. */
export interface IegConfig {
  enabled: boolean
  sectionOrder: number
  statusOrder: number
  prompt: PromptSettings
  modules: {
    projectGovernance: { enabled: boolean }
    informationIntegrity: { enabled: boolean, reintroduction: 'warn' | 'deny', maxRecords: number, maxValueChars: number }
    workspaceGovernance: { enabled: boolean }
  }
  workspace: {
    policy: GatePolicy
    mutatingTools: FileEffectTool[]
    shellTools: ShellTool[]
    protectedPaths: string[]
    protectedPathsCaseSensitive: boolean
    readOnlyCommands: string[]
    gitHistory: 'allow' | 'policy'
    overlapCheck: 'off' | 'ask' | 'deny'
    classifyShellCommands: boolean
    shellAnalysis: {
      maxDepth: number
      maxAlternatives: number
      maxCommandBytes: number
      cacheEntries: number
      maxGlobEntries: number
    }
    overlap: {
      directories: string[]
      extensions: string[]
      maxDocuments: number
      maxDocumentBytes: number
      jaccardThreshold: number
      minPrefixChars: number
      minBodyTokens: number
    }
  }
  preStep: {
    orientationGate: 'off' | 'warn' | 'reject'
    requireBeforeMutation: boolean
  }
  maintenance: { enabled: boolean, instructionBatches: number, maxFiles: number, maxReadBytes: number, maxMs: number, oversizedBytes: number }
  limits: { maxTextChars: number, maxItems: number }
  diagnostics: { ringSize: number, statusRecent: number }
  diagnosticsExport: { file: string, limit: number, intervalMs: number }
  compatibility: { baselineFile: string }
}

const fileEffectTool: Schema<FileEffectTool> = Schema.object({
  name: Schema.string().required().description('Tool name.'),
  targetKeys: Schema.array(Schema.string()).default([]).description('Argument keys holding the written path.'),
  readOnlyKey: Schema.string().default('').description('Argument whose values below make the call read-only ("" for none).'),
  readOnlyValues: Schema.array(Schema.string()).default([]).description('Values of readOnlyKey that only read.'),
})

const shellTool: Schema<ShellTool> = Schema.object({
  name: Schema.string().required().description('Tool name.'),
  commandKey: Schema.string().default('command').description('Argument holding the command text.'),
  workdirKey: Schema.string().default('').description('Argument naming the working directory ("" for none).'),
  persistent: Schema.boolean().default(false).description('The shell keeps its directory, variables and options between calls.'),
})

const DEFAULT_FILE_TOOLS: FileEffectTool[] = [
  { name: 'write', targetKeys: ['file_path'], readOnlyKey: '', readOnlyValues: [] },
  { name: 'edit', targetKeys: ['file_path'], readOnlyKey: '', readOnlyValues: [] },
  { name: 'str_replace_editor', targetKeys: ['path'], readOnlyKey: 'command', readOnlyValues: ['view'] },
]

/** Runtime-context order of the status line, also used by the inert surface. */
export const DEFAULT_STATUS_ORDER = 8500

/** Schemastery schema with defaults, bounds and descriptions. */
export const IegSchema: Schema<IegConfig> = Schema.object({
  enabled: Schema.boolean().default(true)
    .description('Mount information-environment governance. false leaves the row loaded but registers nothing.'),
  sectionOrder: Schema.number().min(-100000).max(100000).default(8500)
    .description('System-prompt order of the single ieg:governance section.'),
  statusOrder: Schema.number().min(-100000).max(100000).default(DEFAULT_STATUS_ORDER)
    .description('Runtime-context order of the ieg:status line.'),
  prompt: Schema.object({
    mode: Schema.union(Object.keys(PROMPT_MODES) as PromptMode[]).default('compiled').description(Object.entries(PROMPT_MODES).map(([mode, meaning]) => `${mode}: ${meaning}.`).join(' ')),
    append: Schema.string().default('').description('Guidance added after the compiled section in append mode.'),
    file: Schema.string().default('').description('Absolute path of a markdown file that becomes the section in replace mode.'),
    allowOverBudget: Schema.boolean().default(false).description('Accept an override larger than the section\'s byte ceiling (the excess is still reported).'),
  }),
  modules: Schema.object({
    projectGovernance: Schema.object({ enabled: Schema.boolean().default(true).description('Project orientation (FC-2.1).') }),
    informationIntegrity: Schema.object({
      enabled: Schema.boolean().default(true).description('Invalid information stays out of use (FC-2.3).'),
      reintroduction: Schema.union(['warn', 'deny']).default('warn').description('A write that carries a value recorded as INVALID or SUPERSEDED: warn adds a note to its result, deny refuses it.'),
      maxRecords: Schema.natural().min(1).max(10_000).default(500).description('Most information records one session may hold.'),
      maxValueChars: Schema.natural().min(1).max(100_000).default(2000).description('Longest recorded value, in characters.'),
    }),
    workspaceGovernance: Schema.object({ enabled: Schema.boolean().default(true).description('Persistent workspace mutations are governed (FC-2.2).') }),
  }),
  workspace: Schema.object({
    policy: Schema.union(['allow', 'ask', 'deny']).default('allow')
      .description('Decision for an ordinary mutation that no other rule refuses. allow leaves approval to the host.'),
    mutatingTools: Schema.array(fileEffectTool).default(DEFAULT_FILE_TOOLS)
      .description('File-effect tools the gate classifies, with the argument keys naming their target.'),
    shellTools: Schema.array(shellTool).default([{ name: 'bash', commandKey: 'command', workdirKey: 'workdir', persistent: false }])
      .description('Shell tools whose command text is classified for writes.'),
    protectedPaths: Schema.array(Schema.string()).default(['.git'])
      .description('Relative paths no mutation may touch, matched on the canonical path at any depth (the path itself and everything below it).'),
    protectedPathsCaseSensitive: Schema.boolean().default(false)
      .description('Match protected paths with case (false: `.GIT` is `.git`).'),
    readOnlyCommands: Schema.array(Schema.string()).default([])
      .description('Commands to treat as read-only, each a literal command prefix such as `npm test`, matched on the parsed command.'),
    gitHistory: Schema.union(['allow', 'policy']).default('allow')
      .description('git history commands (add, commit, branch, tag, fetch): allow with a diagnostic, or decide by workspace.policy.'),
    overlapCheck: Schema.union(['off', 'ask', 'deny']).default('ask')
      .description('Decision when a new document overlaps an existing one.'),
    classifyShellCommands: Schema.boolean().default(true)
      .description('Classify shell command text for writes; false leaves shell tools ungated.'),
    shellAnalysis: Schema.object({
      maxDepth: Schema.natural().min(1).max(64).default(8).description('Deepest nesting of scripts, functions and wrapped commands analyzed; deeper is opaque.'),
      maxAlternatives: Schema.natural().min(1).max(256).default(16).description('Most possible values a word or directory keeps before it counts as unknown.'),
      maxCommandBytes: Schema.natural().min(256).max(1024 * 1024).default(64 * 1024).description('Longer command text is opaque without parsing.'),
      cacheEntries: Schema.natural().min(0).max(100000).default(512).description('Analyses kept per mount, keyed by command text and directory.'),
      maxGlobEntries: Schema.natural().min(10).max(1000000).default(2000).description('Most paths a glob that could reach a protected path may match at one level of its expansion; with more it is treated as reaching one.'),
    }),
    overlap: Schema.object({
      directories: Schema.array(Schema.string()).default(['.', 'docs'])
        .description('Workspace directories (not recursive) whose documents a new document is compared against.'),
      extensions: Schema.array(Schema.string()).default(['.md', '.markdown', '.mdx', '.txt', '.rst', '.adoc'])
        .description('File endings that make a file a document.'),
      maxDocuments: Schema.natural().min(1).max(2000).default(100).description('Most existing documents compared.'),
      maxDocumentBytes: Schema.natural().min(1024).max(16 * 1024 * 1024).default(256 * 1024).description('Larger documents are skipped.'),
      jaccardThreshold: Schema.number().min(0.05).max(1).default(0.5).description('Body similarity that counts as overlap.'),
      minPrefixChars: Schema.natural().min(2).max(20).default(4).description('Shortest word that matches a heading word by prefix.'),
      minBodyTokens: Schema.natural().min(1).max(10000).default(20).description('Distinct words both bodies need before similarity counts.'),
    }),
  }),
  preStep: Schema.object({
    orientationGate: Schema.union(['off', 'warn', 'reject']).default('off')
      .description('Without a recorded orientation: warn reminds at each turn start; reject refuses tool work other than reading and orienting.'),
    requireBeforeMutation: Schema.boolean().default(false)
      .description('Refuse workspace mutations until an orientation is recorded.'),
  }),
  maintenance: Schema.object({
    enabled: Schema.boolean().default(true).description('Register maintain_environment and remind the agent to run a maintenance round.'),
    instructionBatches: Schema.natural().min(1).max(1000).default(7).description('Remind the agent to run a round after this many direct user instruction batches since the last round (turns that carry a user-written message).'),
    maxFiles: Schema.natural().min(1).max(1_000_000).default(5000).description('Most files one round traverses.'),
    maxReadBytes: Schema.natural().min(1024).max(1024 * 1024 * 1024).default(8 * 1024 * 1024).description('Most bytes of text files one round reads for its diagnosis.'),
    maxMs: Schema.natural().min(100).max(600_000).default(10_000).description('Time after which the traversal stops and the round reports itself truncated.'),
    oversizedBytes: Schema.natural().min(1024).max(1024 * 1024 * 1024).default(1024 * 1024).description('Project files larger than this are diagnosed as oversized.'),
  }),
  limits: Schema.object({
    maxTextChars: Schema.natural().min(16).max(100000).default(4000).description('Longest orientation field, term or plan step, in characters.'),
    maxItems: Schema.natural().min(1).max(1000).default(50).description('Most terms or plan steps in one orientation.'),
  }),
  diagnostics: Schema.object({
    ringSize: Schema.natural().min(10).max(10000).default(200).description('Diagnostics kept in memory.'),
    statusRecent: Schema.natural().min(0).max(200).default(20).description('Recent diagnostics ieg_status returns.'),
  }),
  diagnosticsExport: Schema.object({
    file: Schema.string().default('').description('Absolute path of a JSON mirror of the diagnostics; "" writes nothing.'),
    limit: Schema.natural().min(1).max(200).default(50).description('Diagnostics in the mirror.'),
    intervalMs: Schema.natural().min(100).max(60000).default(500).description('Least time between two mirror writes.'),
  }),
  compatibility: Schema.object({
    baselineFile: Schema.string().default('').description('Absolute path of a reviewed baseline JSON to judge the host against instead of the shipped one (a patched or newer host); "" uses the shipped baseline.'),
  }),
})
