/**
 * Archivers, compressors, splitters and `patch`: creation writes the named
 * archive; extraction writes new entries with names the analysis cannot see
 * beneath the extraction directory; listing and testing only read. Pure.
 */
import { hasOption, optionValues, parseArgs, type OptionSpec, type ParsedArgs } from '../argv.js'
import { ANY, concat, joinPattern, lit, literalOf, type Atom, type Pattern } from '../pattern.js'
import { opaqueCall, type CommandCall, type CommandHandler, type CommandSink } from './types.js'

const TAR_VALUE_LETTERS = 'fCbTXgKNVIHLF'
/** GNU tar's long options, complete, so an abbreviation resolves as tar resolves it. */
const TAR_SPEC: OptionSpec = {
  shortValue: TAR_VALUE_LETTERS,
  longValue: ['file', 'directory', 'blocking-factor', 'files-from', 'exclude-from', 'listed-incremental', 'starting-file', 'newer', 'newer-mtime', 'after-date', 'volno-file', 'use-compress-program', 'format', 'tape-length', 'info-script', 'new-volume-script', 'to-command', 'checkpoint-action', 'rmt-command', 'rsh-command', 'index-file', 'exclude', 'transform', 'xform', 'owner', 'group', 'mode', 'mtime', 'suffix', 'strip-components', 'label', 'record-size', 'sort', 'quoting-style', 'group-map', 'owner-map', 'hole-detection', 'pax-option', 'warning', 'level', 'add-file', 'exclude-tag', 'exclude-tag-under', 'exclude-tag-all', 'quote-chars', 'no-quote-chars', 'xattrs-include', 'xattrs-exclude', 'sparse-version', 'set-mtime-command', 'set-mtime-format'],
  longOptional: ['backup', 'one-top-level', 'occurrence', 'atime-preserve', 'checkpoint', 'totals'],
  longFlags: ['extract', 'get', 'create', 'append', 'update', 'concatenate', 'catenate', 'delete', 'list', 'diff', 'compare', 'test-label', 'remove-files', 'absolute-names', 'overwrite', 'overwrite-dir', 'unlink-first', 'recursive-unlink', 'keep-old-files', 'skip-old-files', 'keep-newer-files', 'keep-directory-symlink', 'no-overwrite-dir', 'to-stdout', 'verbose', 'gzip', 'gunzip', 'ungzip', 'bzip2', 'xz', 'lzip', 'lzma', 'lzop', 'zstd', 'compress', 'uncompress', 'auto-compress', 'no-auto-compress', 'dereference', 'hard-dereference', 'preserve-permissions', 'same-permissions', 'no-same-permissions', 'preserve-order', 'same-order', 'same-owner', 'no-same-owner', 'numeric-owner', 'touch', 'multi-volume', 'ignore-zeros', 'ignore-failed-read', 'show-transformed-names', 'show-stored-names', 'show-defaults', 'show-omitted-dirs', 'interactive', 'confirmation', 'verify', 'wildcards', 'no-wildcards', 'wildcards-match-slash', 'no-wildcards-match-slash', 'anchored', 'no-anchored', 'ignore-case', 'no-ignore-case', 'recursion', 'no-recursion', 'null', 'no-null', 'unquote', 'no-unquote', 'sparse', 'exclude-vcs', 'exclude-vcs-ignores', 'exclude-backups', 'exclude-caches', 'exclude-caches-all', 'exclude-caches-under', 'one-file-system', 'full-time', 'utc', 'block-number', 'check-links', 'delay-directory-restore', 'no-delay-directory-restore', 'restrict', 'selinux', 'no-selinux', 'acls', 'no-acls', 'xattrs', 'no-xattrs', 'posix', 'old-archive', 'portability', 'help', 'usage', 'version', 'force-local', 'seek', 'no-seek', 'check-device', 'no-check-device', 'incremental', 'ignore-command-error', 'no-ignore-command-error', 'clamp-mtime', 'preserve', 'read-full-records', 'no-ignore-case', 'numeric-owner', 'show-snapshot-field-ranges', 'test-label', 'zstd'],
}
const TAR_RUNS = ['-I', '-F', '--use-compress-program', '--info-script', '--new-volume-script', '--to-command', '--checkpoint-action', '--rmt-command', '--rsh-command', '--set-mtime-command']

