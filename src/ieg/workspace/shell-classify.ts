/**
 * Classify a shell command line as read-only or as persistent workspace writes,
 * from its text alone. Conservative in one direction: only commands whose
 * write is visible on the command line count (redirections, file utilities,
 * in-place editors, working-tree git commands); build tools and interpreters
 * running code are not analysed. Pure.
 */
import { lexShell, type ShellToken } from './shell-words.js'

/** One write the command would perform. */
export interface ShellWrite {
  /** The command or redirection that writes, e.g. `rm`, `sed -i`, `redirection >`. */
  readonly via: string
  /** The written path as written on the command line, or null when not named. */
  readonly target: string | null
}

const DISCARD_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty'])
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh'])
/** Commands that run the rest of the line as another command, with the flags that take a value. */
const WRAPPERS: Record<string, ReadonlySet<string>> = {
  sudo: new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U']),
  env: new Set(['-u', '-C', '-S']),
  nohup: new Set(),
  time: new Set(['-f', '-o']),
  nice: new Set(['-n']),
  ionice: new Set(['-c', '-n']),
  command: new Set(),
  exec: new Set(['-a']),
  timeout: new Set(['-s', '-k']),
  xargs: new Set(['-I', '-n', '-P', '-L', '-d', '-E', '-s', '-a']),
  stdbuf: new Set(['-i', '-o', '-e']),
  doas: new Set(['-u']),
}
const DELETE_OR_TOUCH = new Set(['rm', 'rmdir', 'unlink', 'shred', 'touch', 'mkdir', 'truncate', 'tee', 'mkfifo'])
const MODE_FIRST = new Set(['chmod', 'chown', 'chgrp'])
const COPY_TO_LAST = new Set(['cp', 'ln', 'install', 'rsync', 'scp'])
const GIT_WRITES = new Set(['rm', 'mv', 'clean', 'restore', 'checkout', 'switch', 'apply', 'stash', 'pull', 'merge', 'rebase', 'cherry-pick', 'revert', 'am'])
const MAX_DEPTH = 3

function basename(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1)
}

function isAssignment(token: ShellToken): boolean {
  return token.kind === 'word' && !token.quoted && /^[A-Za-z_][A-Za-z0-9_]*=/.test(token.text)
}

function operands(words: readonly string[]): string[] {
  const out: string[] = []
  let afterDoubleDash = false
  for (const word of words) {
    if (!afterDoubleDash && word === '--') {
      afterDoubleDash = true
      continue
    }
    if (!afterDoubleDash && word.startsWith('-') && word !== '-') continue
    out.push(word)
  }
  return out
}

function stripWrappers(words: string[]): string[] {
  let rest = words
  for (;;) {
    const head = rest[0]
    if (head === undefined) return rest
    const name = basename(head)
    const valued = WRAPPERS[name]
    if (valued === undefined) return rest
    let i = 1
    while (i < rest.length) {
      const word = rest[i] as string
      if (name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) i += 1
      else if (word.startsWith('-')) i += valued.has(word) ? 2 : 1
      else if (name === 'timeout' && /^\d/.test(word)) i += 1
      else if (name === 'nice' && /^-?\d+$/.test(word)) i += 1
      else break
    }
    rest = rest.slice(i)
  }
}

function inPlaceFlag(words: readonly string[]): boolean {
  return words.some(word => word === '--in-place' || word.startsWith('--in-place=') || /^-[a-zA-Z]*i/.test(word))
}

