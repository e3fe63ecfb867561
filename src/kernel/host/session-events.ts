/**
 * Host adapter for the event vocabulary: merges the payload types into the
 * host's `SessionEventMap` and registers the types with the session reader's
 * catalog when this module is first imported. Any process that imports either
 * row plugin can therefore load sessions the bundle wrote. Registration is
 * process-lifetime on purpose: removing it could make a persisted session
 * unreadable in the same process.
 */
import * as session from '@deepseek-ai/dsh-session'
import { registerEventTypes, type GovernanceEventMap } from '../events.js'

declare module '@deepseek-ai/dsh-session/types' {
  interface SessionEventMap extends GovernanceEventMap {}
}

const catalog: unknown = (session as Record<string, unknown>)['KNOWN_SESSION_EVENT_TYPES']
registerEventTypes(catalog, '@deepseek-ai/dsh-session KNOWN_SESSION_EVENT_TYPES')