/** Read tar's old-style first argument (`xzf a.tar`) as dashed options. */
function tarArgs(args: readonly Pattern[]): ParsedArgs {
  const first = args[0] === undefined ? null : literalOf(args[0])
  if (first === null || first.startsWith('-') || first === '') return parseArgs(args, TAR_SPEC)
  const rewritten: Pattern[] = []
  let next = 1
  for (const letter of first) {
    rewritten.push(lit(`-${letter}`))
    if (TAR_VALUE_LETTERS.includes(letter) && args[next] !== undefined) {
      rewritten.push(args[next] as Pattern)
      next += 1
    }
  }
  return parseArgs([...rewritten, ...args.slice(next)], TAR_SPEC)
}

function tar(call: CommandCall, sink: CommandSink): void {
  const parsed = tarArgs(call.args)
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, ...TAR_RUNS)) return opaqueCall(call, sink, 'an option runs another program')
  const archives = optionValues(parsed, '-f', '--file').filter(file => literalOf(file) !== '-')
  for (const index of optionValues(parsed, '--index-file')) sink.write('tar --index-file', index, 'entry')
  for (const snapshot of optionValues(parsed, '-g', '--listed-incremental')) sink.write('tar -g', snapshot, 'entry')
  for (const counter of optionValues(parsed, '--volno-file')) sink.write('tar --volno-file', counter, 'entry')
  if (hasOption(parsed, '-x', '--extract', '--get')) {
    if (hasOption(parsed, '-O', '--to-stdout')) return
    if (hasOption(parsed, '-P', '--absolute-names')) return sink.opaque(call.name, 'with -P (--absolute-names) members land wherever their names say', [ANY])
    const directories = optionValues(parsed, '-C', '--directory')
    const bases: Pattern[] = directories.length === 0 ? [lit('.')] : []
    for (const directory of directories) bases.push(bases.length === 0 ? directory : joinPattern(bases.at(-1) as Pattern, directory))
    const topLevel = optionValues(parsed, '--one-top-level')
    for (const base of bases) {
      sink.write('tar -x', base, 'beneath')
      for (const level of topLevel) sink.write('tar --one-top-level', joinPattern(base, level), 'beneath')
    }
    return
  }
  if (hasOption(parsed, '-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate', '--delete')) {
    for (const archive of archives) sink.write('tar', archive, 'entry')
    if (hasOption(parsed, '--remove-files')) parsed.operands.forEach(member => sink.write('tar --remove-files', member, 'subtree'))
  }
}

const STDOUT_OR_CHECK = ['-c', '--stdout', '--to-stdout', '-l', '--list', '-t', '--test']
/** lz4's `-l` is the legacy format and `-m` takes every operand as an input. */
const LZ4_STDOUT_OR_CHECK = ['-c', '--stdout', '--to-stdout', '--list', '-t', '--test']

/** Each compressor's suffix; `un`-prefixed names and `-d` decompress. */
const COMPRESSED_SUFFIX: Record<string, string> = { gzip: '.gz', pigz: '.gz', bzip2: '.bz2', pbzip2: '.bz2', xz: '.xz', lzma: '.lzma', zstd: '.zst', lz4: '.lz4', compress: '.Z', brotli: '.br' }
const DECOMPRESSORS: Record<string, string> = { gunzip: 'gzip', unpigz: 'pigz', bunzip2: 'bzip2', unxz: 'xz', unlzma: 'lzma', unzstd: 'zstd', uncompress: 'compress' }

