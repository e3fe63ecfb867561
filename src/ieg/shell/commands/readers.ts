/**
 * Commands that only read, and readers whose options can write or run code
 * (`sort -o`, `find -delete`/`-exec`, `uniq IN OUT`). A reader's unreadable
 * argument (one that could be a writing option) makes the call opaque. Pure.
 */
import { hasOption, optionValues, parseArgs, type OptionSpec } from '../argv.js'
import { SAFE_PROGRAM } from '../environment.js'
import { concat, lit, literalOf, type Pattern } from '../pattern.js'
import { opaqueCall, type CommandCall, type CommandHandler, type CommandSink } from './types.js'

/** Commands with no option that writes a file or runs code. */
export const PLAIN_READERS: readonly string[] = [
  ':', 'true', 'false', 'echo', 'printf', 'pwd', 'test', '[', 'cat', 'tac', 'nl', 'head', 'tail', 'wc', 'ls', 'dir', 'vdir', 'stat',
  'realpath', 'readlink', 'basename', 'dirname', 'grep', 'egrep', 'fgrep', 'zgrep', 'zcat', 'bzcat', 'xzcat', 'cut', 'tr',
  'comm', 'join', 'paste', 'fold', 'fmt', 'pr', 'expand', 'unexpand', 'rev', 'column', 'colrm', 'cmp', 'diff', 'od',
  'hexdump', 'strings', 'base32', 'base64', 'basenc', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum',
  'b2sum', 'cksum', 'sum', 'seq', 'yes', 'sleep', 'expr', 'factor', 'numfmt', 'cal', 'id', 'whoami', 'groups', 'users', 'who', 'w',
  'uname', 'arch', 'nproc', 'uptime', 'free', 'df', 'du', 'ps', 'pgrep', 'pidof', 'lsof', 'printenv', 'locale', 'getconf', 'tty',
  'which', 'whereis', 'type', 'whatis', 'apropos', 'help', 'jq', 'look', 'tsort', 'ping', 'dig', 'host', 'nslookup',
  'lsattr', 'getfacl', 'lscpu', 'lsblk', 'wait', 'times', 'dirs', 'logname', 'ag', 'ack', 'readelf', 'objdump', 'size',
  'zipinfo', 'bat', 'batcat', 'more',
]

function operandsOrNothing(sink: CommandSink, via: string, operands: readonly Pattern[], scope: 'entry' = 'entry'): void {
  for (const operand of operands) sink.write(via, operand, scope)
}

/** A reader whose listed options write their value; any other reading is safe. */
function outputOption(spec: OptionSpec, writing: readonly string[], opaqueOptions: readonly string[] = []): CommandHandler {
  return (call, sink) => {
    const parsed = parseArgs(call.args, spec)
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be a writing option but is not literal')
    if (opaqueOptions.length > 0 && hasOption(parsed, ...opaqueOptions)) return opaqueCall(call, sink, `${opaqueOptions.join('/')} runs another program`)
    operandsOrNothing(sink, `${call.name} ${writing[0] ?? ''}`.trim(), optionValues(parsed, ...writing))
  }
}

/** `uniq [IN [OUT]]` writes its second operand. */
function secondOperandWrites(spec: OptionSpec): CommandHandler {
  return (call, sink) => {
    const parsed = parseArgs(call.args, spec)
    if (parsed.unreadable || call.uncertainArity) return opaqueCall(call, sink, 'its operands are not literal, so the output file cannot be told apart')
    const output = parsed.operands[1]
    if (output !== undefined && literalOf(output) !== '-') sink.write(call.name, output, 'entry')
  }
}

const SORT_OPTIONS: OptionSpec = { shortValue: 'okStT', longValue: ['output', 'key', 'field-separator', 'temporary-directory', 'buffer-size', 'parallel', 'files0-from', 'batch-size', 'compress-program', 'sort', 'random-source'] }

/**
 * `xxd [IN [OUT]]` writes its second operand. It reads options by their first
 * letter, before the operands: `-len 9` and `-l 9` take the next word, `-l9`
 * attaches it (`c g l n o s` take values).
 */
function xxd(call: CommandCall, sink: CommandSink): void {
  const operands: Pattern[] = []
  for (let i = 0; i < call.args.length; i += 1) {
    const word = call.args[i] as Pattern
    const text = literalOf(word)
    if (text === null) return opaqueCall(call, sink, 'its operands are not literal, so the output file cannot be told apart')
    if (operands.length > 0 || !text.startsWith('-') || text === '-') operands.push(word)
    else if (text === '--') {
      operands.push(...call.args.slice(i + 1))
      break
    } else if ('cglnos'.includes(text.replace(/^--?/, '')[0] ?? '') && /^--?[a-z]+$/.test(text)) i += 1
  }
  if (call.uncertainArity) return opaqueCall(call, sink, 'its operands are not literal, so the output file cannot be told apart')
  const output = operands[1]
  if (output !== undefined && literalOf(output) !== '-') sink.write('xxd', output, 'entry')
}

