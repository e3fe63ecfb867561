import { describe, expect, it } from 'vitest'
import { classifyShellCommand } from '../../src/ieg/workspace/shell-classify.ts'

/** Read-only commands of real-world shapes, including the tricky ones. */
export const READ_ONLY_COMMANDS = [
  'ls -la', 'ls -R docs', 'pwd', 'cat README.md', 'head -n 20 src/index.ts', 'tail -f log.txt', 'wc -l src/*.ts',
  'grep -rn "TODO" src', "grep -rn 'a > b' src", "rg '=>' src", 'rg "x >= 3" test', 'rg => src', 'rg -n "=>" .',
  'find . -name "*.md"', 'find src -type f | sort', 'tree -L 2', 'stat package.json', 'file lib/index.js', 'du -sh .',
  'git status', 'git diff', 'git diff --stat HEAD~1', 'git log --oneline -10', 'git show HEAD:README.md', 'git branch -a',
  "git commit -m 'rm stale files'", 'git commit -am "echo x > y"', 'git blame src/a.ts', 'git grep -n foo',
  'node --test', 'npm test', 'npx vitest run', 'npm run build', 'tsc --noEmit', 'python3 -m pytest -q', 'cargo check',
  'echo hello', 'echo "a > b"', "printf '%s\\n' x", 'echo done 2>&1', 'npm test 2>&1 | tail -5', 'make test > /dev/null',
  'ls 2>/dev/null', 'cat a &> /dev/null', 'diff a.txt b.txt', 'cmp a b', 'sha256sum package.json', 'jq .version package.json',
  'sed -n "1,5p" README.md', "sed 's/a/b/' file.txt", 'awk \'{print $1}\' data.txt', 'sort names.txt | uniq -c',
  'env | sort', 'which node', 'node -v', 'echo $HOME', 'test -f README.md && echo yes', '[ -d docs ] || echo missing',
  'curl -s http://127.0.0.1:8080/health', 'wget -q -O - http://127.0.0.1/', 'tar -tzf archive.tgz', 'unzip -l a.zip',
  'xargs -n1 echo < list.txt', 'cat < input.txt', 'sudo ls /root', 'time npm test', 'timeout 10 npm test',
  'git stash list', 'git reset HEAD file.txt', 'echo "rm -rf /"', 'ps aux | grep node', 'history | tail',
  'for f in *.md; do wc -l "$f"; done', 'if [ -f a ]; then cat a; fi', 'ls # rm -rf build', 'x=$(cat a); echo $x',
]

/** Commands that write, with the target the classifier must name (null: not named). */
export const WRITE_COMMANDS: ReadonlyArray<readonly [string, string | null]> = [
  ['echo x > notes.md', 'notes.md'], ['echo x >> log.txt', 'log.txt'], ['cmd 2> err.log', 'err.log'], ['cmd &> all.log', 'all.log'],
  ['cmd >| forced.txt', 'forced.txt'], ['cat a b >out.txt', 'out.txt'], ['npm test > report.txt 2>&1', 'report.txt'],
  ['tee summary.md', 'summary.md'], ['echo x | tee -a log.txt', 'log.txt'], ['cp a.md b.md', 'b.md'], ['cp -r src dist', 'dist'],
  ['mv old.md new.md', 'old.md'], ['rm -rf build', 'build'], ['rm notes.md', 'notes.md'], ['rmdir empty', 'empty'],
  ['touch NEW.md', 'NEW.md'], ['mkdir -p docs/api', 'docs/api'], ['ln -s a b', 'b'], ['truncate -s 0 log.txt', 'log.txt'],
  ['sed -i "s/a/b/" file.txt', 'file.txt'], ["sed -i.bak -e 's/a/b/' conf.ini", 'conf.ini'], ['perl -pi -e "s/a/b/" x.txt', 'x.txt'],
  ['chmod +x run.sh', 'run.sh'], ['dd if=/dev/zero of=disk.img bs=1M count=1', 'disk.img'],
  ["bash -c 'rm -rf build'", 'build'], ['sh -c "echo x > y.txt"', 'y.txt'], ["sudo rm -rf .git/hooks", '.git/hooks'],
  ["env FOO=1 bash -c 'touch z'", 'z'], ['FOO=1 rm x', 'x'], ['nohup rm -f x &', 'x'], ['xargs rm < list.txt', null],
  ['git rm old.md', 'old.md'], ['git mv a.md b.md', 'a.md'], ['git clean -fdx', null], ['git checkout -- file.txt', null],
  ['git reset --hard HEAD', null], ['git apply fix.patch', null], ['curl -o page.html http://127.0.0.1/', 'page.html'],
  ['wget -O out.bin http://127.0.0.1/x', 'out.bin'], ['tar -xzf a.tgz', null], ['unzip a.zip', null], ['patch -p1 < fix.diff', null],
  ['ls && rm -f tmp.txt', 'tmp.txt'], ['cd docs; echo hi > a.md', 'a.md'], ['(echo a; echo b) > both.txt', 'both.txt'],
]

describe('shell command classification', () => {
  it('has a corpus of at least 80 commands', () => {
    expect(READ_ONLY_COMMANDS.length + WRITE_COMMANDS.length).toBeGreaterThanOrEqual(80)
  })

  it.each(READ_ONLY_COMMANDS)('read-only: %s', (command) => {
    expect(classifyShellCommand(command)).toEqual([])
  })

  it.each(WRITE_COMMANDS)('writes: %s', (command, target) => {
    const writes = classifyShellCommand(command)
    expect(writes.length, JSON.stringify(writes)).toBeGreaterThan(0)
    expect(writes.map(write => write.target)).toContain(target)
  })
})
