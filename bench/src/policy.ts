/**
 * Seeded randomness and the scripted model policy shared by every benchmark
 * case: the model works through a planned list of turns, claims completion,
 * and reacts to the governor only when steered (so both arms behave the same
 * until the plugin intervenes).
 */
import type { ScriptedTurn, ScriptEntry } from '../../test/support/script.ts'

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

/** A planned turn, or one decided from what the model was sent (for example a tool result it must copy). */
export type PlanStep = ScriptedTurn | ((transcript: readonly string[]) => ScriptedTurn)

/**
 * The text of a tool result as a transcript shows it: the in-process adapter
 * renders a result block as JSON, the wire carries the text itself.
 * @param message - one transcript entry.
 */
export function toolResultText(message: string): string {
  try {
    const block = JSON.parse(message) as { type?: string, content?: Array<{ type: string, text?: string }> }
    if (block.type === 'tool-result' && Array.isArray(block.content)) return block.content.map(part => part.text ?? '').join('')
  } catch {
    // Not a rendered block: the wire's plain text.
  }
  return message
}

/** How the model reacts to what it is told. */
export interface Reactions {
  /** Turns after a repair steer (the failed evidence is in `steer`). */
  repair(steer: string): ScriptedTurn[]
  /** Turns after a refused tool call, given the refusal text; none by default. */
  refused?(result: string): ScriptedTurn[]
  /** Turns after a contract review that opened no contract (revised, rejected), given the tool result; none by default. */
  reviewed?(result: string): ScriptedTurn[]
}

/**
 * The model policy as a script: planned turns, then claims; governor steers
 * trigger the repair reaction, certification and exhaustion replies.
 * @param plan - turns before the first claim.
 * @param reactions - what the model does when steered.
 * @param maxTurns - script length bound.
 */
export function policyScript(plan: readonly PlanStep[], reactions: Reactions, maxTurns = 40): ScriptEntry[] {
  const queue: PlanStep[] = [...plan]
  const next = (transcript: readonly string[]): ScriptedTurn => {
    const last = transcript.at(-1) ?? ''
    if (last.includes('Evidence contract contract-')) {
      if (last.includes('Certification receipt:')) return { kind: 'text', text: `${CLAIM} Certified.` }
      if (last.includes('Do not claim the task is complete')) return { kind: 'text', text: 'NOT DONE: the checks still fail.' }
      if (last.includes('not satisfied')) queue.push(...reactions.repair(last))
    } else if (last.includes('Error: ') && reactions.refused !== undefined) {
      queue.unshift(...reactions.refused(last))
    } else if (last.includes('No contract was opened') && reactions.reviewed !== undefined) {
      queue.unshift(...reactions.reviewed(last))
    }
    const step = queue.shift() ?? { kind: 'text', text: CLAIM }
    return typeof step === 'function' ? step(transcript) : step
  }
  return Array.from({ length: maxTurns }, () => ({ transcript }: { transcript: readonly string[] }) => next(transcript))
}