type Stripped = ReadonlyArray<readonly [suffix: string, replacement: string]>
const GZIP_STRIPPED: Stripped = [['.gz', ''], ['-gz', ''], ['.z', ''], ['-z', ''], ['_z', ''], ['.Z', ''], ['.tgz', '.tar'], ['.taz', '.tar']]
const BZIP2_STRIPPED: Stripped = [['.bz2', ''], ['.bz', ''], ['.tbz2', '.tar'], ['.tbz', '.tar']]
/** What decompressing strips from a name: each suffix a tool knows and what takes its place (`.tgz` becomes `.tar`). */
const DECOMPRESSED: Record<string, Stripped> = {
  gzip: GZIP_STRIPPED, pigz: GZIP_STRIPPED, bzip2: BZIP2_STRIPPED, pbzip2: BZIP2_STRIPPED,
  xz: [['.xz', ''], ['.lzma', ''], ['.txz', '.tar'], ['.tlz', '.tar']], lzma: [['.lzma', ''], ['.tlz', '.tar']],
  // zstd also decompresses the gzip, xz, lzma and lz4 formats it was built with.
  zstd: [['.zst', ''], ['.tzst', '.tar'], ...GZIP_STRIPPED, ['.xz', ''], ['.lzma', ''], ['.lz4', ''], ['.txz', '.tar']],
  lz4: [['.lz4', '']], compress: [['.Z', '']], brotli: [['.br', '']],
}

/** Compressors whose `-N` restores the file name stored in the archive. */
const RESTORES_NAME: ReadonlySet<string> = new Set(['gzip', 'pigz'])

/** Any name in the directory of `file`. */
function besideFile(file: Pattern): Pattern {
  const text = literalOf(file)
  const cut = text === null ? -1 : text.lastIndexOf('/')
  return text === null ? [ANY_ATOM] : concat(lit(text.slice(0, cut + 1)), [ANY_ATOM])
}
const ANY_ATOM = ANY[0] as Atom

/** The siblings a (de)compressor may write next to its operand: one when compressing, one per suffix it may strip when decompressing. */
function siblings(file: Pattern, suffix: string, decompress: boolean, base: string): Pattern[] {
  if (!decompress) return [concat(file, lit(suffix))]
  const text = literalOf(file)
  if (text === null) return []
  const names = [[suffix, ''] as const, ...DECOMPRESSED[base] ?? []].filter(([known]) => known !== '' && text.endsWith(known) && text.length > known.length).map(([known, replacement]) => text.slice(0, -known.length) + replacement)
  return [...new Set(names)].map(name => lit(name))
}

