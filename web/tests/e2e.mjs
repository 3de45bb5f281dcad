// The playground tested in a real browser (Playwright driving the system Chromium), the way a
// person uses it: every turn is built by clicking its steps on the board, and each result is
// checked against `towers apply` (the command-line engine) for the same move.
//
// - In every game a whole turn step by step, with the board redrawn after each step: a Chain
//   Reaction turn of four segments, a Seven Sages kick, a Tower of Power row, a Queens'
//   Courtiers two-part move, a Kamisado Sumo push; a refused click says why with the rule's
//   section; the keyboard plays a move; so does a drag, by mouse and by a finger on a phone.
// - A long computer think is stopped at once, and the next computer move comes within its
//   level's time; computers against each other keep a watchable pace.
// - A reload mid-game finds the same game; a shared link opened in a second browser context
//   continues it; an exported record is accepted by `towers replay`.
// - The marks' colours keep WCAG 3:1 contrast against every square colour of every game.
// - At 390×844 (a phone) no page scrolls sideways; screenshots at desktop and phone sizes.
// - The rule-book pages open their examples in the playground.
// - A page opened from disk, or without its WebAssembly, says so instead of hanging.
// - The page tells the truth and teaches (truth.mjs): the board never moves when the turn's
//   buttons come and go, the move list shows the latest move, hints number every step, a
//   saved game keeps its computer, review shows the earlier score, a phone says "tap".
// - The lessons (lessons.mjs): every lesson of every game solved by clicks; a miss is taken
//   back with the lesson's words, a refusal links its rule; hint, Undo, reload; a phone.
// - The analysis of a game (analysis.mjs): the graph has a point per position, a known
//   Kamisado blunder is marked and its better move shown, Stop stops it midway; the time of
//   a 30-move analysis in each game.
//
//   node web/tests/e2e.mjs            (after `cargo xtask web` and `cargo build -p towers`)
//
// Environment: TOWERS_BIN (default: the debug build in cargo's target directory),
// SCREENSHOTS (default web/screenshots).
import { createServer } from 'node:http';
import { readFile, mkdir, writeFile, mkdtemp } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launch, towersBin } from './browser.mjs';
import { checkTruth } from './truth.mjs';
import { checkAnalysis } from './analysis.mjs';
import { checkLessons } from './lessons.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const dist = join(root, 'web', 'dist');
const towers = towersBin();
const shots = process.env.SCREENSHOTS || join(root, 'web', 'screenshots');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
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
let passes = 0;
function check(condition, what) {
  if (condition) {
    passes += 1;
  } else {
    failures += 1;
    console.error(`FAIL: ${what}`);
  }
}

const numbers = {};

function towersApply(game, moves, { position, options = [] } = {}) {
  const args = ['apply', game];
  if (position) args.push('--position', position);
  for (const o of options) args.push('--option', o);
  const out = execFileSync(towers, [...args, ...moves], { encoding: 'utf8' });
  return out.split('\n')[0];
}

function towersMoves(game, { position, options = [] } = {}) {
  const args = ['moves', game];
  if (position) args.push('--position', position);
  for (const o of options) args.push('--option', o);
  return execFileSync(towers, args, { encoding: 'utf8' }).split('\n').filter(Boolean);
}

const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
function watch(p) {
  p.on('pageerror', (error) => {
    failures += 1;
    console.error(`FAIL: page error: ${error.message}`);
  });
}
watch(page);
await mkdir(shots, { recursive: true });

function link({ game, options = {}, position = '', moves = [], seats = ['person', 'person'] }) {
  const params = new URLSearchParams({ game });
  for (const [k, v] of Object.entries(options)) params.set(`o.${k}`, v);
  if (position) params.set('position', position);
  if (moves.length) params.set('moves', moves.join(','));
  params.set('seats', seats.join(','));
  return `${base}?${params}`;
}

async function open(p, spec) {
  const started = Date.now();
  await p.goto(link(spec));
  await p.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
  return Date.now() - started;
}

const view = (p = page) => p.evaluate(() => JSON.parse(window.playground.state.session.view()));
const turnSteps = (p = page) => p.evaluate(() => window.playground.board.steps.slice());
const boardSvg = (p = page) => p.evaluate(() => document.querySelector('#board svg').outerHTML);
const piecesSvg = (p = page) => p.evaluate(() => document.querySelector('#board g.pieces').innerHTML);
const targets = (p = page) => p.$$eval('#board .target', (els) => els.length);

