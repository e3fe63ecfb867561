/**
 * Environment variables that change what a program does: which program a
 * command name runs (`PATH`, `BASH_ENV`, `LD_PRELOAD`), and what a program
 * reads as code, options, a startup file or a program to run (`HOME`,
 * editors and pagers, `LESSOPEN`, `TAR_OPTIONS`, interpreter options). A
 * pager or editor that runs nothing else is harmless. Pure.
 */
import { literalOf, type Values } from './pattern.js'

/** Variables that change which program a command name runs, or what every shell started later runs first. */
const CHANGES_LOOKUP = new Set(['PATH', 'BASH_ENV', 'ENV', 'BASH_LOADABLES_PATH', 'EXECIGNORE', 'SHELLOPTS', 'BASHOPTS', 'BASH_CMDS', 'BASH_ALIASES'])

/**
 * Whether assigning the variable changes which program every later command name runs.
 * @param name - a variable name.
 */
export function changesLookup(name: string): boolean {
  return CHANGES_LOOKUP.has(name) || name.startsWith('LD_') || name.startsWith('DYLD_')
}

/** Variables that change which program a command name of the same shell runs (the rest of {@link changesLookup} matter to programs started later). */
const OWN_LOOKUP = new Set(['PATH', 'EXECIGNORE', 'BASH_CMDS', 'BASH_ALIASES'])

/**
 * Whether a variable set for one command changes which program that command's name runs.
 * @param name - a variable name.
 */
export function changesOwnLookup(name: string): boolean {
  return OWN_LOOKUP.has(name)
}

/** Variables a program reads as code, options, a startup file or a program to run. */
const CHANGES_WHAT_RUNS = new Set([
  ...CHANGES_LOOKUP,
  'HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_DATA_DIRS', 'XDG_CONFIG_DIRS', 'ZDOTDIR', 'INPUTRC',
  'EDITOR', 'VISUAL', 'PAGER', 'MANPAGER', 'BROWSER', 'SHELL', 'TERMINAL',
  'LESSOPEN', 'LESSCLOSE', 'LESS', 'LESSKEY', 'LESSKEYIN', 'LESSEDIT', 'LESSSECURE', 'MORE',
  'TAR_OPTIONS', 'UNZIP', 'UNZIPOPT', 'ZIP', 'ZIPOPT', 'GZIP', 'BZIP', 'BZIP2', 'XZ_OPT', 'XZ_DEFAULTS', 'ZSTD_CLEVEL', 'GREP_OPTIONS', 'GREP', 'DIFF', 'CMP',
  'CURL_HOME', 'CURL_CA_BUNDLE', 'WGETRC', 'SYSTEMWGETRC', 'NETRC', 'SSH_ASKPASS', 'SUDO_ASKPASS', 'GNUPGHOME',
  'NODE_OPTIONS', 'NODE_PATH', 'RUBYOPT', 'RUBYLIB', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS',
  // Option parsing and file naming of coreutils and tar, and man's own options.
  'POSIXLY_CORRECT', '_POSIX2_VERSION', 'TAPE', 'SIMPLE_BACKUP_SUFFIX', 'VERSION_CONTROL', 'MANOPT',
  'PROMPT_COMMAND', 'PS0', 'PS1', 'PS2', 'PS4', 'HISTFILE', 'TMPDIR', 'GCONV_PATH', 'LOCPATH', 'NLSPATH', 'TERMINFO', 'MAKEFLAGS', 'MFLAGS', 'GNUMAKEFLAGS',
])

/**
 * Whether assigning or exporting the variable changes what a later command runs.
 * @param name - a variable name.
 */
export function changesWhatRuns(name: string): boolean {
  return CHANGES_WHAT_RUNS.has(name) || /^(LD_|DYLD_|PYTHON|PERL|GIT_|NPM_CONFIG_|CARGO_|RUSTC|RUSTFLAGS|CC$|CXX$|CFLAGS|LDFLAGS|CPPFLAGS)/.test(name)
}

/** A pager or editor value that runs nothing else: less options without `-o`/`-O` (which save what is paged into a file). */
export const SAFE_PROGRAM = /^(cat|less( -[A-NP-Za-np-z]+)*|more|true|false|:|)$/
/** `LESS` holds options; a `+` would run less commands at start, and `o`/`O` write a log file. */
const SAFE_LESS = /^-?[A-NP-Za-np-z0-9#~-]*$/
/** Variables that only name a pager or an editor. */
const PROGRAM_VARIABLES = new Set(['PAGER', 'MANPAGER', 'GIT_PAGER', 'EDITOR', 'VISUAL', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR'])

/**
 * Whether the variable's possible values are harmless although the variable
 * changes what runs: a pager or editor that runs nothing else, `LESS` options.
 * @param name - the variable.
 * @param values - its possible values (null: unknown).
 */
export function harmlessSetting(name: string, values: Values | undefined): boolean {
  const safe = name === 'LESS' ? SAFE_LESS : PROGRAM_VARIABLES.has(name) ? SAFE_PROGRAM : null
  return safe !== null && values !== undefined && values !== null && values.every(value => safe.test(literalOf(value) ?? '\u0000'))
}
