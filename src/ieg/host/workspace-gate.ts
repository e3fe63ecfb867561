/**
 * Host adapter: the workspace-mutation gate on `tools/pre-execute`, a
 * `ctx.tools.guard` backstop for the rules decidable without I/O, and a
 * `tools/post-execute` step that puts IEG's reason into the result when an
 * `ask` came back denied (the host's own message for an unavailable approval
 * channel does not carry it). Read-only calls pass untouched.
 */
import type { ToolExecution } from '@deepseek-ai/dsh-tools'
import { decideMutation, type GateDecision } from '../workspace/gate.js'
import { classifyToolCall, type MutationRequest } from '../workspace/classify-call.js'
import { findOverlap, type OverlapFinding } from '../workspace/overlap.js'
import { isDocumentPath, locateTarget, protectedMatch } from '../workspace/paths.js'
import { pathExists, readExistingDocuments } from './documents.js'
import { iegStateOf, orientationRequirement, type IegRuntime } from './runtime.js'

type Facts = Omit<Parameters<typeof decideMutation>[0], 'overlap'>

function classify(rt: IegRuntime, exec: Readonly<ToolExecution>): MutationRequest | null {
  if (!rt.config.modules.workspaceGovernance.enabled) return null
  return classifyToolCall(exec.name, exec.arguments, rt.config.workspace)
}

function synchronousFacts(rt: IegRuntime, exec: Readonly<ToolExecution>, request: MutationRequest): Facts {
  const root = exec.agent?.session.header.cwd
  const protectedHits: Array<readonly [string, string]> = []
  for (const write of request.writes) {
    if (write.target === null || root === undefined) continue
    const located = locateTarget(write.target, root)
    const hit = located.inside ? protectedMatch(located.path, rt.config.workspace.protectedPaths) : undefined
    if (hit !== undefined) protectedHits.push([located.path, hit])
  }
  const rule = orientationRequirement(rt.config)
  const orientationMissing = rule !== undefined && exec.agent !== undefined && iegStateOf(rt.ctx, exec.agent).orientation === null
  return { request, protectedHits, orientationMissing, overlapCheck: rt.config.workspace.overlapCheck, policy: rt.config.workspace.policy, orientationRule: rule ?? '' }
}

async function overlapOf(rt: IegRuntime, exec: Readonly<ToolExecution>, request: MutationRequest): Promise<{ path: string, finding: OverlapFinding } | null> {
  const settings = rt.config.workspace
  const root = exec.agent?.session.header.cwd
  const fs = rt.ctx.get('fs')
  if (settings.overlapCheck === 'off' || root === undefined || fs === undefined) return null
  try {
    for (const write of request.writes) {
      if (write.target === null) continue
      const located = locateTarget(write.target, root)
      if (!located.inside || !isDocumentPath(located.path, settings.overlap.extensions)) continue
      if (await pathExists(fs, root, located.path, exec.signal)) continue
      const existing = await readExistingDocuments(fs, root, settings.overlap, exec.signal)
      const finding = findOverlap({ path: located.path, text: write.content }, existing, settings.overlap)
      if (finding !== null) return { path: located.path, finding }
    }
  } catch (error) {
    rt.diagnose('ieg.overlap_check_failed', { tool: exec.name, error: error instanceof Error ? error.message : String(error) }, exec.agent)
  }
  return null
}

function report(rt: IegRuntime, exec: Readonly<ToolExecution>, request: MutationRequest, decision: GateDecision, overlap: { path: string, finding: OverlapFinding } | null): void {
  const targets = request.writes.map(write => write.target ?? write.via)
  if (overlap !== null) rt.diagnose('ieg.document_overlap_flagged', { path: overlap.path, existing: overlap.finding.existing, signal: overlap.finding.signal }, exec.agent)
  if (decision.kind === 'allow') rt.diagnose('ieg.workspace_mutation_allowed', { tool: exec.name, targets }, exec.agent)
  else rt.diagnose('ieg.workspace_mutation_blocked', { tool: exec.name, targets, decision: decision.kind, rule: decision.rule, reason: decision.reason }, exec.agent)
  if (decision.rule === 'orientation-required' && decision.kind !== 'allow') rt.diagnose('ieg.orientation_required', { tool: exec.name }, exec.agent)
}

function askKey(exec: Readonly<ToolExecution>): string {
  return `${String(exec.agent?.session.id ?? '')}\u0000${String(exec.callId)}`
}

/**
 * Decide one call as the pre-execute listener does, recording diagnostics.
 * @param rt - the IEG runtime.
 * @param exec - the call.
 * @returns the decision, or null for a call the gate does not govern.
 */
export async function evaluateGate(rt: IegRuntime, exec: Readonly<ToolExecution>): Promise<GateDecision | null> {
  const request = classify(rt, exec)
  if (request === null) return null
  const facts = synchronousFacts(rt, exec, request)
  const overlap = facts.protectedHits.length === 0 && !facts.orientationMissing ? await overlapOf(rt, exec, request) : null
  const decision = decideMutation({ ...facts, overlap })
  report(rt, exec, request, decision, overlap)
  return decision
}

/**
 * Install the gate.
 * @param rt - the IEG runtime.
 */
export function installWorkspaceGate(rt: IegRuntime): void {
  const { ctx } = rt
  const askedReasons = new Map<string, string>()

  ctx.on('tools/pre-execute', async (exec, next) => {
    const decision = await evaluateGate(rt, exec)
    if (decision === null) return next()
    switch (decision.kind) {
      case 'allow': return next()
      case 'deny': return { kind: 'deny', reason: decision.reason }
      case 'ask':
        askedReasons.set(askKey(exec), decision.reason)
        return { kind: 'ask', reason: decision.reason }
    }
  })

  ctx.tools.guard((exec) => {
    const request = classify(rt, exec)
    if (request === null) return undefined
    const decision = decideMutation({ ...synchronousFacts(rt, exec, request), overlap: null })
    return decision.kind === 'deny' ? decision.reason : undefined
  })

  ctx.on('tools/post-execute', async (exec, result, next) => {
    const key = askKey(exec)
    const reason = askedReasons.get(key)
    askedReasons.delete(key)
    const downstream = await next()
    if (reason === undefined || !result.isError) return downstream
    return {
      kind: 'block',
      feedback: [...result.content, { type: 'text', text: `IEG asked for approval of this call because: ${reason}` }],
      ...(downstream.additionalContexts === undefined ? {} : { additionalContexts: downstream.additionalContexts }),
    }
  })
}
