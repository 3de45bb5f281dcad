// The analysis of a game (issue 38), checked as a person uses it:
//
// - A Kamisado game with a known blunder, opened from its link: Analyse values every
//   position (one graph point each, proven ones marked), marks the blunder in the move list
//   and on the graph, and a click on it shows the position before it with the better move
//   numbered on the board and named in words ("Better: a4-e8"); that move wins at once by
//   `towers apply`, the command-line engine, not the page.
// - Stop ends an analysis midway: the progress stops growing and the page stays usable.
// - The analysis time of a game of about 30 moves (random games made in the page by the
//   engine's quick random moves), for e2e's numbers: Kamisado's and Tower of Power's in CI
//   (about 12 s), each of the five games' with ANALYSIS_TIMES=all (about 50 s more).
// - Screenshots with the graph at desktop and phone sizes; no sideways scrolling on a phone;
//   a long game's graph on a phone has tap targets that do not overlap.
//
// Run by e2e.mjs, which gives it the browser, the page's address, its check function, the
// `towers` binary and its numbers.
import { execFileSync } from 'node:child_process';

// Checked with `towers solve kamisado --position` (after a1-a4 e8-e5: "win", line a4-e8;
// after a4-c6: a win for Black to move, line a8-a1): White's third move a4-c6 misses the win
// a4-e8 and lets Black win at once.
const BLUNDER = ['a1-a4', 'e8-e5', 'a4-c6', 'a8-a1'];
// Tower of Power last: Stop is checked on its game, whose positions take long enough to stop
// an analysis midway.
const GAMES = process.env.ANALYSIS_TIMES === 'all'
  ? ['kamisado', 'chain-reaction', 'queens-courtiers', 'seven-sages', 'tower-of-power']
  : ['kamisado', 'tower-of-power'];
const PLIES = 30;

