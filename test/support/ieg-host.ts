/** Shared fixtures for in-process IEG runs. */
import * as ieg from '../../src/ieg/plugin.ts'
import { workspaceHost, type WorkspaceHost, type WorkspaceHostOptions } from './workspace-host.ts'

/** SPEC.md with an Authentication section. */
export const SPEC_WITH_AUTH = '# Service specification\n\n## Overview\nOrders in, parcels out.\n\n## Authentication\nEvery request carries an API token.\n'

/**
 * Mount the real host services with the ieg row, the test tools and a workspace.
 * @param cleanups - receives disposers.
 * @param config - ieg row configuration.
 * @param files - workspace files.
 * @param options - plugins mounted before ieg, persistence root, workspace to reuse.
 */
export function iegHost(cleanups: Array<() => Promise<unknown>>, config: Record<string, unknown>, files: Record<string, string> = {}, options: Omit<WorkspaceHostOptions, 'files'> = {}): Promise<WorkspaceHost> {
  return workspaceHost(cleanups, [[ieg, config]], { ...options, files })
}