async function clickStep(p, step) {
  if (step.includes(',')) {
    await p.click(`#board rect.cell[data-at="${step}"]`, { force: true });
  } else {
    await p.click(`#choices button[data-step="${step}"]`);
  }
}

// Plays `move` by clicking its steps one by one; after every step but the last the board
// must show the turn so far (a new drawing, the steps made remembered, next steps marked).
async function clickTurn(p, move, what) {
  const steps = await p.evaluate((mv) => JSON.parse(window.playground.state.session.move_steps(mv)), move);
  const before = (await view(p)).played.length;
  let clicks = 0;
  const moved = [];
  for (const [i, s] of steps.entries()) {
    const drawn = await boardSvg(p);
    const piecesBefore = await piecesSvg(p);
    await clickStep(p, s.step);
    clicks += 1;
    if (i + 1 < steps.length) {
      const made = await turnSteps(p);
      check(made.length === i + 1, `${what}: after step ${i + 1} (${s.name}) the turn holds ${made.length} steps`);
      check((await targets(p)) > 0 || (await p.$$('#choices button')).length > 0, `${what}: after step ${i + 1} the next steps are marked`);
      if (s.role !== 'select') check((await boardSvg(p)) !== drawn, `${what}: the board is redrawn after step ${i + 1} (${s.role})`);
      if (what.includes('four segments') && i >= 1) moved.push((await piecesSvg(p)) !== piecesBefore);
    }
  }
  // The board after each segment shows the tower it built, once the engine draws partial
  // turns (Steps::board_after_steps); until then the marks alone show the turn so far.
  if (moved.some(Boolean)) {
    check(moved.every(Boolean), `${what}: the pieces move with every segment (${moved})`);
  } else if (moved.length) {
    console.log(`NOTE: ${what}: the engine draws the board unchanged until the turn is whole (no board_after_steps yet)`);
  }
  const v = await view(p);
  check(v.played.length === before + 1 && v.played[before].text === move, `${what}: ${move} played by ${clicks} clicks (${v.played.map((m) => m.text)})`);
  return { steps, clicks };
}

// ---- every game: a whole turn by clicks, checked against towers apply ----

const turns = [
  // [game, what, spec, pick a move from `towers moves`, needed role]
  ['chain-reaction', 'a Chain Reaction turn of four segments', {}, (ms) => ms.find((m) => m.split(' ').length === 4), null],
  ['seven-sages', 'a Seven Sages kick', {}, (ms) => ms.find((m) => m.includes('/')), 'ball'],
  ['tower-of-power', 'a Tower of Power row', {}, (ms) => ms.find((m) => m.split('-').length === 3), null],
  ['queens-courtiers', 'a Queens\' Courtiers two-part move', {}, (ms) => ms.find((m) => m.split('-').length === 3), null],
  [
    'kamisado',
    'a Kamisado Sumo push',
    {
      options: { match_target: '3' },
      position: 'orblpupiyere.br/......../.....gr1../.....PU../......../......../......../BRGRREYEPI.BLOR B Gr 0 W f5 3 2 0:1 play -',
    },
    (ms) => ms.find((m) => m.includes('>')),
    'capture',
  ],
];
numbers.clicks = {};
for (const [game, what, spec, pick, role] of turns) {
  numbers[`${game} page load (ms)`] = await open(page, { game, ...spec });
  const options = Object.entries(spec.options || {}).map(([k, v]) => `${k}=${v}`);
  const move = pick(towersMoves(game, { position: spec.position, options }));
  check(move, `${what}: towers lists such a move`);
  const { steps, clicks } = await clickTurn(page, move, what);
  if (role) check(steps.some((s) => s.role === role), `${what}: a step is marked as ${role}`);
  numbers.clicks[game] = clicks;
  const expected = towersApply(game, [move], { position: spec.position, options });
  const v = await view();
  check(v.position === expected, `${what}: the position after ${move} is ${v.position}; towers apply says ${expected}`);
  check((await page.textContent('#moves')).includes(move), `${what}: the move list shows ${move}`);
  check(/\S+: /.test(v.played[0].words), `${what}: the move is written out in words (${v.played[0].words})`);
  console.log(`${game}: ${what} (${move}) by ${clicks} clicks; ${v.played[0].words}`);
}

