// Play a friend, in a real browser: `towers serve` on 127.0.0.1 and a free port, three
// browser contexts (Ann at a desktop creates a Kamisado game, Bob on a phone-sized screen
// opens her invitation link, a spectator opens the spectators' link). They play a whole game
// by clicking the board step by step, as the playground does; the server is killed with
// SIGKILL mid-game, a move is made while it is down, the server is restarted, the pages
// reconnect by themselves and send the move, and the game is played to its end. Then the
// record passes `towers replay`, a rematch swaps the seats and is resigned, a game against a
// computer seat gets its answer, and the lobby lists the games.
//
//   node web/tests/online.mjs     (after `cargo xtask web` and `cargo build -p towers`)
//
// Environment: TOWERS_BIN (default: the debug build in cargo's target directory),
// SCREENSHOTS (default web/screenshots).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, towersBin } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const towers = towersBin();
const shots = process.env.SCREENSHOTS || join(root, 'web', 'screenshots');
const work = await mkdtemp(join(tmpdir(), 'towers-online-'));
const db = `sqlite:${join(work, 'games.db')}`;
const PHONE = { width: 390, height: 844 };

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
await mkdir(shots, { recursive: true });
const browser = await launch();
const pages = {};
for (const [who, viewport] of [['ann', { width: 1200, height: 900 }], ['bob', PHONE], ['spectator', { width: 1200, height: 900 }]]) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => check(false, `${who}: page error: ${error.message}`));
  pages[who] = page;
}
const { ann, bob, spectator } = pages;
const players = [ann, bob];

// Ann creates the game with a clock and sends Bob his link.
await ann.goto(base);
await ann.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
await ann.click('#to-online');
await ann.waitForFunction(() => document.querySelector('#online-games').textContent.length > 0);
await ann.screenshot({ path: join(shots, 'online-lobby-empty.png'), fullPage: true });
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
check(await ann.isHidden('#main'), 'the playground steps aside while the online game is open');
await bob.goto(bobLink);
await spectator.goto(watchLink);
for (const page of [bob, spectator]) await page.waitForSelector('body[data-online="connected"]', { timeout: 30000 });
const seats = await Promise.all(players.map((p) => p.evaluate(() => window.online.seat)));
check(seats[0] === 0 && seats[1] === 1, `Ann has the first seat, Bob the second (${seats})`);
check((await spectator.evaluate(() => window.online.seat)) === null, 'the spectator has no seat');
check(await bob.evaluate(() => window.online.board.flipped === true), 'Bob’s board faces the second seat');
check(await ann.evaluate(() => window.online.board.flipped === false), 'Ann’s board faces the first seat');
check(await ann.isHidden('#online-draw'), 'Kamisado has no draw: no draw offer');
check(await ann.isVisible('#online-resign'), 'a player can resign');
check(await spectator.isHidden('#online-resign'), 'a spectator cannot resign');

// The spectator's replays of the moves as they come, counted.
await spectator.evaluate(() => {
  window.replays = 0;
  new MutationObserver(() => {
    if (document.querySelector('#online-board').dataset.animating === 'yes') window.replays += 1;
  }).observe(document.querySelector('#online-board'), { attributes: true, attributeFilter: ['data-animating'] });
});

