/**
 * Seeded randomness and the scripted agent policy shared by every benchmark
 * case: the agent works through a planned list of turns, claims completion,
 * and reacts only to the structured data a model is sent (so every arm
 * behaves the same until the plugin intervenes).
 */
import type { ScriptedRequestView, ScriptedTurn, ScriptEntry } from '../../test/support/script.ts'

/** A reproducible random source (mulberry32). */
export type Random = () => number

/**
 * A seeded generator.
 * @param seed - 32-bit seed.
 */
export function seeded(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** One of the items, chosen by the random source. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

/** The final claim the policy makes when it believes it is done. */
export const CLAIM = 'DONE: the task is complete.'

let callCounter = 0
/** A tool call turn. */
export function act(name: string, args: Record<string, unknown> = {}): ScriptedTurn {
  callCounter += 1
  return { kind: 'tools', calls: [{ id: `bench_${callCounter}`, name, arguments: args }] }
}

/** A tool result as a transcript entry carries it. */
interface ToolResultView {
  readonly text: string
  /** Whether the call failed: the in-process block's flag; on the wire, whose tool messages carry no flag, the host's "Error" prefix. */
  readonly failed: boolean
}

/**
 * A tool result as a transcript shows it: the in-process adapter renders a
 * result block as JSON, the wire carries the text itself.
 * @param message - one transcript entry.
 */
export function toolResult(message: string): ToolResultView {
  try {
    const block = JSON.parse(message) as { type?: string, isError?: boolean, content?: Array<{ type: string, text?: string }> }
    if (block.type === 'tool-result' && Array.isArray(block.content)) return { text: block.content.map(part => part.text ?? '').join(''), failed: block.isError === true }
  } catch {
    // Not a rendered block: the wire's plain text.
  }
  return { text: message, failed: /^Error\b/.test(message) }
}

/** The text of a tool result as a transcript shows it. */
export function toolResultText(message: string): string {
  return toolResult(message).text
}

/** A failed check as the governor's status reports it. */
export interface FailedCheck {
  readonly checkId: string
  readonly evidence: string
  /** The failure cannot change anymore (its evidence is already in the log). */
  readonly final: boolean
}

/** How the model reacts to what it is told: only data it was sent, never the wording around it. */
export interface Reactions {
  /** Turns that repair the failed checks of the agent's own contract. */
  repair(failed: readonly FailedCheck[]): ScriptedTurn[]
  /** Turns of a repair aimed at the wrong thing; none (the agent believes it is done) by default. */
  misrepair?(failed: readonly FailedCheck[]): ScriptedTurn[]
  /** Turns after a refused tool call, given the error the tool returned; none by default. */
  refused?(error: string): ScriptedTurn[]
}

/** How often the agent errs where a case lets it. */
export interface Temperament {
  /** Chance of authoring the case's weak contract when it has one. */
  readonly weakContract: number
  /** Chance that a repair aims at the wrong thing. */
  readonly wrongRepair: number
  /** Chance of resubmitting the same contract after the user asked for a revision. */
  readonly ignoresFeedback: number
  /** Chance of claiming completion one planned step early, in a task with a contract. */
  readonly claimsEarly: number
}

/** The temperament every trial uses; the seed decides each occurrence. */
export const TEMPERAMENT: Temperament = { weakContract: 0.5, wrongRepair: 0.25, ignoresFeedback: 0.2, claimsEarly: 0.2 }

/** A contract as the agent opens it: the tool and its arguments. */
export interface Opening {
  readonly tool: 'reliability_begin' | 'reliability_begin_code'
  readonly args: Record<string, unknown>
}

/** The contracts the agent can author for a task. */
export interface Authoring {
  /** A contract whose checks establish everything the task asks. */
  readonly strong: Opening
  /** A contract that looks plausible but leaves part of the task unchecked. */
  readonly weak?: Opening
}

/** The plan step where the agent authors and opens its contract. */
export const AUTHOR = { kind: 'author' } as const

/** A planned turn, the authoring step, or a turn decided from the transcript (for example a tool result it must copy). */
export type PlanStep = ScriptedTurn | typeof AUTHOR | ((transcript: readonly string[]) => ScriptedTurn)

/** Everything the policy is given about a trial. */
export interface PolicyInput {
  readonly plan: readonly PlanStep[]
  readonly reactions: Reactions
  readonly authoring?: Authoring
}

/** A 32-bit FNV-1a hash of a text. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193)
  return value >>> 0
}

/**
 * Independent random streams of one trial, derived from the seed and the
 * case, so that a decision in one arm never shifts another and seeds do not
 * make the same choices in every case.
 */
function streams(seed: number, salt: string): { authoring: Random, repair: Random, feedback: Random, claim: Random } {
  const base = hash(`${salt}:${seed}`)
  return { authoring: seeded(base ^ 0x1), repair: seeded(base ^ 0x2), feedback: seeded(base ^ 0x3), claim: seeded(base ^ 0x4) }
}

/**
 * The random source of a trial's world (the case's seeded choices of defect),
 * derived from the seed and the case id like the agent's streams.
 * @param seed - the trial seed.
 * @param caseId - the case.
 */
export function worldRandom(seed: number, caseId: string): Random {
  return seeded(hash(`${caseId}:world:${seed}`))
}

/** The plan without its last planned tool call: the agent believes it is done one step early. */
function stoppedShort(plan: readonly PlanStep[]): PlanStep[] {
  const last = plan.findLastIndex(step => typeof step !== 'function' && step.kind === 'tools')
  return last < 0 ? [...plan] : [...plan.slice(0, last), ...plan.slice(last + 1)]
}

/** A JSON object from a tool result, or null for anything else. */
function jsonResult(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : null
  } catch {
    return null
  }
}