// The typical opening turn of each game, for the clicks count, and a refusal with its rule.
for (const game of ['kamisado', 'tower-of-power', 'chain-reaction', 'queens-courtiers', 'seven-sages']) {
  await open(page, { game });
  // A click that starts no turn: a cell without a marked piece.
  const cells = await page.$$eval('#board rect.cell', (els) => els.map((e) => e.getAttribute('data-at')));
  const starts = await page.evaluate(() => window.playground.board.next.map((s) => s.step));
  const idle = cells.find((c) => !starts.includes(c));
  await clickStep(page, idle);
  const message = await page.textContent('#message');
  check((await page.getAttribute('#message', 'class')).split(' ').includes('refusal') && /\S/.test(message), `${game}: a click on ${idle} where no turn starts is refused (${message})`);
  check((await view()).played.length === 0, `${game}: the refused click changed nothing`);
  await page.screenshot({ path: join(shots, `${game}-desktop.png`) });
}

// A refusal in the rule book's words with its section: Kamisado towers move forward only.
await open(page, { game: 'kamisado' });
await clickStep(page, '3,0');
await clickStep(page, '2,2');
let message = await page.textContent('#message');
check(/\(rule \d+(\.\d+)?, [^)]+\)/.test(message) && !/§/.test(message), `kamisado: a sideways move is refused with the rule book's section (${message})`);
console.log(`kamisado refusal: ${message}`);
// A blocked Kamisado tower and the forced pass (rule-book Example 2): Pass is offered.
await open(page, { game: 'kamisado', position: 'orblpupiyere.br/...YE..../......gr./......../......../......../......../BRGRRE.PIPUBLOR W Ye 0 B g6 2 1 0:0 play -' });
check((await page.$$eval('#choices button', (bs) => bs.map((b) => b.textContent))).includes('Pass'), 'kamisado: the blocked tower passes with a Pass button');
await clickStep(page, '3,6');
message = await page.textContent('#message');
check(/\(rule 1\.2, Which tower moves\)/.test(message), `kamisado: the blocked tower's refusal names the rule book's section (${message})`);

// The keyboard: arrows to a marked piece, Enter, arrows to a target, Enter.
await open(page, { game: 'tower-of-power' });
await page.focus('#board');
await page.keyboard.press('ArrowRight'); // the cursor appears on the first marked piece
const cursor = await page.evaluate(() => window.playground.board.cursor);
await page.keyboard.press('Enter');
check((await turnSteps()).length === 1, `keyboard: Enter on ${cursor} makes the first step`);
for (let i = 0; i < 12 && (await view()).played.length === 0; i++) {
  const next = await page.evaluate(() => window.playground.board.next.map((s) => s.step));
  const [c, r] = (await page.evaluate(() => window.playground.board.cursor)).split(',').map(Number);
  const goal = next.find((s) => s.includes(',')).split(',').map(Number);
  const key = goal[0] > c ? 'ArrowRight' : goal[0] < c ? 'ArrowLeft' : goal[1] > r ? 'ArrowUp' : goal[1] < r ? 'ArrowDown' : 'Enter';
  await page.keyboard.press(key);
}
check((await view()).played.length === 1, 'keyboard: a whole move made with the arrow keys and Enter');

