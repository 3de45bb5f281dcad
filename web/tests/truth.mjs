// The playground tells the truth and teaches (issue 38, the page's part), checked as a player
// sees it, by measuring the page:
//
// - The board does not move when the turn's buttons come and go (Pass, a refill side, End
//   the turn here, Restart turn), at desktop and phone sizes.
// - The move list is scrolled to the latest move after a link is opened and after a reload.
// - A hint numbers every step once, in order, also on a cell the move comes back to; the
//   numbers survive Flip; a hint made with a button (Pass) claims no number on the board.
// - A game saved against the computer loads against the computer.
// - Reviewing an earlier position shows that position's score, not the game's.
// - On a phone (touch): the cells of a 15×15 board are at least 24 px (WCAG 2.5.8), the
//   rank numbers stay in view on a zoomed board scrolled sideways, and the page says "tap".
//
// - The engine, not the page, says why a click is refused and what a turn must begin with
//   (checkEngineWords): a Kamisado forced pass, Tower of Power and Seven Sages refusals in
//   the game's words, Chain Reaction's tower that must move and stone to put back; and the
//   board of a turn in progress shows the steps made (Queens' Courtiers' double move, Seven
//   Sages' kicker, Tower of Power's lifted stones).
// - The move list says what a move did in the game's words, and the last move's line follows
//   its real path (checkMoveWords): a Kamisado push names where the pushed tower lands, a
//   Tower of Power row its captures, a Chain Reaction chain its segments, a Seven Sages kick
//   the ball's path through its pivots, a Queens' Courtiers double move its capture.
// - A refusal cites the rule book's numbered section, not the specification's `§`, and the
//   citation is a link that opens the rule book page the playground serves at that section's
//   anchor, under a heading with the number and title cited (checkRuleLink).
//
// Run by e2e.mjs, which gives it the browser, the page's address and its check function.

// Kamisado rule-book Example 8 (a Standard match): after these moves the Defender, White,
// chooses the fill direction; the score is then White 1, Black 0.
const EXAMPLE_8 = ['d1-d7', 'g8-g6', 'pass', 'g6-g2', 'h1-h4', 'd8-e7', 'g1-e3', 'f8-h6', 'e3-d4', 'h8-h7', 'f1-f7', 'pass', 'd7-d8'];
// Kamisado rule-book Example 2: the yellow tower to move is blocked and must pass.
const BLOCKED = 'orblpupiyere.br/...YE..../......gr./......../......../......../......../BRGRRE.PIPUBLOR W Ye 0 B g6 2 1 0:0 play -';

