import { SAFE_PROGRAM } from '../environment.js'

/**
 * git settings that make git run a program or trust other files: the keys,
 * the sections they live in, and the pager and editor values that run
 * nothing else. Pure.
 */

/** Configuration keys that make git run a program or trust other files. */
export const CONTROL_KEY = /^(core\.(hookspath|fsmonitor|sshcommand|editor|pager|askpass|gitproxy|worktree|attributesfile|excludesfile|alternaterefscommand)|alias\..+|hook\..+|filter\..+\.(clean|smudge|process)|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|credential\..*|include\.path|includeif\..+|sequence\.editor|gpg\..+|uploadpack\..+|uploadarchive\..+|remote\..+\.(uploadpack|receivepack|proxy|vcs)|url\..+\.(insteadof|pushinsteadof)|protocol\..*allow|pager\..+|man\..+\.(cmd|path)|web\.browser|browser\..+\.(cmd|path)|difftool\..+|mergetool\..+|submodule\..+\.update|ssh\.variant|init\.templatedir|sendemail\..+|instaweb\..+|http\.(.+\.)?(proxy|cookiefile)|interactive\.difffilter|trailer\..+\.(command|cmd)|tar\..+\.command|receive\.procreceiverefs|imap\..+|guitool\..+|gui\..+|svn\..+|p4\..+|fetch\..*fsck.*|transfer\..*fsck.*|notes\.rewrite.*|bitmappseudomerge.*|pack\..*hook.*)$/i

/** Sections holding keys of {@link CONTROL_KEY}: renaming or copying a section into one of them arranges code execution. */
const CONTROL_SECTION = /^(core|alias|hook|filter|diff|merge|credential|include|includeif|sequence|gpg|uploadpack|uploadarchive|remote|url|protocol|pager|man|web|browser|difftool|mergetool|submodule|ssh|init|sendemail|instaweb|http|interactive|trailer|tar|receive|imap|guitool|gui|svn|p4)(\.|$)/i

/**
 * Whether a `name=value` setting (`git -c`, `git config`) makes git run a program.
 * @param setting - `key=value`, or a key alone.
 */
export function controlSetting(setting: string): boolean {
  const [key = '', ...rest] = setting.split('=')
  const value = rest.join('=')
  if (/^(pager\..+|core\.pager)$/i.test(key) && SAFE_PROGRAM.test(value)) return false
  if (/^safe\.directory$/i.test(key)) return false
  return CONTROL_KEY.test(key) || (/^remote\..+\.(push)?url$/i.test(key) && /^(ext|fd)::/.test(value))
}

/**
 * Whether a configuration section name holds keys that make git run a program.
 * @param section - a section name (`alias`, `remote.origin`).
 */
export function controlSection(section: string): boolean {
  return CONTROL_SECTION.test(section)
}
