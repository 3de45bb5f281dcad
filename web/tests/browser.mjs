// What the browser tests share: starting the system Chromium (headless, sandbox off as CI runs
// as root, no background networking, which this machine's closed network refuses) and finding
// the `towers` command-line tool they check the page against.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The `towers` binary: TOWERS_BIN (CI sets it to the test build's), else the debug build of
// `cargo build -p towers` in cargo's target directory (CARGO_TARGET_DIR, as cargo honours it).
export function towersBin() {
  if (process.env.TOWERS_BIN) return process.env.TOWERS_BIN;
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const path = join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug', 'towers');
  if (!existsSync(path)) throw new Error(`no towers at ${path}: build it with \`cargo build -p towers\` or set TOWERS_BIN`);
  return path;
}

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
