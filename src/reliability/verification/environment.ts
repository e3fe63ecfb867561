/**
 * The environment a verifier runs with: only allowlisted variables of the
 * host's environment, and never one that looks like a credential even when
 * allowlisted. Every other variable gets a removal marker, because the
 * host's subprocess service starts from its own environment and merges the
 * given one over it. Pure.
 */

/** Names that look like credentials: never passed to a verifier. */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASS|_PWD$|CREDENTIAL|COOKIE|AUTH|JWT|PRIVATE|PEM|DSN|WEBHOOK|SESSION|SIGNATURE)|(^|_)(DATABASE|DB|REDIS|MONGO|AMQP|BROKER)_?URL$|^(DEEPSEEK|AWS|GOOGLE|GCP|GCLOUD|AZURE|OPENAI|ANTHROPIC|GITHUB|GH|GITLAB|NPM|DSH|SSH|DOCKER|KUBE)_|^(KUBECONFIG|NETRC|PGPASSFILE)$/i

/**
 * Whether a variable name looks like a credential.
 * @param name - a variable name.
 */
export function secretName(name: string): boolean {
  return SECRET_NAME.test(name)
}

/**
 * The environment for a verifier.
 * @param parent - the host process's environment.
 * @param allowlist - names a deployment lets through.
 * @returns allowlisted values, and `undefined` for everything else (a removal marker).
 */
export function verifierEnvironment(parent: Readonly<Record<string, string | undefined>>, allowlist: readonly string[]): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(parent)) env[name] = allowlist.includes(name) && !secretName(name) ? value : undefined
  return env
}

/**
 * The PATH entries an executable may be looked up in: absolute ones only
 * (an empty or relative entry resolves against whatever directory the host
 * runs in, usually the project).
 * @param path - a PATH value.
 */
export function absolutePathEntries(path: string | undefined): string[] {
  return (path ?? '').split(':').filter(entry => entry.startsWith('/'))
}