/** Expression words that select some entries (tests), as opposed to global options and actions. */
const FIND_TESTS = /^-(i?name|i?path|i?wholename|i?regex|type|xtype|size|empty|newer\w*|[acm](time|min|newer)|perm|user|group|uid|gid|nouser|nogroup|links|inum|samefile|fstype|readable|writable|executable|true|false|prune|not|o|or|a|and)$|^[(!)]$/
const FIND_ACTIONS_RUN = new Set(['-exec', '-execdir', '-ok', '-okdir'])
const FIND_ACTIONS_WRITE = new Set(['-fprint', '-fprint0', '-fls', '-fprintf'])

/** Where find's options before the start points end: `-H`, `-L`, `-P`, `-O<level>`, `-D LIST`, and a `--` after them. */
function globalOptionsEnd(args: readonly Pattern[]): number {
  let index = 0
  for (;;) {
    const text = literalOf(args[index] ?? []) ?? ''
    if (text === '--') return index + 1
    if (text === '-D') index += 2
    else if (/^-([HLP]|O\d*)$/.test(text)) index += 1
    else return index
  }
}

/** `find`: `-delete` removes matches beneath the start points, `-exec` runs a command, `-fprint` writes a file. */
function find(call: CommandCall, sink: CommandSink): void {
  if (call.args.some(arg => literalOf(arg) === '-files0-from')) return opaqueCall(call, sink, '-files0-from reads its start points from a file')
  const roots: Pattern[] = []
  let index = globalOptionsEnd(call.args)
  while (index < call.args.length) {
    const text = literalOf(call.args[index] as Pattern)
    if (text !== null && (text.startsWith('-') || text === '(' || text === '!')) break
    const first = call.args[index]?.[0]
    if (text === null && (first?.t !== 'lit' || /^[-(!]/.test(first.s) || call.uncertainArity)) return opaqueCall(call, sink, 'a start point or expression is not literal')
    roots.push(call.args[index] as Pattern)
    index += 1
  }
  const starts = roots.length === 0 ? [[{ t: 'lit' as const, s: '.' }]] : roots
  const filtered = call.args.slice(index).some(arg => FIND_TESTS.test(literalOf(arg) ?? '-name'))
  for (let i = index; i < call.args.length; i += 1) {
    const word = call.args[i] as Pattern
    const text = literalOf(word)
    if (text === null) {
      if (word[0]?.t !== 'lit' || (word[0]?.t === 'lit' && word[0].s.startsWith('-'))) return opaqueCall(call, sink, 'an expression word is not literal and could be an action')
      continue
    }
    if (text === '-delete') starts.forEach(root => sink.write('find -delete', root, 'subtree', filtered))
    else if (FIND_ACTIONS_WRITE.has(text)) {
      const file = call.args[i + 1]
      if (file === undefined) return opaqueCall(call, sink, `${text} has no file`)
      sink.write(`find ${text}`, file, 'entry')
      i += text === '-fprintf' ? 2 : 1
    } else if (FIND_ACTIONS_RUN.has(text)) {
      // `;` ends the command; `+` only right after `{}`. `{}` is the file name wherever it occurs in a word.
      const end = call.args.findIndex((arg, k) => k > i && (literalOf(arg) === ';' || (literalOf(arg) === '+' && literalOf(call.args[k - 1] as Pattern) === '{}')))
      if (end < 0) return opaqueCall(call, sink, `${text} has no terminating ; or +`)
      const inner = call.args.slice(i + 1, end).map(arg => arg.flatMap(atom => (atom.t === 'lit' && atom.s.includes('{}') ? atom.s.split('{}').flatMap((piece, index) => [...(index === 0 ? [] : [{ t: 'any' as const }]), ...(piece === '' ? [] : [{ t: 'lit' as const, s: piece }])]) : [atom])))
      if (text === '-execdir' || text === '-okdir') sink.within(null, scoped => scoped.run(inner, `find ${text}`, true))
      else sink.run(inner, `find ${text}`, true)
      i = end
    }
  }
}

/** Readers with options that write or run programs. */
export const OPTION_READERS: Record<string, CommandHandler> = {
  // `-T DIR` writes temporary files into DIR (removed again, but written).
  sort: (call, sink) => {
    outputOption(SORT_OPTIONS, ['-o', '--output'], ['--compress-program'])(call, sink)
    for (const directory of optionValues(parseArgs(call.args, SORT_OPTIONS), '-T', '--temporary-directory')) sink.write('sort -T', concat(directory, lit('/sort'), [{ t: 'star' }]), 'entry')
  },
  shuf: outputOption({ shortValue: 'oinN', longValue: ['output', 'input-range', 'head-count', 'random-source'] }, ['-o', '--output']),
  tree: outputOption({ shortValue: 'oLPIH', longValue: ['filelimit', 'timefmt', 'charset', 'sort'] }, ['-o']),
  iconv: outputOption({ shortValue: 'oft', longValue: ['output', 'from-code', 'to-code'] }, ['-o', '--output']),
  less: outputOption({ shortValue: 'oOpPtTxyjbhzk', longValue: ['log-file', 'LOG-FILE', 'pattern', 'tag'] }, ['-o', '-O', '--log-file', '--LOG-FILE']),
  sdiff: outputOption({ shortValue: 'ow', longValue: ['output', 'width', 'diff-program'] }, ['-o', '--output'], ['--diff-program']),
  info: outputOption({ shortValue: 'dfnoO', longValue: ['output', 'dribble', 'directory', 'file', 'node', 'index-search', 'apropos', 'init-file', 'restore'] }, ['-o', '--output', '--dribble']),
  // `--plugin` loads a shared object into nm, which runs its code.
  nm: outputOption({ longValue: ['plugin', 'format', 'radix', 'target'] }, [], ['--plugin']),
  xmllint: outputOption({ longValue: ['output', 'path', 'schema', 'relaxng', 'xpath', 'encode'] }, ['--output']),
  uniq: secondOperandWrites({ shortValue: 'fsw', longValue: ['skip-fields', 'skip-chars', 'check-chars'], longOptional: ['group', 'all-repeated'], longFlags: ['count', 'repeated', 'ignore-case', 'unique', 'zero-terminated'] }),
  xxd,
  find,
  diff3: outputOption({ shortValue: 'L', longValue: ['label', 'diff-program'] }, [], ['--diff-program']),
  // An operand other than +FORMAT (MMDDhhmm[[CC]YY][.ss]) sets the clock like -s.
  date: (call, sink) => {
    const parsed = parseArgs(call.args, { shortValue: 'dfrs', shortOptional: 'I', longValue: ['date', 'file', 'reference', 'set', 'rfc-3339'], longOptional: ['iso-8601'] })
    const setsClock = hasOption(parsed, '-s', '--set') || parsed.operands.some(operand => operand[0]?.t !== 'lit' || !operand[0].s.startsWith('+'))
    if (parsed.unreadable || setsClock) opaqueCall(call, sink, 'it may set the system clock')
  },
  hostname: (call, sink) => {
    const parsed = parseArgs(call.args, { shortValue: 'F', longValue: ['file'] })
    if (parsed.unreadable || parsed.operands.length > 0 || hasOption(parsed, '-F', '--file', '-b', '--boot')) opaqueCall(call, sink, 'with an operand, -F or -b it sets the host name')
  },
  rg: outputOption({ shortValue: 'efgtTmABCMjE', longValue: ['pre', 'pre-glob', 'regexp', 'file', 'glob', 'type', 'max-count', 'ignore-file', 'replace'] }, [], ['--pre']),
  fd: outputOption({ shortValue: 'xXeEtdc', longValue: ['exec', 'exec-batch', 'extension', 'exclude', 'type', 'max-depth', 'color'] }, [], ['-x', '-X', '--exec', '--exec-batch']),
  fdfind: outputOption({ shortValue: 'xXeEtdc', longValue: ['exec', 'exec-batch', 'extension', 'exclude', 'type', 'max-depth', 'color'] }, [], ['-x', '-X', '--exec', '--exec-batch']),
  man: (call, sink) => {
    const parsed = parseArgs(call.args, { shortValue: 'PHMLSmCE', longValue: ['pager', 'manpath', 'locale', 'sections', 'config-file'], longOptional: ['html'] })
    if (parsed.unreadable) return opaqueCall(call, sink, 'an argument could be a writing option but is not literal')
    if (hasOption(parsed, '-H', '--html', '-C', '--config-file')) return opaqueCall(call, sink, '-H runs a browser and -C reads another configuration')
    if (!optionValues(parsed, '-P', '--pager').every(pager => SAFE_PROGRAM.test(literalOf(pager) ?? '\u0000'))) opaqueCall(call, sink, '-P runs a pager that is not a plain reader')
  },
  file: outputOption({ shortValue: 'mefFP', longValue: ['magic-file', 'exclude', 'files-from', 'separator', 'parameter'], longFlags: ['compile', 'brief', 'mime', 'mime-type', 'mime-encoding', 'dereference', 'no-dereference', 'special-files', 'uncompress', 'keep-going', 'list', 'raw', 'no-pad', 'print0', 'preserve-date', 'extension', 'apple', 'no-buffer', 'debug'] }, [], ['-C', '--compile']),
}