/** gzip and relatives replace each operand with its (de)compressed sibling. */
function compressor(call: CommandCall, sink: CommandSink): void {
  // zstd's -T and -B take only an attached number (`-T4`); xz's separate `-T 4` then over-reports `4`.
  // pigz's -p takes a number of threads; zstd's -p is a flag.
  const parsed = parseArgs(call.args, { shortValue: call.name.endsWith('pigz') ? 'SobpD' : 'SobD', longValue: ['suffix', 'output', 'threads', 'memory', 'format', 'level', 'output-dir-flat', 'output-dir-mirror', 'dict', 'patch-from', 'filelist'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '--filelist')) return sink.opaque(call.name, '--filelist names the files it writes beside in a file', [ANY])
  for (const output of optionValues(parsed, '-o', '--output')) sink.write(call.name, output, 'entry')
  for (const directory of optionValues(parsed, '--output-dir-flat', '--output-dir-mirror')) sink.write(`${call.name} --output-dir`, directory, 'beneath')
  const lz4 = call.name === 'lz4'
  if (hasOption(parsed, ...(lz4 ? LZ4_STDOUT_OR_CHECK : STDOUT_OR_CHECK)) || optionValues(parsed, '-o', '--output').length > 0) return
  const scope = hasOption(parsed, '-r', '--recursive') ? 'subtree' : 'entry'
  const base = DECOMPRESSORS[call.name] ?? call.name
  const decompress = DECOMPRESSORS[call.name] !== undefined || hasOption(parsed, '-d', '--decompress', '--uncompress')
  const suffix = literalOf(optionValues(parsed, '-S', '--suffix')[0] ?? lit(COMPRESSED_SUFFIX[base] ?? '.gz'))
  if (suffix === null) return opaqueCall(call, sink, 'its suffix is not literal')
  // `lz4 IN OUT` names its output; with -m every operand is an input.
  const files = lz4 && parsed.operands.length === 2 && !hasOption(parsed, '-m', '--multiple') ? parsed.operands.slice(1) : parsed.operands
  // gzip -N restores the name stored in the archive, which may be any name in the file's directory.
  const storedName = decompress && RESTORES_NAME.has(base) && hasOption(parsed, '-N', '--name')
  for (const file of files) {
    if (literalOf(file) === '-') continue
    sink.write(call.name, file, scope)
    if (scope === 'entry') for (const other of siblings(file, suffix, decompress, base)) sink.write(call.name, other, 'entry')
    if (storedName) sink.write(`${call.name} -N`, besideFile(file), 'entry')
  }
}

/** `zstdcat` (`zstd -dcf`) writes standard output unless a later `-o` names a file. */
function zstdcat(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'SobD', longValue: ['suffix', 'output', 'memory', 'format', 'dict', 'patch-from', 'filelist'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  for (const output of optionValues(parsed, '-o', '--output')) sink.write('zstdcat -o', output, 'entry')
}

/** zip's options of two letters after one dash (`-lf FILE`), which getopt clusters would misread; the valued ones take the next word. */
const ZIP_TWO_LETTER: Record<string, boolean> = { lf: true, la: false, li: false, tt: true, ds: true, db: false, dc: false, dd: false, dg: false, du: false, dv: false, sf: false, so: false, sb: false, sc: false, sd: false, su: false, sU: false, sp: false, nw: false, ws: false, FS: false, MM: false, UN: true, ic: false, ll: false, TT: true }

/** zip's log file: a name whose last segment has no dot gets `.log`. */
function logFileName(name: Pattern): Pattern {
  const text = literalOf(name)
  if (text === null) return concat(name, [{ t: 'star' }])
  return text.slice(text.lastIndexOf('/') + 1).includes('.') ? name : lit(`${text}.log`)
}

function zip(call: CommandCall, sink: CommandSink): void {
  const plain: Pattern[] = []
  for (let i = 0; i < call.args.length; i += 1) {
    const text = literalOf(call.args[i] as Pattern)
    const option = text === null ? undefined : /^-([A-Za-z]{2})$/.exec(text)?.[1]
    const valued = option === undefined ? undefined : ZIP_TWO_LETTER[option]
    if (valued === undefined) {
      plain.push(call.args[i] as Pattern)
      continue
    }
    const value = call.args[i + 1]
    if (option === 'TT') return opaqueCall(call, sink, '-TT runs another program')
    if (option === 'lf') {
      if (value === undefined) return opaqueCall(call, sink, '-lf names no log file')
      sink.write('zip -lf', logFileName(value), 'entry')
    }
    if (valued) i += 1
  }
  const parsed = parseArgs(plain, { shortValue: 'bnOPtxiZs', longValue: ['temp-path', 'suffixes', 'output-file', 'password', 'from-date', 'before-date', 'exclude', 'include', 'unzip-command', 'compression-method', 'split-size', 'logfile-path'], longFlags: ['move', 'recurse-paths', 'recurse-patterns', 'junk-paths', 'quiet', 'verbose', 'update', 'freshen', 'delete', 'copy-entries', 'test', 'grow', 'symlinks', 'encrypt', 'fix', 'fixfix', 'adjust-sfx', 'latest-time', 'no-extra', 'no-dir-entries', 'filesync', 'display-bytes', 'display-counts', 'display-dots', 'display-globaldots', 'display-usize', 'display-volume', 'help', 'license', 'version', 'show-files', 'sf', 'dot-version', 'to-crlf', 'from-crlf', 'entry-comments', 'archive-comment', 'must-match', 'allow-fifo', 'fix-fix', 'log-append', 'log-info', 'no-wild', 'wild-stop-dirs', 'unicode', 'split-pause', 'split-bell', 'split-verbose', 'temp-path', 'translate-eol', 'test-zip', 'unix-attributes', 'ascii', 'adjust-offsets', 'fifo', 'nodirs', 'junk-sfx'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '--unzip-command')) return opaqueCall(call, sink, '--unzip-command runs another program')
  for (const log of optionValues(parsed, '--logfile-path')) sink.write('zip --logfile-path', logFileName(log), 'entry')
  const archive = optionValues(parsed, '-O', '--output-file')[0] ?? parsed.operands[0]
  if (archive !== undefined && literalOf(archive) !== '-') sink.write('zip', archive, 'entry')
  if (hasOption(parsed, '-m', '--move')) parsed.operands.slice(1).forEach(member => sink.write('zip -m', member, 'subtree'))
}

/**
 * `unzip`: its mode options come before the archive; after it, words are
 * member names except `-x` (exclusions) and the first `-d DIR` when no mode
 * option named the directory. `-:` keeps `../` in
 * member names, so they may land anywhere.
 */
function unzip(call: CommandCall, sink: CommandSink): void {
  const archiveAt = call.args.findIndex((arg, index) => !(literalOf(arg) ?? '').startsWith('-') && !/^-[a-zA-Z$/:^]*[dP]$/.test(literalOf(call.args[index - 1] ?? []) ?? ''))
  const modes = parseArgs(archiveAt < 0 ? call.args : call.args.slice(0, archiveAt), { shortValue: 'dxP' })
  if (modes.unreadable || call.args.some(arg => literalOf(arg) === null)) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (call.args.slice(0, archiveAt < 0 ? undefined : archiveAt).some(arg => /^-[^-]*:/.test(literalOf(arg) ?? ''))) return opaqueCall(call, sink, '-: keeps ../ in member names, so they may be written anywhere')
  if (hasOption(modes, '-l', '-t', '-v', '-Z', '-z', '-p', '-c')) return
  const late = archiveAt < 0 ? [] : call.args.slice(archiveAt + 1)
  const at = late.findIndex(arg => (literalOf(arg) ?? '').startsWith('-d'))
  const attached = at < 0 ? '' : (literalOf(late[at] as Pattern) ?? '').slice(2)
  const directory = at < 0 ? undefined : attached === '' ? late[at + 1] : lit(attached)
  // A `-d` among the mode options wins; a later `-d DIR` is then two member names.
  sink.write('unzip', optionValues(modes, '-d')[0] ?? directory ?? lit('.'), 'beneath')
}

function sevenZip(call: CommandCall, sink: CommandSink): void {
  const mode = literalOf(call.args[0] ?? [])
  const rest = call.args.slice(1)
  const archive = rest.find(arg => !(literalOf(arg) ?? '-').startsWith('-'))
  if (mode === 'l' || mode === 't' || mode === 'h' || mode === 'i' || mode === 'b') return
  if (rest.some(arg => literalOf(arg) === null)) return opaqueCall(call, sink, 'an argument is not literal, so the archive or output directory is unknown')
  if (mode === 'x' || mode === 'e') {
    const output = rest.map(literalOf).find(text => text?.startsWith('-o') === true)
    return sink.write('7z extract', lit(output?.slice(2) || '.'), 'beneath')
  }
  if (archive === undefined || mode === null) return opaqueCall(call, sink, 'its mode or archive is not literal')
  sink.write('7z', archive, 'entry')
}

/** `split` suffix alphabets: letters by default, `-d` decimal, `-x` hexadecimal. */
const SUFFIX_ALPHABETS: ReadonlyMap<string, string> = new Map([['-d', '0123456789'], ['--numeric-suffixes', '0123456789'], ['-x', '0123456789abcdef'], ['--hex-suffixes', '0123456789abcdef']])
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/**
 * The output suffixes of `split -n N`: N suffixes of the configured length in
 * the last-given alphabet, counted from its `=FROM` start; null when they
 * cannot be named exactly (too many, too long, an unreadable or invalid value).
 */
function chunkSuffixes(parsed: ParsedArgs): string[] | null {
  const count = Number(literalOf(optionValues(parsed, '-n', '--number')[0] ?? []) ?? NaN)
  const length = Number(literalOf(optionValues(parsed, '-a', '--suffix-length')[0] ?? lit('2')) ?? NaN)
  const additional = literalOf(optionValues(parsed, '--additional-suffix')[0] ?? [])
  const style = parsed.options.filter(option => SUFFIX_ALPHABETS.has(option.name)).at(-1)
  const alphabet = style === undefined ? LETTERS : SUFFIX_ALPHABETS.get(style.name) as string
  const fromText = style?.value === undefined || style.value === null ? alphabet[0] as string : literalOf(style.value)
  if (fromText === null || additional === null || fromText === '' || [...fromText].some(digit => !alphabet.includes(digit))) return null
  const from = [...fromText].reduce((value, digit) => value * alphabet.length + alphabet.indexOf(digit), 0)
  if (!Number.isInteger(count) || count <= 0 || count > 100 || !Number.isInteger(length) || length <= 0 || length > 8 || fromText.length > length || from + count > alphabet.length ** length) return null
  return Array.from({ length: count }, (_, index) => {
    let rest = from + index
    let suffix = ''
    for (let k = 0; k < length; k += 1) {
      suffix = (alphabet[rest % alphabet.length] as string) + suffix
      rest = Math.floor(rest / alphabet.length)
    }
    return suffix + additional
  })
}

/** Options of `split` and `csplit`: csplit's `-k` is a flag, split has none. */
const SPLITTER_OPTIONS: Record<'split' | 'csplit', OptionSpec> = {
  split: { shortValue: 'abClnt', longValue: ['suffix-length', 'bytes', 'line-bytes', 'lines', 'number', 'separator', 'additional-suffix', 'filter'], longOptional: ['numeric-suffixes', 'hex-suffixes'] },
  csplit: { shortValue: 'bfn', longValue: ['prefix', 'suffix-format', 'digits'], longFlags: ['keep-files', 'quiet', 'silent', 'elide-empty-files', 'suppress-matched'] },
}

function splitter(defaultPrefix: string, prefixOption: string | null): CommandHandler {
  return (call, sink) => {
    const parsed = parseArgs(call.args, SPLITTER_OPTIONS[prefixOption === null ? 'split' : 'csplit'])
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
    if (hasOption(parsed, '--filter')) return opaqueCall(call, sink, '--filter runs a command')
    const prefix = (prefixOption === null ? parsed.operands[1] : optionValues(parsed, prefixOption, '--prefix')[0]) ?? lit(defaultPrefix)
    const suffixes = call.name === 'split' ? chunkSuffixes(parsed) : null
    if (suffixes !== null) {
      for (const suffix of suffixes) sink.write('split', concat(prefix, lit(suffix)), 'entry')
      return
    }
    sink.write(call.name, concat(prefix, [{ t: 'star' }]), 'entry')
  }
}

function patch(call: CommandCall, sink: CommandSink): void {
  const parsed = parseArgs(call.args, { shortValue: 'oidBrpDFVYzgx', longValue: ['output', 'input', 'directory', 'prefix', 'reject-file', 'strip', 'ifdef', 'fuzz', 'version-control', 'basename-prefix', 'suffix', 'quoting-style', 'get', 'debug', 'read-only', 'reject-format'] })
  if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be an option but is not literal')
  if (hasOption(parsed, '--dry-run')) return
  const directory = optionValues(parsed, '-d', '--directory')[0]
  // patch changes to the -d directory before anything else, so every file it names is under it.
  const at = (path: Pattern): Pattern => (directory === undefined ? path : joinPattern(directory, path))
  for (const reject of optionValues(parsed, '-r', '--reject-file')) if (literalOf(reject) !== '-') sink.write('patch -r', at(reject), 'entry')
  const backups = optionValues(parsed, '-B', '--prefix', '-Y', '--basename-prefix')
  if (backups.length > 0) return sink.opaque('patch -B', 'backup files are named from the files the patch changes', backups.map(prefix => concat(prefix, ANY)))
  if (hasOption(parsed, '-b', '--backup', '-V', '--version-control', '-z', '--suffix')) return sink.opaque('patch -b', 'backup files are named from the files the patch changes', [ANY])
  // A hunk that fails leaves FILE.rej (unless -r names the file) and, by default, a FILE.orig backup.
  const rejects = optionValues(parsed, '-r', '--reject-file').length === 0
  const patched = (via: string, file: Pattern, backup: boolean): void => {
    sink.write(via, at(file), 'entry')
    if (rejects) sink.write(`${via} (rejects)`, at(concat(file, lit('.rej'))), 'entry')
    if (backup) sink.write(`${via} (backup)`, at(concat(file, lit('.orig'))), 'entry')
  }
  const output = optionValues(parsed, '-o', '--output')[0]
  if (output !== undefined) return literalOf(output) === '-' ? undefined : patched('patch -o', output, false)
  const original = parsed.operands[0]
  if (original !== undefined) return patched('patch', original, true)
  sink.write('patch', directory ?? lit('.'), 'beneath')
}

/** GNU ar's long options, which may come before the key; the valued ones take the next word without `=`. */
const AR_LONG_OPTIONS: ReadonlySet<string> = new Set(['--output', '--plugin', '--target', '--record-libdeps', '--thin', '--help', '--version'])
const AR_VALUED: ReadonlySet<string> = new Set(['--plugin', '--target', '--record-libdeps'])

/** `ar KEY ARCHIVE`: the operation is the key's letter among `dmpqrtx`, in any place (`vx`); `--output DIR` places extracted members. */
function ar(call: CommandCall, sink: CommandSink): void {
  const words = call.args.map(literalOf)
  if (words.some(word => word === null)) return opaqueCall(call, sink, 'an argument is not literal')
  let output: string | null = null
  const rest: string[] = []
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string
    const name = word.startsWith('--') ? word.replace(/=.*$/s, '') : null
    if (name === null) rest.push(word)
    else if (!AR_LONG_OPTIONS.has(name)) return opaqueCall(call, sink, `it has an option the analysis does not know (${name})`)
    else if (name === '--output') output = word.includes('=') ? word.slice('--output='.length) : words[(i += 1)] ?? null
    else if (!word.includes('=') && AR_VALUED.has(name)) i += 1
  }
  const operation = /[dmpqrtx]/.exec(rest[0]?.replace(/^-/, '') ?? '')?.[0]
  const archive = rest.slice(1).find(word => !word.startsWith('-'))
  if (operation === undefined) return opaqueCall(call, sink, 'its operation is not one the analysis knows')
  if (operation === 't' || operation === 'p') return
  if (operation === 'x') return sink.write('ar x', lit(output ?? '.'), 'beneath')
  if (archive === undefined) return opaqueCall(call, sink, 'it names no archive')
  sink.write('ar', lit(archive), 'entry')
}

/** Archive and compression commands keyed by name. */
export const ARCHIVE_WRITERS: Record<string, CommandHandler> = {
  tar,
  bsdtar: tar,
  gzip: compressor, gunzip: compressor, bzip2: compressor, bunzip2: compressor, xz: compressor, unxz: compressor, lzma: compressor,
  unlzma: compressor, zstd: compressor, unzstd: compressor, zstdcat, lz4: compressor, compress: compressor, uncompress: compressor,
  pigz: compressor, unpigz: compressor, pbzip2: compressor, brotli: compressor,
  zip,
  unzip,
  '7z': sevenZip, '7za': sevenZip, '7zr': sevenZip,
  split: splitter('x', null),
  csplit: splitter('xx', '-f'),
  patch,
  ar,
}