// The player panels: who plays each side, the score where the game keeps one, the side to
// move marked; after a move the other side is.
await open(page, { game: 'chain-reaction', seats: ['person', 'hard'] });
const players = async () => page.$$eval('#players .player', (ps) => ps.map((p) => ({
  who: p.querySelector('.who').textContent,
  score: p.querySelector('.score').hidden ? null : p.querySelector('.score').textContent,
  toMove: p.classList.contains('to-move'),
})));
let shown = await players();
check(shown[0].who === 'White: you' && shown[1].who === 'Black: computer (hard)', `players: who plays each side (${JSON.stringify(shown)})`);
check(shown[0].score === '0 points' && shown[1].score === '0 points', `players: Chain Reaction's scores are shown (${JSON.stringify(shown)})`);
check(shown[0].toMove && !shown[1].toMove, 'players: White, to move, is marked');
await open(page, { game: 'tower-of-power' });
shown = await players();
check(shown.every((p) => p.score === 'captured 0') && shown.every((p) => p.who.endsWith(': person')), `players: Tower of Power keeps no score but counts captures; two people (${JSON.stringify(shown)})`);
check(shown[0].who === 'White: person', `players: Tower of Power's sides by the rule book's names (${shown[0].who})`);
// Example 5: c3-e3-e5 captures the Black top stone on e5 (White 5 stones, Black 4 before).
await open(page, { game: 'tower-of-power', position: '8/8/4b3/4(wb)3/8/2(bw)w(ww)b2/8/8 w 0 0' });
await clickTurn(page, 'c3-e3-e5', 'players: a capture');
shown = await players();
const captureTitle = await page.getAttribute('#player-0 .score', 'title');
check(shown[0].score === 'captured 1' && shown[1].score === 'captured 0' && captureTitle === 'White has captured 1 Black stone; Black has 3 stones in play.', `players: a capture is counted beside its side (${JSON.stringify(shown)}, "${captureTitle}")`);
await page.screenshot({ path: join(shots, 'players-captures.png') });
await open(page, { game: 'kamisado' });
await clickTurn(page, 'd1-d5', 'players: a move');
shown = await players();
check(!shown[0].toMove && shown[1].toMove, 'players: after White moves, Black is marked to move');

// Moving by drag: the mouse drags Kamisado's orange tower d1 to d7 (one move, two steps); a
// touch on a phone drags one too (CDP touch events, as a finger sends them),
// and a touch that starts on an empty cell scrolls rather than drags.
const centre = (p, name) => p.$eval(`#board rect.cell[data-name="${name}"]`, (r) => {
  const b = r.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2];
});
async function mouseDrag(p, from, to) {
  const [x0, y0] = await centre(p, from);
  const [x1, y1] = await centre(p, to);
  await p.mouse.move(x0, y0);
  await p.mouse.down();
  await p.mouse.move(x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3, { steps: 4 });
  const ghost = await p.$('.drag-ghost');
  const targets = await p.$$eval('#board .target', (t) => t.length);
  await p.mouse.move(x1, y1, { steps: 6 });
  const over = await p.$('.drag-ghost.over-target');
  await p.mouse.up();
  return { ghost: !!ghost, targets, over: !!over };
}
await open(page, { game: 'kamisado' });
const dragged = await mouseDrag(page, 'd1', 'd7');
check(dragged.ghost && dragged.targets > 0 && dragged.over, `drag: the dragged tower follows the pointer, its squares marked, green over d7 (${JSON.stringify(dragged)})`);
let dv = await view();
check(dv.played.length === 1 && dv.played[0].text === 'd1-d7', `drag: d1 dragged to d7 plays d1-d7 (${dv.played.map((m) => m.text)})`);
check(!(await page.$('.drag-ghost')), 'drag: the ghost is gone after the drop');
// A drop on a square the tower cannot reach is refused with the reason, and nothing is played.
await mouseDrag(page, 'g8', 'h8');
dv = await view();
check(dv.played.length === 1 && /refusal/.test(await page.getAttribute('#message', 'class')), `drag: a drop sideways is refused (${await page.textContent('#message')})`);
{
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phonePage = await phoneContext.newPage();
  watch(phonePage);
  await open(phonePage, { game: 'kamisado' });
  // On a phone the players' names are not cut short by their scores.
  const cut = await phonePage.$$eval('#players .who', (ws) => ws.filter((w) => w.scrollWidth > w.clientWidth).map((w) => w.textContent));
  check(cut.length === 0, `players (phone): no name is cut short (${cut})`);
  await phonePage.screenshot({ path: join(shots, 'players-phone.png') });
  const move = 'c1-c5';
  const [fromName, toName] = move.split('-');
  await phonePage.evaluate(() => window.scrollTo(0, 0));
  const cdp = await phoneContext.newCDPSession(phonePage);
  const touch = async (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y]) => ({ x, y })) });
  const [fx, fy] = await centre(phonePage, fromName);
  const [tx, ty] = await centre(phonePage, toName);
  await touch('touchStart', [[fx, fy]]);
  for (let i = 1; i <= 6; i++) await touch('touchMove', [[fx + ((tx - fx) * i) / 6, fy + ((ty - fy) * i) / 6]]);
  await touch('touchEnd', []);
  const pv = await view(phonePage);
  check(pv.played.length === 1 && pv.played[0].text === move, `drag (phone): a finger drags ${move} (${pv.played.map((m) => m.text)})`);
  // A swipe from an empty cell scrolls the page instead.
  const empty = await phonePage.$eval('#board', (b) => {
    const r = b.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  });
  const before = await phonePage.evaluate(() => window.scrollY);
  await touch('touchStart', [empty]);
  for (let i = 1; i <= 8; i++) await touch('touchMove', [[empty[0], empty[1] - 30 * i]]);
  await touch('touchEnd', []);
  await phonePage.waitForTimeout(300);
  const after = await phonePage.evaluate(() => window.scrollY);
  check(after > before && (await view(phonePage)).played.length === 1, `drag (phone): a swipe from an empty cell scrolls the page (${before} → ${after})`);
  await phoneContext.close();
}

