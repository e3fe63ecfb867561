/**
 * Host adapter: the workspace gate. A `tools/pre-execute` listener assesses
 * each governed call once (shell text from its syntax tree, targets through
 * `ctx.fs`) and decides; an `ask` first lets the rest of the chain decide, so
 * a later deny wins. A `ctx.tools.guard` backstop repeats the decision, or
 * its file-free part when the listener did not run. A `tools/post-execute`
 * step puts IEG's reason into a result when an `ask` came back refused (the
 * host's own message for an unavailable approval channel does not carry it).
 * No listener throws into the host: a failed assessment is reported and
 * decided as an opaque change.
 */
import type { HostFs } from '../../kernel/host/host-fs.js'
import type { ToolExecution } from '@deepseek-ai/dsh-tools'
import { analyzeShellCommand, type ShellAnalysisOptions } from '../shell/analyze.js'
import { AnalysisCache } from '../shell/cache.js'
import { summarize, type ShellAnalysis } from '../shell/effects.js'
import { ANY } from '../shell/pattern.js'
import { classifyToolCall } from '../workspace/classify-call.js'
import { decideMutation, type CallAssessment, type GateDecision } from '../workspace/gate.js'
import { findOverlapIn, isDocumentPath } from '../workspace/overlap.js'
import { parseProtectedPath, type ProtectedEntry, type ProtectionRules } from '../workspace/protected.js'
import { DocumentIndex } from './documents.js'
import { assessCall, assessLexically, startDirectory, type Assessment } from './gate-assessment.js'
import { iegStateOf, orientationRequirement, type IegRuntime } from './runtime.js'
import { workspaceRoot, type WorkspaceRoot } from './target-resolution.js'

