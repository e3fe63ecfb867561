/**
 * Build the web client module (`lib/client.js`): bundle
 * src/reliability/web/client.ts with esbuild as CommonJS, leaving the
 * modules the dsh web loader provides (`react`, `react/jsx-runtime`,
 * `react-dom`, `@deepseek-ai/cordis`) to its `require`, and wrap it in the
 * loader's classic-script form, registered under this package's name.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'esbuild'
import { PROJECT_ROOT } from '../test/support/dsh-profile.ts'

const PROVIDED = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@deepseek-ai/cordis']

const manifest = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string }
const result = await build({
  entryPoints: [join(PROJECT_ROOT, 'src/reliability/web/client.ts')],
  bundle: true,
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  external: PROVIDED,
  alias: { 'node:crypto': join(PROJECT_ROOT, 'src/reliability/web/crypto-shim.ts') },
  write: false,
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
})
const body = result.outputFiles[0]?.text
if (body === undefined) throw new Error('esbuild produced no output')
const wrapped = `window.__ModuleLoader__.load({ id: ${JSON.stringify(manifest.name)}, factory: (require) => { var module = { exports: {} }; var exports = module.exports;\n${body}\nreturn module.exports; } });\n`
await writeFile(join(PROJECT_ROOT, 'lib/client.js'), wrapped)
process.stdout.write(`lib/client.js: ${Buffer.byteLength(wrapped)} bytes\n`)
