/**
 * One projection unit definition that registers on both host projection
 * shapes: rc.8 (`schema`, `view`, read through `snapshot().values[key]`) and
 * 0.1.1-rc.2 (`stateSchema`, `wire`, read through `stateOf(session, key)`).
 * The view is the state itself, so both read paths return the folded state.
 */
import { z } from 'zod'

/** A committed session event as the fold sees it. */
export interface FoldEvent {
  readonly type: string
  readonly seq: number
  readonly data: unknown
}

/** The pure part a capability supplies: a fold over session events. */
export interface FoldSpec<S, K extends string = string> {
  readonly key: K
  /** Bump whenever the state fields or fold semantics change. */
  readonly stateVersion: number
  init(): S
  /** Must return the same reference for events the fold ignores. */
  apply(state: S, event: FoldEvent): S
  /** Structural guard for persisted or served state. */
  isState(value: unknown): value is S
}

/** The host-facing unit carrying both definition field sets. */
export interface DualProjectionUnit<S, K extends string> {
  readonly key: K
  readonly stateVersion: number
  readonly schema: z.ZodType<S>
  readonly stateSchema: z.ZodType<S>
  readonly wire: { readonly viewSchema: z.ZodType<S>, view(state: S): S }
  init(): S
  apply(state: S, event: FoldEvent): S
  view(state: S): S
}

/**
 * Build a unit that both host projection registries accept.
 * @param spec - the capability's fold.
 * @returns the definition object to pass to `sessionProjections.register`.
 */
export function dualProjectionUnit<S, K extends string>(spec: FoldSpec<S, K>): DualProjectionUnit<S, K> {
  const schema = z.custom<S>(value => spec.isState(value), { message: `invalid ${spec.key} projection state` })
  const view = (state: S): S => state
  return {
    key: spec.key,
    stateVersion: spec.stateVersion,
    schema,
    stateSchema: schema,
    wire: { viewSchema: schema, view },
    init: () => spec.init(),
    apply: (state, event) => spec.apply(state, event),
    view,
  }
}

/** The read faces of both registry versions, structurally. */
export interface ProjectionReader<Session> {
  stateOf?(session: Session, key: never): unknown
  snapshot(session: Session): { readonly values: object }
}

/** Folded states already read, per session and fold, with the log length they reflect. */
const readStates = new WeakMap<object, Map<FoldSpec<unknown>, { readonly seq: number, readonly value: unknown }>>()

function logLength(session: unknown): number | null {
  const seq = typeof session === 'object' && session !== null ? (session as { seq?: unknown }).seq : undefined
  return typeof seq === 'number' ? seq : null
}

/**
 * Read a unit's folded state for a session from either registry version.
 * A fold is a function of the log, so a state read at one log length
 * (`session.seq`) is served again until the session appends.
 * @param registry - `ctx.sessionProjections`.
 * @param session - the session to read.
 * @param spec - the unit's fold (its key and state guard).
 * @returns the folded state.
 * @throws Error when the unit is not registered or the state fails its guard.
 */
export function readProjectionState<S, Session>(registry: ProjectionReader<Session>, session: Session, spec: FoldSpec<S>): S {
  const seq = logLength(session)
  const known = seq === null ? undefined : readStates.get(session as object)?.get(spec as FoldSpec<unknown>)
  if (known !== undefined && known.seq === seq) return known.value as S
  const value: unknown = typeof registry.stateOf === 'function'
    ? (registry.stateOf as (s: Session, k: string) => unknown)(session, spec.key)
    : (registry.snapshot(session).values as Record<string, unknown>)[spec.key]
  if (value === undefined) throw new Error(`dsh-governance: projection "${spec.key}" is not registered`)
  if (!spec.isState(value)) throw new Error(`dsh-governance: projection "${spec.key}" holds an invalid state`)
  if (seq !== null) {
    const states = readStates.get(session as object) ?? new Map<FoldSpec<unknown>, { seq: number, value: unknown }>()
    states.set(spec as FoldSpec<unknown>, { seq, value })
    readStates.set(session as object, states)
  }
  return value
}
