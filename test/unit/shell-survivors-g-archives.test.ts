/**
 * unzip's reading of its words, pinned as Info-ZIP UnZip 6.0 behaves: which
 * word is the archive (the one after a valued `-d`/`-P` cluster is a value,
 * an attached `-Ppw` or a directory that merely ends in `-d` is not a valued
 * option), where `-:` counts (an option cluster before the archive, not a
 * negated `--:`, not a directory or member name holding `-:`), and an
 * attached `-dDIR` after the archive.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, goldenLines, opaqueLines as opaque } from '../support/shell-golden.ts'

const extractsBeneath = (directory: string): string[] => ['= mutation', `  write unzip ${JSON.stringify(directory)} beneath`]
const KEEPS_PARENTS = '-: keeps ../ in member names, so they may be written anywhere'

describe('unzip: the archive is the first word that is neither an option nor an option value', () => {
  // `unzip -qd out a.zip` extracts into out: -d, last in its cluster, takes the next word.
  it('reads the word after a cluster ending in d as the directory', () => {
    expect(goldenLines('unzip -qd out a.zip')).toEqual(extractsBeneath('/ws/out'))
  })

  // `unzip -Ppw a.zip -l` extracts the member named -l: the password is attached, so a.zip is the archive.
  it('reads the word after an attached -Ppassword as the archive, so later words are members', () => {
    expect(goldenLines('unzip -Ppw a.zip -l')).toEqual(extractsBeneath('/ws/.'))
  })

  // `unzip -q -d out-d a.zip -l` extracts the member -l into out-d: out-d is a value, not an option.
  it('reads a directory whose name ends in -d as a value, not as an option taking the archive', () => {
    expect(goldenLines('unzip -q -d out-d a.zip -l')).toEqual(extractsBeneath('/ws/out-d'))
  })
})

describe('unzip -: (member names keep ../)', () => {
  it('is opaque for -: alone or in a cluster before the archive', () => {
    expect(brief('unzip -: a.zip')).toEqual(opaque('unzip', KEEPS_PARENTS))
    // `unzip -q: a.zip` wrote a member ../escaped.txt outside the current directory.
    expect(brief('unzip -q: a.zip')).toEqual(opaque('unzip', KEEPS_PARENTS))
  })

  it('is opaque when no archive is named, wherever -: stands', () => {
    expect(brief('unzip -q -:')).toEqual(opaque('unzip', KEEPS_PARENTS))
  })

  // `unzip --: a.zip` negates -:, so ../ is stripped and every member lands beneath the current directory.
  it('reads the negated --: as keeping members beneath the directory', () => {
    expect(goldenLines('unzip --: a.zip')).toEqual(extractsBeneath('/ws/.'))
  })

  // `unzip -d out-: a.zip` extracts into the directory out-:.
  it('reads -: inside a directory name as part of the name', () => {
    expect(goldenLines('unzip -d out-: a.zip')).toEqual(extractsBeneath('/ws/out-:'))
  })

  // `unzip a.zip -:` extracts only the member named -:, beneath the current directory.
  it('reads -: after the archive as a member name', () => {
    expect(goldenLines('unzip a.zip -:')).toEqual(extractsBeneath('/ws/.'))
    expect(goldenLines('unzip -q a.zip m -:')).toEqual(extractsBeneath('/ws/.'))
  })
})

describe('unzip -d after the archive', () => {
  it('reads an attached -dDIR after the archive as the directory', () => {
    expect(goldenLines('unzip a.zip -dout')).toEqual(extractsBeneath('/ws/out'))
    expect(goldenLines('unzip a.zip m -dsub/out')).toEqual(extractsBeneath('/ws/sub/out'))
  })

  it('reads a separate -d DIR after the archive and its members as the directory', () => {
    expect(goldenLines('unzip a.zip m -d out')).toEqual(extractsBeneath('/ws/out'))
  })
})
