/**
 * File utilities that write: their targets come from their operands and
 * options (`rm`, `cp`, `mv`, `ln`, `touch`, `dd of=`, `chmod`, `mktemp`,
 * `curl -o`, `wget`). A copy, move or link into a directory writes the
 * source's base name there. Pure.
 */
import { posix } from 'node:path'
import { hasOption, optionValues, parseArgs, type OptionSpec, type ParsedArgs, type ParsedOption } from '../argv.js'
import type { TargetScope } from '../effects.js'
import { mayBeOption } from '../builtin-options.js'
import { ANY, concat, lit, literalOf, type Atom, type Pattern } from '../pattern.js'
import { opaqueCall, type CommandCall, type CommandHandler, type CommandSink } from './types.js'

const RECURSIVE = ['-r', '-R', '--recursive']

/** The last path segment of a pattern, when its final segment is literal. */
export function basenameOf(path: Pattern): Pattern | null {
  const last = path.at(-1)
  if (last === undefined) return null
  if (last.t !== 'lit') return null
  const trimmed = last.s.replace(/\/+$/, '')
  const cut = trimmed.lastIndexOf('/')
  if (cut >= 0) return lit(trimmed.slice(cut + 1) || '.')
  return path.length === 1 ? lit(trimmed || '.') : null
}