export async function checkTruth({ browser, link, check, towersMoves, shots, join }) {
  const ready = (p) => p.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
  const open = async (p, spec) => {
    await p.goto(link(spec));
    await ready(p);
  };
  const boardBox = (p) => p.$eval('#board svg', (e) => {
    const r = e.getBoundingClientRect();
    return { top: Math.round(r.top), height: Math.round(r.height) };
  });
  const same = (a, b) => a.top === b.top && a.height === b.height;
  const show = (b) => `top ${b.top}, height ${b.height}`;
  const movesAtEnd = (p) => p.$eval('#moves-box', (box) => ({
    overflows: box.scrollHeight > box.clientHeight + 20,
    atEnd: box.scrollTop + box.clientHeight >= box.scrollHeight - 2,
    scrollTop: Math.round(box.scrollTop),
  }));
  const tapFirstStep = async (p) => {
    const first = await p.evaluate(() => window.playground.board.next.find((s) => s.step.includes(',')).step);
    await p.click(`#board rect.cell[data-at="${first}"]`, { force: true });
  };

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await desk.newPage();
  const mobile = await phone.newPage();
  for (const p of [page, mobile]) p.on('pageerror', (error) => check(false, `page error: ${error.message}`));

  // ---- Kamisado Example 8 from its link: the move list, the refill buttons, review ----
  const example8 = { game: 'kamisado', options: { match_target: '3' }, moves: EXAMPLE_8 };
  for (const [p, size] of [[page, 'desktop'], [mobile, 'phone']]) {
    await open(p, example8);
    const scroll = await movesAtEnd(p);
    check(scroll.overflows && scroll.atEnd, `${size}: a link's move list is scrolled to the latest move (${JSON.stringify(scroll)})`);
    const choices = await p.$$eval('#choices button', (bs) => bs.map((b) => b.textContent));
    check(choices.length === 2 && choices.every((c) => /refill/i.test(c)), `${size}: the refill sides are offered (${choices})`);
    const withChoices = await boardBox(p);
    await p.screenshot({ path: join(shots, `kamisado-refill-${size}.png`) });
    await p.click('#choices button >> nth=0');
    await p.waitForFunction(() => document.querySelectorAll('#choices button').length === 0);
    const after = await boardBox(p);
    check(same(withChoices, after), `${size}: the board stays where it is when the refill buttons go (${show(withChoices)}, then ${show(after)})`);
  }
  // Review shows the earlier position's own score: 0:0 after move 1, not the game's 1:0.
  await open(page, example8);
  await page.click('#moves button.move[data-ply="1"]');
  const reviewed = await page.textContent('#status');
  const caption = await page.evaluate(() => JSON.parse(window.playground.state.session.board(1, '[]', false)).caption);
  check(reviewed === caption && /White 0, Black 0/.test(reviewed), `review: the status shows move 1's position (${reviewed}), not the game's score`);
  await page.click('#review-exit');
  check(/White 1, Black 0/.test(await page.textContent('#status')), 'review: back at the game, its own score again');
  // A reload keeps the latest move in view.
  await page.reload();
  await ready(page);
  const reloaded = await movesAtEnd(page);
  check(reloaded.overflows && reloaded.atEnd, `reload: the move list is scrolled to the latest move (${JSON.stringify(reloaded)})`);

  // ---- the turn's buttons do not move the board ----
  for (const [p, size] of [[page, 'desktop'], [mobile, 'phone']]) {
    await open(p, { game: 'queens-courtiers', seats: ['person', 'easy'] });
    const before = await boardBox(p);
    await tapFirstStep(p);
    check(await p.isVisible('#cancel'), `${size}: Restart turn is offered after the first step`);
    const after = await boardBox(p);
    check(same(before, after), `${size}: the board stays where it is when Restart turn appears (${show(before)}, then ${show(after)})`);
    if (size === 'phone') await p.screenshot({ path: join(shots, 'queens-courtiers-restart-phone.png') });
    await open(p, { game: 'kamisado', position: BLOCKED });
    const pass = await boardBox(p);
    await p.click('#choices button[data-step="choice:0"]');
    await p.waitForFunction(() => JSON.parse(window.playground.state.session.view()).played.length === 1);
    const passed = await boardBox(p);
    check(same(pass, passed), `${size}: the board stays where it is when Pass goes (${show(pass)}, then ${show(passed)})`);
  }

  // ---- hints ----
  // A Chain Reaction move that comes back to a cell: every number shows, once, in order.
  await open(page, { game: 'chain-reaction' });
  const candidates = towersMoves('chain-reaction').filter((m) => {
    const segments = m.split(' ');
    const cells = [segments[0].split('-')[0], ...segments.map((s) => s.split('-')[1])];
    return new Set(cells).size < cells.length;
  });
  const revisit = await page.evaluate((moves) => {
    for (const mv of moves) {
      const steps = JSON.parse(window.playground.state.session.move_steps(mv)).map((s) => s.step);
      const cells = steps.filter((s) => s.includes(','));
      if (new Set(cells).size < cells.length) return { mv, steps };
    }
    return null;
  }, candidates.slice(0, 50));
  check(revisit, 'hint: a Chain Reaction move that comes back to a cell exists');
  // The numbers on the board: one label a cell (a second label on the same spot would hide
  // the first), read in order.
  const shownNumbers = async () => {
    const labels = await page.$$eval('#board .hint + text', (ts) => ts.map((t) => [`${t.getAttribute('x')},${t.getAttribute('y')}`, t.textContent]));
    const spots = new Set(labels.map(([at]) => at));
    return { overlapping: labels.length - spots.size, numbers: labels.flatMap(([, t]) => t.split('·').map(Number)).sort((a, b) => a - b) };
  };
  if (revisit) {
    await page.evaluate((mv) => window.playground.showHint(mv), revisit.mv);
    const expected = JSON.stringify(revisit.steps.map((s, i) => (s.includes(',') ? i + 1 : null)).filter(Boolean));
    const shown = await shownNumbers();
    check(shown.overlapping === 0 && JSON.stringify(shown.numbers) === expected, `hint: ${revisit.mv} shows the numbers ${expected} on the board, none hidden (${JSON.stringify(shown)})`);
    await page.screenshot({ path: join(shots, 'chain-reaction-hint.png') });
    await page.click('#flip');
    const flipped = await shownNumbers();
    check(JSON.stringify(flipped.numbers) === expected, `hint: the numbers stay when the board is flipped (${JSON.stringify(flipped)})`);
  }
  // The blocked Kamisado tower: the hint is Pass, made with a button, with no number on the board.
  await open(page, { game: 'kamisado', position: BLOCKED });
  await page.click('#hint');
  await page.waitForFunction(() => /Hint/.test(document.querySelector('#message').textContent), null, { timeout: 5000 });
  const passHint = await page.textContent('#message');
  const passNumbers = await page.$$('#board .hint');
  check(passNumbers.length === 0 && !/numbered on the board/.test(passHint) && /Pass/.test(passHint), `hint: a pass claims no number on the board and names its button (${passNumbers.length} numbers; ${passHint})`);

  // ---- a game saved against the computer loads against the computer ----
  await open(page, { game: 'tower-of-power', seats: ['person', 'easy'] });
  await page.click('#export');
  const record = await page.evaluate(() => window.playground.exported);
  await open(page, { game: 'kamisado' });
  await page.setInputFiles('#import', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(record) });
  await page.waitForFunction(() => JSON.parse(window.playground.state.session.view()).game === 'tower-of-power', null, { timeout: 5000 });
  const seats = await page.evaluate(() => [...window.playground.state.seats, document.querySelector('#seat-0').value, document.querySelector('#seat-1').value]);
  check(JSON.stringify(seats) === JSON.stringify(['person', 'easy', 'person', 'easy']), `load: a game saved against the easy computer loads against it (${seats})`);

  // ---- a phone: cell size, the rank numbers when zoomed, "tap" ----
  await open(mobile, { game: 'seven-sages' });
  const cell = await mobile.$eval('#board rect.cell', (e) => e.getBoundingClientRect().width);
  check(cell >= 24, `phone: Seven Sages cells are at least 24 px (${cell.toFixed(1)})`);
  const words = await mobile.evaluate(() => document.querySelector('main').innerText);
  check(!/click/i.test(words) && /Tap a marked piece/.test(words) && /^Tap/m.test(await mobile.textContent('#howto-text')), `phone: the page says tap, not click (${(/[^.]*click[^.]*/i.exec(words) || ['none'])[0]})`);
  await mobile.click('#zoom');
  // Halfway: the rank numbers at either side of the board are out of the frame.
  await mobile.$eval('#board-wrap', (w) => { w.scrollLeft = (w.scrollWidth - w.clientWidth) / 2; });
  await mobile.waitForTimeout(100);
  const ranks = await mobile.evaluate(() => {
    const frame = document.querySelector('#board-wrap').getBoundingClientRect();
    const labels = [...document.querySelectorAll('#board .coordinates text')].filter((t) => /^\d+$/.test(t.textContent));
    const seen = new Set(labels.filter((t) => {
      const r = t.getBoundingClientRect();
      return r.left >= frame.left - 1 && r.right <= frame.right + 1 && r.width > 0;
    }).map((t) => t.textContent));
    return { seen: seen.size, scrolled: Math.round(document.querySelector('#board-wrap').scrollLeft) };
  });
  check(ranks.scrolled > 0 && ranks.seen === 15, `phone: zoomed and scrolled sideways, all 15 rank numbers are in view (${JSON.stringify(ranks)})`);
  await mobile.screenshot({ path: join(shots, 'seven-sages-zoomed-phone.png') });

  await desk.close();
  await phone.close();
  await checkEngineWords({ browser, link, check, towersMoves, shots, join });
  await checkMoveWords({ browser, link, check, shots, join });
}

