/**
 * `node:crypto`'s `createHash('sha256')` for the browser bundle of the web
 * client, so the receipts it checks are computed by the same code as on the
 * server (`@noble/hashes`, synchronous).
 */
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex } from '@noble/hashes/utils'

/** The hash object the receipts code uses: `update(text, 'utf8').digest('hex')`. */
export function createHash(algorithm: string): { update(text: string, encoding?: string): { digest(encoding: 'hex'): string } } {
  if (algorithm !== 'sha256') throw new Error(`only sha256 is available in the browser (asked for ${algorithm})`)
  return { update: text => ({ digest: () => bytesToHex(sha256(new TextEncoder().encode(text))) }) }
}
