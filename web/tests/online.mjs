// Play a friend, in a real browser: `towers serve` on 127.0.0.1 and a free port, three
// browser contexts (Ann creates a Kamisado game, Bob opens her invitation link, a spectator
// opens the spectators' link). They play a whole game by clicking the board; the server is
// killed with SIGKILL mid-game and restarted, the pages reconnect by themselves, and the game
// is played to its end. The downloaded record must pass `towers replay`.
//
//   node web/tests/online.mjs     (after `cargo xtask web` and a release `towers`)
//
// Environment: TOWERS_BIN (default target/release/towers), SCREENSHOTS (default
// web/screenshots).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const towers = process.env.TOWERS_BIN || join(root, 'target', 'release', 'towers');
const shots = process.env.SCREENSHOTS || join(root, 'web', 'screenshots');
const work = await mkdtemp(join(tmpdir(), 'towers-online-'));
const db = `sqlite:${join(work, 'games.db')}`;

let passed = 0;
let failures = 0;
function check(condition, what) {
  if (condition) {
    passed += 1;
  } else {
    failures += 1;
    console.error(`FAIL: ${what}`);
  }
}

const port = await new Promise((ok) => {
  const probe = createServer();
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => ok(free));
  });
});
const base = `http://127.0.0.1:${port}/`;

