/**
 * git by effect. Readers read; history commands (add, commit, branch, tag,
 * fetch) change only the repository and are reported as history; working-
 * tree commands (checkout, reset --hard, clean, stash, merge, ...) write the
 * working tree, which git itself keeps out of `.git`; changes that arrange
 * code execution or redirect the repository (hook, fsmonitor, alias and
 * editor settings, `--git-dir`, `GIT_DIR=`) are repository control, a write
 * to the protected `.git`. Unknown subcommands (aliases) are opaque. Pure.
 */
import { hasOption, optionValues, parseArgs } from '../argv.js'
import { concat, lit, literalOf, type Pattern } from '../pattern.js'
import { basenameOf } from './files.js'
import { opaqueCall, type CommandCall, type CommandSink } from './types.js'

/** Configuration keys that make git run a program or trust other files. */
const CONTROL_KEY = /^(core\.(hookspath|fsmonitor|sshcommand|editor|pager|askpass|gitproxy|worktree|attributesfile|excludesfile)|alias\..+|hook\..+|filter\..+\.(clean|smudge|process)|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|credential\..*|include\.path|includeif\..+|sequence\.editor|gpg\.(program|.+\.program)|uploadpack\..+|remote\..+\.(uploadpack|receivepack|proxy|vcs)|url\..+\.(insteadof|pushinsteadof)|protocol\..*allow|pager\..+|man\..+\.(cmd|path)|web\.browser|browser\..+\.(cmd|path)|difftool\..+|mergetool\..+|submodule\..+\.update|ssh\.variant|init\.templatedir|safe\.directory|sendemail\..+|instaweb\..+|http\..*\.(proxy|cookiefile)|http\.proxy)$/i

/** Environment names that redirect the repository or name programs git runs. */
const CONTROL_ENV = /^GIT_(DIR|WORK_TREE|CONFIG.*|EXEC_PATH|SSH|SSH_COMMAND|EDITOR|SEQUENCE_EDITOR|PAGER|ASKPASS|PROXY_COMMAND|EXTERNAL_DIFF|TEMPLATE_DIR|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|CEILING_DIRECTORIES|DISCOVERY_ACROSS_FILESYSTEM)$/

const READERS = new Set(['status', 'log', 'show', 'blame', 'annotate', 'ls-files', 'ls-tree', 'ls-remote', 'rev-parse', 'rev-list', 'describe', 'shortlog', 'cat-file', 'name-rev', 'for-each-ref', 'merge-base', 'count-objects', 'fsck', 'whatchanged', 'var', 'check-ignore', 'check-attr', 'check-mailmap', 'check-ref-format', 'show-ref', 'show-branch', 'diff-tree', 'diff-files', 'diff-index', 'range-diff', 'cherry', 'verify-commit', 'verify-tag', 'verify-pack', 'help', 'version', 'get-tar-commit-id', 'column', 'merge-tree', 'request-pull', 'diff', 'grep'])
const HISTORY = new Set(['add', 'commit', 'fetch', 'push', 'update-ref', 'update-index', 'gc', 'prune', 'repack', 'pack-refs', 'commit-tree', 'mktag', 'mktree', 'write-tree', 'replace', 'rerere', 'init', 'unpack-objects', 'index-pack', 'fast-import', 'prune-packed', 'commit-graph', 'multi-pack-index', 'tag', 'branch', 'notes', 'reflog', 'remote', 'symbolic-ref', 'hash-object', 'reset', 'submodule', 'maintenance', 'worktree', 'bundle', 'stash', 'bisect', 'apply'])
const WORKTREE = new Set(['checkout', 'switch', 'restore', 'clean', 'am', 'merge', 'rebase', 'cherry-pick', 'revert', 'pull', 'checkout-index', 'read-tree', 'sparse-checkout'])
const RUNS_PROGRAMS = new Set(['difftool', 'mergetool', 'send-email', 'daemon', 'instaweb', 'web--browse', 'filter-branch', 'p4', 'svn', 'cvsimport', 'cvsexportcommit', 'cvsserver', 'quiltimport', 'shell', 'upload-pack', 'receive-pack', 'credential', 'credential-store', 'credential-cache', 'remote-ext', 'archimport', 'gui', 'citool', 'gitk'])