/** The proper ancestors a path names (`a/b/c`: `a`, `a/b`), cut at each literal slash, as `rmdir -p` removes them. */
function ancestorsOf(path: Pattern): Pattern[] {
  const ancestors: Pattern[] = []
  path.forEach((atom, index) => {
    if (atom.t !== 'lit') return
    for (let cut = atom.s.indexOf('/'); cut >= 0; cut = atom.s.indexOf('/', cut + 1)) {
      const root = index === 0 && cut === 0
      const repeated = cut > 0 && atom.s[cut - 1] === '/'
      const trailing = index === path.length - 1 && /^\/*$/.test(atom.s.slice(cut))
      if (!root && !repeated && !trailing) ancestors.push(concat(path.slice(0, index), lit(atom.s.slice(0, cut))))
    }
  })
  return ancestors
}

function into(directory: Pattern, name: Pattern | null): Pattern {
  return name === null ? concat(directory, lit('/'), [{ t: 'star' }]) : concat(directory, lit('/'), name)
}

/** Every operand is written (`rm`, `touch`, `mkdir`, `tee`). */
function operandsWritten(spec: OptionSpec): CommandHandler {
  return (call, sink) => {
    const parsed = parseArgs(call.args, spec)
    const scope: TargetScope = hasOption(parsed, ...RECURSIVE) ? 'subtree' : 'entry'
    const operands = parsed.operands
    if (operands.length === 0 && (parsed.unreadable || call.uncertainArity)) return opaqueCall(call, sink, 'its operands are not literal')
    for (const operand of operands) sink.write(call.name, operand, scope)
  }
}

/** ssh_config keywords (lower case) that neither run a local program nor write a local file. */
const SSH_OPTIONS_WITHOUT_LOCAL_EFFECT: ReadonlySet<string> = new Set(['port', 'user', 'hostname', 'batchmode', 'connecttimeout', 'connectionattempts', 'stricthostkeychecking', 'identityfile', 'identitiesonly', 'compression', 'loglevel', 'serveraliveinterval', 'serveralivecountmax', 'tcpkeepalive', 'ciphers', 'macs', 'kexalgorithms', 'hostkeyalgorithms', 'pubkeyacceptedalgorithms', 'pubkeyauthentication', 'passwordauthentication', 'preferredauthentications', 'kbdinteractiveauthentication', 'addressfamily', 'ipqos', 'checkhostip', 'updatehostkeys', 'numberofpasswordprompts'])

const FOLLOWS_LINKS: ReadonlySet<string> = new Set(['-L', '--dereference', '-H'])
const KEEPS_LINKS: ReadonlySet<string> = new Set(['-P', '--no-dereference', '-d', '-a', '--archive'])

/** Whether cp copies a source that is a link as a link: the last of `-L`/`-H` (follow) and `-P`/`-d`/`-a` (do not) decides; without any, a recursive copy does not follow. */
function copiesLinksAsLinks(given: readonly ParsedOption[], recursive: boolean): boolean {
  let copies = recursive
  for (const option of given) {
    if (FOLLOWS_LINKS.has(option.name)) copies = false
    else if (KEEPS_LINKS.has(option.name)) copies = true
  }
  return copies
}

/**
 * Sources, destination and links of `cp`, `mv`, `ln`, `install`. `cp -P`,
 * `-d`, `-a` and a recursive copy without `-L` copy a link as a link, so a
 * copied link into a protected path is a link to it; `--parents` writes the
 * source's whole path under the destination.
 */
function transfer(spec: OptionSpec, options: { movesSources: boolean, links: boolean, copies: boolean }): CommandHandler {
  return (call, sink) => {
    const parsed = parseArgs(call.args, spec)
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
    const named = optionValues(parsed, '-t', '--target-directory')[0]
    // `ln TARGET` alone creates ./basename(TARGET).
    const single = options.links && named === undefined && parsed.operands.length === 1
    const sources = named === undefined && !single ? parsed.operands.slice(0, -1) : [...parsed.operands]
    const destination = named ?? (single ? lit('.') : parsed.operands.at(-1))
    if (destination === undefined) return opaqueCall(call, sink, 'it names no destination')
    const recursive = options.movesSources || hasOption(parsed, ...RECURSIVE, '-a', '--archive')
    const scope: TargetScope = recursive ? 'subtree' : 'entry'
    const symbolic = hasOption(parsed, '-s', '--symbolic', '--symbolic-link')
    const linking = options.links || symbolic || hasOption(parsed, '-l', '--link')
    const copiesLinks = options.copies && copiesLinksAsLinks(parsed.options, recursive)
    const parents = hasOption(parsed, '--parents')
    // A suffix alone turns backups on too.
    const backup = hasOption(parsed, '-b', '--backup', '-S', '--suffix') ? optionValues(parsed, '-S', '--suffix')[0] ?? lit('~') : null
    const written = (path: Pattern): void => {
      sink.write(call.name, path, scope)
      if (backup !== null) sink.write(`${call.name} --backup`, concat(path, backup), 'entry')
    }
    for (const source of sources) {
      if (options.movesSources) sink.write(call.name, source, 'subtree')
      if (linking) sink.write(`${call.name} (link to)`, source, 'entry')
      if (symbolic && literalOf(source)?.startsWith('/') !== true) {
        for (const linkDirectory of linkDirectories(destination, named !== undefined || sources.length > 1 || single)) sink.write(`${call.name} (link to)`, concat(linkDirectory, lit('/'), source), 'entry')
      }
      if (copiesLinks) sink.write(`${call.name} (copies a link)`, source, 'link')
      written(parents ? concat(destination, lit('/'), source) : into(destination, basenameOf(source)))
    }
    if (named === undefined && sources.length <= 1 && !single) written(destination)
    if (sources.length === 0 && call.uncertainArity) opaqueCall(call, sink, 'its operands are not literal')
  }
}

/**
 * Where a relative symbolic link's target resolves from: the destination when
 * it is known to be a directory (`-t`, several sources, a trailing `/`),
 * otherwise the destination's parent or, if it is an existing directory, the
 * destination itself.
 */
function linkDirectories(destination: Pattern, isDirectory: boolean): Pattern[] {
  const text = literalOf(destination)
  if (isDirectory || text?.endsWith('/') === true) return [destination]
  return text === null ? [destination] : [lit(posix.dirname(text)), destination]
}

/** Long flags `chmod`, `chown` and `chgrp` share, so that their prefixes read as GNU's do. */
const MODE_FLAGS = ['changes', 'no-preserve-root', 'preserve-root', 'quiet', 'silent', 'recursive', 'verbose', 'dereference', 'no-dereference']

/** A symbolic mode starting with `-` (`-w`, `-u`, `-g+w`, `-rwx,o=r`), which chmod takes as a mode, not an option. */
const DASHED_MODE = /^-[rwxXstugo]+([,+=-][ugoa]*[rwxXstugo]*)*$/
/** A chattr mode removing attributes (`-A`, `-ia`); its options are `-R -V -f -v -p`. */
const DASHED_ATTRIBUTES = /^-[aAcCdDeEiIjmNPsStTuFx]+$/

/** `chmod MODE FILE...`, `chown OWNER FILE...`: the first operand is not a path. */
function modeThenFiles(spec: OptionSpec, dashedMode: RegExp | null): CommandHandler {
  return (call, sink) => {
    const dashed = dashedMode === null ? -1 : call.args.findIndex(arg => dashedMode.test(literalOf(arg) ?? ''))
    const parsed = parseArgs(dashed < 0 ? call.args : call.args.filter((_, index) => index !== dashed), spec)
    const scope: TargetScope = hasOption(parsed, '-R', '--recursive') ? 'subtree' : 'entry'
    const files = optionValues(parsed, '--reference').length > 0 || dashed >= 0 ? parsed.operands : parsed.operands.slice(1)
    for (const file of files) sink.write(call.name, file, scope)
    // A word that is not literal may split into more files or an option such as -R.
    if (parsed.unreadable) opaqueCall(call, sink, 'its operands are not literal')
  }
}

function urlBasename(url: Pattern | undefined): Pattern {
  const text = url === undefined ? null : literalOf(url)
  if (text === null) return [{ t: 'star' }]
  const path = text.replace(/[?#].*$/, '').replace(/^[a-z]+:\/\/[^/]*/i, '')
  const name = path.slice(path.lastIndexOf('/') + 1)
  return lit(name === '' || name === '.' || name === '..' ? 'index.html' : name)
}

/** `name` with each match of `expanded` in its literal text made unknown (text curl fills in from a URL glob). */
function withUnknown(name: Pattern, expanded: RegExp): Pattern {
  return name.flatMap(atom => (atom.t === 'lit' ? atom.s.split(expanded).flatMap((piece, index) => [...(index === 0 ? [] : [ANY_ATOM]), ...lit(piece)]) : [atom]))
}
const ANY_ATOM = ANY[0] as Atom

function curl(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'oDcKTuHdXAeEFrwxyYzbQ', longValue: ['output', 'output-dir', 'dump-header', 'cookie-jar', 'config', 'trace', 'trace-ascii', 'stderr', 'libcurl', 'etag-save', 'hsts', 'alt-svc', 'upload-file', 'user', 'header', 'data', 'request', 'user-agent', 'form', 'range', 'write-out', 'proxy', 'max-time', 'connect-timeout', 'cookie', 'referer', 'data-binary', 'data-raw', 'url'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-K', '--config')) return opaqueCall(call, sink, 'a config file can name outputs')
  const directory = optionValues(parsed, '--output-dir')[0]
  const at = (path: Pattern): Pattern => (directory === undefined ? path : concat(directory, lit('/'), path))
  const urls = [...parsed.operands, ...optionValues(parsed, '--url')]
  const outputs = optionValues(parsed, '-o', '--output')
  const remoteNames = hasOption(parsed, '-O', '--remote-name', '--remote-name-all')
  // Unless -g, `[a-z]` and `{a,b}` in a URL expand, and `#1` in an output name takes the matched text.
  const globbed = !hasOption(parsed, '-g', '--globoff') && urls.some(url => /[[{]/.test(literalOf(url) ?? '['))
  const named = (name: Pattern, expanded: RegExp): Pattern => (globbed ? withUnknown(name, expanded) : name)
  for (const output of outputs) if (literalOf(output) !== '-') sink.write('curl -o', at(named(output, /#\d+/g)), 'entry')
  // -J takes the name the server sends (Content-Disposition): any name.
  const serverNamed = hasOption(parsed, '-J', '--remote-header-name')
  if (remoteNames) for (const url of urls) sink.write('curl -O', at(serverNamed ? [ANY_ATOM] : named(urlBasename(url), /\[[^\]]*\]|\{[^}]*\}/g)), 'entry')
  for (const file of optionValues(parsed, '-D', '--dump-header', '-c', '--cookie-jar', '--trace', '--trace-ascii', '--stderr', '--libcurl', '--etag-save', '--hsts', '--alt-svc')) {
    if (literalOf(file) !== '-') sink.write('curl', file, 'entry')
  }
  if (hasOption(parsed, '-T', '--upload-file')) {
    for (const url of [...parsed.operands, ...optionValues(parsed, '--url')]) {
      const text = literalOf(url)
      if (text === null) return opaqueCall(call, sink, 'it uploads to a URL that is not literal, which may be a file:// path')
      const local = /^file:\/\/(localhost)?(\/.*)$/i.exec(text)?.[2]
      if (local !== undefined) sink.write('curl -T', lit(decodeURIComponent(local)), 'entry')
    }
  }
}

function wget(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'OoaPeiBlUtTwQAR', longValue: ['output-document', 'output-file', 'append-output', 'directory-prefix', 'execute', 'input-file', 'base', 'level', 'user-agent', 'tries', 'timeout', 'wait', 'quota', 'accept', 'reject', 'header', 'post-data', 'post-file', 'warc-file', 'warc-cdx', 'save-cookies', 'load-cookies', 'rejected-log', 'hsts-file', 'config', 'use-askpass'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-e', '--execute', '--config', '--use-askpass')) return opaqueCall(call, sink, '-e, --config and --use-askpass run wgetrc commands or a program')
  for (const log of optionValues(parsed, '-o', '--output-file', '-a', '--append-output', '--save-cookies', '--rejected-log', '--hsts-file')) sink.write('wget log', log, 'entry')
  for (const warc of optionValues(parsed, '--warc-file')) sink.write('wget --warc-file', concat(warc, [{ t: 'star' }]), 'entry')
  if (hasOption(parsed, '--spider')) return
  const prefix = optionValues(parsed, '-P', '--directory-prefix')[0] ?? lit('.')
  const documents = optionValues(parsed, '-O', '--output-document')
  if (documents.length > 0) {
    for (const document of documents) if (literalOf(document) !== '-') sink.write('wget -O', document, 'entry')
    return
  }
  if (hasOption(parsed, '-r', '--recursive', '-m', '--mirror', '-i', '--input-file', '-x', '--force-directories', '-p', '--page-requisites')) {
    sink.write('wget', prefix, 'beneath')
    return
  }
  // The server may name the file (Content-Disposition, a redirect's last segment).
  const serverNamed = hasOption(parsed, '--content-disposition', '--trust-server-names')
  for (const url of parsed.operands) sink.write('wget', concat(prefix, lit('/'), serverNamed ? [ANY_ATOM] : urlBasename(url)), 'entry')
}

function mktemp(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'p', longValue: ['suffix'], longOptional: ['tmpdir'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '-u', '--dry-run')) return
  const template = literalOf(parsed.operands[0] ?? lit('tmp.XXXXXXXXXX'))
  if (template === null) return opaqueCall(call, sink, 'its template is not literal')
  const explicit = optionValues(parsed, '-p', '--tmpdir')[0]
  const inTempDirectory = explicit !== undefined || hasOption(parsed, '-t', '--tmpdir') || parsed.operands.length === 0
  const name = concat(lit(template.replace(/X+$/, '')), [{ t: 'star' }])
  const directory = explicit ?? (inTempDirectory ? call.tempDirectory : null)
  sink.write('mktemp', directory === null ? name : concat(directory, lit('/'), name), 'entry')
}

/**
 * Each tool's own options (GNU coreutils 9.1, plus later `mv` ones), so a
 * unique prefix resolves as that tool reads it (`cp --l` is `--link`).
 */
const TRANSFER_SPECS = {
  cp: {
    shortValue: 'St',
    longValue: ['target-directory', 'suffix', 'no-preserve', 'sparse'],
    longOptional: ['backup', 'reflink', 'preserve', 'context', 'update'],
    longFlags: ['archive', 'attributes-only', 'copy-contents', 'dereference', 'force', 'interactive', 'link', 'no-clobber', 'no-dereference', 'no-target-directory', 'one-file-system', 'parents', 'recursive', 'remove-destination', 'strip-trailing-slashes', 'symbolic-link', 'verbose'],
  },
  mv: {
    shortValue: 'St',
    longValue: ['target-directory', 'suffix'],
    longOptional: ['backup', 'context', 'update'],
    longFlags: ['exchange', 'force', 'interactive', 'no-clobber', 'no-copy', 'no-target-directory', 'strip-trailing-slashes', 'verbose'],
  },
  ln: {
    shortValue: 'St',
    longValue: ['target-directory', 'suffix'],
    longOptional: ['backup'],
    longFlags: ['directory', 'force', 'interactive', 'logical', 'no-dereference', 'no-target-directory', 'physical', 'relative', 'symbolic', 'verbose'],
  },
  install: {
    shortValue: 'Stmog',
    longValue: ['target-directory', 'suffix', 'mode', 'owner', 'group', 'strip-program'],
    longOptional: ['backup', 'context'],
    longFlags: ['compare', 'directory', 'no-target-directory', 'preserve-context', 'preserve-timestamps', 'strip', 'verbose'],
  },
} satisfies Record<string, OptionSpec>

/** Writers keyed by command name. */
export const FILE_WRITERS: Record<string, CommandHandler> = {
  rm: operandsWritten({ longOptional: ['interactive', 'preserve-root'], longFlags: ['force', 'one-file-system', 'no-preserve-root', 'recursive', 'dir', 'verbose'] }),
  rmdir: (call, sink) => {
    const parsed = parseArgs(call.args, { longFlags: ['ignore-fail-on-non-empty', 'parents', 'verbose'] })
    if (parsed.operands.length === 0 && (parsed.unreadable || call.uncertainArity)) return opaqueCall(call, sink, 'its operands are not literal')
    const parents = hasOption(parsed, '-p', '--parents')
    for (const operand of parsed.operands) [...(parents ? ancestorsOf(operand) : []), operand].forEach(path => sink.write('rmdir', path, 'entry'))
  },
  unlink: operandsWritten({}),
  shred: operandsWritten({ shortValue: 'ns', longValue: ['iterations', 'size', 'random-source'], longOptional: ['remove'], longFlags: ['exact', 'force', 'verbose', 'zero'] }),
  touch: operandsWritten({ shortValue: 'drt', longValue: ['date', 'reference', 'time'], longFlags: ['no-create', 'no-dereference'] }),
  mkdir: operandsWritten({ shortValue: 'm', longValue: ['mode'], longOptional: ['context'], longFlags: ['parents', 'verbose'] }),
  truncate: operandsWritten({ shortValue: 'sr', longValue: ['size', 'reference'] }),
  mkfifo: operandsWritten({ shortValue: 'm', longValue: ['mode'], longOptional: ['context'] }),
  history: (call, sink) => {
    if (call.args.some(mayBeOption)) return opaqueCall(call, sink, 'an argument could be -a or -w but is not literal')
    const flags = call.args.map(arg => literalOf(arg) ?? '').filter(text => text.startsWith('-')).join('')
    if (!/[aw]/.test(flags)) return
    const file = call.args.find(arg => !(literalOf(arg) ?? '-').startsWith('-'))
    if (file === undefined) return opaqueCall(call, sink, 'it writes the history file ($HISTFILE)')
    sink.write('history', file, 'entry')
  },
  link: (call, sink) => {
    if (call.args.length !== 2 || call.uncertainArity) return opaqueCall(call, sink, 'link takes exactly two literal operands')
    sink.write('link (link to)', call.args[0] as Pattern, 'entry')
    sink.write('link', call.args[1] as Pattern, 'entry')
  },
  mknod: (call, sink) => {
    const parsed = parseArgs(call.args, { shortValue: 'm', longValue: ['mode'], longOptional: ['context'] })
    const name = parsed.operands[0]
    if (name === undefined) return opaqueCall(call, sink, 'it names no file')
    sink.write('mknod', name, 'entry')
  },
  tee: (call, sink) => {
    const parsed = parseArgs(call.args, { longOptional: ['output-error'], longFlags: ['append', 'ignore-interrupts'] })
    if (parsed.unreadable && parsed.operands.length === 0) return opaqueCall(call, sink, 'its operands are not literal')
    // GNU tee writes a file named `-` too.
    for (const file of parsed.operands) sink.write('tee', file, 'entry')
  },
  mv: transfer(TRANSFER_SPECS.mv, { movesSources: true, links: false, copies: false }),
  cp: transfer(TRANSFER_SPECS.cp, { movesSources: false, links: false, copies: true }),
  ln: transfer(TRANSFER_SPECS.ln, { movesSources: false, links: true, copies: false }),
  install: (call, sink) => {
    const parsed: ParsedArgs = parseArgs(call.args, TRANSFER_SPECS.install)
    if (hasOption(parsed, '--strip-program')) return opaqueCall(call, sink, '--strip-program runs another program')
    if (hasOption(parsed, '-d', '--directory')) return parsed.operands.forEach(dir => sink.write('install -d', dir, 'entry'))
    transfer(TRANSFER_SPECS.install, { movesSources: false, links: false, copies: false })(call, sink)
  },
  dd: (call, sink) => {
    for (const arg of call.args) {
      const text = literalOf(arg)
      if (text === null && arg[0]?.t === 'lit' && arg[0].s.startsWith('of=')) sink.write('dd of=', [{ t: 'lit', s: arg[0].s.slice(3) }, ...arg.slice(1)], 'entry')
      // An operand is KEY=VALUE; one whose key is not literal could be `of=`.
      else if (text === null && !(arg[0]?.t === 'lit' && arg[0].s.includes('='))) return opaqueCall(call, sink, 'an operand is not literal and could name the output')
      else if (text?.startsWith('of=') === true) sink.write('dd of=', lit(text.slice(3)), 'entry')
    }
  },
  chmod: modeThenFiles({ longValue: ['reference'], longFlags: MODE_FLAGS }, DASHED_MODE),
  chown: modeThenFiles({ longValue: ['reference', 'from'], longFlags: MODE_FLAGS }, null),
  chgrp: modeThenFiles({ longValue: ['reference'], longFlags: MODE_FLAGS }, null),
  chattr: modeThenFiles({ shortValue: 'vp' }, DASHED_ATTRIBUTES),
  setfacl: operandsWritten({ shortValue: 'mMxX', longValue: ['modify', 'modify-file', 'remove', 'remove-file', 'set', 'set-file'] }),
  dos2unix: operandsWritten({ shortValue: 'c', longValue: ['convmode'] }),
  unix2dos: operandsWritten({ shortValue: 'c', longValue: ['convmode'] }),
  rsync: (call, sink) => {
    const parsed = parseArgs(call.args, { shortValue: 'eBfT', longValue: ['rsh', 'rsync-path', 'filter', 'exclude', 'include', 'temp-dir', 'partial-dir', 'backup-dir', 'suffix', 'chmod', 'chown', 'log-file', 'password-file', 'exclude-from', 'include-from', 'files-from'] })
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
    if (hasOption(parsed, '-e', '--rsh', '--rsync-path')) return opaqueCall(call, sink, 'it runs a remote shell program')
    const destination = parsed.operands.at(-1)
    if (destination === undefined) return opaqueCall(call, sink, 'it names no destination')
    if (hasOption(parsed, '--remove-source-files')) parsed.operands.slice(0, -1).forEach(source => sink.write('rsync', source, 'subtree'))
    for (const log of optionValues(parsed, '--log-file')) sink.write('rsync --log-file', log, 'entry')
    if (!/^[^/]*:/.test(literalOf(destination) ?? '')) sink.write('rsync', destination, 'beneath')
  },
  scp: (call, sink) => {
    const parsed = parseArgs(call.args, { shortValue: 'cFiJloPSDX', longValue: [] })
    if (hasOption(parsed, '-S', '-D')) return opaqueCall(call, sink, '-S and -D run another program')
    if (optionValues(parsed, '-F').some(file => !['none', '/dev/null'].includes(literalOf(file) ?? ''))) return opaqueCall(call, sink, '-F reads an ssh configuration, which can run a local command')
    for (const option of optionValues(parsed, '-o')) {
      const [keyword, ...values] = (literalOf(option) ?? '').trim().split(/\s*=\s*|\s+/)
      const known = keyword?.toLowerCase() === 'userknownhostsfile'
      // ssh expands `~` and `%` tokens in the file names itself.
      if (known && values.every(file => !/^~|%/.test(file))) values.forEach(file => sink.write('scp -o UserKnownHostsFile', lit(file), 'entry'))
      else if (known || !SSH_OPTIONS_WITHOUT_LOCAL_EFFECT.has(keyword?.toLowerCase() ?? '')) return opaqueCall(call, sink, 'an ssh option may run a local command or write a file')
    }
    const destination = parsed.operands.at(-1)
    if (destination !== undefined && !/^[^/]*:/.test(literalOf(destination) ?? '')) sink.write('scp', destination, 'beneath')
  },
  mktemp,
  curl,
  wget,
}
