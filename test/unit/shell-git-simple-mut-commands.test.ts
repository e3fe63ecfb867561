/**
 * Simple commands and the text-script readers, pinned by bash 5.2, GNU sed
 * and yq: sed comments (which hide a `w` until the line ends), the variables
 * `getopts` assigns, the lone help option of a table command, `builtin` with
 * a program, `command_not_found_handle`, the write redirection operators,
 * the descriptors a bare `exec` (also through `command`/`builtin`) keeps open
 * for `/dev/fd/N`, the user's read-only command declarations, and yq's
 * in-place edits.
 */
import { describe, expect, it } from 'vitest'
import { analyzeShellCommand } from '../../src/ieg/shell/analyze.ts'
import { briefLines as brief, encodeAnalysis, GOLDEN_OPTIONS, READ_ONLY, opaqueLines as opaque } from '../support/shell-golden.ts'

const UNKNOWN_TARGET = ['= opaque', '  write redirection > "⟨…⟩" entry', '  ? redirection >: its target … is not literal (an expansion the analysis cannot know)']

describe('sed comments', () => {
  // GNU sed: `#` starts a comment to the end of the line, also after a command; `sed $'#c\nw z'` still writes z.
  it('skips a comment to the end of its line, a w in it included', () => {
    expect(brief('sed \'#comment\' f')).toEqual(READ_ONLY)
    expect(brief('sed \'#\' f')).toEqual(READ_ONLY)
    expect(brief('sed -n $\'# w out\\np\' f')).toEqual(READ_ONLY)
    expect(brief('sed \'s/a/b/ # w x\' f')).toEqual(READ_ONLY)
    expect(brief('sed -n \'p # w y\' f')).toEqual(READ_ONLY)
    expect(brief('sed $\'#c\\nw z\' f')).toEqual(['= mutation', '  write sed w "/ws/z" entry'])
  })
})

describe('getopts', () => {
  // bash sets the name to the option letter or `?`, and OPTARG and OPTIND: none of them keeps its earlier value.
  it('leaves the variables it assigns unknown', () => {
    expect(brief('opt=/ws/a; getopts ab opt; echo x > "$opt"')).toEqual(UNKNOWN_TARGET)
    expect(brief('OPTARG=/ws/a; getopts ab o; echo x > "$OPTARG"')).toEqual(UNKNOWN_TARGET)
    // OPTIND becomes the index of the next argument, a number.
    expect(brief('OPTIND=/ws/a; getopts ab o; echo x > "$OPTIND"')).toEqual(['= opaque', '  write redirection > "/ws/⟨n⟩" entry', '  ? redirection >: its target /ws/<n> is not literal (a glob)'])
    expect(brief('o=/ws/a; echo x > "$o"')).toEqual(['= mutation', '  write redirection > "/ws/a" entry'])
  })
})

describe('calling a command', () => {
  it('reads a lone --help or --version as help only', () => {
    expect(brief('rm --help')).toEqual(READ_ONLY)
    expect(brief('rm --version')).toEqual(READ_ONLY)
    expect(brief('rm --help x')).toEqual(['= mutation', '  write rm "/ws/x" entry'])
  })

  it('runs only shell built-ins through builtin', () => {
    expect(brief('builtin rm x')).toEqual(opaque('rm', 'it is not a shell built-in'))
    expect(brief('builtin echo hi > f')).toEqual(['= mutation', '  write redirection > "/ws/f" entry'])
  })

  it('runs command_not_found_handle for a command bash cannot find', () => {
    // The body is analyzed once where it is defined and once more where bash runs it.
    const reason = 'nosuch is not a command the analysis knows, so what it writes cannot be proven'
    expect(brief('command_not_found_handle() { touch /ws/h; }; nosuch')).toEqual(['= opaque', '  write touch "/ws/h" entry', '  write touch "/ws/h" entry', `  opaque nosuch: ${reason}`, `  ? nosuch: ${reason}`])
    expect(brief('command_not_found_handle() { touch /ws/h; }')).toEqual(['= mutation', '  write touch "/ws/h" entry'])
  })

  it('writes through every write operator, and not through a duplication or a read', () => {
    expect(brief('echo x >| a >> b &> c &>> d <> e')).toEqual(['= mutation', ...[['>|', 'a'], ['>>', 'b'], ['&>', 'c'], ['&>>', 'd'], ['<>', 'e']].map(([op, file]) => `  write redirection ${op as string} "/ws/${file as string}" entry`)])
    expect(brief('echo x >& f')).toEqual(['= mutation', '  write redirection >& "/ws/f" entry'])
    expect(brief('echo x 2>&1 >&2 <&0 >&-')).toEqual(READ_ONLY)
    expect(brief('cat <& f')).toEqual(READ_ONLY)
  })
})

