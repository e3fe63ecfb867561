/** Host adapter: evaluate an agent's active contract against its workspace and session. */
import type { Agent } from '@deepseek-ai/dsh-agent'
import type { HostFs } from '../../kernel/host/host-fs.js'
import type { OutcomeMemo, WorkspacePort } from '../checks/evidence.js'
import { createOutcomeMemo } from '../checks/outcome-memo.js'
import { evaluateChecks } from '../checks/evaluate.js'
import type { ReliabilityConfig } from '../config.js'
import type { CheckResultRecord, ContractRecord } from '../contract/records.js'
import { workspacePort } from './workspace-port.js'
import { secretFileMatcher } from '../checks/secrets.js'
import { sealProfiles } from '../verification/profiles.js'

const NO_WORKSPACE: WorkspacePort = {
  inspect: async () => ({ kind: 'refused', reason: 'the session records no workspace directory' }),
  readText: async () => ({ kind: 'refused', reason: 'the session records no workspace directory' }),
  readUtf8: async () => ({ kind: 'refused', reason: 'the session records no workspace directory' }),
  entry: async () => ({ kind: 'refused', reason: 'the session records no workspace directory' }),
  fingerprint: async () => null,
}

/** Each session's memo, for its current contract only: at most one outcome per check. */
const memos = new WeakMap<object, { readonly contractId: string, readonly memo: OutcomeMemo }>()

function memoFor(session: object, contractId: string): OutcomeMemo {
  const known = memos.get(session)
  if (known?.contractId === contractId) return known.memo
  const memo = createOutcomeMemo()
  memos.set(session, { contractId, memo })
  return memo
}

/**
 * Run every check of a contract.
 * @param fs - the host filesystem.
 * @param agent - the agent whose session and workspace are evidence.
 * @param contract - the active contract.
 * @param config - row configuration.
 * @param governorTools - the governor's own tool names.
 * @param signal - cancels file reads.
 */
export function evaluateContract(fs: HostFs, agent: Agent, contract: ContractRecord, config: ReliabilityConfig, governorTools: ReadonlySet<string>, signal?: AbortSignal): Promise<CheckResultRecord[]> {
  const cwd = agent.session.header.cwd
  const port = cwd === undefined ? undefined : workspacePort(fs, cwd, { maxFileBytes: config.maxFileBytes, maxAttemptBytes: config.evidence.maxAttemptBytes, maxConcurrentReads: config.evidence.maxConcurrentReads }, signal)
  const secret = secretFileMatcher(config.evidence.secretFiles)
  return evaluateChecks(contract.checks, {
    workspace: port ?? NO_WORKSPACE,
    events: agent.session.events,
    startedAtSeq: contract.startedAtSeq,
    governorTools,
    // A link with an innocent name is judged by the file it reaches.
    isSecret: path => secret(path) || secret(port?.resolvedPath(path) ?? path),
    verifierReceipts: new Map(sealProfiles(config.codeVerificationProfiles).map(profile => [profile.id, profile.receipt])),
    outcomes: memoFor(agent.session, contract.contractId),
  })
}
