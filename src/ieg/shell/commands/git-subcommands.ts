/**
 * git subcommands by effect: which read, which only list, which write
 * history, the working tree, named files, or run programs. Options are read
 * the way git's option parser reads them (clusters, separate values, unique
 * prefixes of long options that run programs). Pure.
 */
import { hasOption, optionValues, parseArgs } from '../argv.js'
import { concat, joinPattern, lit, literalOf, type Atom, type Pattern } from '../pattern.js'
import { controlSection, controlSetting } from './git-settings.js'
import { opaqueCall, type CommandCall, type CommandSink } from './types.js'

const READERS = new Set(['status', 'log', 'show', 'blame', 'annotate', 'ls-files', 'ls-tree', 'ls-remote', 'rev-parse', 'rev-list', 'describe', 'shortlog', 'cat-file', 'name-rev', 'for-each-ref', 'merge-base', 'count-objects', 'fsck', 'whatchanged', 'var', 'check-ignore', 'check-attr', 'check-mailmap', 'check-ref-format', 'show-ref', 'show-branch', 'diff-tree', 'diff-files', 'diff-index', 'range-diff', 'cherry', 'verify-commit', 'verify-tag', 'verify-pack', 'help', 'version', 'get-tar-commit-id', 'column', 'request-pull', 'diff', 'grep'])
/** Subcommands that write only history (init, stash and bisect are read apart, as they also touch the working tree). */
const HISTORY = new Set(['add', 'commit', 'fetch', 'push', 'update-ref', 'update-index', 'gc', 'prune', 'repack', 'pack-refs', 'commit-tree', 'mktag', 'mktree', 'write-tree', 'replace', 'rerere', 'unpack-objects', 'index-pack', 'fast-import', 'prune-packed', 'commit-graph', 'multi-pack-index', 'tag', 'branch', 'notes', 'reflog', 'remote', 'symbolic-ref', 'hash-object', 'reset', 'submodule', 'maintenance', 'worktree', 'bundle', 'apply'])
const WORKTREE = new Set(['checkout', 'switch', 'restore', 'clean', 'am', 'merge', 'rebase', 'cherry-pick', 'revert', 'pull', 'checkout-index', 'read-tree', 'sparse-checkout'])
const RUNS_PROGRAMS = new Set(['difftool', 'mergetool', 'send-email', 'daemon', 'instaweb', 'web--browse', 'filter-branch', 'p4', 'svn', 'cvsimport', 'cvsexportcommit', 'cvsserver', 'quiltimport', 'shell', 'upload-pack', 'receive-pack', 'credential', 'credential-store', 'credential-cache', 'remote-ext', 'archimport', 'gui', 'citool', 'gitk'])
/** How a subcommand's arguments ask for a report only: `--dry-run`, and `-n` where `shortDryRun`. */
interface DryRunRule {
  readonly shortDryRun: boolean
  /** Short options whose value may be `-n` (`commit -m -n`). */
  readonly valued: string
  /** An option with which git ignores the dry run (`add -e -n` stages), as its letter and long name. */
  readonly ignoredBy: { readonly letter: string, readonly name: string } | null
}
/** Subcommands whose `-n`/`--dry-run` only reports. */
const DRY_RUNS: Record<string, DryRunRule> = {
  clean: { shortDryRun: true, valued: 'e', ignoredBy: null },
  rm: { shortDryRun: true, valued: '', ignoredBy: null },
  add: { shortDryRun: true, valued: '', ignoredBy: { letter: 'e', name: '--edit' } },
  mv: { shortDryRun: true, valued: '', ignoredBy: null },
  commit: { shortDryRun: false, valued: 'mFCct', ignoredBy: null },
  fetch: { shortDryRun: false, valued: 'oj', ignoredBy: null },
  push: { shortDryRun: true, valued: 'o', ignoredBy: null },
}

/**
 * Whether the arguments ask for a dry run before `--`: the last of
 * `-n`/`--dry-run` and `--no-dry-run` (any unique prefix, from `--dr` and
 * `--no-dr`) decides, reading each valued option's value as a value. A `-n`
 * right after a long option without `=` may be that option's value (git
 * takes a unique prefix of a valued option), so it does not count. The
 * rule's `ignoredBy` option anywhere before `--` cancels the dry run.
 */
