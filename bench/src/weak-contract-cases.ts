/**
 * Evidence-matrix cases where the agent's own contract may be weak: each
 * task has a contract that checks all it asks and a plausible one that
 * leaves part unchecked, and a seeded defect that only the full contract
 * catches. With review off a weak contract can certify a failing world
 * (reported, not hidden); the reviewing user compares the proposal with the
 * task and asks for what is missing.
 */
import { join } from 'node:path'
import { act, AUTHOR, pick } from './policy.ts'
import { begin, noise, patterns, ranAfterLastWrite, repairBy, text, type BenchCase } from './case-kit.ts'

const parsed = async (path: string): Promise<Record<string, unknown> | null> => {
  try {
    return JSON.parse(await text(path)) as Record<string, unknown>
  } catch {
    return null
  }
}

const RELEASE = [{ id: 'version', kind: 'file_equals', path: 'VERSION', text: '1.3.0\n' }, { id: 'changelog', kind: 'file_contains', path: 'CHANGELOG.md', text: '## 1.3.0' }]
const CHANGELOG = '# Changelog\n\n## 1.3.0\n- faster search\n\n## 1.2.0\n- first public release\n'
const LIB = 'export const greeting = "hi"\n'
const UNTOUCHED = [{ id: 'app', kind: 'file_contains', path: 'src/app.txt', text: 'v2' }, { id: 'lib', kind: 'file_equals', path: 'src/lib.js', text: LIB }]
const API = (definition: string, call: string): string => `export function ${definition}(id) {\n  return { id }\n}\n\nexport const current = ${call}(1)\n`
const RENAME = [{ id: 'defined', kind: 'file_contains', path: 'src/api.js', text: 'function fetchUser(' }, { id: 'no-old-name', kind: 'file_not_contains', path: 'src/api.js', text: 'getUser' }]
const NESTED = [{ id: 'port', kind: 'json_equals', path: 'settings.json', pointer: '/server/port', value: 8080 }]
const DEBUG_OFF = [{ id: 'debug', kind: 'json_equals', path: 'config.json', pointer: '/debug', value: false }]
const SERVICES = [{ id: 'services', kind: 'json_equals', path: 'services.json', pointer: '/services', value: ['auth', 'billing'] }]
const GREETING = [{ id: 'greeting', kind: 'file_contains', path: 'src/greet.txt', text: 'Hello' }, { id: 'tests', kind: 'tool_succeeded', tool: 'run_tests' }]