// Chain Reaction Example 2 (the tower on d3 must move) and Example 5 after the penalty (Black
// first puts the stone back).
const CR_TOWER = '7/7/7/1w3w1/2ww3/3(bw)3/7/7 w 0 0 0 12 12 - 0';
const CR_PUT_BACK = '2b4/7/7/7/7/w1w4/bb5/www4 b 0 3 0 12 12 b 1';

// A rule-book citation as a refusal writes it: "(rule 3.2, The row move)".
const CITED = /\(rule \d+(\.\d+)?, [^)]+\)/;

// Issue 38, finding 1: the refusal on `page`'s message line cites a numbered section of
// `game`'s rule book, and the citation is a link that opens the rule book page the playground
// serves at that section's anchor, whose heading has the number and title cited.
export async function checkRuleLink(page, check, game) {
  const cited = await page.evaluate(() => {
    const a = document.querySelector('#message a.rule');
    return a && { text: a.textContent, href: a.getAttribute('href') };
  });
  const parts = cited && /^rule (\d+(?:\.\d+)?), (.+)$/.exec(cited.text);
  const anchor = cited && new RegExp(`^rules/${game}\\.html#([a-z0-9-]+)$`).exec(cited.href);
  check(parts && anchor, `${game}: the refusal's rule is a link into its rule book (${JSON.stringify(cited)})`);
  if (!parts || !anchor) return;
  const [book] = await Promise.all([page.waitForEvent('popup'), page.click('#message a.rule')]);
  await book.waitForLoadState();
  const heading = await book.evaluate((id) => {
    const target = document.getElementById(id);
    const h = target && target.closest('h2, h3');
    return { hash: location.hash, heading: h ? h.textContent.trim() : null };
  }, anchor[1]);
  const [, number, title] = parts;
  const numbered = heading.heading && (heading.heading === `${number}. ${title}` || heading.heading === `${number} ${title}`);
  check(heading.hash === `#${anchor[1]}` && numbered, `${game}: the link opens the rule book at a heading numbered ${number}, ${title} (${JSON.stringify(heading)})`);
  await book.close();
}

