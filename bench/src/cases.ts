/**
 * The evidence-matrix cases. Adding a case is one entry in `GOVERNOR_CASES`,
 * `WEAK_CONTRACT_CASES`, `CODE_CASES`, `AUTHORING_CASES` or `IEG_CASES`: a trial generator (workspace, task, the scripted model's
 * plan and reactions, the expected governed outcome, and the seeded choices),
 * and an independent oracle that inspects only the workspace (running the
 * real tests of a code case) and the fixture tools' execution log.
 */
import type { BenchCase } from './case-kit.ts'
import { AUTHORING_CASES } from './authoring-cases.ts'
import { CODE_CASES } from './code-cases.ts'
import { GOVERNOR_CASES } from './governor-cases.ts'
import { IEG_CASES } from './ieg-cases.ts'
import { WEAK_CONTRACT_CASES } from './weak-contract-cases.ts'

export type { BenchCase, ExpectedOutcome, ToolLogEntry, Trial } from './case-kit.ts'
export { BENCH_SPEC } from './ieg-cases.ts'

/** Every case, in report order. */
export const CASES: readonly BenchCase[] = [...GOVERNOR_CASES, ...WEAK_CONTRACT_CASES, ...CODE_CASES, ...AUTHORING_CASES, ...IEG_CASES]