// Clicks that start no turn are refused in words.
const cellSelector = (step) => `#online-board rect.cell[data-at="${step}"]`;
const messageOf = async (page) => ({ text: await page.textContent('#online-message'), refusal: (await page.getAttribute('#online-message', 'class')).split(' ').includes('refusal') });
await bob.click(cellSelector('0,0'), { force: true });
let said = await messageOf(bob);
check(said.refusal && /not your turn/i.test(said.text), `Bob clicking on Ann's turn is told it is not his turn (${said.text})`);
await spectator.click(cellSelector('0,0'), { force: true });
said = await messageOf(spectator);
check(said.refusal && /watching/i.test(said.text), `a spectator's click says they watch (${said.text})`);
const annStarts = await ann.evaluate(() => window.online.board.next.map((s) => s.step));
check(annStarts.length === 8, `Ann's eight towers are marked at the start (${annStarts.length})`);
await ann.click(cellSelector('3,3'), { force: true });
said = await messageOf(ann);
check(said.refusal && said.text.length > 10, `a click on an empty square is refused in words (${said.text})`);
// A move the server refuses (sent raw, as a stale or forged client would): the refusal cites
// the rule book's section and links to it.
await ann.evaluate(() => window.online.socket.send(JSON.stringify({ type: 'move', ply: 0, move: 'd1-d8' })));
await ann.waitForFunction(() => /rule 1\.1/.test(document.querySelector('#online-message').textContent), null, { timeout: 10000 }).catch(() => {});
said = await messageOf(ann);
const ruleLink = await ann.$('#online-message a.rule');
const ruleHref = ruleLink ? await ruleLink.getAttribute('href') : null;
check(said.refusal && /\(rule 1\.1, How a tower moves\)/.test(said.text) && /rules\/kamisado\.html#tower-moves$/.test(ruleHref || ''), `a move the server refuses cites its rule with a link (${said.text}; ${ruleHref})`);

// Every legal move in a position, found the way a person would: through the board's steps.
// A move that neither ends the game nor lets the opponent end it at once, where there is
// one, so the game lasts past the kill.
const chooseMove = (page) => page.evaluate(() => {
  const o = window.online;
  const s = o.state;
  const session = window.playground.sessionFrom(s.game, {}, s.position || '', s.moves);
  const legal = () => {
    const found = new Set();
    const walk = (steps) => {
      const t = JSON.parse(session.turn(JSON.stringify(steps)));
      if (t.complete) found.add(t.complete);
      else for (const n of t.next) walk([...steps, n.step]);
    };
    walk([]);
    return [...found];
  };
  const finished = () => JSON.parse(session.view()).finished;
  const moves = legal();
  const quiet = moves.filter((m) => {
    session.play(m);
    let ok = !finished();
    for (const reply of ok ? legal() : []) {
      session.play(reply);
      if (finished()) ok = false;
      session.undo();
      if (!ok) break;
    }
    session.undo();
    return ok;
  });
  session.free();
  const pool = quiet.length > 0 ? quiet : moves;
  return pool[(s.moves.length * 7 + 3) % pool.length];
});

// Plays `move` by clicking its steps on the board (named steps by their buttons); after the
// first step, the next steps must be marked.
let marked = null;
async function clickMove(page, move) {
  await page.evaluate(() => window.online.board.finishAnimation());
  const steps = await page.evaluate((mv) => JSON.parse(window.online.session.move_steps(mv)), move);
  for (const [i, s] of steps.entries()) {
    if (s.step.includes(',')) await page.click(cellSelector(s.step), { force: true });
    else await page.click(`#online-choices button[data-step="${s.step}"]`);
    if (i === 0 && steps.length > 1 && marked === null) {
      marked = await page.$$eval('#online-board .target', (els) => els.length);
      check(marked > 0, `after the first step the next steps are marked (${marked} marks)`);
      check(/So far/.test(await page.textContent('#online-message')), 'the help line says what the turn needs next');
    }
  }
}

const allSee = (moves) => Promise.all(Object.values(pages).map((page) =>
  page.waitForFunction((n) => window.online.state && window.online.state.moves.length >= n, moves, { timeout: 30000 })));

async function noSideways(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= PHONE.width, `${what}: no sideways scrolling at ${PHONE.width} px (${width})`);
}

