/** Installs the real host, packs the bundle and makes sure Chromium is there, once for the e2e tier. */
import { ensureHost, packBundle } from '../support/dsh-profile.ts'
import { ensureChromium } from '../support/web-profile.ts'

export default function setup(): void {
  process.env['DSHG_DSH_BIN'] = ensureHost()
  process.env['DSHG_TARBALL'] = packBundle()
  ensureChromium()
}