// ---- the computer: stopped at once, answering within its level's time ----

await open(page, { game: 'chain-reaction', seats: ['strongest', 'person'] });
check(await page.evaluate(() => window.playground.state.flipped === true), 'the board faces the person in the second seat');
await page.waitForFunction(() => window.playground.state.think !== null);
await page.waitForTimeout(800);
const stopAt = Date.now();
await page.click('#stop');
check(await page.evaluate(() => window.playground.state.think === null), 'stop: the think ends at once');
numbers['Stop to think ended (ms)'] = Date.now() - stopAt;
check((await view()).played.length === 0, 'stop: no move is played after Stop');
await page.waitForTimeout(300);
check((await view()).played.length === 0, 'stop: still no move 0.3 s after Stop');
// The next computer move comes within the level's time (strongest: 5 s) once resumed.
const limit = await page.evaluate(() => window.playground.LEVELS.strongest.limit);
const resumed = Date.now();
await page.click('#stop'); // Resume
await page.waitForFunction(() => JSON.parse(window.playground.state.session.view()).played.length === 1, null, { timeout: limit + 5000 });
const answered = Date.now() - resumed;
numbers['Stop, Resume, next strongest move (ms)'] = Date.now() - stopAt;
numbers['Resume to the strongest move (ms)'] = answered;
check(answered <= limit + 500, `the strongest level answers within its ${limit} ms after a stopped think (${answered} ms)`);
// A seat change ends a think at once, and the easy level answers within its second.
await open(page, { game: 'chain-reaction', seats: ['person', 'strongest'] });
await clickTurn(page, towersMoves('chain-reaction').find((m) => !m.includes(' ')), 'chain-reaction before the computer');
await page.waitForFunction(() => window.playground.state.think !== null);
await page.waitForTimeout(500);
const changed = Date.now();
await page.selectOption('#seat-1', 'easy');
await page.waitForFunction(() => JSON.parse(window.playground.state.session.view()).played.length === 2, null, { timeout: 10000 });
numbers['seat change to easy, next move (ms)'] = Date.now() - changed;
check(Date.now() - changed <= 1500, `a seat change ends the think and easy answers within 1 s (${Date.now() - changed} ms)`);
// The worst case: Chain Reaction with ten segments a turn, where the search cannot finish in
// time and the quick move found first is played when the time is up.
await open(page, { game: 'chain-reaction', options: { max_segments: '10' }, seats: ['hard', 'person'] });
const worst = Date.now();
await page.waitForFunction(() => JSON.parse(window.playground.state.session.view()).played.length === 1, null, { timeout: 15000 });
const worstThink = await page.evaluate(() => window.playground.lastThink);
numbers['hard move, Chain Reaction max_segments=10 (ms)'] = Math.round(worstThink.ms);
numbers['hard move, Chain Reaction max_segments=10, from page ready (ms)'] = Date.now() - worst;
check(worstThink.ms <= 2000, `hard answers within its 2 s in Chain Reaction with ten segments (${Math.round(worstThink.ms)} ms: ${worstThink.report})`);
// Undo during a think ends it too.
await open(page, { game: 'chain-reaction', seats: ['person', 'strongest'] });
await clickTurn(page, towersMoves('chain-reaction').find((m) => !m.includes(' ')), 'chain-reaction before undo');
await page.waitForFunction(() => window.playground.state.think !== null);
await page.click('#undo');
check(await page.evaluate(() => window.playground.state.think === null), 'undo ends the think at once');
check((await view()).played.length === 0, 'undo takes the move back');
await page.selectOption('#seat-1', 'person');

