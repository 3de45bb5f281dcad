// The playground tested in a real browser (Playwright driving the system Chromium):
// for every game, load the page, start a game, play a legal move by clicking, check that the
// move list and position text agree with `towers apply` for the same move, try an illegal
// click and see it refused, take a screenshot; play a whole Kamisado game against the
// computer to its end; and measure the page's load time, a computer move at each level and
// perft in WebAssembly.
//
//   node web/tests/e2e.mjs            (after `cargo xtask web` and a release `towers`)
//
// Environment: TOWERS_BIN (default target/release/towers), SCREENSHOTS (default
// web/screenshots).
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const dist = join(root, 'web', 'dist');
const towers = process.env.TOWERS_BIN || join(root, 'target', 'release', 'towers');
const shots = process.env.SCREENSHOTS || join(root, 'web', 'screenshots');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = join(dist, path === '/' ? 'index.html' : path);
  if (!file.startsWith(dist)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;

let failures = 0;
function check(condition, what) {
  if (!condition) {
    failures += 1;
    console.error(`FAIL: ${what}`);
  }
}

function towersApply(game, moves) {
  const out = execFileSync(towers, ['apply', game, ...moves], { encoding: 'utf8' });
  return out.split('\n')[0];
}

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
page.on('pageerror', (error) => {
  failures += 1;
  console.error(`FAIL: page error: ${error.message}`);
});
await mkdir(shots, { recursive: true });

async function open(game, seats) {
  const started = Date.now();
  await page.goto(`${base}?game=${game}`);
  await page.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
  const loaded = Date.now() - started;
  for (const [i, spec] of seats.entries()) {
    await page.selectOption(`#seat-${i}`, spec);
  }
  await page.click('#new');
  await page.waitForFunction(() => window.playground.view !== null);
  return loaded;
}

const view = () => page.evaluate(() => window.playground.view);

async function clickCell([c, r]) {
  await page.click(`#board .cell[data-at="${c},${r}"]`, { force: true });
}

// Plays `move` (with its path) the way a person does: click what moves, then where it ends,
// then the chooser's button if several moves share those clicks.
async function clickMove(move) {
  if (move.path.length === 0) {
    await page.click(`#other-moves button[data-move="${move.text}"]`);
    return;
  }
  await clickCell(move.path[0]);
  if (move.path.length > 1 && !(await page.isVisible('#chooser'))) {
    await clickCell(move.path[move.path.length - 1]);
  }
  if (await page.isVisible('#chooser')) {
    await page.click(`#chooser button[data-move="${move.text}"]`);
  }
}

const games = ['kamisado', 'tower-of-power', 'chain-reaction', 'queens-courtiers', 'seven-sages'];
const timings = {};
for (const game of games) {
  const loaded = await open(game, ['person', 'person']);
  timings[`${game} page load (ms)`] = loaded;
  let v = await view();
  // A legal move with a path, preferring one whose two clicks pick it alone.
  const withPath = v.moves.filter((m) => m.path.length >= 2);
  const key = (m) => `${m.path[0]}|${m.path[m.path.length - 1]}`;
  const count = {};
  for (const m of withPath) count[key(m)] = (count[key(m)] || 0) + 1;
  const move = withPath.find((m) => count[key(m)] === 1) || withPath[0];
  check(move, `${game}: a legal move to click`);
  await clickMove(move);
  v = await view();
  check(v.played.length === 1 && v.played[0] === move.text, `${game}: the move list shows ${move.text} (${v.played})`);
  const expected = towersApply(game, [move.text]);
  check(v.position === expected, `${game}: position after ${move.text} is ${v.position}, towers apply says ${expected}`);
  check((await page.textContent('#position')) === expected, `${game}: the shown position text`);
  // An illegal click: a cell where no move starts.
  const starts = new Set(v.moves.filter((m) => m.path.length > 0).map((m) => `${m.path[0]}`));
  const cells = await page.$$eval('#board .cell', (els) => els.map((e) => e.getAttribute('data-at')));
  const idle = cells.find((c) => !starts.has(c));
  if (idle) {
    await clickCell(idle.split(',').map(Number));
    const message = await page.textContent('#message');
    check(/No legal move starts|Not a legal move/.test(message), `${game}: an illegal click is refused (${message})`);
    check((await view()).played.length === 1, `${game}: the refused click changed nothing`);
  }
  // A chooser, where several moves share the clicks.
  const shared = withPath.find((m) => count[key(m)] > 1);
  if (shared && !(await view()).finished) {
    await page.click('#undo');
    await clickCell(shared.path[0]);
    if (!(await page.isVisible('#chooser'))) await clickCell(shared.path[shared.path.length - 1]);
    const choices = await page.$$eval('#chooser button', (bs) => bs.map((b) => b.textContent));
    check(choices.length === count[key(shared)], `${game}: the chooser offers ${count[key(shared)]} moves (${choices.length})`);
    await page.click(`#chooser button[data-move="${shared.text}"]`);
    check((await view()).played[0] === shared.text, `${game}: the chosen move ${shared.text} is played`);
  }
  // Typed notation.
  const typed = (await view()).moves[0];
  if (typed) {
    await page.fill('#move-text', typed.text);
    await page.click('#typed button');
    check((await view()).played.length === 2, `${game}: a typed move is played`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, `${game}.png`) });
  console.log(`${game}: clicked ${move.text}; position agrees with towers apply`);
}

// A whole Kamisado game, a person (clicking) against MCTS.
await open('kamisado', ['person', 'mcts:100']);
for (let ply = 0; ply < 400; ply++) {
  const v = await view();
  if (v.finished) break;
  if (v.to_move_index === 1) {
    await page.waitForFunction((n) => window.playground.view.played.length > n || window.playground.view.finished, v.played.length, { timeout: 30000 });
    continue;
  }
  await clickMove(v.moves[0]);
  await page.waitForFunction((n) => window.playground.view.played.length > n, v.played.length, { timeout: 30000 });
}
const last = await view();
check(last.finished, 'kamisado: the game against the computer ends');
check(/game over/i.test(await page.textContent('#status')), 'kamisado: the status says the game is over');
await page.screenshot({ path: join(shots, 'kamisado-finished.png') });
console.log(`kamisado against mcts:100: ${last.status} after ${last.played.length} plies`);

// A phone-width view.
await page.setViewportSize({ width: 390, height: 844 });
await open('seven-sages', ['person', 'person']);
await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });

// Speed in WebAssembly: a computer move at each level, and perft, from Kamisado's start.
const speed = await page.evaluate(async () => {
  const mod = await import('./pkg/towers_web.js');
  await mod.default();
  const start = new mod.Session('kamisado', '', '');
  const result = {};
  for (const spec of ['random', 'mcts:100', 'mcts:1000', 'mcts:10000', 'alphabeta:2', 'alphabeta:4']) {
    const t = performance.now();
    mod.computer_move('kamisado', '', start.snapshot(), spec, 1n);
    result[`computer move ${spec} (ms)`] = Math.round(performance.now() - t);
  }
  const t = performance.now();
  const leaves = start.perft(6);
  const secs = (performance.now() - t) / 1000;
  result['kamisado perft 6 leaves'] = leaves;
  result['kamisado perft 6 in wasm (M leaves/s)'] = Number((leaves / secs / 1e6).toFixed(1));
  return result;
});
Object.assign(timings, speed);
console.log(JSON.stringify(timings, null, 2));

await browser.close();
server.close();
if (failures > 0) {
  console.error(`${failures} check(s) failed`);
  process.exit(1);
}
console.log('playground end-to-end test passed');