function asksDryRun(texts: readonly string[], rule: DryRunRule): boolean {
  let dry = false
  let ignored = false
  for (let i = 0; i < texts.length; i += 1) {
    const arg = texts[i] as string
    if (arg === '--') break
    if (rule.ignoredBy !== null && (longOption(arg, rule.ignoredBy.name) || (/^-[a-zA-Z]/.test(arg) && arg.includes(rule.ignoredBy.letter)))) ignored = true
    if (arg.length >= 4 && '--dry-run'.startsWith(arg)) dry = true
    else if (arg.length >= 7 && '--no-dry-run'.startsWith(arg)) dry = false
    else if (/^--[^=]+$/.test(arg)) i += 1
    if (!/^-[a-zA-Z]/.test(arg)) continue
    for (let j = 1; j < arg.length; j += 1) {
      const letter = arg[j] as string
      if (letter === 'n' && rule.shortDryRun) dry = true
      if (rule.valued.includes(letter)) {
        if (j === arg.length - 1) i += 1
        break
      }
    }
  }
  return dry && !ignored
}

/** Long options of `git config`, so that git's unique prefixes (`--unset-a`) read as the option they abbreviate. */
const CONFIG_FLAGS = ['global', 'system', 'local', 'worktree', 'fixed-value', 'get', 'get-all', 'get-regexp', 'get-urlmatch', 'replace-all', 'add', 'unset', 'unset-all', 'rename-section', 'remove-section', 'list', 'edit', 'get-color', 'get-colorbool', 'bool', 'int', 'bool-or-int', 'bool-or-str', 'path', 'expiry-date', 'no-type', 'null', 'name-only', 'includes', 'no-includes', 'show-origin', 'show-scope']

/** Letters of a git pathspec that git matches itself, as a glob. */
const PATHSPEC_GLOB = /[*?[]/

/**
 * A pathspec as the paths it may name: git expands glob characters itself
 * (quoted or not), and magic (`:(glob)`, `:!`) may name any path.
 */
function pathspec(path: Pattern): Pattern {
  const text = literalOf(path)
  if (text === null) return path
  if (text.startsWith(':')) return [{ t: 'any' }]
  if (!PATHSPEC_GLOB.test(text)) return path
  const atoms: Atom[] = []
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string
    const close = ch === '[' ? text.indexOf(']', i + 2) : -1
    if (ch === '*') atoms.push({ t: 'star' })
    else if (ch === '?') atoms.push({ t: 'qmark' })
    else if (close > i) {
      atoms.push({ t: 'class', body: text.slice(i + 1, close) })
      i = close
    } else atoms.push({ t: 'lit', s: ch })
  }
  return concat(atoms)
}

/**
 * Whether `text` may be the long option `full`: the option or any prefix of
 * it, with or without `=value`. git takes a unique prefix as the option and
 * refuses an ambiguous one, so reading every prefix as `full` only
 * over-reports calls git would refuse.
 */
function longOption(text: string, full: string): boolean {
  const end = text.indexOf('=')
  const name = end < 0 ? text : text.slice(0, end)
  return name.length >= 3 && full.startsWith(name)
}

/** Whether a long flag ends up on: the last of `--NAME` and `--no-NAME` (each at any prefix of three characters or more) before `--` decides. */
function flagOn(texts: readonly string[], name: string): boolean {
  let on = false
  for (const text of texts) {
    if (text === '--') break
    if (longOption(text, `--${name}`)) on = true
    else if (longOption(text, `--no-${name}`)) on = false
  }
  return on
}

/** The first word that is not an option (or an option's value), for subcommands with their own verbs; none after `--`, where operands begin. */
function verb(texts: readonly string[], valued: readonly string[] = []): string | undefined {
  for (let i = 0; i < texts.length; i += 1) {
    const text = texts[i] as string
    if (text === '--') return undefined
    if (valued.includes(text)) i += 1
    else if (!text.startsWith('-')) return text
  }
  return undefined
}