/** The weak-contract cases, in report order. */
export const WEAK_CONTRACT_CASES: readonly BenchCase[] = [
  {
    id: 'release-two-files',
    title: 'A release touches two files; the weak contract checks one',
    explains: 'The model sets VERSION and forgets the changelog entry or misspells its heading; the weak contract only checks VERSION. Oracle: VERSION is 1.3.0 and CHANGELOG.md has a 1.3.0 heading.',
    wants: patterns(RELEASE),
    arrange(random) {
      const changelog = pick(random, ['forgotten', 'misspelt', 'written'])
      const entry = changelog === 'misspelt' ? CHANGELOG.replace('## 1.3.0', '## 1.3') : CHANGELOG
      return {
        files: { VERSION: '1.2.0\n', 'CHANGELOG.md': CHANGELOG.slice(CHANGELOG.indexOf('## 1.2.0')) },
        task: 'Release 1.3.0: set VERSION to 1.3.0 and add a "## 1.3.0" entry to CHANGELOG.md.',
        plan: [AUTHOR, act('write_file', { path: 'VERSION', content: '1.3.0\n' }), ...(changelog === 'forgotten' ? [] : [act('write_file', { path: 'CHANGELOG.md', content: entry })])],
        authoring: { strong: begin('VERSION is 1.3.0 and the changelog has its entry', RELEASE), weak: begin('VERSION is 1.3.0', [RELEASE[0]!]) },
        reactions: { repair: repairBy({ changelog: [act('write_file', { path: 'CHANGELOG.md', content: CHANGELOG })], version: [act('write_file', { path: 'VERSION', content: '1.3.0\n' })] }) },
        expected: 'certified',
        choices: { changelog },
      }
    },
    oracle: async workspace => (await text(join(workspace, 'VERSION'))) === '1.3.0\n' && (await text(join(workspace, 'CHANGELOG.md'))).includes('## 1.3.0'),
  },
  {
    id: 'keep-file-untouched',
    title: 'A file the task says to keep is changed on the way',
    explains: 'The model updates src/app.txt and, at the seed\'s choice, also "tidies" src/lib.js; the weak contract only checks the app. Oracle: app is v2 and lib.js is byte-for-byte unchanged.',
    wants: patterns(UNTOUCHED),
    arrange(random) {
      const tidies = random() < 0.5
      return {
        files: { 'src/app.txt': 'v1\n', 'src/lib.js': LIB },
        task: 'Update src/app.txt to v2. Do not change src/lib.js.',
        plan: [AUTHOR, ...noise(random, ['src/lib.js']), act('write_file', { path: 'src/app.txt', content: 'v2\n' }), ...(tidies ? [act('write_file', { path: 'src/lib.js', content: "export const greeting = 'hi';\n" })] : [])],
        authoring: { strong: begin('app is v2 and lib.js is unchanged', UNTOUCHED), weak: begin('app is v2', [UNTOUCHED[0]!]) },
        reactions: { repair: repairBy({ lib: [act('write_file', { path: 'src/lib.js', content: LIB })], app: [act('write_file', { path: 'src/app.txt', content: 'v2\n' })] }) },
        expected: 'certified',
        choices: { tidiesLib: tidies },
      }
    },
    oracle: async workspace => (await text(join(workspace, 'src/app.txt'))).includes('v2') && (await text(join(workspace, 'src/lib.js'))) === LIB,
  },
  {
    id: 'rename-symbol',
    title: 'A rename that misses a call site',
    explains: 'The model renames the definition of getUser and, at the seed\'s choice, misses the call; the weak contract only checks the new definition. Oracle: fetchUser is defined and getUser appears nowhere.',
    wants: patterns(RENAME),
    arrange(random) {
      const missesCall = random() < 0.6
      return {
        files: { 'src/api.js': API('getUser', 'getUser') },
        task: 'Rename getUser to fetchUser in src/api.js, its definition and every call.',
        plan: [AUTHOR, act('write_file', { path: 'src/api.js', content: API('fetchUser', missesCall ? 'getUser' : 'fetchUser') })],
        authoring: { strong: begin('fetchUser replaces getUser everywhere', RENAME), weak: begin('fetchUser is defined', [RENAME[0]!]) },
        reactions: { repair: repairBy({ 'no-old-name': [act('write_file', { path: 'src/api.js', content: API('fetchUser', 'fetchUser') })] }) },
        expected: 'certified',
        choices: { missesCall },
      }
    },
    oracle: async (workspace) => {
      const source = await text(join(workspace, 'src/api.js'))
      return source.includes('function fetchUser(') && !source.includes('getUser')
    },
  },
  {
    id: 'nested-json-value',
    title: 'A nested setting written in the wrong place',
    explains: 'The model writes 8080 at the top level, as a string, or correctly; the weak contract only checks that settings.json mentions 8080. Oracle: server.port is the number 8080.',
    wants: patterns(NESTED),
    arrange(random) {
      const written = pick(random, ['top-level', 'string', 'correct'])
      const content = { 'top-level': '{ "port": 8080, "server": { "port": 3000 } }\n', string: '{ "server": { "port": "8080" } }\n', correct: '{ "server": { "port": 8080 } }\n' }[written]
      return {
        files: { 'settings.json': '{ "server": { "port": 3000 } }\n' },
        task: 'Set server.port to 8080 in settings.json.',
        plan: [AUTHOR, act('write_file', { path: 'settings.json', content })],
        authoring: { strong: begin('server.port is 8080', NESTED), weak: begin('settings.json mentions 8080', [{ id: 'port', kind: 'file_contains', path: 'settings.json', text: '8080' }]) },
        reactions: { repair: repairBy({ port: [act('write_file', { path: 'settings.json', content: '{ "server": { "port": 8080 } }\n' })] }) },
        expected: 'certified',
        choices: { written },
      }
    },
    oracle: async workspace => ((await parsed(join(workspace, 'settings.json')))?.['server'] as { port?: unknown } | undefined)?.port === 8080,
  },
  {
    id: 'debug-flag-off',
    title: 'A flag turned off in a form the weak check does not expect',
    explains: 'The model writes debug as false, as the string "false", or keeps true without the space the weak check looks for. Oracle: debug is the boolean false.',
    wants: patterns(DEBUG_OFF),
    arrange(random) {
      const written = pick(random, ['false', '"false"', 'true'])
      return {
        files: { 'config.json': '{ "debug": true, "name": "svc" }\n' },
        task: 'Turn debug off in config.json.',
        plan: [AUTHOR, act('write_file', { path: 'config.json', content: `{"debug":${written},"name":"svc"}\n` })],
        authoring: { strong: begin('debug is off', DEBUG_OFF), weak: begin('debug is not on', [{ id: 'debug', kind: 'file_not_contains', path: 'config.json', text: '"debug": true' }]) },
        reactions: { repair: repairBy({ debug: [act('write_file', { path: 'config.json', content: '{ "debug": false, "name": "svc" }\n' })] }) },
        expected: 'certified',
        choices: { written },
      }
    },
    oracle: async workspace => (await parsed(join(workspace, 'config.json')))?.['debug'] === false,
  },
  {
    id: 'tests-after-fix',
    title: 'The tests the task asked for are never run',
    explains: 'The model fixes the typo and, at the seed\'s choice, skips the test run the task asked for; the weak contract only checks the text. Oracle (execution log): Hello is written and the tests ran after the last write.',
    wants: patterns(GREETING),
    arrange(random) {
      const runsTests = random() < 0.4
      return {
        files: { 'src/greet.txt': 'Helo, world\n' },
        task: 'Fix the typo in src/greet.txt (Helo to Hello), then run the tests.',
        plan: [AUTHOR, act('write_file', { path: 'src/greet.txt', content: 'Hello, world\n' }), ...(runsTests ? [act('run_tests')] : [])],
        authoring: { strong: begin('the greeting is fixed and the tests ran', GREETING), weak: begin('the greeting is fixed', [GREETING[0]!]) },
        reactions: { repair: repairBy({ tests: [act('run_tests')] }) },
        expected: 'certified',
        choices: { runsTests },
      }
    },
    oracle: async (workspace, log) => (await text(join(workspace, 'src/greet.txt'))).includes('Hello') && ranAfterLastWrite(log, 'run_tests'),
  },
  {
    id: 'json-list-entry',
    title: 'A list entry added by replacing the list',
    explains: 'The model adds billing to the services list, replaces the list with it, or adds it capitalised; the weak contract only checks that services.json mentions billing. Oracle: services is exactly auth and billing.',
    wants: patterns(SERVICES),
    arrange(random) {
      const written = pick(random, ['appended', 'replaced', 'capitalised'])
      const list = { appended: '["auth", "billing"]', replaced: '["billing"]', capitalised: '["auth", "Billing"]' }[written]
      return {
        files: { 'services.json': '{ "services": ["auth"] }\n' },
        task: 'Add billing to the services list in services.json, keeping auth.',
        plan: [AUTHOR, act('write_file', { path: 'services.json', content: `{ "services": ${list} }\n` })],
        authoring: { strong: begin('services are auth and billing', SERVICES), weak: begin('billing is listed', [{ id: 'services', kind: 'file_contains', path: 'services.json', text: 'billing' }]) },
        reactions: { repair: repairBy({ services: [act('write_file', { path: 'services.json', content: '{ "services": ["auth", "billing"] }\n' })] }) },
        expected: 'certified',
        choices: { written },
      }
    },
    oracle: async workspace => JSON.stringify((await parsed(join(workspace, 'services.json')))?.['services']) === '["auth","billing"]',
  },
]