// Computer against computer: a watchable pace, paused and stepped.
await open(page, { game: 'kamisado', seats: ['easy', 'easy'] });
await page.waitForFunction(() => JSON.parse(window.playground.state.session.view()).played.length >= 3, null, { timeout: 20000 });
const times = await page.evaluate(async () => {
  const seen = [];
  let last = JSON.parse(window.playground.state.session.view()).played.length;
  const t0 = performance.now();
  while (seen.length < 2 && performance.now() - t0 < 10000) {
    await new Promise((ok) => setTimeout(ok, 20));
    const v = JSON.parse(window.playground.state.session.view());
    if (v.finished) break;
    if (v.played.length !== last) {
      seen.push(performance.now());
      last = v.played.length;
    }
  }
  return seen;
});
if (times.length === 2) {
  numbers['computer against computer, time between moves (ms)'] = Math.round(times[1] - times[0]);
  check(times[1] - times[0] >= 800, `computers against each other move at a watchable pace (${Math.round(times[1] - times[0])} ms apart)`);
}
if (!(await view()).finished) {
  await page.click('#stop');
  const paused = (await view()).played.length;
  await page.waitForTimeout(1500);
  check((await view()).played.length === paused, 'pause: no computer move while paused');
  if (await page.isVisible('#step')) {
    await page.click('#step');
    await page.waitForFunction((n) => JSON.parse(window.playground.state.session.view()).played.length === n + 1, paused, { timeout: 5000 });
    await page.waitForTimeout(1500);
    check((await view()).played.length === paused + 1, 'step: exactly one computer move');
  }
}

// A whole Kamisado game against the easy computer, to the end-of-game banner and Play again.
await open(page, { game: 'kamisado', seats: ['person', 'easy'] });
for (let ply = 0; ply < 300; ply++) {
  const v = await view();
  if (v.finished) break;
  if (await page.evaluate(() => document.querySelector('#board').dataset.animating === 'yes')) {
    await page.waitForFunction(() => document.querySelector('#board').dataset.animating !== 'yes', null, { timeout: 10000 });
    continue;
  }
  if (v.to_move_index === 1) {
    await page.waitForFunction((n) => {
      const w = JSON.parse(window.playground.state.session.view());
      return w.played.length > n || w.finished;
    }, v.played.length, { timeout: 30000 });
    continue;
  }
  const move = await page.evaluate(() => {
    const s = window.playground.state.session;
    return JSON.parse(s.turn('[]')).next[0].step;
  });
  await clickStep(page, move);
  const next = await page.evaluate(() => window.playground.board.next.map((s) => s.step));
  if (next.length) await clickStep(page, next[0]);
  await page.waitForFunction((n) => JSON.parse(window.playground.state.session.view()).played.length > n, v.played.length, { timeout: 30000 });
}
const last = await view();
check(last.finished, 'kamisado: the game against the computer ends');
await page.waitForSelector('#banner:not([hidden])', { timeout: 10000 });
check(/wins|draw/i.test(await page.textContent('#banner-text')), 'kamisado: a banner says the result');
await page.screenshot({ path: join(shots, 'kamisado-finished.png') });
// Review: a click on the first move shows the position after it.
await page.click('#moves button.move[data-ply="1"]');
check(await page.isVisible('#review-bar'), 'review: the review bar shows');
check(await page.evaluate(() => window.playground.board.ply === 1), 'review: the board shows the position after move 1');
await page.screenshot({ path: join(shots, 'kamisado-review.png') });
await page.click('#review-exit');
await page.click('#play-again');
check((await view()).played.length === 0, 'play again: a new game');
console.log(`kamisado against easy: ${last.status} after ${last.played.length} plies`);

// The hint marks a move's steps.
await open(page, { game: 'queens-courtiers' });
await page.click('#hint');
await page.waitForSelector('#board .hint', { timeout: 5000 });
check((await page.$$('#board .hint')).length >= 2, 'hint: the suggested move is numbered on the board');

// ---- reload, share, export ----

