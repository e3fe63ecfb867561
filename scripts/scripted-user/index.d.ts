import type { Context } from '@deepseek-ai/cordis'

export declare const name: string
export declare const inject: string[]
/** One scripted answer. */
export type ScriptedUserAnswer = { option: string, text?: string } | { text: string } | { error: string }
/** Register the scripted question provider (see index.js for the script format). */
/** A question as the user-questions service asks it. */
export interface ScriptedQuestion { readonly id: string, readonly question: string, readonly detail?: string }
export declare function apply(ctx: Context, config?: { answers?: ScriptedUserAnswer[], judge?: (question: ScriptedQuestion) => ScriptedUserAnswer }): void
