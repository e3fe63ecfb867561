import type { Context } from '@deepseek-ai/cordis'

export declare const name: string
export declare const inject: string[]
/** One scripted answer. */
export type ScriptedUserAnswer = { option: string, text?: string } | { text: string } | { error: string }
/** Register the scripted question provider (see index.js for the script format). */
export declare function apply(ctx: Context, config?: { answers?: ScriptedUserAnswer[] }): void