/** A decision with what it was made from. */
interface Evaluation {
  readonly decision: GateDecision
  readonly assessment: CallAssessment
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

type ShellAnalyzer = (command: string, startDirectory: string, persistent: boolean) => ShellAnalysis
const analyzers = new WeakMap<IegRuntime, ShellAnalyzer>()

/** The shell analysis of a mount, one per runtime so every listener shares its cache: bounded, cached by text, start and shell kind. */
export function shellAnalyzer(rt: IegRuntime): ShellAnalyzer {
  const known = analyzers.get(rt)
  if (known !== undefined) return known
  const created = createShellAnalyzer(rt)
  analyzers.set(rt, created)
  return created
}

function createShellAnalyzer(rt: IegRuntime): ShellAnalyzer {
  const settings = rt.config.workspace.shellAnalysis
  const cache = new AnalysisCache<ShellAnalysis>(settings.cacheEntries)
  const base: Omit<ShellAnalysisOptions, 'persistent' | 'startDirectory'> = {
    home: process.env['HOME'] ?? null,
    tempDirectory: process.env['TMPDIR'] ?? '/tmp',
    maxDepth: settings.maxDepth,
    maxAlternatives: settings.maxAlternatives,
    readOnlyCommands: rt.readOnlyCommands,
  }
  return (command, startDirectory, persistent) => cache.get(`${persistent ? 'p' : 'f'}\u0000${startDirectory}\u0000${command}`, () => {
    if (Buffer.byteLength(command, 'utf8') > settings.maxCommandBytes) {
      return summarize([{ kind: 'opaque', via: 'command', reason: `longer than ${settings.maxCommandBytes} bytes (workspace.shellAnalysis.maxCommandBytes)`, words: [ANY], mentions: [] }], true)
    }
    return analyzeShellCommand(command, { ...base, persistent, startDirectory, ...(persistent ? { home: null, tempDirectory: null } : {}) })
  })
}

/**
 * The protected paths of a validated configuration.
 * @param paths - `workspace.protectedPaths`, already validated.
 * @param caseSensitive - `workspace.protectedPathsCaseSensitive`.
 */
export function protectionRules(paths: readonly string[], caseSensitive: boolean): ProtectionRules {
  return { entries: paths.map(parseProtectedPath).filter((entry): entry is ProtectedEntry => typeof entry !== 'string'), caseSensitive }
}

function report(rt: IegRuntime, exec: Readonly<ToolExecution>, evaluation: Evaluation, overlap: { path: string, existing: string, signal: string } | null): void {
  const { assessment, decision } = evaluation
  const data = {
    tool: exec.name,
    outcome: assessment.outcome,
    targets: assessment.targets.map(target => target.path),
    ...(assessment.opaqueReasons.length === 0 ? {} : { opaque: [...assessment.opaqueReasons] }),
    ...(assessment.history.length === 0 ? {} : { history: [...assessment.history] }),
  }
  if (overlap !== null) rt.diagnose('ieg.document_overlap_flagged', overlap, exec.agent)
  if (decision.kind === 'allow') rt.diagnose('ieg.workspace_mutation_allowed', { ...data, rule: decision.rule }, exec.agent)
  else rt.diagnose('ieg.workspace_mutation_blocked', { ...data, decision: decision.kind, rule: decision.rule, reason: decision.reason }, exec.agent)
  if (decision.rule === 'orientation-required' && decision.kind !== 'allow') rt.diagnose('ieg.orientation_required', { tool: exec.name }, exec.agent)
}

async function overlapOf(rt: IegRuntime, fs: HostFs, exec: Readonly<ToolExecution>, assessment: Assessment, root: string, documents: DocumentIndex): Promise<{ path: string, finding: NonNullable<ReturnType<typeof findOverlapIn>> } | null> {
  const settings = rt.config.workspace
  if (settings.overlapCheck === 'off') return null
  try {
    for (const written of assessment.written) {
      if (!isDocumentPath(written.path, settings.overlap.extensions) || written.exists !== false) continue
      const existing = await documents.read(fs, root, settings.overlap, exec.signal)
      const finding = findOverlapIn({ path: written.path, text: written.content }, existing, settings.overlap)
      if (finding !== null) return { path: written.path, finding }
    }
  } catch (error) {
    rt.diagnose('ieg.overlap_check_failed', { tool: exec.name, error: message(error) }, exec.agent)
  }
  return null
}

function failedAssessment(tool: string, error: unknown): Assessment {
  const reason = `its targets could not be resolved (${message(error)})`
  return { tool, outcome: 'opaque', targets: [], opaqueReasons: [reason], reach: [`${reason}, so it could reach a protected path`], history: [], control: [], shell: null, written: [] }
}

/**
 * Decide one call as the pre-execute listener does, recording diagnostics.
 * @param rt - the IEG runtime.
 * @param exec - the call.
 * @param analyze - the mount's shell analysis.
 * @param roots - the mount's canonical workspace roots.
 * @param documents - the mount's document index.
 * @returns the evaluation, or null for a call the gate does not govern.
 */
export async function evaluateGate(rt: IegRuntime, exec: Readonly<ToolExecution>, analyze: ReturnType<typeof shellAnalyzer>, roots: RootCache, documents: DocumentIndex): Promise<Evaluation | null> {
  if (!rt.config.modules.workspaceGovernance.enabled) return null
  const call = classifyToolCall(exec.name, exec.arguments, rt.config.workspace)
  if (call === null) return null
  const cwd = exec.agent?.session.header.cwd
  const analysis = call.kind === 'shell' ? analyze(call.command, startDirectory(call, cwd ?? '/'), call.persistent) : null
  if (analysis?.outcome === 'read-only') return null
  const fs = rt.fs()
  const rule = orientationRequirement(rt.config)
  const orientationMissing = rule !== undefined && exec.agent !== undefined && iegStateOf(rt.ctx, exec.agent).orientation === null ? rule : null
  const context = { policy: rt.config.workspace.policy, gitHistory: rt.config.workspace.gitHistory, overlapCheck: rt.config.workspace.overlapCheck, orientationMissing }
  if (fs === undefined || cwd === undefined) {
    const lexical = assessLexically(call, cwd ?? '/', rt.protection, analyze)
    if (lexical === null) return null
    const evaluation = { decision: decideMutation(lexical, { ...context, overlap: null }), assessment: lexical }
    report(rt, exec, evaluation, null)
    return evaluation
  }
  let assessment: Assessment
  let root: string = cwd
  try {
    const workspace = await roots.get(fs, cwd, exec.signal)
    root = workspace.path
    const extensions = rt.config.workspace.overlap.extensions
    assessment = await assessCall(call, analysis, { fs, root: workspace, cwd, rules: rt.protection, computeReach: rt.config.workspace.policy !== 'deny', maxGlobEntries: rt.config.workspace.shellAnalysis.maxGlobEntries, isDocument: path => isDocumentPath(path, extensions), signal: exec.signal })
  } catch (error) {
    assessment = failedAssessment(exec.name, error)
  }
  const overlap = assessment.targets.some(target => target.protectedBy !== null) || assessment.control.length > 0 || orientationMissing !== null ? null : await overlapOf(rt, fs, exec, assessment, root, documents)
  const evaluation = { decision: decideMutation(assessment, { ...context, overlap }), assessment }
  report(rt, exec, evaluation, overlap === null ? null : { path: overlap.path, existing: overlap.finding.existing, signal: overlap.finding.signal })
  return evaluation
}

/**
 * Canonical workspace roots by session directory. The root is the canonical
 * location whose protected paths the gate guards; a session directory that is
 * a link re-pointed later sends writes elsewhere, not into that root.
 */
export class RootCache {
  private readonly roots = new Map<string, Promise<WorkspaceRoot>>()