let server = null;
async function startServer() {
  server = spawn(towers, ['serve', '--addr', `127.0.0.1:${port}`, '--db', db, '--web', join(root, 'web', 'dist')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(`${base}api/games`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 30000) throw new Error('towers serve did not start');
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

function killServer() {
  return new Promise((ok) => {
    server.once('exit', ok);
    server.kill('SIGKILL');
  });
}

await startServer();
const browser = await launch();
const pages = {};
for (const who of ['ann', 'bob', 'spectator']) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => check(false, `${who}: page error: ${error.message}`));
  pages[who] = page;
}
const { ann, bob, spectator } = pages;
const players = [ann, bob];

// Ann creates the game with a clock and sends Bob his link.
await ann.goto(base);
await ann.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
await ann.click('#online-box summary');
await ann.selectOption('#online-game', 'kamisado');
await ann.fill('#online-name', 'Ann');
await ann.fill('#online-friend', 'Bob');
await ann.selectOption('#online-clock', 'fischer-15-10');
await ann.click('#online-new');
await ann.waitForSelector('body[data-online="connected"]');
const bobLink = await ann.inputValue('#online-link-1');
const watchLink = await ann.inputValue('#online-spectate-link');
check(/#online=[0-9a-f]+&token=[0-9a-f]{32}$/.test(bobLink), `Bob's link holds a token (${bobLink})`);
check(!watchLink.includes('token'), `the spectators' link holds no token (${watchLink})`);
await bob.goto(bobLink);
await spectator.goto(watchLink);
for (const page of [bob, spectator]) await page.waitForSelector('body[data-online="connected"]', { timeout: 30000 });
const seats = await Promise.all(players.map((p) => p.evaluate(() => window.online.seat)));
check(seats[0] === 0 && seats[1] === 1, `Ann has the first seat, Bob the second (${seats})`);
check((await spectator.evaluate(() => window.online.seat)) === null, 'the spectator has no seat');

// A move that neither ends the game nor lets the opponent end it at once, where there is
// one, so the game lasts past the kill; chosen with the page's own engine.
const chooseMove = (page) => page.evaluate(() => {
  const o = window.online;
  const session = new o.Session(o.state.game, '{}', '');
  for (const mv of o.state.moves) session.play(mv);
  const moves = JSON.parse(session.view()).moves;
  const quiet = moves.filter((m) => {
    session.play(m.text);
    const after = JSON.parse(session.view());
    let ok = !after.finished;
    for (const reply of ok ? after.moves : []) {
      session.play(reply.text);
      if (JSON.parse(session.view()).finished) ok = false;
      session.undo();
      if (!ok) break;
    }
    session.undo();
    return ok;
  });
  session.free();
  const pool = quiet.length > 0 ? quiet : moves;
  return pool[(o.state.moves.length * 7 + 3) % pool.length];
});

async function clickCell(page, [c, r]) {
  await page.click(`#online-board .cell[data-at="${c},${r}"]`, { force: true });
}

async function clickMove(page, move) {
  if (move.path.length === 0) {
    await page.click(`#online-other-moves button[data-move="${move.text}"]`);
    return;
  }
  await clickCell(page, move.path[0]);
  await clickCell(page, move.path[move.path.length - 1]);
  const chooser = await page.$(`#online-chooser button[data-move="${move.text}"]`);
  if (chooser) await chooser.click();
}

const allSee = (moves) => Promise.all(Object.values(pages).map((page) =>
  page.waitForFunction((n) => window.online.state && window.online.state.moves.length >= n, moves, { timeout: 30000 })));

const latencies = [];
let restart = null;
let ply = 0;
for (; ply < 300; ply++) {
  const state = await spectator.evaluate(() => window.online.state);
  if (state.finished) break;
  if (ply === 6 && restart === null) {
    // SIGKILL mid-game: every page sees the connection drop and comes back by itself.
    await killServer();
    for (const page of Object.values(pages)) {
      await page.waitForFunction(() => (document.body.dataset.online || '').startsWith('reconnecting'), null, { timeout: 10000 });
    }
    const killedAt = Date.now();
    const serverStart = await startServer();
    for (const page of Object.values(pages)) await page.waitForSelector('body[data-online="connected"]', { timeout: 30000 });
    await allSee(ply);
    restart = { serverStart, resumed: Date.now() - killedAt };
    const kept = await spectator.evaluate(() => window.online.state.moves.length);
    check(kept === ply, `after the restart the game has its ${ply} moves (${kept})`);
  }
  const mover = players[state.to_move];
  const move = await chooseMove(mover);
  const sent = Date.now();
  await clickMove(mover, move);
  const opponent = players[1 - state.to_move];
  await opponent.waitForFunction((n) => window.online.state.moves.length >= n, ply + 1, { timeout: 30000 });
  latencies.push(Date.now() - sent);
  await allSee(ply + 1);
}

const end = await spectator.evaluate(() => window.online.state);
check(end.finished, `the game finished (${end.status}) after ${ply} moves`);
check(restart !== null, 'the server was killed and restarted mid-game');
const views = await Promise.all(Object.values(pages).map((p) => p.evaluate(() => window.online.state.moves.join(' '))));
check(views.every((v) => v === views[0]), 'both players and the spectator saw the same moves');
check((await spectator.textContent('#online-status')).includes('watching'), 'the spectator is told they watch');
check(await ann.isVisible('#online-clocks'), 'the clocks are shown');

// No token reaches the spectator's page.
const tokens = [bobLink.split('token=')[1], await ann.evaluate(() => window.online.token)];
const spectatorHtml = await spectator.content();
check(tokens.every((t) => t && !spectatorHtml.includes(t)), 'no seat token in the spectator\'s page');

// The record downloads and `towers replay` accepts it.
const recordText = await spectator.evaluate(async (id) => (await fetch(`api/games/${id}/record`)).text(), end.id);
const recordFile = join(work, 'record.json');
await writeFile(recordFile, recordText);
let replay = '';
try {
  replay = execFileSync(towers, ['replay', '--quiet', recordFile], { encoding: 'utf8' });
} catch (error) {
  replay = `${error.stdout}${error.stderr}`;
}
check(replay.includes('Record valid'), `towers replay accepts the record: ${replay.trim().split('\n').pop()}`);

await mkdir(shots, { recursive: true });
await ann.screenshot({ path: join(shots, 'online.png') });
await browser.close();
await killServer();
await rm(work, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
console.log(`online game: ${ply} moves; click to the opponent's page seeing it: median ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies[latencies.length - 1]} ms`);
if (restart) console.log(`SIGKILL to every page resumed: ${restart.resumed} ms (server start ${restart.serverStart} ms)`);
console.log(`online: ${passed} passed, ${failures} failed`);
process.exit(failures > 0 ? 1 : 0);