/** Failed checks of the latest attempt in a `reliability_status` result. */
function failedChecks(status: Record<string, unknown>): FailedCheck[] {
  const attempt = status['lastAttempt'] as { results?: Array<{ checkId: string, passed: boolean, evidence: string, final?: boolean }> } | null
  return (attempt?.results ?? []).filter(result => !result.passed).map(result => ({ checkId: result.checkId, evidence: result.evidence, final: result.final === true }))
}

/**
 * The model policy as a script. It works through its plan and then claims
 * completion. It reads only what a model is sent: after any message from the
 * user side (the task aside) it asks `reliability_status`, when offered, and
 * reacts to that structured state: a certification, an exhaustion, or failed
 * check ids to repair; a contract tool's structured review decision; a tool's
 * failure (a refused contract of its own is rewritten as the strong one,
 * once). Seeded temperament decides weak contracts, wrong repairs, ignored
 * feedback and claiming done a step early.
 * @param input - the trial's plan, reactions and authoring options.
 * @param seed - the trial seed.
 * @param salt - the case id, mixed into the seed.
 * @param temperament - error rates.
 * @param maxTurns - script length bound.
 */
export function policyScript(input: PolicyInput, seed: number, salt: string, temperament: Temperament = TEMPERAMENT, maxTurns = 40): ScriptEntry[] {
  const random = streams(seed, salt)
  const queue: PlanStep[] = input.authoring !== undefined && random.claim() < temperament.claimsEarly ? stoppedShort(input.plan) : [...input.plan]
  let authored: Opening | undefined
  let awaitingStatus = false
  let justAuthored = false
  const author = (opening: Opening): ScriptedTurn => {
    authored = opening
    return act(opening.tool, opening.args)
  }
  const afterStatus = (status: Record<string, unknown>): ScriptedTurn | null => {
    const terminal = status['terminal'] as { receipt?: string } | null
    switch (status['phase']) {
      case 'certified': return { kind: 'text', text: `${CLAIM} Certified: ${terminal?.receipt ?? ''}` }
      case 'exhausted': return { kind: 'text', text: 'NOT DONE: the checks still fail.' }
      case 'abstained': return { kind: 'text', text: 'NOT DONE: this needs a human.' }
      case 'active': {
        const failed = failedChecks(status)
        if (failed.length > 0) queue.push(...(random.repair() < temperament.wrongRepair ? input.reactions.misrepair?.(failed) ?? [] : input.reactions.repair(failed)))
        return null
      }
      default: return null
    }
  }
  const afterReview = (review: { decision?: unknown }): PlanStep[] => {
    switch (review.decision) {
      case 'revised': {
        const strong = input.authoring?.strong
        if (strong === undefined || authored === undefined) return []
        return [author(random.feedback() < temperament.ignoresFeedback ? authored : strong)]
      }
      case 'rejected': return [{ kind: 'text', text: 'NOT DONE: the user rejected the contract; I will ask how to proceed.' }]
      case 'cancelled':
      case 'unavailable': return [{ kind: 'text', text: 'NOT DONE: the contract could not be reviewed.' }]
      default: return []
    }
  }
  const next = (view: ScriptedRequestView): ScriptedTurn => {
    const turn = respond(view)
    justAuthored = turn.kind === 'tools' && turn.calls.some(call => call.name === authored?.tool && call.arguments === authored.args)
    return turn
  }
  const respond = (view: ScriptedRequestView): ScriptedTurn => {
    const role = view.roles.at(-1)
    if (role === 'tool') {
      const { text: result, failed } = toolResult(view.transcript.at(-1) ?? '')
      const json = jsonResult(result)
      if (awaitingStatus) {
        awaitingStatus = false
        const reply = json === null ? null : afterStatus(json)
        if (reply !== null) return reply
      } else if (failed && justAuthored && authored !== input.authoring?.strong && input.authoring !== undefined) {
        queue.unshift(author(input.authoring.strong))
      } else if (failed) {
        queue.unshift(...(input.reactions.refused?.(result) ?? []))
      } else if (json !== null && json['contract_id'] === null && typeof json['review'] === 'object' && json['review'] !== null) {
        queue.unshift(...afterReview(json['review'] as { decision?: unknown }))
      }
    } else if (role === 'user' && view.index > 0 && view.tools.includes('reliability_status')) {
      awaitingStatus = true
      return act('reliability_status')
    }
    return planned(view)
  }
  const offered = (view: ScriptedRequestView, turn: ScriptedTurn): boolean => turn.kind === 'text' || turn.calls.every(call => view.tools.includes(call.name))
  /** The next planned turn the request can take: a planned call of a tool the request does not offer is left out, as a model would. */
  const planned = (view: ScriptedRequestView): ScriptedTurn => {
    for (;;) {
      const step = queue.shift() ?? { kind: 'text', text: CLAIM }
      if (typeof step === 'function') {
        const decided = step(view.transcript)
        if (offered(view, decided)) return decided
        continue
      }
      if (step.kind !== 'author') {
        if (offered(view, step)) return step
        continue
      }
      const authoring = input.authoring
      if (authoring === undefined) throw new Error('the plan authors a contract but the trial declares none')
      const choice = authoring.weak !== undefined && random.authoring() < temperament.weakContract ? authoring.weak : authoring.strong
      if (view.tools.includes(choice.tool)) return author(choice)
    }
  }
  return Array.from({ length: maxTurns }, () => (view: ScriptedRequestView) => next(view))
}