await open(page, { game: 'tower-of-power' });
const first = towersMoves('tower-of-power')[5];
await clickTurn(page, first, 'tower-of-power first');
const beforeReload = await view();
await page.reload();
await page.waitForSelector('body[data-ready="yes"]');
const afterReload = await view();
check(afterReload.position === beforeReload.position && afterReload.played.length === 1, `reload: the same game (${afterReload.position})`);
// A shared link in a second browser context: the friend, who plays the side to move (the
// second seat), sees the board from that side and continues the game.
await page.click('#share');
const shared = await page.evaluate(() => window.playground.sharedLink);
const friend = await browser.newContext({ viewport: { width: 390, height: 844 } });
const friendPage = await friend.newPage();
watch(friendPage);
await friendPage.goto(shared);
await friendPage.waitForSelector('body[data-ready="yes"]');
const friendView = await view(friendPage);
check(friendView.position === beforeReload.position, 'share: the friend sees the same position');
check(await friendPage.evaluate(() => window.playground.state.flipped === true), 'share: the friend’s board faces the second seat');
const reply = towersMoves('tower-of-power', { position: friendView.position })[0];
await clickTurn(friendPage, reply, 'the friend’s move');
const continued = await view(friendPage);
check(continued.played.length === 2 && continued.position === towersApply('tower-of-power', [first, reply]), 'share: the friend continues the game');
await friend.close();
// Export: `towers replay` accepts the record.
const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
const dir = await mkdtemp(join(tmpdir(), 'towers-e2e-'));
const recordPath = join(dir, 'game.json');
await download.saveAs(recordPath);
let replayed = '';
try {
  replayed = execFileSync(towers, ['replay', '--quiet', recordPath], { encoding: 'utf8' });
  check(/Record valid/.test(replayed), `export: towers replay accepts the record (${replayed.split('\n').pop()})`);
  const diagram = execFileSync(towers, ['apply', 'tower-of-power', first], { encoding: 'utf8' }).split('\n').slice(1, 10).join('\n');
  check(replayed.includes(diagram), 'export: towers replay reaches the same position');
} catch (error) {
  check(false, `export: towers replay refuses the record: ${error.stderr || error}`);
}
// Import the same record into a fresh page.
await open(page, { game: 'kamisado' });
await page.setInputFiles('#import', recordPath);
await page.waitForFunction((p) => JSON.parse(window.playground.state.session.view()).position === p, beforeReload.position, { timeout: 5000 });
check(true, 'import: the record is loaded');

// ---- contrast of the marks against every square colour ----

function luminance(hex) {
  const v = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
const palette = await page.evaluate(() => window.playground.PALETTE);
let pairs = 0;
for (const game of ['kamisado', 'tower-of-power', 'chain-reaction', 'queens-courtiers', 'seven-sages']) {
  await open(page, { game });
  const fills = [...new Set(await page.$$eval('#board rect.cell', (els) => els.map((e) => e.getAttribute('fill'))))];
  for (const [role, { core, halo }] of Object.entries(palette)) {
    check(contrast(core, halo) >= 3, `${role}: core ${core} and halo ${halo} differ by 3:1`);
    for (const fill of fills) {
      const best = Math.max(contrast(core, fill), contrast(halo, fill));
      pairs += 1;
      check(best >= 3, `${game}: the ${role} mark (${core}/${halo}) on a ${fill} square: ${best.toFixed(2)}:1 < 3:1`);
    }
  }
}
numbers['mark/square colour pairs checked'] = pairs;

// ---- a phone: no sideways scrolling, cell sizes, screenshots ----

await page.setViewportSize({ width: 390, height: 844 });
numbers['phone cell size (px)'] = {};
for (const game of ['kamisado', 'tower-of-power', 'chain-reaction', 'queens-courtiers', 'seven-sages']) {
  await open(page, { game, seats: ['person', 'easy'] });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `${game}: no sideways scrolling at 390 px (${width})`);
  const cell = await page.$eval('#board rect.cell', (e) => e.getBoundingClientRect().width);
  numbers['phone cell size (px)'][game] = Math.round(cell * 10) / 10;
  const statusBelow = await page.$eval('#status', (e) => e.getBoundingClientRect().top);
  check(statusBelow < 844, `${game}: the status is on the first screen at 390×844 (${Math.round(statusBelow)} px)`);
  await page.screenshot({ path: join(shots, `${game}-phone.png`) });
  await page.click('#zoom');
  const zoomed = await page.$eval('#board rect.cell', (e) => e.getBoundingClientRect().width);
  numbers['phone cell size (px)'][`${game} zoomed`] = Math.round(zoomed * 10) / 10;
  const zoomedWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  check(zoomedWidth <= 390, `${game}: zoomed, the page still does not scroll sideways (${zoomedWidth})`);
  await page.click('#zoom');
}
await page.setViewportSize({ width: 1280, height: 900 });