function commandWrites(words: string[], depth: number): ShellWrite[] {
  const rest = stripWrappers(words)
  const head = rest[0]
  if (head === undefined) return []
  const name = basename(head)
  const args = rest.slice(1)
  if (SHELLS.has(name)) {
    const flag = args.findIndex(word => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(word))
    const script = flag < 0 ? undefined : args[flag + 1]
    if (script === undefined || depth >= MAX_DEPTH) return []
    return classifyAt(script, depth + 1).map(write => ({ via: `${name} -c: ${write.via}`, target: write.target }))
  }
  if (DELETE_OR_TOUCH.has(name)) return targetsOrUnknown(name, operands(args))
  if (MODE_FIRST.has(name)) return targetsOrUnknown(name, operands(args).slice(1))
  if (name === 'mv') return targetsOrUnknown(name, operands(args))
  if (COPY_TO_LAST.has(name)) {
    const named = args.findIndex(word => word === '-t' || word === '--target-directory')
    if (named >= 0 && args[named + 1] !== undefined) return [{ via: name, target: args[named + 1] as string }]
    const files = operands(args)
    return [{ via: name, target: files.length >= 2 ? files.at(-1) as string : null }]
  }
  if (name === 'dd') {
    const output = args.find(word => word.startsWith('of='))
    return output === undefined ? [] : [{ via: 'dd', target: output.slice(3) }]
  }
  if ((name === 'sed' || name === 'perl') && inPlaceFlag(args)) {
    const files = operands(args)
    const scriptGiven = args.includes('-e') || args.includes('--expression')
    const targets = scriptGiven ? files : files.slice(1)
    return targetsOrUnknown(`${name} -i`, targets)
  }
  if (name === 'git') return gitWrites(args)
  if (name === 'curl') return optionTargets('curl', args, ['-o', '--output'])
  if (name === 'wget') return optionTargets('wget', args, ['-O', '--output-document'])
  if (name === 'patch') return [{ via: 'patch', target: null }]
  if (name === 'unzip') return args.some(word => /^-[ltvZ]/.test(word)) ? [] : [{ via: 'unzip', target: null }]
  if (name === 'tar' && (args.some(word => word === '--extract' || word === '--get') || /^-?[a-zA-Z]*x/.test(args[0] ?? ''))) return [{ via: 'tar extract', target: null }]
  return []
}

function targetsOrUnknown(via: string, targets: readonly string[]): ShellWrite[] {
  return targets.length === 0 ? [{ via, target: null }] : targets.map(target => ({ via, target }))
}

function optionTargets(via: string, args: readonly string[], options: readonly string[]): ShellWrite[] {
  const writes: ShellWrite[] = []
  args.forEach((word, index) => {
    if (options.includes(word) && args[index + 1] !== undefined && args[index + 1] !== '-') writes.push({ via, target: args[index + 1] as string })
  })
  return writes
}

function gitWrites(args: readonly string[]): ShellWrite[] {
  let index = 0
  while (index < args.length && (args[index] as string).startsWith('-')) index += args[index] === '-C' || args[index] === '-c' ? 2 : 1
  const sub = args[index]
  if (sub === undefined) return []
  if (sub === 'reset') return args.includes('--hard') ? [{ via: 'git reset --hard', target: null }] : []
  if (sub === 'stash' && ['list', 'show'].includes(args[index + 1] ?? '')) return []
  if (!GIT_WRITES.has(sub)) return []
  const files = operands(args.slice(index + 1))
  return sub === 'rm' || sub === 'mv' || sub === 'restore' ? targetsOrUnknown(`git ${sub}`, files) : [{ via: `git ${sub}`, target: null }]
}

function classifyAt(command: string, depth: number): ShellWrite[] {
  const writes: ShellWrite[] = []
  let words: string[] = []
  let atCommandStart = true
  const tokens = lexShell(command)
  const endCommand = (): void => {
    writes.push(...commandWrites(words, depth))
    words = []
    atCommandStart = true
  }
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as ShellToken
    if (token.kind === 'separator') {
      endCommand()
      continue
    }
    if (token.kind === 'redirect') {
      const next = tokens[i + 1]
      const target = next?.kind === 'word' ? next.text : undefined
      if (target !== undefined) i += 1
      const writesOut = token.text.includes('>') || token.text.endsWith('<>')
      const duplicates = /(?:>&|<&)$/.test(token.text) && target !== undefined && /^(\d+|-)$/.test(target)
      if (writesOut && !duplicates && target !== undefined && !DISCARD_TARGETS.has(target)) writes.push({ via: `redirection ${token.text}`, target })
      continue
    }
    if (atCommandStart && isAssignment(token)) continue
    atCommandStart = false
    words.push(token.text)
  }
  endCommand()
  return writes
}

/**
 * The writes a shell command line would perform.
 * @param command - the command text given to a shell tool.
 * @returns the writes; empty for a read-only command.
 */
export function classifyShellCommand(command: string): ShellWrite[] {
  return classifyAt(command, 0)
}