  /** The canonical root of a session directory. */
  get(fs: HostFs, cwd: string, signal: AbortSignal | undefined): Promise<WorkspaceRoot> {
    const known = this.roots.get(cwd)
    if (known !== undefined) return known
    const resolving = workspaceRoot(fs, cwd, signal)
    this.roots.set(cwd, resolving)
    resolving.catch(() => this.roots.delete(cwd))
    return resolving
  }
}

function callKey(exec: Readonly<ToolExecution>): string {
  return `${String(exec.agent?.session.id ?? '')}\u0000${String(exec.callId)}`
}

/**
 * Install the gate.
 * @param rt - the IEG runtime.
 */
export function installWorkspaceGate(rt: IegRuntime): void {
  const { ctx } = rt
  const analyze = shellAnalyzer(rt)
  const roots = new RootCache()
  const documents = new DocumentIndex()
  const decided = new Map<string, GateDecision>()
  const askedReasons = new Map<string, string>()
  const remember = (key: string, decision: GateDecision): void => {
    decided.set(key, decision)
    if (decided.size > 1000) decided.delete(decided.keys().next().value as string)
  }

  ctx.on('tools/pre-execute', async (exec, next) => {
    let evaluation: Evaluation | null
    try {
      evaluation = await evaluateGate(rt, exec, analyze, roots, documents)
    } catch (error) {
      rt.diagnose('ieg.gate_failed', { tool: exec.name, error: message(error) }, exec.agent)
      return { kind: 'deny', reason: `IEG workspace governance could not assess ${exec.name} (${message(error)}), so it refused the call.` }
    }
    if (evaluation === null) return next()
    const { decision } = evaluation
    remember(callKey(exec), decision)
    switch (decision.kind) {
      case 'allow': return next()
      case 'deny': return { kind: 'deny', reason: decision.reason }
      case 'ask': {
        const downstream = await next()
        if (downstream.kind === 'deny') return downstream
        askedReasons.set(callKey(exec), decision.reason)
        return { kind: 'ask', reason: downstream.kind === 'ask' && downstream.reason !== undefined ? `${decision.reason}\n${downstream.reason}` : decision.reason }
      }
    }
  })

  ctx.tools.guard((exec) => {
    try {
      const known = decided.get(callKey(exec))
      if (known !== undefined) return known.kind === 'deny' ? known.reason : undefined
      if (!rt.config.modules.workspaceGovernance.enabled) return undefined
      const call = classifyToolCall(exec.name, exec.arguments, rt.config.workspace)
      if (call === null) return undefined
      const lexical = assessLexically(call, exec.agent?.session.header.cwd ?? '/', rt.protection, analyze)
      if (lexical === null) return undefined
      const decision = decideMutation(lexical, { policy: rt.config.workspace.policy, gitHistory: rt.config.workspace.gitHistory, overlapCheck: 'off', orientationMissing: null, overlap: null })
      return decision.kind === 'deny' ? decision.reason : undefined
    } catch (error) {
      return `IEG workspace governance could not check ${exec.name} (${message(error)}), so it refused the call.`
    }
  })

  ctx.on('tools/post-execute', async (exec, result, next) => {
    const key = callKey(exec)
    const reason = askedReasons.get(key)
    askedReasons.delete(key)
    decided.delete(key)
    const downstream = await next()
    if (reason === undefined || !result.isError) return downstream
    return {
      kind: 'block',
      feedback: [...result.content, { type: 'text', text: `IEG asked for approval of this call because: ${reason}` }],
      ...(downstream.additionalContexts === undefined ? {} : { additionalContexts: downstream.additionalContexts }),
    }
  })
}