/** Listing forms of subcommands that otherwise write history. */
function isListing(sub: string, args: readonly string[]): boolean {
  const first = args[0]
  switch (sub) {
    case 'tag': return args.length === 0 || args.some(arg => ['-l', '--list', '-v', '--verify', '--contains', '--points-at', '--merged', '--no-merged'].includes(arg)) || args.every(arg => arg.startsWith('-n') || arg.startsWith('--sort') || arg.startsWith('--format') || arg === '--column')
    case 'branch': return args.every(arg => /^(-a|-r|-v+|--all|--remotes|--list|-l|--show-current|--verbose|--column|--no-column|--contains|--no-contains|--merged|--no-merged|--points-at|--sort=.*|--format=.*|--color.*|--no-color|--abbrev=.*|--ignore-case)$/.test(arg) || !arg.startsWith('-') && args.some(flag => ['--contains', '--merged', '--no-merged', '--points-at', '--list', '-l'].includes(flag)))
    case 'remote': return first === undefined || first === '-v' || first === '--verbose' || first === 'show' || first === 'get-url'
    case 'reflog': return first === undefined || first === 'show' || first === 'exists' || first === 'list'
    case 'notes': return first === undefined || first === 'list' || first === 'show' || first === 'get-ref'
    case 'stash': return first === 'list' || first === 'show'
    case 'worktree': return first === 'list'
    case 'submodule': return first === undefined || first === 'status' || first === 'summary'
    case 'symbolic-ref': return args.filter(arg => !arg.startsWith('-')).length <= 1 && !args.includes('-d') && !args.includes('--delete')
    case 'hash-object': return !args.includes('-w')
    case 'bisect': return first === 'log' || first === 'visualize' || first === 'view' || first === 'terms'
    case 'maintenance': return false
    case 'bundle': return first === 'verify' || first === 'list-heads'
    case 'apply': return args.some(arg => ['--check', '--stat', '--numstat', '--summary'].includes(arg)) && !args.includes('--apply')
    default: return false
  }
}

