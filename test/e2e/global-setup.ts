/** Installs the real host and packs the bundle once for the e2e tier. */
import { ensureHost, packBundle } from '../support/dsh-profile.ts'

export default function setup(): void {
  process.env['DSHG_DSH_BIN'] = ensureHost()
  process.env['DSHG_TARBALL'] = packBundle()
}
