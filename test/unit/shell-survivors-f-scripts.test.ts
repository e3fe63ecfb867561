/**
 * Pinned against GNU sed 4.9, bash 5.2, xxd, util-linux and git 2.39:
 * sed addresses written `\cREGEXc` with a custom delimiter and regular
 * expressions whose bracket expression holds the delimiter, before a `w`
 * command; arithmetic assignments nested in a parenthesised operand, inside
 * a command substitution (a subshell, so the caller's variable stays), and
 * to a parenthesised operand (no variable at all); `xxd` with `--` and `-`
 * as its output; wrappers that run their words (`busybox`, `watch`, shells
 * given `-c`); and `git clone` whose guessed directory git would refuse.
 */
import { describe, expect, it } from 'vitest'
import { scanSedScript } from '../../src/ieg/shell/commands/text-scripts.ts'
import { briefLines as brief, opaqueLines as opaque, READ_ONLY, rmGlob, rmWrites, writeLine } from '../support/shell-golden.ts'

type Case = readonly [title: string, command: string, lines: readonly string[]]

function pin(cases: readonly Case[]): void {
  for (const [title, command, lines] of cases) it(title, () => expect(brief(command)).toEqual(lines))
}

const sedWrites = (target: string): string[] => ['= mutation', writeLine(target, 'sed w')]
const UNKNOWN_SED = opaque('sed', 'its script holds a command the analysis does not know')
const NUMBER_REMOVED = ['= opaque', writeLine('/ws/⟨n⟩'), rmGlob('/ws/<n>')]

describe('sed addresses with a custom delimiter', () => pin([
  ['reads \\,RE, as an address whose regex may hold a slash', "sed -n '\\,a/b,w out' f", sedWrites('/ws/out')],
  ['reads \\%RE% with the I flag as an address', "sed -n '\\%x%Iw out' f", sedWrites('/ws/out')],
  ['reads \\,RE, as the second address of a range', "sed -n '1,\\,end,w out' f", sedWrites('/ws/out')],
  ['reads a slash inside a bracket expression as part of the regex', "sed -n '/[/]/w slashes' f", sedWrites('/ws/slashes')],
  ['reads a bracket expression in a custom-delimited address', "sed -n '\\,[,],w out' f", sedWrites('/ws/out')],
  ['leaves an unterminated custom-delimited address opaque', "sed -n '\\,abc' f", UNKNOWN_SED],
  ['leaves an unterminated regex address opaque', "sed -n '/abc' f", UNKNOWN_SED],
]))

describe('the sed script scanner', () => {
  it('finds the w file after a custom-delimited address', () => expect(scanSedScript('\\;a/b;w out')).toEqual({ writes: ['out'], executes: false, unknown: false }))
  it('finds the e command after a custom-delimited address', () => expect(scanSedScript('\\|x|e')).toEqual({ writes: [], executes: true, unknown: false }))
  it('reports a lone backslash address as unknown', () => expect(scanSedScript('\\')).toEqual({ writes: [], executes: false, unknown: true }))
})

describe('arithmetic assignments', () => pin([
  ['sees an assignment nested in a parenthesised operand', 'b=x; (( a = (b = 2) )); rm -- "$b"', NUMBER_REMOVED],
  ['sees an assignment nested in a ternary branch', 'b=x; (( 1 ? (b += 2) : 0 )); rm -- "$b"', NUMBER_REMOVED],
  ['sees a shift assignment', 'x=a; (( x <<= 1 )); rm -- "$x"', NUMBER_REMOVED],
  ['sees a post-increment', 'x=a; (( x++ )); rm -- "$x"', NUMBER_REMOVED],
  ['takes a comparison for no assignment', 'x=a; (( x <= 1 )); rm -- "$x"', rmWrites('/ws/a')],
  ['takes == for no assignment', 'x=a; (( x == 1 )); rm -- "$x"', rmWrites('/ws/a')],
  // bash: "attempted assignment to non-variable"; no variable changes.
  ['assigns no variable through a parenthesised operand', 'undefined=a; (( (y) = 3 )); rm -- "$undefined"', rmWrites('/ws/a')],
]))

describe('arithmetic for clauses assign before the body runs', () => pin([
  ['sees the loop variable assigned by the initializer', 'for (( i = 0; i < 1; i++ )); do rm -- "$i"; done', NUMBER_REMOVED],
  ['sees an assignment nested in the initializer', 'b=a; for (( i = (b = 0); i < 1; i++ )); do rm -- "$b"; done', NUMBER_REMOVED],
]))

describe('arithmetic assignments inside a command substitution stay in its subshell', () => {
  // The substitutions' output is assigned, not evaluated (unknown text evaluated again would make every variable unknown).
  const keeps = (command: string): void => { expect(new Set(brief(command))).toEqual(new Set(['= mutation', writeLine('/ws/a')])) }
  it('keeps the caller variable after $( (( y = 5 )) )', () => keeps('y=a; x=$( (( y = 5 )); echo 1 ); rm -- "$y"'))
  it('keeps the caller variable in a loop whose body substitutes a command', () => keeps('y=a; for (( i = 0; i < 1; i++ )); do x=$( (( y = 5 )); echo 0 ); rm -- "$y"; done'))
})

describe('an arithmetic expansion inside an arithmetic for initializer', () => {
  // bash runs `rm -- 0`: $(( y = 0 )) assigns y in the shell itself before the body runs.
  it('sees the variable assigned by $(( )) in the body', () => expect(brief('y=a; for (( i = $(( y = 0 )); i < 1; i++ )); do rm -- "$y"; done')).toEqual(NUMBER_REMOVED))
})

describe('xxd operands', () => pin([
  ['takes the words after -- as operands, a dash-led one included', 'xxd -- -dump out.hex', ['= mutation', writeLine('/ws/out.hex', 'xxd')]],
  ['takes -- before plain operands', 'xxd -- in.bin out.hex', ['= mutation', writeLine('/ws/out.hex', 'xxd')]],
  ['reads an output operand - as standard output', 'xxd in.bin -', READ_ONLY],
  ['writes a second operand', 'xxd -c 8 in.bin out.hex', ['= mutation', writeLine('/ws/out.hex', 'xxd')]],
  ['leaves operands of unknown count opaque', 'xxd in.bin "$@"', opaque('xxd', 'its operands are not literal, so the output file cannot be told apart')],
]))

describe('wrappers that run their words', () => pin([
  ['reads busybox alone as listing its applets', 'busybox', READ_ONLY],
  ['runs a busybox applet', 'busybox rm f', rmWrites('/ws/f')],
  ['runs the watch command text through a shell', "watch 'rm f'", rmWrites('/ws/f')],
  ['runs a bash -c script', "bash -c 'rm f'", rmWrites('/ws/f')],
  ['runs an sh -c script', "sh -c 'rm g'", rmWrites('/ws/g')],
]))

describe('git clone without a directory', () => pin([
  ['leaves a source whose last component holds a space opaque', "git clone '/src/my repo'", opaque('git', 'git clone names no literal directory')],
  ['leaves a source that is not literal opaque', 'git clone "$src"', opaque('git', 'git clone names no literal directory')],
]))