// Issue 38, findings 2, 3, 4 and 6: refusals and the help line in the engine's words, and the
// board of a turn in progress. Separate so that it can be run alone against an older build.
export async function checkEngineWords({ browser, link, check, towersMoves, shots, join }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => check(false, `page error: ${error.message}`));
  const open = async (spec) => {
    await page.goto(link(spec));
    await page.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
  };
  const click = (at) => page.click(`#board rect.cell[data-at="${at}"]`, { force: true });
  const line = () => page.textContent('#message');
  // The pieces of the board last drawn, by cell.
  const piecesAt = (cells) => page.evaluate((cells) => {
    const pieces = window.playground.board.boardView.pieces;
    return cells.map((at) => pieces.filter(([[c, r]]) => `${c},${r}` === at).length);
  }, cells);

  // Finding 2: the Kamisado tower to move is blocked: the page says it passes, with its button.
  await open({ game: 'kamisado', moves: ['d1-d7', 'g8-g6'] });
  const passHelp = await line();
  check(/blocked/.test(passHelp) && /Click Pass/.test(passHelp), `kamisado: the help line says the blocked tower passes, with the Pass button (${passHelp})`);
  await click('3,6');
  const passRefusal = await line();
  check(/d7/.test(passRefusal) && /passes/.test(passRefusal) && /Pass\./.test(passRefusal) && !/Sumo/.test(passRefusal), `kamisado: clicking the blocked d7 says it must pass, no Sumo (${passRefusal})`);
  await page.screenshot({ path: join(shots, 'kamisado-forced-pass.png') });

  // Finding 3: refusals in the game's words, naming squares and the rule.
  await open({ game: 'tower-of-power' });
  await click('0,0');
  await click('2,2');
  const lifted = await piecesAt(['0,0', '1,1', '2,2']);
  await click('3,3');
  const deal = await line();
  check(/d4/.test(deal) && /c3/.test(deal) && CITED.test(deal) && !/§/.test(deal) && !/step 3|cell 3,3/.test(deal), `tower-of-power: a1, c3, d4 is refused with the squares and the rule book's section (${deal})`);
  await page.screenshot({ path: join(shots, 'tower-of-power-refusal.png') });
  await checkRuleLink(page, check, 'tower-of-power');
  await open({ game: 'seven-sages' });
  await click('7,4');
  await click('7,7');
  const kicker = await piecesAt(['7,4', '7,7']);
  await click('7,9');
  const pivot = await line();
  check(/h10, its first pivot/.test(pivot) && CITED.test(pivot) && !/§/.test(pivot) && !/step 3/.test(pivot), `seven-sages: h5, h8, h10 says the ball must leave its first pivot (${pivot})`);

  // Finding 4: the help line says what the turn must begin with, and a click on the tower
  // that must move says why it is refused.
  await open({ game: 'chain-reaction', position: CR_TOWER });
  const towerHelp = await line();
  check(/tower on d3 must move on/.test(towerHelp) && !/marked piece/.test(towerHelp), `chain-reaction: the help line says the tower on d3 must move (${towerHelp})`);
  await page.screenshot({ path: join(shots, 'chain-reaction-tower-help.png') });
  await click('3,3');
  const towerRefusal = await line();
  check(/top stone lands/.test(towerRefusal) && /\(rule 2\.1, Moving the tower\)/.test(towerRefusal), `chain-reaction: clicking the tower that must move says how it moves (${towerRefusal})`);
  await open({ game: 'chain-reaction', position: CR_PUT_BACK });
  const putBack = await line();
  check(/puts back/.test(putBack) && !/marked piece/.test(putBack), `chain-reaction: the help line says the stone is put back first (${putBack})`);

  // Finding 6: the board of a turn in progress shows the steps made.
  check(JSON.stringify(lifted) === '[0,0,1]', `tower-of-power: after a1, c3 the row's lifted stones leave a1 and b2 (pieces on a1, b2, c3: ${lifted})`);
  check(JSON.stringify(kicker) === '[0,2]', `seven-sages: after h5, h8 the sage stands with the ball on h8 (pieces on h5, h8: ${kicker})`);
  await open({ game: 'queens-courtiers' });
  const double = await page.evaluate((moves) => {
    for (const mv of moves) {
      const steps = JSON.parse(window.playground.state.session.move_steps(mv)).map((s) => s.step);
      if (steps.length === 3) return steps;
    }
    return null;
  }, towersMoves('queens-courtiers'));
  check(double, 'queens-courtiers: the opening has a double move');
  if (double) {
    await click(double[0]);
    await click(double[1]);
    const moved = await piecesAt(double.slice(0, 2));
    check(JSON.stringify(moved) === '[0,1]', `queens-courtiers: after a double move's first part ${double[0]} → ${double[1]} the piece stands on ${double[1]} (pieces: ${moved})`);
    await page.screenshot({ path: join(shots, 'queens-courtiers-double-move.png') });
  }
  await page.close();
}

