// The lessons (issue 38), checked as a person takes them:
//
// - Every lesson of every game, one after the other with "Next lesson": the lesson bar names
//   the lesson and links its rule-book sections, the position is the lesson's, and the
//   lesson's answer played by clicks on the board is judged right (the success line, the
//   lesson ticked in the list, Next offered) — so every lesson can be solved by clicks.
// - A wrong try: a legal move that misses the task is said and taken back (nothing played);
//   an illegal click is refused with its rule-book section as a link; the hint numbers the
//   lesson's answer on the board; Undo after the answer sets the lesson up again; a reload
//   keeps the lesson; leaving a lesson or starting a new game ends it.
// - A phone: the lesson bar and the board fit without sideways scrolling; screenshots.
//
// Run by e2e.mjs, which gives it the browser, the page's address, its check function, the
// click helper and `towers moves` (the command-line engine, to find a legal wrong move).

const GAMES = ['kamisado', 'tower-of-power', 'chain-reaction', 'queens-courtiers', 'seven-sages'];

export async function checkLessons({ browser, base, check, clickStep, towersMoves, shots, join, numbers }) {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desk.newPage();
  page.on('pageerror', (error) => check(false, `lessons: page error: ${error.message}`));
  const ready = (p) => p.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
  const openLesson = async (p, game, number) => {
    await p.goto(`${base}?game=${game}&lesson=${number}`);
    await ready(p);
  };
  const view = (p) => p.evaluate(() => JSON.parse(window.playground.state.session.view()));
  const message = (p) => p.textContent('#message');
  const feedback = (p) => p.textContent('#lesson-feedback');
  const clickMove = async (p, move) => {
    const steps = await p.evaluate((mv) => JSON.parse(window.playground.state.session.move_steps(mv)), move);
    for (const s of steps) await clickStep(p, s.step);
  };

  // ---- every lesson of every game, solved by clicks ----
  const counts = {};
  const started = Date.now();
  for (const game of GAMES) {
    await openLesson(page, game, 1);
    const total = await page.$$eval('#lessons-list button.lesson', (bs) => bs.length);
    counts[game] = total;
    check(total >= 6, `lessons: ${game} lists ${total} lessons`);
    for (let number = 1; number <= total; number += 1) {
      const what = `lessons: ${game} lesson ${number}`;
      const title = await page.textContent('#lesson-title');
      check(title.startsWith(`Lesson ${number} of ${total}: `), `${what}: the bar names it (${title})`);
      const links = await page.$$eval('#lesson-rules a', (as) => as.map((a) => a.getAttribute('href')));
      check(links.length > 0 && links.every((h) => h.startsWith(`rules/${game}.html#`)), `${what}: it links its rule-book sections (${links})`);
      const task = await page.textContent('#lesson-task');
      check(/^You play /.test(task) || /You play /.test(task), `${what}: the task says which side the player plays (${task})`);
      const answer = await page.evaluate(() => window.playground.lessons.answer());
      check(answer, `${what}: the engine names an answer`);
      const before = (await view(page)).played.length;
      await clickMove(page, answer);
      const after = await view(page);
      check(after.played.length === before + 1 && after.played[before].text === answer, `${what}: the answer ${answer} is played by clicks`);
      check(/^Right\. /.test(await feedback(page)), `${what}: judged right (${await feedback(page)})`);
      check(await page.$eval(`#lessons-list button[data-number="${number}"]`, (b) => b.textContent.endsWith('✓')), `${what}: ticked in the list`);
      check(!(await page.evaluate(() => window.playground.board.interactive)), `${what}: the board takes no more moves once solved`);
      if (number < total) {
        check(await page.isEnabled('#lesson-next'), `${what}: Next lesson is offered`);
        await page.click('#lesson-next');
      } else {
        check(await page.isDisabled('#lesson-next'), `${what}: the last lesson offers no next one`);
        check(/last lesson/.test(await feedback(page)), `${what}: the last lesson says so`);
      }
    }
  }
  numbers['lessons solved by clicks'] = counts;
  numbers['all lessons by clicks (ms)'] = Date.now() - started;

  // ---- a wrong try, a refusal, the hint, Undo, reload, leaving ----
  // Kamisado lesson 4: the yellow tower on d7 is blocked, the only legal move is a pass.
  await openLesson(page, 'kamisado', 4);
  const d7 = await page.getAttribute('#board rect.cell[data-name="d7"]', 'data-at');
  await clickStep(page, d7);
  const refusal = await message(page);
  const ruleLink = await page.$('#message a.rule');
  check(/Pass/.test(refusal) && ruleLink, `lessons: clicking the blocked tower is refused with a rule link (${refusal})`);
  check((await view(page)).played.length === 2, 'lessons: a refused click plays nothing');

  // Kamisado lesson 1: one of the tower's legal moves is no answer.
  await openLesson(page, 'kamisado', 1);
  const start = await view(page);
  const answer = await page.evaluate(() => window.playground.lessons.answer());
  const legal = towersMoves('kamisado', { position: start.position });
  const wrong = legal.find((m) => m !== answer);
  await clickMove(page, wrong);
  const boardTop = await page.$eval('#board', (e) => e.getBoundingClientRect().top);
  const missed = await feedback(page);
  check(missed.includes('is a legal move, but not the answer'), `lessons: the legal wrong move ${wrong} is said to miss (${missed})`);
  const still = await view(page);
  check(still.played.length === start.played.length && still.position === start.position, 'lessons: a miss is taken back: the lesson position stays');
  check(await page.evaluate(() => window.playground.board.interactive), 'lessons: after a miss the player tries again');
  const boardTopAfter = await page.$eval('#board', (e) => e.getBoundingClientRect().top);
  check(boardTopAfter === boardTop, `lessons: the verdict does not move the board (${boardTop} → ${boardTopAfter})`);
  await page.screenshot({ path: join(shots, 'lesson-miss-desktop.png') });

  await page.click('#hint');
  const hint = await message(page);
  const numbered = await page.$$eval('#board .hint-number', (ts) => ts.length);
  check(hint.includes(answer) && hint.includes('lesson’s answer'), `lessons: the hint names the lesson's answer (${hint})`);
  check(numbered > 0, `lessons: the hint numbers its steps on the board (${numbered})`);

  await clickMove(page, answer);
  check(/^Right\. /.test(await feedback(page)), 'lessons: the answer after a miss is right');
  await page.screenshot({ path: join(shots, 'lesson-solved-desktop.png') });
  await page.click('#undo');
  const undone = await view(page);
  check(undone.position === start.position && (await page.evaluate(() => window.playground.lessons.open())), 'lessons: Undo sets the lesson up again');

  check(new URL(page.url()).searchParams.get('lesson') === '1', `lessons: the address keeps the lesson (${page.url()})`);
  await page.reload();
  await ready(page);
  check((await page.textContent('#lesson-title')).startsWith('Lesson 1 of'), 'lessons: a reload keeps the lesson');

  await page.click('#lesson-exit');
  check(await page.isHidden('#lesson-bar'), 'lessons: Leave hides the lesson bar');
  check(!new URL(page.url()).searchParams.has('lesson'), 'lessons: after leaving, the address has no lesson');
  await page.click('#lessons-list button[data-number="2"]');
  check((await page.textContent('#lesson-title')).startsWith('Lesson 2 of'), 'lessons: the list starts a lesson');
  await page.click('#new');
  check(await page.isHidden('#lesson-bar'), 'lessons: a new game ends the lesson');

  // ---- a phone ----
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  mobile.on('pageerror', (error) => check(false, `lessons (phone): page error: ${error.message}`));
  for (const [game, number] of [['seven-sages', 4], ['chain-reaction', 2]]) {
    await openLesson(mobile, game, number);
    const wide = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(wide <= 0, `lessons (phone): ${game} lesson ${number} does not scroll sideways (${wide} px)`);
    const task = await mobile.textContent('#lesson-task');
    check(!/\bclick/i.test(task), `lessons (phone): the task says tap, not click (${task})`);
    const bar = await mobile.$eval('#lesson-bar', (e) => e.getBoundingClientRect().bottom);
    const board = await mobile.$eval('#board', (e) => e.getBoundingClientRect().top);
    check(bar <= board, 'lessons (phone): the lesson bar is above the board');
    await mobile.screenshot({ path: join(shots, `lesson-${game}-phone.png`) });
  }
  await phone.close();
  await desk.close();
}