const latencies = [];
let restart = null;
let ply = 0;
for (; ply < 300; ply++) {
  const state = await spectator.evaluate(() => window.online.state);
  if (state.finished) break;
  const mover = players[state.to_move];
  const move = await chooseMove(mover);
  if (ply === 6 && restart === null) {
    // SIGKILL mid-game: every page sees the connection drop and tries again by itself; the
    // player to move moves meanwhile, and the page sends the move once the server is back.
    await killServer();
    for (const page of Object.values(pages)) {
      await page.waitForFunction(() => document.body.dataset.online === 'reconnecting', null, { timeout: 10000 });
    }
    const killedAt = Date.now();
    check(/Connection lost/.test(await ann.textContent('#online-connection')), 'the page says the connection is lost');
    await clickMove(mover, move);
    check(await mover.evaluate(() => window.online.pending !== null), 'a move made while the server is down waits to be sent');
    check(/sent when the connection is back/.test(await mover.textContent('#online-status')), 'the mover is told the move is sent when the connection is back');
    check(await mover.evaluate((n) => window.online.session.plies() === n + 1, ply), 'the move waiting to be sent is on the mover’s board');
    await (state.to_move === 1 ? bob : ann).screenshot({ path: join(shots, `online-${state.to_move === 1 ? 'phone' : 'desktop'}-reconnecting.png`) });
    const serverStart = await startServer();
    for (const page of Object.values(pages)) await page.waitForSelector('body[data-online="connected"]', { timeout: 30000 });
    await allSee(ply + 1);
    restart = { serverStart, resumed: Date.now() - killedAt };
    const kept = await spectator.evaluate(() => window.online.state.moves);
    check(kept.length === ply + 1 && kept[ply] === move, `after the restart the game has its ${ply} moves and the one sent again (${kept.length})`);
    check(await mover.evaluate(() => window.online.pending === null), 'the move sent again is acknowledged');
    continue;
  }
  const sent = Date.now();
  await clickMove(mover, move);
  const opponent = players[1 - state.to_move];
  await opponent.waitForFunction((n) => window.online.state.moves.length >= n, ply + 1, { timeout: 30000 });
  latencies.push(Date.now() - sent);
  await allSee(ply + 1);
  if (ply === 1) {
    // The clock of the side to move ticks; the last move is marked on the board.
    const clock = await ann.evaluate(() => window.online.state.clock.running);
    const read = () => ann.textContent(`#online-clock-${clock}`);
    const first = await read();
    await ann.waitForTimeout(400);
    check(clock !== null && (await read()) !== first, `the running clock ticks (${first} → ${await read()})`);
    await spectator.waitForFunction(() => !document.querySelector('#online-board').dataset.animating);
    const last = await spectator.$$eval('#online-board .marks-under .mark-core', (els) => els.length);
    check(last >= 2, `the spectator sees the last move marked (${last} marks)`);
    check(await spectator.evaluate(() => window.replays >= 1), 'the spectator sees the moves replayed as they come');
  }
  if (ply === 3) {
    await noSideways(bob, 'Bob mid-game');
    const statusTop = await bob.$eval('#online-status', (e) => e.getBoundingClientRect().top);
    const boardBottom = await bob.$eval('#online-board svg', (e) => e.getBoundingClientRect().bottom);
    check(statusTop < PHONE.height && boardBottom <= PHONE.height, `on the phone the status and the whole board are on the first screen (status ${Math.round(statusTop)}, board bottom ${Math.round(boardBottom)})`);
    await bob.screenshot({ path: join(shots, 'online-phone.png') });
    await ann.screenshot({ path: join(shots, 'online-desktop.png') });
    await spectator.screenshot({ path: join(shots, 'online-spectator.png') });
  }
}

const end = await spectator.evaluate(() => window.online.state);
check(end.finished, `the game finished (${end.status}) after ${ply} moves`);
check(restart !== null, 'the server was killed and restarted mid-game');
const views = await Promise.all(Object.values(pages).map((p) => p.evaluate(() => window.online.state.moves.join(' '))));
check(views.every((v) => v === views[0]), 'both players and the spectator saw the same moves');
check((await spectator.textContent('#online-status')).includes('watching'), 'the spectator is told they watch');
check(await ann.isVisible('#online-clock-0'), 'the clocks are shown');
for (const [who, page] of Object.entries(pages)) {
  await page.waitForSelector('#online-banner:not([hidden])', { timeout: 10000 });
  const banner = await page.textContent('#online-banner-text');
  check(/wins|win!|draw/i.test(banner), `${who}: the end-of-game banner gives the result (${banner})`);
}
const winner = end.result.winner;
check((await players[winner].textContent('#online-banner-text')) === 'You win!', 'the winner is told they won');
await noSideways(bob, 'Bob at the end');
await ann.screenshot({ path: join(shots, 'online-finished.png') });
await bob.screenshot({ path: join(shots, 'online-phone-finished.png') });
const rows = await ann.$$eval('#online-moves button.move', (els) => els.length);
check(rows === ply, `the move list holds every move (${rows})`);

// Review: a click on the first move shows the position after it.
await spectator.click('#online-moves button.move[data-ply="1"]');
check(await spectator.evaluate(() => window.online.board.ply === 1), 'review: the board shows the position after move 1');
check(await spectator.isVisible('#online-review-bar'), 'review: the review bar shows');
// The status line gives the earlier position's own status and score first (as the board's
// caption says), then the game's: not the finished game's result over an earlier position.
const reviewStatus = await spectator.textContent('#online-status');
const reviewCaption = await spectator.evaluate(() => window.online.board.boardView.caption);
check(reviewStatus.includes(reviewCaption.charAt(0).toUpperCase() + reviewCaption.slice(1)) && /In the game now: /.test(reviewStatus) && reviewStatus.indexOf(reviewCaption.slice(1)) < reviewStatus.indexOf('In the game now'), `review: the status gives the earlier position's status first (${reviewStatus})`);
await spectator.click('#online-review-exit');

