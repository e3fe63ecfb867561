/**
 * The maintenance round's inventory: every traversed file in one of eight
 * classes, decided from its path alone. Pure.
 */
import { posix } from 'node:path'

/** The inventory classes, in the order they are tried. */
export const INVENTORY_CLASSES = {
  dependency: 'installed third-party code (node_modules, vendor, virtual environments)',
  generated: 'build output, coverage and caches a tool recreates',
  scratch: 'temporary, backup and editor leftovers',
  test: 'tests and their fixtures',
  documentation: 'prose documents',
  configuration: 'project and tool configuration',
  source: 'program source',
  other: 'anything else',
} as const

/** One inventory class. */
export type InventoryClass = keyof typeof INVENTORY_CLASSES

/** The class names, in declaration order. */
export const INVENTORY_CLASS_NAMES = Object.keys(INVENTORY_CLASSES) as [InventoryClass, ...InventoryClass[]]

/** One traversed file. */
export interface InventoryEntry {
  /** Workspace-relative, `/`-separated. */
  readonly path: string
  readonly bytes: number
}

/** An entry with its class. */
export interface ClassifiedEntry extends InventoryEntry {
  readonly class: InventoryClass
}

const DEPENDENCY_DIRS = new Set(['node_modules', 'vendor', '.venv', 'venv', 'bower_components', '.pnpm-store'])
const GENERATED_DIRS = new Set(['dist', 'build', 'out', 'coverage', '.cache', '__pycache__', '.next', '.nuxt', 'target', '.pytest_cache', '.mypy_cache'])
const SCRATCH_NAME = /(^\.#|~$|\.(tmp|temp|bak|orig|rej|swp|swo|log)$|^\.DS_Store$|^Thumbs\.db$)/i
const TEST_PATH = /(^|\/)(tests?|__tests__|spec|fixtures)\/|(\.|_)(test|spec)\.[a-z0-9]+$|^test_[^/]*$/i
const DOCUMENT = /\.(md|markdown|mdx|rst|adoc|txt)$/i
const CONFIGURATION = /(^|\/)(\.[a-z0-9_.-]*rc(\.[a-z]+)?|package\.json|tsconfig[^/]*\.json|pyproject\.toml|setup\.cfg|Makefile|Dockerfile|[^/]*\.config\.[a-z]+|cordis\.patch\.yml)$|\.(ya?ml|toml|ini|cfg|conf|env)$/i
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|c|h|cc|cpp|hpp|cs|swift|php|sh|bash|sql|vue|svelte|css|scss|html)$/i

/**
 * The class of one path.
 * @param path - workspace-relative path.
 */
export function classifyPath(path: string): InventoryClass {
  const segments = path.split('/')
  const directories = segments.slice(0, -1)
  const name = segments.at(-1) ?? ''
  if (directories.some(dir => DEPENDENCY_DIRS.has(dir))) return 'dependency'
  if (directories.some(dir => GENERATED_DIRS.has(dir)) || /\.min\.(js|css)$|\.map$/i.test(name)) return 'generated'
  if (SCRATCH_NAME.test(name)) return 'scratch'
  if (TEST_PATH.test(path)) return 'test'
  if (DOCUMENT.test(name)) return 'documentation'
  if (CONFIGURATION.test(path)) return 'configuration'
  if (SOURCE.test(name)) return 'source'
  return 'other'
}

/**
 * Classify a traversal.
 * @param entries - the traversed files.
 */
export function classifyInventory(entries: readonly InventoryEntry[]): ClassifiedEntry[] {
  return entries.map(entry => ({ ...entry, class: classifyPath(posix.normalize(entry.path)) }))
}