describe('descriptors a bare exec keeps', () => {
  const twice = ['= mutation', '  write redirection > "/ws/a" entry', '  write redirection > "/ws/a" entry']
  it('keeps what exec opens, also through command, command -p and builtin', () => {
    for (const exec of ['exec', 'command exec', 'command -p exec', 'builtin exec', 'command command exec']) {
      expect(brief(`${exec} 3>/ws/a; echo x > /dev/fd/3`), exec).toEqual(twice)
    }
  })

  it('closes what another command opens once it ends', () => {
    for (const command of ['exec cat', 'true']) {
      expect(brief(`${command} 3>/ws/a; echo x > /dev/fd/3`), command).toEqual(['= mutation', '  write redirection > "/ws/a" entry'])
    }
    expect(brief('echo x 3>/ws/a > /dev/fd/3')).toEqual(twice)
    // `&>` and `&>>` open both standard output and standard error on the file.
    expect(brief('echo x &>/ws/a >/dev/fd/2')).toEqual(['= mutation', '  write redirection &> "/ws/a" entry', '  write redirection > "/ws/a" entry'])
    expect(brief('echo x &>>/ws/a >/dev/fd/2')).toEqual(['= mutation', '  write redirection &>> "/ws/a" entry', '  write redirection > "/ws/a" entry'])
    expect(brief('echo x >/ws/a >/dev/fd/2')).toEqual(['= mutation', '  write redirection > "/ws/a" entry'])
  })

  // bash 5.2 (varredir_close off): a {var} redirection stays open after the command; opening /dev/fd/10 for writing then writes ./v.
  it('keeps a {var} descriptor open after the command, so /dev/fd/10 may write the file it read', () => {
    expect(brief('true {v}<./v; echo written > /dev/fd/10')).toEqual(['= mutation', '  write redirection > "/ws/./v" entry'])
    expect(brief('{ true; } {v}>./v; echo w >&10')).toEqual(['= mutation', '  write redirection > "/ws/./v" entry'])
    expect(brief('true {v}<./v; true {w}<./w; echo x > /dev/fd/11')).toEqual(['= mutation', '  write redirection > "/ws/./v" entry', '  write redirection > "/ws/./w" entry'])
    expect(brief('true 3<./v; echo written > /dev/fd/3')).toEqual(READ_ONLY)
  })
})

describe('declared read-only commands', () => {
  const lines = (command: string): string[] => encodeAnalysis(analyzeShellCommand(command, { ...GOLDEN_OPTIONS, readOnlyCommands: [['make', '-n'], ['mytool']] }))
  it('trusts a declaration whose words start the call', () => {
    expect(lines('make -n')).toEqual(READ_ONLY)
    expect(lines('make -n all')).toEqual(READ_ONLY)
    expect(lines('mytool --any x')).toEqual(READ_ONLY)
    expect(lines('make all -n')[0]).toBe('= opaque')
    expect(lines('make')[0]).toBe('= opaque')
  })
})

describe('yq', () => {
  // mikefarah's yq takes an existing file as its first operand (the expression is then `.`), so in place every operand may be written.
  it('writes every operand with -i or --inplace', () => {
    const both = ['= mutation', '  write yq -i "/ws/.a = 1" entry', '  write yq -i "/ws/f.yaml" entry']
    expect(brief('yq -i \'.a = 1\' f.yaml')).toEqual(both)
    expect(brief('yq --inplace \'.a = 1\' f.yaml')).toEqual(both)
    expect(brief('yq -o json -i \'.a = 1\' f.yaml')).toEqual(both)
    expect(brief('yq -i f.yaml')).toEqual(['= mutation', '  write yq -i "/ws/f.yaml" entry'])
    expect(brief('yq -f prog.jq -i f.yaml')).toEqual(['= mutation', '  write yq -i "/ws/f.yaml" entry'])
    expect(brief('yq \'.a\' f.yaml')).toEqual(READ_ONLY)
    expect(brief('yq --indent 2 \'.a\' f.yaml')).toEqual(READ_ONLY)
  })

  it('is opaque for --split-exp and for an argument that is not literal', () => {
    expect(brief('yq -s \'.a\' f.yaml')).toEqual(opaque('yq', '--split-exp writes files named by the expression'))
    expect(brief('yq "$x" f.yaml')).toEqual(opaque('yq', 'an argument could be an option but is not literal'))
  })

  // The yq installed here (kislyuk's, /usr/bin/yq) spells in-place `--in-place`; `yq --in-place -y '.a = 1' f.yaml` rewrites f.yaml.
  it('writes the file of yq --in-place, which takes no abbreviation', () => {
    expect(brief('yq --in-place -y \'.a = 1\' f.yaml')).toContain('  write yq -i "/ws/f.yaml" entry')
    expect(brief('yq --in- -y \'.a = 1\' f.yaml')).toEqual(READ_ONLY)
  })

  // In mikefarah's yq, -P (--prettyPrint) is a flag: `yq -i -P '.a = 1' f.yaml` rewrites f.yaml.
  it('reads -P as a flag, not as an option taking the next word', () => {
    expect(brief('yq -i -P \'.a = 1\' f.yaml')).toContain('  write yq -i "/ws/f.yaml" entry')
  })
})