export async function checkAnalysis({ browser, link, check, towers, shots, join, numbers }) {
  const ready = (p) => p.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
  const open = async (p, spec) => {
    await p.goto(link(spec));
    await ready(p);
  };
  const analysed = (p) => p.$eval('#analysis', (e) => Number(e.dataset.analysed));
  const finished = (p, timeout = 60000) => p.waitForSelector('#analysis[data-state="done"]', { timeout });

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await desk.newPage();
  const mobile = await phone.newPage();
  for (const p of [page, mobile]) p.on('pageerror', (error) => check(false, `analysis: page error: ${error.message}`));

  // The better move, by the command-line engine: it wins at once.
  const won = execFileSync(towers, ['apply', 'kamisado', ...BLUNDER.slice(0, 2), 'a4-e8'], { encoding: 'utf8' });
  check(/White wins/.test(won), `analysis: towers apply says a4-e8 wins at once after a1-a4 e8-e5 (${won.trim().split('\n').pop()})`);

  // ---- the blunder game: graph, marks, the better move ----
  for (const [p, size] of [[page, 'desktop'], [mobile, 'phone']]) {
    await open(p, { game: 'kamisado', moves: BLUNDER });
    check(await p.isEnabled('#analyse'), `analysis (${size}): Analyse is offered for a loaded game`);
    await p.click('#analyse');
    await finished(p);
    const points = await p.$$eval('#analysis-graph g.point', (gs) => gs.map((g) => Number(g.dataset.ply)));
    check(points.length === BLUNDER.length + 1 && points.every((ply, i) => ply === i), `analysis (${size}): one graph point per position, ${BLUNDER.length + 1} (${points})`);
    const proven = await p.$$eval('#analysis-graph g.point.proven', (gs) => gs.map((g) => Number(g.dataset.ply)));
    check([2, 3, 4].every((ply) => proven.includes(ply)), `analysis (${size}): the positions after moves 2, 3 and 4 are marked proven (${proven})`);
    const progress = await p.textContent('#analysis-progress');
    check(/all 5 positions/.test(progress), `analysis (${size}): the progress says it is done (${progress})`);
    check(await p.isVisible('#moves button.move.mistake[data-ply="3"]'), `analysis (${size}): the blunder a4-c6 (move 3) is marked in the move list`);
    check(!(await p.$('#moves button.move.mistake[data-ply="4"]')), `analysis (${size}): the winning move 4 is not marked`);
    check(!!(await p.$('#analysis-graph g.point.mistake[data-ply="3"]')), `analysis (${size}): the blunder is marked on the graph`);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    check(width <= (size === 'phone' ? 390 : 1280), `analysis (${size}): no sideways scrolling with the graph (${width} px)`);
    // The "?" of the move list (desktop) or the graph's mark (phone): the position before
    // the blunder, with the better move.
    if (size === 'desktop') await p.click('#moves button.mistake-mark[data-ply="3"]');
    else await p.click('#analysis-graph g.point.mistake[data-ply="3"] circle', { force: true });
    const ply = await p.evaluate(() => window.playground.board.ply);
    check(ply === 2, `analysis (${size}): a click on the blunder shows the position before it (${ply})`);
    const hints = await p.$$eval('#board .hint-number', (ts) => ts.map((t) => t.textContent));
    check(hints.length === 2, `analysis (${size}): the better move's two steps are numbered on the board (${hints})`);
    const message = await p.textContent('#message');
    check(/Better: a4-e8/.test(message), `analysis (${size}): the better move is named (${message})`);
    await p.screenshot({ path: join(shots, `analysis-${size}.png`), fullPage: true });
    console.log(`analysis (${size}): ${message}`);
  }

  // ---- about 30 moves of each game: the time an analysis takes ----
  numbers['analysis time per game (ms)'] = {};
  let longGame = null;
  for (const game of GAMES) {
    await open(page, { game });
    // A game made of the engine's quick random moves: the first seed whose game lasts 30
    // moves, else the longest.
    const moves = await page.evaluate(async ({ game, plies }) => {
      const mod = await import('./pkg/towers_web.js');
      let longest = [];
      for (let seed = 1; seed <= 40 && longest.length < plies; seed++) {
        const s = new mod.Session(game, '', '');
        const made = [];
        while (made.length < plies && !JSON.parse(s.view()).finished) {
          made.push(s.play(mod.quick_move(game, '', s.snapshot(), BigInt(seed * 1000 + made.length))));
        }
        s.free();
        if (made.length > longest.length) longest = made;
      }
      return longest;
    }, { game, plies: PLIES });
    await open(page, { game, moves });
    longGame = { game, moves };
    const started = Date.now();
    await page.click('#analyse');
    await finished(page, 180000);
    const ms = Date.now() - started;
    const points = await page.$$eval('#analysis-graph g.point', (gs) => gs.length);
    check(points === moves.length + 1, `analysis: ${game}, one graph point per position (${points} for ${moves.length} moves)`);
    numbers['analysis time per game (ms)'][`${game}, ${moves.length} moves`] = ms;
    console.log(`analysis: ${game}, ${moves.length} moves in ${ms} ms`);
    if (game === 'tower-of-power') await page.screenshot({ path: join(shots, 'analysis-tower-of-power.png'), fullPage: true });
  }

  // ---- Stop: the progress stops growing, the page stays usable ----
  const last = await page.evaluate(() => JSON.parse(window.playground.state.session.view()).played.length);
  await page.click('#analyse');
  await page.waitForFunction(() => Number(document.querySelector('#analysis').dataset.analysed) >= 3, null, { timeout: 30000 });
  await page.click('#analyse-stop');
  const stoppedAt = await analysed(page);
  await page.waitForTimeout(1500);
  const later = await analysed(page);
  check(later === stoppedAt && stoppedAt < last + 1, `analysis: Stop ends the analysis midway (${stoppedAt} positions at Stop, ${later} 1.5 s later, of ${last + 1})`);
  check((await page.getAttribute('#analysis', 'data-state')) === 'stopped', 'analysis: the panel says it stopped');
  check(/Stopped after/.test(await page.textContent('#analysis-progress')), 'analysis: the progress line says it stopped');
  await page.click('#moves button.move[data-ply="1"]');
  check(await page.evaluate(() => window.playground.board.ply === 1), 'analysis: after Stop the move list still reviews a position');
  check(await page.isEnabled('#analyse'), 'analysis: after Stop Analyse can start again');

  // ---- a long game on a phone: the graph's tap targets do not overlap ----
  await open(mobile, longGame);
  await mobile.click('#analyse');
  await mobile.waitForFunction(() => Number(document.querySelector('#analysis').dataset.analysed) >= 4, null, { timeout: 30000 });
  await mobile.click('#analyse-stop');
  const spans = await mobile.$$eval('#analysis-graph rect.target', (rs) => rs.map((r) => [Number(r.getAttribute('x')), Number(r.getAttribute('width'))]).sort((a, b) => a[0] - b[0]));
  const overlaps = spans.filter(([x, w], i) => i + 1 < spans.length && x + w > spans[i + 1][0] + 0.01).length;
  check(spans.length >= 4 && overlaps === 0, `analysis (phone): ${longGame.moves.length} moves, the graph's tap targets do not overlap (${overlaps} of ${spans.length} do; ${spans[0] && spans[0][1].toFixed(1)} px wide)`);

  await desk.close();
  await phone.close();
}
