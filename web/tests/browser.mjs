// Starting the system Chromium for the browser tests: headless, sandbox off (CI runs as root),
// and no background networking, which this machine's closed network refuses.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';

export function chromiumPath() {
  for (const path of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (path && existsSync(path)) return path;
  }
  throw new Error('no Chromium found: install the Debian package `chromium` (cargo xtask does)');
}

export async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