function config(args: readonly Pattern[], sink: CommandSink, call: CommandCall): void {
  const parsed = parseArgs(args, { shortValue: 'f', longValue: ['file', 'blob', 'type', 'default', 'comment', 'value', 'fixed-value'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'git config has an argument that is not literal')
  const operands = parsed.operands.map(literalOf)
  let action = operands[0]
  let rest = operands.slice(1)
  if (!['set', 'get', 'unset', 'list', 'edit', 'rename-section', 'remove-section'].includes(action ?? '')) {
    action = hasOption(parsed, '--edit', '-e') ? 'edit' : hasOption(parsed, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l', '--get-color', '--get-colorbool') ? 'get' : hasOption(parsed, '--unset', '--unset-all', '--remove-section', '--rename-section') ? 'unset' : operands.length >= 2 || hasOption(parsed, '--add', '--replace-all') ? 'set' : 'get'
    rest = operands
  }
  if (action === 'edit') return opaqueCall(call, sink, 'git config --edit opens an editor')
  if (action === 'get' || action === 'list') return
  const key = rest[0]
  if (key === null || key === undefined) return opaqueCall(call, sink, 'git config names no literal key')
  for (const file of optionValues(parsed, '-f', '--file')) sink.write('git config --file', file, 'entry')
  const value = rest[1] ?? ''
  if (CONTROL_KEY.test(key) || (/^remote\..+\.url$/i.test(key) && /^(ext|fd)::/.test(value ?? ''))) return sink.control(`git config ${key}`, 'this setting makes git run a program or trust other files')
  sink.history(`git config ${key}`)
}

function runSubcommand(sub: string, args: readonly Pattern[], sink: CommandSink, call: CommandCall, directory: Pattern): void {
  const texts = args.map(arg => literalOf(arg) ?? '\u0000')
  const via = `git ${sub}`
  if (RUNS_PROGRAMS.has(sub) || (sub === 'rebase' && texts.some(arg => /^(-x|--exec|-i|--interactive)/.test(arg))) || (sub === 'bisect' && texts[0] === 'run') || (sub === 'submodule' && texts[0] === 'foreach') || (sub === 'grep' && texts.some(arg => /^(-O|--open-files-in-pager)/.test(arg))) || (sub === 'notes' && texts.includes('edit'))) {
    return opaqueCall(call, sink, `${via} runs another program`)
  }
  for (const arg of texts) {
    const output = /^--output=(.+)$/.exec(arg)?.[1]
    if (output !== undefined) sink.write(`${via} --output`, concat(directory, lit('/'), lit(output)), 'entry')
  }
  if (sub === 'config') return config(args, sink, call)
  if (sub === 'archive') {
    const parsed = parseArgs(args, { shortValue: 'o', longValue: ['output', 'format', 'prefix', 'remote', 'exec'] })
    if (hasOption(parsed, '--exec', '--remote')) return opaqueCall(call, sink, 'git archive --remote runs a remote program')
    return optionValues(parsed, '-o', '--output').forEach(file => sink.write('git archive -o', concat(directory, lit('/'), file), 'entry'))
  }
  if (READERS.has(sub) || isListing(sub, texts)) return
  if (sub === 'maintenance' && (texts[0] === 'start' || texts[0] === 'register')) return sink.control(via, 'it schedules background jobs through the user configuration')
  if ((sub === 'init' || sub === 'clone') && texts.some(arg => /^(--template|--separate-git-dir|--config|-c)/.test(arg))) return sink.control(via, 'it sets templates, hooks or configuration of a repository')
  if (sub === 'remote' && ['add', 'set-url'].includes(texts[0] ?? '') && texts.some(arg => /^(ext|fd)::/.test(arg))) return sink.control(via, 'an ext:: or fd:: remote runs a program')
  if (sub === 'clone') {
    if (texts.some(arg => /^(-u|--upload-pack)/.test(arg))) return opaqueCall(call, sink, 'git clone --upload-pack runs a program')
    const operands = parseArgs(args, { shortValue: 'obcuj', longValue: ['origin', 'branch', 'config', 'upload-pack', 'reference', 'depth', 'jobs', 'filter', 'separate-git-dir', 'template', 'server-option', 'shallow-since', 'shallow-exclude'] }).operands
    const target = operands[1] ?? (operands[0] === undefined ? null : basenameOf(lit((literalOf(operands[0]) ?? '').replace(/\/+$/, '').replace(/\.git$/, ''))))
    if (target === null || literalOf(target) === null) return opaqueCall(call, sink, 'git clone names no literal directory')
    return sink.write(via, concat(directory, lit('/'), target), 'beneath')
  }
  if (sub === 'worktree' && texts[0] === 'add') {
    const path = parseArgs(args.slice(1), { shortValue: 'bB', longValue: ['reason'] }).operands[0]
    if (path !== undefined) sink.write(via, concat(directory, lit('/'), path), 'beneath')
    return sink.history(via)
  }
  if (sub === 'rm' && texts.includes('--cached')) return sink.history(via)
  if (sub === 'init') {
    const operands = parseArgs(args, { longValue: ['object-format', 'ref-format', 'initial-branch', 'shared'], shortValue: 'b' }).operands
    const target = operands[0] === undefined ? directory : concat(directory, lit('/'), operands[0])
    if (operands[0] !== undefined) sink.write(via, target, 'beneath')
    return sink.write(via, concat(target, lit('/.git')), 'entry')
  }
  if (sub === 'rm' || sub === 'mv') {
    const parsed = parseArgs(args, {})
    const scope = hasOption(parsed, '-r') || sub === 'mv' ? 'subtree' : 'entry'
    return parsed.operands.forEach(path => sink.write(via, concat(directory, lit('/'), path), scope))
  }
  if (sub === 'bundle' && texts[0] === 'create' && args[1] !== undefined) return sink.write(via, concat(directory, lit('/'), args[1]), 'entry')
  if (sub === 'format-patch') {
    if (texts.includes('--stdout')) return
    const output = optionValues(parseArgs(args, { shortValue: 'ov', longValue: ['output-directory', 'subject-prefix', 'in-reply-to', 'to', 'cc', 'from'] }), '-o', '--output-directory')[0]
    return sink.write(via, concat(output === undefined ? directory : concat(directory, lit('/'), output), lit('/'), [{ t: 'star' }], lit('.patch')), 'entry')
  }
  if (sub === 'interpret-trailers' && texts.includes('--in-place')) return parseArgs(args, { longValue: ['trailer', 'where', 'if-exists', 'if-missing'] }).operands.forEach(file => sink.write(via, concat(directory, lit('/'), file), 'entry'))
  if (sub === 'mailinfo') return args.filter(arg => !(literalOf(arg) ?? '').startsWith('-')).slice(0, 2).forEach(file => sink.write(via, concat(directory, lit('/'), file), 'entry'))
  if (WORKTREE.has(sub) || (sub === 'reset' && texts.some(arg => ['--hard', '--merge', '--keep'].includes(arg))) || sub === 'stash' || sub === 'bisect' || (sub === 'apply' && !texts.includes('--cached')) || (sub === 'submodule' && texts[0] === 'update')) {
    sink.write(via, directory, 'entry')
    if (sub !== 'clean' && sub !== 'checkout-index' && sub !== 'read-tree' && sub !== 'sparse-checkout' && sub !== 'restore') sink.history(via)
    return
  }
  if (HISTORY.has(sub)) return sink.history(via)
  opaqueCall(call, sink, `git ${sub} is not a known subcommand (it may be an alias)`)
}

/** `git [global options] subcommand ...`. */
export function git(call: CommandCall, sink: CommandSink): void {
  const redirect = call.envNames.find(name => CONTROL_ENV.test(name))
  if (redirect !== undefined) return sink.control(`${redirect}=… git`, `${redirect} redirects the repository or names a program git runs`)
  let directory: Pattern = lit('.')
  let index = 0
  while (index < call.args.length) {
    const arg = call.args[index] as Pattern
    const text = literalOf(arg)
    if (text === null) return opaqueCall(call, sink, 'a git argument before the subcommand is not literal')
    if (!text.startsWith('-')) break
    if (text === '-C') {
      const next = call.args[index + 1]
      if (next === undefined) return opaqueCall(call, sink, 'git -C has no directory')
      directory = literalOf(next)?.startsWith('/') === true ? next : concat(directory, lit('/'), next)
      index += 2
      continue
    }
    if (text === '-c' || text.startsWith('--config-env')) {
      const setting = text === '-c' ? literalOf(call.args[index + 1] ?? []) : text.slice(text.indexOf('=') + 1)
      if (setting === null || CONTROL_KEY.test(setting.split('=')[0] ?? '')) return sink.control(`git ${text}`, 'a per-command setting makes git run a program')
      index += text === '-c' ? 2 : 1
      continue
    }
    if (/^--(git-dir|work-tree|exec-path=|namespace|super-prefix)/.test(text)) return sink.control(`git ${text}`, 'it redirects the repository or the programs git runs')
    if (text === '--version' || text === '--help' || /^--(exec-path|html-path|man-path|info-path)$/.test(text)) return
    index += 1
  }
  const sub = call.args[index] === undefined ? null : literalOf(call.args[index] as Pattern)
  if (sub === null) return call.args[index] === undefined ? undefined : opaqueCall(call, sink, 'the git subcommand is not literal')
  const rest = call.args.slice(index + 1)
  if (rest.length === 1 && (literalOf(rest[0] as Pattern) === '--help' || literalOf(rest[0] as Pattern) === '-h')) return
  runSubcommand(sub, rest, sink, call, directory)
}
