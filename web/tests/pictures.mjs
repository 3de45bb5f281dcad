// The browser check of the rule books' pictures: every SVG under docs/rules/img must load as an
// image in Chromium (a malformed one fails to decode), and the initial and a mid-game picture
// of each game are rendered to PNG for people to look at.
//
//   node web/tests/pictures.mjs DIR [--png OUTDIR]
//
// DIR holds the SVGs; with --png, `<game>-initial.png` and `<game>-midgame.png` are written to
// OUTDIR from `<game>-initial.svg` and `<game>-midgame.svg` in DIR.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launch } from './browser.mjs';

const [dir, flag, outdir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node pictures.mjs DIR [--png OUTDIR]');
  process.exit(2);
}
const files = readdirSync(dir).filter((f) => f.endsWith('.svg')).sort();
const browser = await launch();
const page = await browser.newPage();
const failures = [];
for (const file of files) {
  const svg = readFileSync(join(dir, file), 'utf8');
  const url = 'data:image/svg+xml;base64,' + Buffer.from(svg).toString('base64');
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    try {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    } catch {
      return null;
    }
  }, url);
  if (!size || size[0] === 0 || size[1] === 0) failures.push(file);
}
console.log(`${files.length - failures.length} of ${files.length} pictures render in Chromium`);
if (flag === '--png') {
  for (const file of files.filter((f) => /-(initial|midgame)\.svg$/.test(f))) {
    const svg = readFileSync(join(dir, file), 'utf8');
    const width = Number(/width="([0-9.]+)"/.exec(svg)[1]);
    const height = Number(/height="([0-9.]+)"/.exec(svg)[1]);
    await page.setViewportSize({ width: Math.ceil(width), height: Math.ceil(height) });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    const png = join(outdir, file.replace(/\.svg$/, '.png'));
    await page.screenshot({ path: png, clip: { x: 0, y: 0, width, height } });
    console.log(`wrote ${png}`);
  }
}
await browser.close();
if (failures.length > 0) {
  console.error(`pictures Chromium cannot render: ${failures.join(', ')}`);
  process.exit(1);
}
