/**
 * Readings pinned from survivors of a mutation sample, each checked against
 * bash 5.2: sed -i whose files depend on how an option's value splits, the
 * value of `git submodule add -b`, extended globs inside a split value, and
 * standard input restored after a pipeline whose last command changed the
 * descriptor table.
 */
import { describe, expect, it } from 'vitest'
import { goldenLines, mutationLines, writeLine } from '../support/shell-golden.ts'

describe('sed -i whose file list depends on a split', () => {
  // `N='1 s/a/b/ .git/config'; sed -i -l $N s/x/y/` edits .git/config in place: the value may hold the script and files.
  it('is opaque when no file is literal but the word count is not known', () => {
    expect(goldenLines('sed -i -l $N s/a/b/')).toEqual([
      '= opaque',
      '  opaque sed: its files are not literal | words ["/ws/-i","/ws/-l","⟨…⟩","/ws/s/a/b/"] | mentions ["sed","-i","-l","$N","s/a/b/","","sed","-i","-l","","s/a/b/"]',
      '  ? sed: its files are not literal',
    ])
  })

  it('reports an in-place write to a file that is not literal, not an opaque call', () => {
    expect(goldenLines('sed -i -- s/a/b/ $X')).toEqual([
      '= opaque',
      '  write sed -i "⟨…⟩" entry',
      '  ? sed -i: its target … is not literal (an expansion the analysis cannot know)',
    ])
  })
})

describe('git submodule add', () => {
  // `-b main` takes a value: the repository is ../r.git and the path sub.
  it.each(['-b main', '--branch main'])('reads %s as a branch, so the path is the second operand', option => {
    expect(goldenLines(`git submodule add ${option} ../r.git sub`)).toEqual(mutationLines(
      writeLine('/ws/./sub', 'git submodule', 'beneath'),
      writeLine('/ws/./.gitmodules', 'git submodule'),
      '  history git submodule',
    ))
  })
})

describe('extended globs inside a value that is split', () => {
  // bash -O extglob: `X='@(a'; rm $X` removes the file named `@(a`; the pattern is not closed.
  it('keeps an unclosed @( as literal text', () => {
    expect(goldenLines('X=\'@(a\'; rm $X')).toEqual(mutationLines(writeLine('/ws/@(a')))
  })

  // bash -O extglob: `X='x)@(b)'; ls $X` lists `x)b`; the `)` before the pattern does not close it.
  it('finds the end of the pattern from its own parenthesis', () => {
    expect(goldenLines('X=\'x)@(b)\'; rm $X')).toEqual([
      '= opaque',
      writeLine('/ws/x)⟨*.⟩'),
      '  ? rm: its target /ws/x)* is not literal (a glob)',
    ])
  })
})

describe('standard input after a pipeline whose last command changed the descriptors', () => {
  // bash: `{ echo x | { exec 3>f; }; bash; } < s.sh` runs s.sh; only the pipeline read the pipe.
  it('gives the commands after it the input the group had', () => {
    expect(goldenLines('{ echo x | { exec 3>f; }; bash; } < s.sh')).toEqual([
      '= opaque',
      writeLine('/ws/f', 'redirection >'),
      '  opaque bash: it runs a script from standard input the analysis cannot see | words [] | mentions ["bash","","bash","{ echo x | { exec 3>f; }; bash; } < s.sh"]',
      '  ? bash: it runs a script from standard input the analysis cannot see',
    ])
  })

  // bash: after `exec <&-` the inner bash reads nothing, so s.sh does not run.
  it('leaves standard input closed when it was closed before the pipeline', () => {
    expect(goldenLines('{ exec <&-; echo x | { exec 3>f; }; bash; } < s.sh')).toEqual(mutationLines(writeLine('/ws/f', 'redirection >')))
  })
})
