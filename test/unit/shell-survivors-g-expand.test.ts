/**
 * Pinned against bash 5.2: an unquoted unknown expansion (`${!x}`,
 * `${a[i]}`) may split into any number of fields while a quoted one is one
 * field; a tilde prefix naming a user the analysis cannot know stays
 * unknown; an arithmetic expansion is one numeric field wherever it stands;
 * a whole-array subscript (`[*]`, `[@]`) is not evaluated as arithmetic,
 * unlike an element subscript; and a prompt string made only of `$` and
 * backquotes still runs the command substitution it holds.
 */
import { describe, expect, it } from 'vitest'
import { briefLines as brief, opaqueLines as opaque, pinBrief as pin, rmGlob, rmUnknown, writeLine } from '../support/shell-golden.ts'

const LINK_ARITY = opaque('link', 'link takes exactly two literal operands')
const LINK_UNKNOWN = ['= opaque', writeLine('⟨…⟩', 'link (link to)'), writeLine('/ws/b', 'link'), '  ? link (link to): its target … is not literal (an expansion the analysis cannot know)']

// bash: x=y; y='p q'; link ${!x} b  runs link with three operands; "${!x}" is one.
describe('unquoted unknown expansions may split into any number of fields', () => pin([
  ['an unquoted indirect expansion leaves the operand count unknown', 'link ${!x} b', LINK_ARITY],
  ['a quoted indirect expansion is one operand', 'link "${!x}" b', LINK_UNKNOWN],
  ['an unquoted array element leaves the operand count unknown', 'link ${a[1]} b', LINK_ARITY],
  ['a quoted array element is one operand', 'link "${a[1]}" b', LINK_UNKNOWN],
]))

// bash: cd a && echo ~nosuchuser/x  prints ~nosuchuser/x (or that user's home); ~- is the old directory.
describe('tilde prefixes', () => pin([
  ['a user name prefix is unknown, not the previous directory', 'cd a && rm ~nosuchuser/x', ['= opaque', writeLine('⟨…⟩/x'), writeLine('⟨…⟩/x'), rmUnknown('…/x'), rmUnknown('…/x')]],
  ['~- is the previous directory', 'cd a && rm ~-/x', ['= mutation', writeLine('/ws/x'), writeLine('/ws/x')]],
]))

describe('an arithmetic expansion is one numeric field', () => pin([
  ['unquoted, alone', 'rm $((1+1))', ['= opaque', writeLine('/ws/⟨n⟩'), rmGlob('/ws/<n>')]],
  ['double-quoted', 'rm "$((1))"', ['= opaque', writeLine('/ws/⟨n⟩'), rmGlob('/ws/<n>')]],
  ['between literal text', 'rm x$((2*3))y', ['= opaque', writeLine('/ws/x⟨n⟩y'), rmGlob('/ws/x<n>y')]],
  ['as one of several operands', 'rm a $((1)) b', ['= opaque', writeLine('/ws/a'), writeLine('/ws/⟨n⟩'), writeLine('/ws/b'), rmGlob('/ws/<n>')]],
]))

describe('whole-array subscripts are not evaluated as arithmetic', () => {
  // Eight names evaluated one inside the other reach the evaluation depth limit, so any further evaluation shows.
  const chain = (last: string): string => `v1=v2 v2=v3 v3=v4 v4=v5 v5=v6 v6=v7 v7=v8 v8='${last}'; (( v1 ))`
  const deep = (via: string): string => `${via}: text is evaluated again more than 8 levels deep`
  it('does not evaluate the subscript of ${a[*]}', () => expect(brief(chain('${a[*]}'))).toEqual(['= opaque (loose globs)', '  opaque arithmetic word: text is evaluated again more than 8 levels deep', '  ? arithmetic word: text is evaluated again more than 8 levels deep']))
  it('does not evaluate the subscript of ${a[@]}', () => expect(brief(chain('${a[@]}'))).toEqual(['= opaque (loose globs)', '  opaque arithmetic word: text is evaluated again more than 8 levels deep', '  ? arithmetic word: text is evaluated again more than 8 levels deep']))
  it('evaluates an element subscript', () => expect(brief(chain('${a[1]}'))).toEqual(['= opaque (loose globs)', '  opaque array subscript: text is evaluated again more than 8 levels deep', '  opaque arithmetic word: text is evaluated again more than 8 levels deep', '  ? array subscript: text is evaluated again more than 8 levels deep', '  ? arithmetic word: text is evaluated again more than 8 levels deep']))
})

// bash: x='`$`'; echo "${x@P}"  reports "$: command not found"; with `$$` it runs a command named by the PID.
describe('a prompt string made only of $ and backquotes', () => pin([
  ['runs the command substitution `$`', "x='`$`'; echo \"${x@P}\"", opaque('$', '$ is not a command the analysis knows, so what it writes cannot be proven')],
  ['runs the command substitution `$$`', "x='`$$`'; echo \"${x@P}\"", opaque('command', 'the command name is not literal')],
  ['the PID parameter alone runs nothing', "x='$$'; echo \"${x@P}\"", ['= read-only']],
]))
