/**
 * Tool-call classification when the arguments are not an object: a call
 * whose arguments arrive as bare text carries no keys, even one a string
 * could be indexed by, so it names no target, content or command.
 */
import { describe, expect, it } from 'vitest'
import { IegSchema } from '../../src/ieg/config.ts'
import { classifyToolCall, type ClassifierSettings } from '../../src/ieg/workspace/classify-call.ts'

const defaults = IegSchema({} as never).workspace
/** Tools whose keys are indices, which a string argument would answer if it were read as an object. */
const indexed: ClassifierSettings = {
  ...defaults,
  mutatingTools: [{ name: 'write', targetKeys: ['0'], readOnlyKey: '1', readOnlyValues: ['v'] }],
  shellTools: [{ name: 'bash', commandKey: '0', workdirKey: '1', persistent: false }],
}

describe('arguments that are not an object', () => {
  it('a file tool called with text names no target', () => {
    expect(classifyToolCall('write', 'ab', indexed)).toEqual({ kind: 'file-tool', tool: 'write', writes: [{ path: null, content: null }] })
  })

  it('a file tool called with text is not read-only by an indexed character', () => {
    expect(classifyToolCall('write', 'xv', indexed)).toEqual({ kind: 'file-tool', tool: 'write', writes: [{ path: null, content: null }] })
  })

  it('a shell tool called with text runs no command in no working directory', () => {
    expect(classifyToolCall('bash', 'rm', indexed)).toEqual({ kind: 'shell', tool: 'bash', command: '', workdir: null, persistent: false })
  })
})
