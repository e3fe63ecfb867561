import { describe, expect, it } from 'vitest'
import { classifyShellCommand } from '../../src/ieg/workspace/shell-classify.ts'
import { READ_ONLY_COMMANDS, WRITE_COMMANDS } from '../fixtures/shell-corpus.ts'

describe('shell command classification', () => {
  it('has a corpus of at least 80 commands', () => {
    expect(READ_ONLY_COMMANDS.length + WRITE_COMMANDS.length).toBeGreaterThanOrEqual(80)
  })

  it.each(READ_ONLY_COMMANDS)('read-only: %s', (command) => {
    expect(classifyShellCommand(command)).toEqual([])
  })

  it.each(WRITE_COMMANDS)('writes: %s', (command, target) => {
    const writes = classifyShellCommand(command)
    expect(writes.length, JSON.stringify(writes)).toBeGreaterThan(0)
    expect(writes.map(write => write.target)).toContain(target)
  })
})
