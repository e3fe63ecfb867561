/**
 * The git settings that make git run a program or trust other files, key by
 * key: every family is caught with names of any length and any case, names
 * that only contain or extend one are not, and section renames into a
 * family are caught. Also the bounded cache of shell analyses.
 */
import { describe, expect, it } from 'vitest'
import { AnalysisCache } from '../../src/ieg/shell/cache.ts'
import { controlSection, controlSetting } from '../../src/ieg/shell/commands/git-settings.ts'

/** One key of each family, with multi-character wildcard parts. */
const CONTROL_KEYS = [
  'core.hooksPath', 'core.fsmonitor', 'core.sshCommand', 'core.editor', 'core.askPass', 'core.gitProxy', 'core.worktree',
  'core.attributesFile', 'core.excludesFile', 'core.alternateRefsCommand', 'alias.co', 'hook.pre-commit.command',
  'filter.lfs.clean', 'filter.lfs.smudge', 'filter.lfs.process', 'diff.external', 'diff.pdf.textconv', 'diff.tool.command',
  'merge.ours.driver', 'credential.helper', 'credential.https://example.com.username', 'include.path', 'includeIf.gitdir:~/w/.path',
  'sequence.editor', 'gpg.program', 'gpg.ssh.program', 'uploadpack.packObjectsHook', 'uploadarchive.allowUnreachable',
  'remote.origin.uploadpack', 'remote.origin.receivepack', 'remote.origin.proxy', 'remote.origin.vcs', 'url.ssh://x/.insteadOf',
  'url.ssh://x/.pushInsteadOf', 'protocol.ext.allow', 'protocol.allow', 'pager.log', 'man.viewer1.cmd', 'man.viewer1.path',
  'web.browser', 'browser.ff.cmd', 'browser.ff.path', 'difftool.vim.cmd', 'mergetool.kdiff.cmd', 'submodule.lib.update',
  'ssh.variant', 'init.templateDir', 'sendemail.smtpServer', 'instaweb.httpd', 'http.https://x.proxy', 'http.cookieFile',
  'http.proxy', 'interactive.diffFilter', 'trailer.sign.command', 'trailer.sign.cmd', 'tar.tgz.command',
  'receive.procReceiveRefs', 'imap.tunnel', 'guitool.lint.cmd', 'gui.editor', 'svn.authorsProg', 'p4.client',
  'fetch.fsckObjects', 'fetch.fsck.badDate', 'transfer.fsckObjects', 'notes.rewriteRef', 'bitmapPseudoMerge.all.pattern',
  'pack.preferBitmapTips.hook',
]

/** Keys that only contain, prefix or extend a family name. */
const PLAIN_KEYS = [
  'user.name', 'core.autocrlf', 'core.hooksPathX', 'xcore.hooksPath', 'core.editorconfig', 'myalias.co', 'alias', 'aliasx.co',
  'filter.lfs.required', 'diff.renames', 'diff.pdf.binary', 'merge.ours.name', 'remote.origin.url', 'remote.origin.fetch',
  'url.ssh://x/.other', 'protocol.version', 'man.viewer', 'browser.ff.other', 'trailer.sign.key', 'tar.umask',
  'http.sslVerify', 'http.x.sslVerify', 'safe.directory', 'fetch.prune', 'notes.displayRef', 'pack.threads',
  'web.other', 'diffx.external', 'hookx.y', 'core.pager.x',
]

describe('git settings that run a program', () => {
  it.each(CONTROL_KEYS)('%s is control', (key) => {
    expect(controlSetting(`${key}=x`)).toBe(true)
    expect(controlSetting(`${key.toUpperCase()}=x`)).toBe(true)
  })

  it.each(PLAIN_KEYS)('%s is not', key => expect(controlSetting(`${key}=x`)).toBe(false))

  it('lets pagers that run nothing else through, and safe.directory', () => {
    expect(controlSetting('core.pager=less')).toBe(false)
    expect(controlSetting('pager.log=cat')).toBe(false)
    expect(controlSetting('core.pager=less; touch x')).toBe(true)
    expect(controlSetting('safe.directory=*')).toBe(false)
  })

  it('catches remote URLs that run a transport program', () => {
    expect(controlSetting('remote.origin.url=ext::sh -c touch% x')).toBe(true)
    expect(controlSetting('remote.origin.pushurl=fd::3')).toBe(true)
    expect(controlSetting('remote.origin.url=https://example.com/x.git')).toBe(false)
    expect(controlSetting('remote.origin.urlx=ext::sh')).toBe(false)
  })

  it('catches sections whose keys run a program, and only those', () => {
    for (const section of ['core', 'alias', 'remote.origin', 'includeIf', 'HTTP', 'difftool.vim']) expect(controlSection(section), section).toBe(true)
    for (const section of ['user', 'branch.main', 'xcore', 'corex', 'color.ui']) expect(controlSection(section), section).toBe(false)
  })
})

describe('the analysis cache', () => {
  it('computes once per key and evicts the least recently used entry', () => {
    const cache = new AnalysisCache<number>(2)
    let computed = 0
    const get = (key: string): number => cache.get(key, () => (computed += 1))
    expect(get('a')).toBe(1)
    expect(get('b')).toBe(2)
    expect(get('a')).toBe(1)
    expect(get('c')).toBe(3)
    expect(get('a')).toBe(1)
    expect(get('b')).toBe(4)
    expect(computed).toBe(4)
  })

  it('keeps nothing at capacity 0', () => {
    const cache = new AnalysisCache<number>(0)
    let computed = 0
    cache.get('a', () => (computed += 1))
    cache.get('a', () => (computed += 1))
    expect(computed).toBe(2)
  })
})