// ---- the rule books ----

const rules = await browser.newPage();
watch(rules);
await rules.goto(`${base}rules/kamisado.html`);
check((await rules.$$('img')).length >= 10, 'rules: the Kamisado rule book has its pictures');
const unloaded = await rules.$$eval('img', (imgs) => imgs.filter((i) => !i.complete || i.naturalWidth === 0).length);
check(unloaded === 0, `rules: every picture loads (${unloaded} do not)`);
const links = await rules.$$eval('p.open a', (as) => as.map((a) => a.href));
check(links.length >= 10, 'rules: every example links to the playground');
await rules.click('p.open a >> nth=4');
await rules.waitForSelector('body[data-ready="yes"]');
const opened = await view(rules);
check(opened.game === 'kamisado' && /Sumo/.test(await rules.textContent('#howto-text')) && opened.options.length > 0, 'rules: an example opens in the playground');
await rules.close();

// ---- the page tells the truth and teaches ----

const truthStarted = Date.now();
await checkTruth({ browser, link, check, towersMoves, shots, join });
numbers['truth.mjs checks (ms)'] = Date.now() - truthStarted;

// ---- the lessons: every lesson solved by clicks, wrong tries, hint, reload, phone ----

const lessonsStarted = Date.now();
await checkLessons({ browser, base, check, clickStep, towersMoves, shots, join, numbers });
numbers['lessons.mjs checks (ms)'] = Date.now() - lessonsStarted;

// ---- the analysis of a game: graph, mistakes, Stop, its time per game ----

const analysisStarted = Date.now();
await checkAnalysis({ browser, link, check, towers, shots, join, numbers });
numbers['analysis.mjs checks (ms)'] = Date.now() - analysisStarted;

// ---- loading: a page from disk, a missing engine ----

const disk = await browser.newPage();
await disk.goto(`file://${join(dist, 'index.html')}`);
await disk.waitForSelector('#loading.failed', { timeout: 5000 });
check(/served over HTTP/.test(await disk.textContent('#loading')), 'from disk: the page says it must be served over HTTP');
await disk.close();
const broken = await browser.newPage();
await broken.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
await broken.goto(base);
await broken.waitForSelector('#loading.failed', { timeout: 10000 });
check(/could not be loaded/.test(await broken.textContent('#loading')), 'without its WebAssembly the page says the engines could not be loaded');
await broken.close();

// ---- speed in WebAssembly, and the wasm's size ----

const speed = await page.evaluate(async () => {
  const mod = await import('./pkg/towers_web.js');
  await mod.default();
  const start = new mod.Session('kamisado', '', '');
  const result = {};
  for (const spec of ['mcts:100', 'mcts:1000', 'alphabeta:4']) {
    const t = performance.now();
    mod.computer_move('kamisado', '', start.snapshot(), spec, 1n);
    result[`kamisado computer move ${spec} (ms)`] = Math.round(performance.now() - t);
  }
  const cr = new mod.Session('chain-reaction', '', '');
  let t = performance.now();
  cr.turn('[]');
  result['chain-reaction first-step list (ms)'] = Math.round(performance.now() - t);
  t = performance.now();
  mod.quick_move('chain-reaction', '', cr.snapshot(), 1n);
  result['chain-reaction quick move (ms)'] = Math.round(performance.now() - t);
  return result;
});
Object.assign(numbers, speed);
numbers['wasm size (KiB)'] = Math.round(readFileSync(join(dist, 'pkg', 'towers_web_bg.wasm')).length / 1024);
console.log(JSON.stringify(numbers, null, 2));
await writeFile(join(shots, 'numbers.json'), JSON.stringify(numbers, null, 2));

await browser.close();
server.close();
console.log(`${passes} passed, ${failures} failed`);
if (failures > 0) process.exit(1);