function isBranchListing(texts: readonly string[]): boolean {
  // `--abbrev`, `--color` and `--column` take a value only as `--name=value`.
  const valued = ['--format', '--sort', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']
  const listing = ['--list', '-l', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--show-current']
  const operands: string[] = []
  for (let i = 0; i < texts.length; i += 1) {
    const text = texts[i] as string
    if (valued.includes(text)) i += 1
    else if (/^-[arvlq]+$/.test(text) || /^--(all|remotes|list|show-current|verbose|quiet|no-column|no-color|ignore-case|omit-empty|(format|sort|contains|no-contains|merged|no-merged|points-at|abbrev|color|column)=.*)$/.test(text)) continue
    else if (text.startsWith('-')) return false
    else operands.push(text)
  }
  return operands.length === 0 || texts.some(text => listing.includes(text.split('=')[0] ?? '') || /^-[arvq]*l/.test(text))
}

/** Listing forms of subcommands that otherwise write history. */
function isListing(sub: string, texts: readonly string[]): boolean {
  switch (sub) {
    case 'tag': return texts.length === 0 || texts.some(arg => ['-l', '--list', '-v', '--verify', '--contains', '--points-at', '--merged', '--no-merged'].includes(arg)) || texts.every(arg => arg.startsWith('-n') || arg.startsWith('--sort') || arg.startsWith('--format') || arg === '--column')
    case 'branch': return isBranchListing(texts)
    case 'remote': return ['show', 'get-url', undefined].includes(verb(texts)) && texts.every(arg => !arg.startsWith('-') || /^(-v+|--verbose|-n|--push|--all)$/.test(arg))
    case 'reflog': return !texts.some(arg => ['expire', 'delete', 'drop'].includes(arg))
    case 'notes': return ['list', 'show', 'get-ref', undefined].includes(verb(texts, ['--ref']))
    case 'stash': return ['list', 'show'].includes(verb(texts) ?? '')
    case 'worktree': return verb(texts) === 'list'
    case 'submodule': return ['status', 'summary', undefined].includes(verb(texts))
    case 'sparse-checkout': return verb(texts) === 'list'
    case 'symbolic-ref': return texts.filter(arg => !arg.startsWith('-')).length <= 1 && !texts.includes('-d') && !texts.includes('--delete')
    case 'hash-object': return !texts.some(arg => /^-[a-zA-Z]*w/.test(arg))
    case 'bisect': return ['log', 'visualize', 'view', 'terms'].includes(texts[0] ?? '')
    case 'bundle': return ['verify', 'list-heads'].includes(texts[0] ?? '')
    case 'apply': return texts.some(arg => ['--check', '--stat', '--numstat', '--summary'].includes(arg)) && !flagOn(texts, 'apply')
    case 'merge-tree': return texts.includes('--trivial-merge') || (!texts.includes('--write-tree') && texts.filter(arg => !arg.startsWith('-')).length === 3)
    default: {
      const dryRun = DRY_RUNS[sub]
      return dryRun !== undefined && asksDryRun(texts, dryRun)
    }
  }
}

/** Subcommands that reach a remote, where `--exec` names the program run there. */
const REMOTE_SUBCOMMANDS = new Set(['ls-remote', 'fetch', 'pull', 'push', 'clone', 'archive'])
/** Where `-u` is `--upload-pack` (for `push` it sets the upstream, for `fetch` it allows updating HEAD). */
const UPLOAD_PACK_LETTER = new Set(['clone', 'ls-remote'])

/** Subcommands taking `-s`/`--strategy`: a strategy git does not build in runs `git-merge-NAME` (a path when it has a slash). */
const STRATEGY_SUBCOMMANDS: ReadonlySet<string> = new Set(['merge', 'pull', 'rebase', 'cherry-pick', 'revert'])
const BUILTIN_STRATEGIES: ReadonlySet<string> = new Set(['ort', 'recursive', 'resolve', 'octopus', 'ours', 'subtree'])

/** The strategies named before `--` (`--strategy[=]NAME`, and `-s NAME`/`-sNAME` where `short`: for cherry-pick and revert `-s` signs off). */
function strategies(texts: readonly string[], short: boolean): string[] {
  const names: string[] = []
  for (let i = 0; i < texts.length; i += 1) {
    const arg = texts[i] as string
    if (arg === '--') break
    if ((short && arg === '-s') || (longOption(arg, '--strategy') && !arg.includes('='))) names.push(texts[(i += 1)] ?? '')
    else if (short && /^-s./.test(arg)) names.push(arg.slice(2))
    else if (longOption(arg, '--strategy')) names.push(arg.slice(arg.indexOf('=') + 1))
  }
  return names
}

/** Options with which a subcommand runs another program. */
function runsProgram(sub: string, texts: readonly string[]): boolean {
  if (RUNS_PROGRAMS.has(sub)) return true
  const remote = REMOTE_SUBCOMMANDS.has(sub)
  if (texts.some(arg => arg.startsWith('-') && (longOption(arg, '--upload-pack') || longOption(arg, '--receive-pack') || (remote && longOption(arg, '--exec')) || (UPLOAD_PACK_LETTER.has(sub) && /^-[a-zA-Z]*u/.test(arg))))) return true
  if (STRATEGY_SUBCOMMANDS.has(sub) && strategies(texts, sub !== 'cherry-pick' && sub !== 'revert').some(name => !BUILTIN_STRATEGIES.has(name))) return true
  switch (sub) {
    case 'rebase': return texts.some(arg => /^-[a-zA-Z]*[xi]/.test(arg) || longOption(arg, '--exec') || longOption(arg, '--interactive'))
    case 'bisect': return texts[0] === 'run'
    case 'submodule': return false
    case 'grep': return texts.some(arg => /^-[a-zA-Z]*O/.test(arg) || longOption(arg, '--open-files-in-pager'))
    case 'notes': return verb(texts, ['--ref']) === 'edit'
    default: return false
  }
}

function config(args: readonly Pattern[], sink: CommandSink, call: CommandCall, directory: Pattern): void {
  const parsed = parseArgs(args, { shortValue: 'ft', longValue: ['file', 'blob', 'type', 'default', 'comment', 'value'], longFlags: CONFIG_FLAGS })
  if (parsed.unreadable) return opaqueCall(call, sink, 'git config has an argument that is not literal')
  const operands = parsed.operands.map(literalOf)
  let action = operands[0]
  let rest = operands.slice(1)
  if (!['set', 'get', 'unset', 'list', 'edit', 'rename-section', 'remove-section'].includes(action ?? '')) {
    action = hasOption(parsed, '--edit', '-e') ? 'edit' : hasOption(parsed, '--rename-section') ? 'rename-section' : hasOption(parsed, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l', '--get-color', '--get-colorbool') ? 'get' : hasOption(parsed, '--unset', '--unset-all', '--remove-section') ? 'unset' : operands.length >= 2 || hasOption(parsed, '--add', '--replace-all') ? 'set' : 'get'
    rest = operands
  }
  if (action === 'edit') return opaqueCall(call, sink, 'git config --edit opens an editor')
  if (action === 'get' || action === 'list') return
  const key = rest[0]
  if (key === null || key === undefined) return opaqueCall(call, sink, 'git config names no literal key')
  for (const file of optionValues(parsed, '-f', '--file')) sink.write('git config --file', joinPattern(directory, file), 'entry')
  if (action === 'rename-section') {
    const target = rest[1]
    if (target === null || target === undefined || controlSection(target)) return sink.control(`git config --rename-section ${key}`, 'it renames a section into one whose keys make git run a program')
    return sink.history(`git config --rename-section ${key}`)
  }
  if (controlSetting(action === 'unset' ? key : `${key}=${rest[1] ?? ''}`)) return sink.control(`git config ${key}`, 'this setting makes git run a program or trust other files')
  if (hasOption(parsed, '--global', '--system')) return opaqueCall(call, sink, 'git config --global and --system write the user\'s or the system\'s configuration')
  sink.history(`git config ${key}`)
}

function outputFiles(texts: readonly string[], args: readonly Pattern[], via: string, sink: CommandSink, directory: Pattern): void {
  texts.forEach((arg, index) => {
    if (arg === '--output' && args[index + 1] !== undefined) sink.write(`${via} --output`, joinPattern(directory, args[index + 1] as Pattern), 'entry')
    const attached = /^--output=(.+)$/s.exec(arg)?.[1]
    if (attached !== undefined) sink.write(`${via} --output`, joinPattern(directory, lit(attached)), 'entry')
  })
}

/**
 * The directory `git clone SOURCE` creates when none is given, as git guesses
 * it: the last component of the source (a colon separates components too),
 * without a trailing `/.git` or `.git`, with `.git` added for a bare clone.
 * Null when git would refuse or rewrite the name (empty, or holding spaces or
 * control characters).
 */
export function guessedDirectory(source: string, bare: boolean): string | null {
  let text = source.slice(source.includes('://') ? source.indexOf('://') + 3 : 0)
  const firstSlash = text.indexOf('/')
  const at = text.lastIndexOf('@', firstSlash < 0 ? text.length : firstSlash)
  if (at >= 0) text = text.slice(at + 1)
  text = text.replace(/\/+$/, '').replace(/(.)\/\.git$/s, '$1').replace(/\/+$/, '')
  if (!text.includes('/')) text = text.replace(/:\d*$/, '')
  const name = text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf(':')) + 1).replace(/\.git$/, '')
  if (name === '' || /[\s\x00-\x1f\x7f]/.test(name)) return null
  return bare ? `${name}.git` : name
}

function clone(args: readonly Pattern[], texts: readonly string[], sink: CommandSink, call: CommandCall, directory: Pattern, via: string): void {
  if (texts.some(arg => longOption(arg, '--template') || longOption(arg, '--separate-git-dir') || longOption(arg, '--config') || /^-[a-zA-Z]*c/.test(arg))) return sink.control(via, 'it sets templates, hooks or configuration of a repository')
  const operands = parseArgs(args, { shortValue: 'obcuj', longValue: ['origin', 'branch', 'config', 'upload-pack', 'reference', 'reference-if-able', 'depth', 'jobs', 'filter', 'separate-git-dir', 'template', 'server-option', 'shallow-since', 'shallow-exclude', 'bundle-uri', 'ref-format'] }).operands
  const bare = texts.some(arg => longOption(arg, '--bare') || longOption(arg, '--mirror'))
  const source = operands[0] === undefined ? null : literalOf(operands[0])
  // git also strips `.bundle` when the source is a bundle file, which only the filesystem tells.
  const sources = source === null ? [] : source.endsWith('.bundle') ? [source, source.slice(0, -'.bundle'.length)] : [source]
  const guessed = sources.map(text => guessedDirectory(text, bare))
  const targets = operands[1] !== undefined ? [operands[1]] : guessed.length === 0 || guessed.includes(null) ? [] : guessed.map(name => lit(name as string))
  if (targets.length === 0 || targets.some(target => literalOf(target) === null)) return opaqueCall(call, sink, 'git clone names no literal directory')
  for (const target of targets) {
    const path = joinPattern(directory, target)
    sink.write(via, path, 'beneath')
    sink.write(via, concat(path, lit('/.git')), 'entry')
  }
}

/** `git clean` with the force given twice also deletes untracked nested repositories. */
function forcedTwice(texts: readonly string[]): boolean {
  const forces = texts.reduce((count, arg) => count + (arg === '--force' ? 1 : /^-[a-zA-Z]+$/.test(arg) ? [...arg].filter(letter => letter === 'f').length : 0), 0)
  return forces >= 2
}

/** `git submodule foreach COMMAND`: the command runs through a shell in each submodule, wherever that is. */
function foreach(args: readonly Pattern[], texts: readonly string[], sink: CommandSink, via: string): void {
  const command = args.slice(texts.indexOf('foreach') + 1).filter(arg => !/^--(recursive|quiet)$/.test(literalOf(arg) ?? ''))
  if (command.length === 0) return
  sink.within(null, scoped => scoped.script(command.reduce<Pattern>((joined, word, index) => (index === 0 ? word : concat(joined, lit(' '), word)), []), via))
}

/**
 * One git subcommand.
 * @param sub - the subcommand.
 * @param args - its arguments.
 * @param sink - where effects go.
 * @param call - the whole call (for opaque reports).
 * @param directory - `git -C` directory, relative to the command's.
 */
export function runSubcommand(sub: string, args: readonly Pattern[], sink: CommandSink, call: CommandCall, directory: Pattern): void {
  const texts = args.map(arg => literalOf(arg) ?? '\u0000')
  const via = `git ${sub}`
  const at = (path: Pattern): Pattern => joinPattern(directory, path)
  if (runsProgram(sub, texts)) return opaqueCall(call, sink, `${via} runs another program`)
  if (sub === 'submodule' && verb(texts) === 'foreach') return foreach(args, texts, sink, via)
  outputFiles(texts, args, via, sink, directory)
  if (texts.some(arg => /^(ext|fd)::/.test(arg) || /^--[a-z-]+=(ext|fd)::/.test(arg))) return sink.control(via, 'an ext:: or fd:: URL runs a program')
  if (sub === 'config') return config(args, sink, call, directory)
  if (sub === 'apply') {
    // --unsafe-paths lets a patch name paths outside the work tree and inside .git.
    if (texts.some(arg => longOption(arg, '--unsafe-paths'))) sink.write(`${via} --unsafe-paths`, at([{ t: 'any' }]), 'subtree')
    const ancestor = optionValues(parseArgs(args, { longValue: ['build-fake-ancestor', 'exclude', 'include', 'directory', 'whitespace'], shortValue: 'p' }), '--build-fake-ancestor')
    for (const file of ancestor) sink.write('git apply --build-fake-ancestor', at(file), 'entry')
  }
  if (sub === 'fast-import') {
    const marks = optionValues(parseArgs(args, { longValue: ['export-marks', 'import-marks', 'import-marks-if-exists', 'export-pack-edges', 'date-format', 'max-pack-size', 'big-file-threshold', 'depth', 'active-branches', 'cat-blob-fd', 'done', 'rewrite-submodules-from', 'rewrite-submodules-to'] }), '--export-marks', '--export-pack-edges')
    for (const file of marks) sink.write('git fast-import', at(file), 'entry')
  }
  if (sub === 'rm' && texts.some(arg => longOption(arg, '--pathspec-from-file'))) return sink.write(`${via} --pathspec-from-file`, at([{ t: 'any' }]), 'subtree')
  if (sub === 'archive') {
    const parsed = parseArgs(args, { shortValue: 'o', longValue: ['output', 'format', 'prefix', 'remote', 'exec'] })
    if (hasOption(parsed, '--remote')) return opaqueCall(call, sink, 'git archive --remote runs a remote program')
    return optionValues(parsed, '-o', '--output').forEach(file => sink.write('git archive -o', at(file), 'entry'))
  }
  if (sub === 'fsck' && flagOn(texts, 'lost-found')) return sink.history(`${via} --lost-found`)
  if (READERS.has(sub) || isListing(sub, texts)) return
  if (sub === 'maintenance' && ['start', 'register'].includes(texts[0] ?? '')) return sink.control(via, 'it schedules background jobs through the user configuration')
  if (sub === 'init' && texts.some(arg => longOption(arg, '--template') || longOption(arg, '--separate-git-dir') || /^-c/.test(arg))) return sink.control(via, 'it sets templates, hooks or configuration of a repository')
  if (sub === 'clone') return clone(args, texts, sink, call, directory, via)
  if (sub === 'worktree' && verb(texts) === 'add') {
    const path = parseArgs(args.slice(texts.indexOf('add') + 1), { shortValue: 'bB', longValue: ['reason'] }).operands[0]
    if (path === undefined) return opaqueCall(call, sink, 'git worktree add names no literal path')
    sink.write(via, at(path), 'beneath')
    sink.write(via, concat(at(path), lit('/.git')), 'entry')
    return sink.history(via)
  }
  if (sub === 'worktree' && ['move', 'remove'].includes(verb(texts) ?? '')) {
    parseArgs(args.slice(texts.indexOf(verb(texts) ?? '') + 1), {}).operands.forEach(path => sink.write(via, at(path), 'subtree'))
    return sink.history(via)
  }
  // `submodule add` clones into its path and records it in .gitmodules; set-branch and set-url rewrite .gitmodules.
  if (sub === 'submodule' && ['add', 'set-branch', 'set-url'].includes(verb(texts) ?? '')) {
    if (verb(texts) === 'add') {
      const operands = parseArgs(args.slice(texts.indexOf('add') + 1), { shortValue: 'b', longValue: ['branch', 'name', 'reference', 'depth'] }).operands
      const source = operands[0] === undefined ? null : literalOf(operands[0])
      const guessed = source === null ? null : guessedDirectory(source, false)
      const path = operands[1] ?? (guessed === null ? null : lit(guessed))
      if (path === null) return opaqueCall(call, sink, 'git submodule add names no literal path')
      sink.write(via, at(path), 'beneath')
    }
    sink.write(via, concat(directory, lit('/.gitmodules')), 'entry')
    return sink.history(via)
  }
  if (sub === 'submodule' && verb(texts) === 'deinit') {
    const paths = parseArgs(args.slice(texts.indexOf('deinit') + 1), {}).operands
    for (const path of paths.length === 0 || texts.includes('--all') ? [directory] : paths.map(path => at(pathspec(path)))) sink.write(via, path, 'subtree')
    return sink.history(via)
  }
  if (sub === 'rm' && flagOn(texts, 'cached')) return sink.history(via)
  if (sub === 'init') {
    const operands = parseArgs(args, { longValue: ['object-format', 'ref-format', 'initial-branch'], longOptional: ['shared'], shortValue: 'b' }).operands
    const target = operands[0] === undefined ? directory : at(operands[0])
    // A bare repository's files (HEAD, config, hooks/) go straight into the target.
    if (operands[0] !== undefined || texts.some(arg => longOption(arg, '--bare'))) sink.write(via, target, 'beneath')
    return sink.write(via, concat(target, lit('/.git')), 'entry')
  }
  if (sub === 'rm' || sub === 'mv') return parseArgs(args, {}).operands.forEach(path => sink.write(via, at(sub === 'rm' ? pathspec(path) : path), 'subtree'))
  if (sub === 'bundle' && texts[0] === 'create') {
    const file = parseArgs(args.slice(1), { longValue: ['version'], stopAtOperand: true }).operands[0]
    return file === undefined ? opaqueCall(call, sink, 'git bundle create names no file') : sink.write(via, at(file), 'entry')
  }
  if (sub === 'checkout-index') {
    const prefix = optionValues(parseArgs(args, { longValue: ['prefix', 'stage'], longFlags: ['index', 'quiet', 'force', 'all', 'no-create', 'temp', 'stdin', 'ignore-skip-worktree-bits'] }), '--prefix').at(-1)
    if (prefix !== undefined) return sink.write(via, at(literalOf(prefix) === '' ? lit('.') : prefix), 'beneath')
  }
  if (sub === 'format-patch') {
    if (flagOn(texts, 'stdout')) return
    const output = optionValues(parseArgs(args, { shortValue: 'ov', longValue: ['output-directory', 'subject-prefix', 'in-reply-to', 'to', 'cc', 'from'] }), '-o', '--output-directory')[0]
    return sink.write(via, concat(output === undefined ? directory : at(output), lit('/'), [{ t: 'star' }], lit('.patch')), 'entry')
  }
  if (sub === 'interpret-trailers' && texts.includes('--in-place')) return parseArgs(args, { longValue: ['trailer', 'where', 'if-exists', 'if-missing'] }).operands.forEach(file => sink.write(via, at(file), 'entry'))
  if (sub === 'mailinfo') return args.filter(arg => !(literalOf(arg) ?? '').startsWith('-')).slice(0, 2).forEach(file => sink.write(via, at(file), 'entry'))
  if (WORKTREE.has(sub) || (sub === 'reset' && texts.some(arg => ['--hard', '--merge', '--keep'].some(mode => longOption(arg, mode)))) || sub === 'stash' || sub === 'bisect' || (sub === 'apply' && !flagOn(texts, 'cached')) || (sub === 'submodule' && verb(texts) === 'update')) {
    sink.write(via, directory, sub === 'clean' && forcedTwice(texts) ? 'subtree' : 'entry')
    // read-tree and sparse-checkout write the index or .git/info; restore does only with --staged.
    const staged = texts.some(arg => longOption(arg, '--staged') || /^-[a-zA-Z]*S/.test(arg))
    if (!['clean', 'checkout-index'].includes(sub) && (sub !== 'restore' || staged)) sink.history(via)
    return
  }
  if (HISTORY.has(sub)) return sink.history(via)
  opaqueCall(call, sink, `git ${sub} is not a known subcommand (it may be an alias)`)
}