// No token reaches the spectator's page.
const tokens = [bobLink.split('token=')[1], await ann.evaluate(() => window.online.token)];
const spectatorHtml = await spectator.content();
check(tokens.every((t) => t && !spectatorHtml.includes(t)), 'no seat token in the spectator\'s page');

// The record downloads and `towers replay` accepts it.
const [download] = await Promise.all([spectator.waitForEvent('download'), spectator.click('#online-record')]);
const recordFile = join(work, 'record.json');
await download.saveAs(recordFile);
let replay = '';
try {
  replay = execFileSync(towers, ['replay', '--quiet', recordFile], { encoding: 'utf8' });
} catch (error) {
  replay = `${error.stdout}${error.stderr}`;
}
check(replay.includes('Record valid'), `towers replay accepts the downloaded record: ${replay.trim().split('\n').pop()}`);

// A rematch with the colours swapped: both ask, both pages go to the new game, where Ann
// now plays the second seat; Bob resigns it (the button asks again first).
const firstId = end.id;
await ann.click('#online-banner-rematch');
await bob.waitForFunction(() => window.online.state.rematch.requested[0]);
check(/Accept the rematch/.test(await bob.textContent('#online-banner-rematch')), 'Bob is asked to accept the rematch');
await bob.click('#online-banner-rematch');
for (const page of players) {
  await page.waitForFunction((id) => window.online.state && window.online.state.id !== id && document.body.dataset.online === 'connected', firstId, { timeout: 10000 });
}
const swapped = await Promise.all(players.map((p) => p.evaluate(() => window.online.seat)));
check(swapped[0] === 1 && swapped[1] === 0, `in the rematch Ann has the second seat, Bob the first (${swapped})`);
await bob.click('#online-resign');
check(await bob.evaluate(() => !window.online.state.finished), 'one click on Resign does not resign');
await bob.click('#online-resign');
await ann.waitForFunction(() => window.online.state.finished, null, { timeout: 10000 });
check((await ann.evaluate(() => window.online.state.result.winner)) === 1, 'Bob resigned the rematch: Ann wins');
check(/resigned/.test(await ann.textContent('#online-banner-detail')), 'the banner says Bob resigned');

// A computer seat answers a move.
await ann.goto(base);
await ann.waitForSelector('body[data-ready="yes"]');
await ann.click('#to-online');
await ann.selectOption('#online-game', 'kamisado');
await ann.selectOption('#online-opponent', { label: 'the computer, easy' });
check(await ann.isHidden('#online-friend-label'), 'no friend’s name for a computer opponent');
await ann.click('#online-new');
// The page may still say `connected` from the game before: wait for the new game itself.
await ann.waitForFunction(() => document.body.dataset.online === 'connected' && window.online.state && window.online.state.moves.length === 0);
await clickMove(ann, await chooseMove(ann));
await ann.waitForFunction(() => window.online.state.moves.length >= 2, null, { timeout: 30000 });
check(true, 'the computer seat answers');
check(/computer/.test(await ann.textContent('#online-player-1')), 'the computer seat is named as such');

// The lobby lists the games.
await ann.click('#online-leave');
await ann.waitForSelector('#main:not([hidden])');
await ann.click('#to-online');
await ann.waitForFunction(() => document.querySelectorAll('#online-games li').length >= 3);
const lobby = await ann.textContent('#online-games');
check(/Live/.test(lobby) && /Finished/.test(lobby) && /won by Bob|won by Ann/.test(lobby), `the lobby lists live and finished games (${lobby.slice(0, 120)}…)`);
await ann.screenshot({ path: join(shots, 'online-lobby.png'), fullPage: true });

await browser.close();
await killServer();
await rm(work, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
console.log(`online game: ${ply} moves; click to the opponent's page seeing it: median ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies[latencies.length - 1]} ms`);
if (restart) console.log(`SIGKILL to every page resumed with the move made meanwhile: ${restart.resumed} ms (server start ${restart.serverStart} ms)`);
console.log(`online: ${passed} passed, ${failures} failed`);
process.exit(failures > 0 ? 1 : 0);