// Issue 38, finding 5: the move list's words come from the game (each rule book's example),
// and the last move is drawn along the path the game gives, not the cells clicked.
export async function checkMoveWords({ browser, link, check, shots, join }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => check(false, `page error: ${error.message}`));
  const played = async (spec) => {
    await page.goto(link(spec));
    await page.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
    const words = await page.$$eval('#moves-box button.move span', (s) => s.map((e) => e.textContent));
    const path = await page.evaluate(() => window.playground.board.lastMoveCells());
    return { words: words[words.length - 1] || '', path: JSON.stringify(path) };
  };

  // Kamisado Example 3: Black's green Sumo pushes White's purple tower from f5 to f4 (blue).
  const push = await played({
    game: 'kamisado',
    options: { match_target: '3' },
    position: 'orblpupiyere.br/......../.....gr1../.....PU../......../......../......../BRGRREYEPI.BLOR B Gr 0 W f5 3 2 0:1 play -',
    moves: ['f6>f5'],
  });
  check(/pushing White's purple tower f5 → f4 \(blue\)/.test(push.words) && !/onto/.test(push.words), `kamisado: the push says the purple tower lands on f4 (${push.words})`);
  check(push.path === '["5,5","5,4","5,3"]', `kamisado: the push is drawn from the Sumo on f6 to f4, where the pushed tower lands (${push.path})`);

  // Tower of Power: Black piles h8 and g7 onto f6 and deals them onto White's e5 and d4.
  const row = await played({ game: 'tower-of-power', position: '7b/6b1/5b2/4w3/3w4/8/8/wwww4 b 0 0', moves: ['h8-f6-d4'] });
  check(/capturing White stones on e5 and d4/.test(row.words), `tower-of-power: the row names its two captures (${row.words})`);

  // Chain Reaction Example 3: the five-segment chain, segment by segment, drawn from tower to
  // tower (b1, b2, b4, d6, f6) and on to f4, where the last top stone lands.
  const chain = await played({ game: 'chain-reaction', position: '3b1b1/7/3w1b1/5w1/1w5/7/1w5/1w5 w 0 0 0 12 12 - 0', moves: ['b1-b2 b2-b4 b4-d6 d6-f6 f6-f4'] });
  check(/tower b4 → d6 \(White bottom stone to c5, White top stone onto the White stone on d6\)/.test(chain.words) && /leaving Black's tower on f5/.test(chain.words), `chain-reaction: the chain is told segment by segment (${chain.words})`);
  check(chain.path === '["1,1","1,2","1,4","3,6","5,6","5,4"]', `chain-reaction: the chain is drawn from tower to tower, never back (${chain.path})`);
  await page.screenshot({ path: join(shots, 'chain-reaction-chain-words.png') });

  // Seven Sages Example 1: h5 kicks; the ball goes h8 → h10 → h9 → b9, and is drawn so.
  const kick = await played({ game: 'seven-sages', moves: ['h5-h8/b9'] });
  check(/kicking the ball h8 → h10 → h9 → b9/.test(kick.words), `seven-sages: the kick names the ball's path (${kick.words})`);
  check(kick.path === '["7,4","7,7","7,9","7,8","1,8"]', `seven-sages: the kick is drawn along the ball's path through its pivots (${kick.path})`);

  // Queens' Courtiers Example 7: the Courtier's double move captures on its second part.
  const double = await played({ game: 'queens-courtiers', position: '14K/12c2/7k7/11Q3/9c5/15/15/15/15/15/15/3c9q1/15/15/C14 r 0 0 ongoing', moves: ['a1-b3xd4'] });
  check(/a1 → b3 → d4 \(double move in the Course\), capturing Blue's Courtier on d4/.test(double.words), `queens-courtiers: the double move names its capture (${double.words})`);
  await page.close();
}
