// The playground: a board to click (board.js), a side panel, computer players in a Web
// Worker. All game logic is the Rust engines' (towers-web, compiled to WebAssembly); this
// file only shows what they say and passes on what the person does.
//
// Extension point for other ways of playing (the "Play a friend" client, online.js): import
// `GameScreen` from screen.js (the board and its panels) and `sessionFrom` from board.js to
// draw a game from a given position and moves and be told the move a person makes;
// `window.playground` exposes this page's state, and `loadGame({game, options, position,
// moves, seats})` below starts any game on this board.
import init, { games, Session } from './pkg/towers_web.js';
import { PALETTE, sessionFrom } from './board.js';
import { GameScreen } from './screen.js';
import { capitalise, fillGameSelect, renderOptions, chosenOptions, resultText, touchPage, renderPlayers } from './panels.js';
// Play a friend on a `towers serve` server (online.js): one import and one call in main().
import { startOnline } from './online.js';
// The analysis of a game: values, graph and mistakes, in a worker of its own (analysis.js).
import { ANALYSIS_MS, GameAnalysis, valueWords } from './analysis.js';
// The lessons: each game's course from the engine, played on this board (lessons.js).
import { Lessons } from './lessons.js';

// Levels named for people; each answers within its stated time in every game: the worker
// first sends a legal move found at once, and the page plays it when the search is not done
// in time (Chain Reaction with long chains, say).
export const LEVELS = {
  easy: { spec: 'mcts:100', limit: 1000, label: 'easy' },
  medium: { spec: 'mcts:1000', limit: 2000, label: 'medium' },
  hard: { spec: 'alphabeta:1500ms', limit: 2000, label: 'hard' },
  strongest: { spec: 'alphabeta:4s', limit: 5000, label: 'strongest' },
};
const HINT_LEVEL = 'medium';
// The shortest time between two computer moves when computers play each other, so that a
// person can follow the game.
const PACE_MS = 900;

const $ = (id) => document.getElementById(id);
const state = {
  catalogue: [],
  game: null,
  session: null,
  seats: ['person', 'medium'],
  flipped: false,
  paused: false,
  think: null, // {token, level, started, provisional, timer, hint}
  token: 0,
  seed: 1,
  lastComputerMove: 0,
  animateNext: false,
};
let worker = null;
let screen = null; // the board and its panels (screen.js)
let board = null; // screen.board
let analysis = null; // the game's analysis (analysis.js)
let lessons = null; // the lesson panel and the running lesson (lessons.js)

// The line under the status: a refusal or a message, else what the turn needs next.
function say(text, kind) {
  screen.say(text, kind);
}

function newWorker() {
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = onWorkerMessage;
  worker.onerror = (e) => {
    say(`The computer player failed: ${e.message || 'the worker stopped'}`);
    stopThinking();
  };
}

// Ends a think at once: the worker is terminated, whatever it was doing, and a fresh one
// waits for the next question.
function stopThinking() {
  state.replaying = false;
  if (state.think) {
    clearTimeout(state.think.timer);
    state.think = null;
    worker.terminate();
    newWorker();
  }
  state.token += 1;
}

// Who plays each seat, in words: "you" for the one person playing the computer.
function seatNames() {
  const people = state.seats.filter((s) => s === 'person').length;
  return state.seats.map((s) => {
    const level = LEVELS[s];
    if (level) return `computer (${level.label})`;
    return people === 1 ? 'you' : 'person';
  });
}

function seatLevel(index) {
  return LEVELS[state.seats[index]] || null;
}

// The options of the chosen game as the rule book's words (panels.js), and the game's texts.
function fillOptions(chosen = {}) {
  const game = state.game;
  renderOptions($('options'), game, chosen);
  $('options-box').hidden = game.options.length === 0;
  $('first-seat-label').textContent = game.sides[0];
  $('second-seat-label').textContent = game.sides[1];
  screen.showGame(game);
  lessons.showList(game.name);
}

function fillSeats() {
  for (const [i, id] of [[0, 'seat-0'], [1, 'seat-1']]) {
    const person = document.createElement('option');
    person.value = 'person';
    person.textContent = 'Person';
    $(id).append(person);
    for (const [value, level] of Object.entries(LEVELS)) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = `Computer, ${level.label} (${level.limit / 1000} s)`;
      option.title = `The computer at its ${level.label} level: it moves within ${level.limit / 1000} s.`;
      $(id).append(option);
    }
    $(id).value = state.seats[i];
    $(id).addEventListener('change', () => {
      state.seats[i] = $(id).value;
      stopThinking();
      state.paused = false;
      afterChange();
    });
  }
}

// Starts a game: the game, its options, a start position, moves already played and the
// seats. Returns false (saying why) when the engine refuses it.
// A lesson's position (`lesson`) keeps the running lesson; any other game ends it.
export function loadGame({ game, options = {}, position = '', moves = [], seats, animate = false, lesson = false }) {
  const entry = state.catalogue.find((g) => g.name === game);
  if (!entry) {
    say(`There is no game called “${game}”.`);
    return false;
  }
  let session;
  try {
    session = new Session(game, JSON.stringify(options), position);
  } catch (error) {
    say(`Cannot start this game: ${error.message || error}`);
    return false;
  }
  let bad = null;
  for (const [i, mv] of moves.entries()) {
    try {
      session.play(mv);
    } catch (error) {
      bad = `Move ${i + 1} (${mv}) of the link was refused: ${error.message || error}`;
      break;
    }
  }
  stopThinking();
  if (!lesson) lessons.forget();
  if (state.session) state.session.free();
  state.session = session;
  if (state.game !== entry) {
    state.game = entry;
    $('game').value = game;
  }
  fillOptions(options);
  $('start-position').value = position;
  if (seats) {
    state.seats = seats.slice(0, 2);
    $('seat-0').value = state.seats[0];
    $('seat-1').value = state.seats[1];
  }
  screen.viewPly = null;
  state.paused = false;
  state.animateNext = animate;
  say(bad || '');
  afterChange();
  return !bad;
}

function newGame() {
  loadGame({
    game: $('game').value,
    options: chosenOptions($('options')),
    position: $('start-position').value.trim(),
    seats: state.seats,
  });
}

function view() {
  return JSON.parse(state.session.view());
}

// Which way the board faces unless the person turned it: towards the person who plays the
// second seat.
function faceSecond() {
  return state.seats[1] === 'person' && state.seats[0] !== 'person';
}

// In a lesson, only until its answer is on the board.
function isPersonToMove(v) {
  if (lessons.active() && !lessons.open()) return false;
  return !v.finished && state.seats[v.to_move_index] === 'person';
}

// Draws everything from the session; starts the computer when it is its turn.
function render() {
  const v = view();
  state.view = v;
  state.flipped = screen.facing();
  const reviewing = screen.viewPly !== null;
  screen.showBoard(state.session, { interactive: isPersonToMove(v) && !reviewing });
  renderStatus(v);
  renderPlayers((i) => $(`player-${i}`), v, seatNames());
  renderPanels(v);
  $('position').textContent = reviewing ? '' : v.position;
  $('undo').disabled = v.played.length === 0 || reviewing;
  const computerTurn = !v.finished && !isPersonToMove(v) && !reviewing;
  $('stop').disabled = !computerTurn;
  $('stop').hidden = !seatLevel(0) && !seatLevel(1);
  $('stop').textContent = state.paused ? 'Resume' : 'Stop';
  $('step').hidden = !computerTurn || !state.paused;
  $('hint').disabled = !isPersonToMove(v) || reviewing || state.think !== null;
  $('banner').hidden = !v.finished || reviewing || state.replaying;
  if (v.finished) $('banner-text').textContent = resultText(v);
  saveUrl(v);
  document.body.dataset.plies = String(v.played.length);
}

// The move list with the analysis's mistakes, and the analysis (its progress, graph and
// mistakes): redrawn alone as the analysis goes, so the board is not drawn again each time.
function renderPanels(v = state.view) {
  screen.showPanels(v.played, v.played.length, { marks: analysis.marks(), onMistake: showMistake });
  analysis.viewPly = screen.viewPly ?? v.played.length;
  analysis.follow(state.session, v);
}

// A mistake found by the analysis: the position before it, the better move numbered on the
// board (as a hint is) and a line saying what the move cost.
function showMistake(m) {
  review(m.ply - 1);
  const v = state.view;
  const mover = v.sides[m.side];
  const played = v.played[m.ply - 1];
  const fell = `the game went from ${valueWords(m.beforeWhite, m.beforeProven, v.sides)} to ${valueWords(m.afterWhite, m.afterProven, v.sides)}`;
  window.playground.lastMistake = m;
  // On a phone the analysis is below the board: bring the board, and the line above it, back.
  const top = $('board-area').getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) $('board-area').scrollIntoView({ block: 'start' });
  if (!m.best) {
    say(`Move ${m.ply}, ${mover}’s ${played.text}, was a mistake: ${fell}. The engine named no better move.`);
    return;
  }
  let steps = [];
  try {
    steps = JSON.parse(state.session.move_steps_at(m.ply - 1, m.best));
  } catch (e) {
    say(`Move ${m.ply} was a mistake, but its better move ${m.best} could not be shown: ${e.message || e}`);
    return;
  }
  board.showHint(steps);
  const onBoard = steps.some((s) => s.step.includes(','));
  say(`Move ${m.ply}, ${mover}’s ${played.text}, was a mistake: ${fell}. Better: ${m.best} (${valueWords(m.beforeWhite, m.beforeProven, v.sides)})${onBoard ? ', numbered on the board' : ''}.`);
}

function renderStatus(v) {
  if (screen.viewPly !== null) {
    // An earlier position: its own status and score (the board's caption), not the game's.
    $('status').textContent = screen.board.boardView?.caption || '';
    $('status').classList.remove('thinking');
    return;
  }
  let status = capitalise(v.status);
  const level = seatLevel(v.to_move_index);
  if (!v.finished && level) {
    status = state.paused
      ? `${v.to_move} (computer, ${level.label}) is paused: Resume or Step.`
      : `${v.to_move} (computer, ${level.label}) is thinking…`;
  } else if (lessons.active() && !lessons.open()) {
    status = `${status}. Lesson solved.`;
  } else if (!v.finished && screen.viewPly === null) {
    status = `${status}: your turn.`;
  }
  $('status').textContent = status;
  $('status').classList.toggle('thinking', !v.finished && !!level && !state.paused);
}

// ---- the computer ----

function afterChange() {
  render();
  const v = state.view;
  if (v.finished || screen.viewPly !== null) return;
  const level = seatLevel(v.to_move_index);
  if (!level || state.paused || state.think) return;
  think(level);
}

function think(level, { hint = false } = {}) {
  state.token += 1;
  const token = state.token;
  const wait = hint ? 0 : Math.max(0, state.lastComputerMove + PACE_MS - performance.now());
  const bothComputers = seatLevel(0) && seatLevel(1);
  const start = () => {
    if (token !== state.token) return;
    state.think = {
      token, level, hint, started: performance.now(), provisional: null,
      // A little before the stated time, so that the move is on the board within it.
      timer: setTimeout(() => deadline(token), level.limit - 60),
    };
    worker.postMessage({
      token,
      name: state.session.name(),
      options: state.session.options(),
      snapshot: state.session.snapshot(),
      spec: level.spec,
      seed: state.seed++,
      provisional: !hint,
      // A search bounded by iterations may overrun: the easy level's move is its fallback. A
      // search bounded by time stops by itself with its best move so far.
      fallback: hint || level === LEVELS.easy || /\d(ms|s)$/.test(level.spec) ? null : LEVELS.easy.spec,
    });
    render();
  };
  if (bothComputers && wait > 0) setTimeout(start, wait);
  else start();
}

// The level's time is up: play the move the worker found at once, unless the search's own
// came first.
function deadline(token) {
  const t = state.think;
  if (!t || t.token !== token) return;
  t.late = true;
  if (t.provisional) finishThink(t.provisional, `the level’s time ran out: ${t.how}`);
}

function onWorkerMessage(event) {
  const { token, move, provisional, how, error, report } = event.data;
  const t = state.think;
  if (!t || token !== t.token) return; // the position changed while it thought
  if (provisional !== undefined) {
    t.provisional = provisional;
    t.how = how;
    if (t.late) finishThink(provisional, `the level’s time ran out: ${how}`);
    return;
  }
  if (error) {
    clearTimeout(t.timer);
    state.think = null;
    say(`The computer could not move: ${error}`);
    render();
    return;
  }
  finishThink(move, report);
}

function finishThink(move, report) {
  const t = state.think;
  clearTimeout(t.timer);
  const elapsed = performance.now() - t.started;
  state.think = null;
  if (t.late) {
    // The search is still running: end it.
    worker.terminate();
    newWorker();
  }
  window.playground.lastThink = { ms: elapsed, report, level: t.level.label, hint: t.hint };
  if (t.hint) {
    render();
    showHint(move, t.level);
    return;
  }
  state.session.play(move);
  state.lastComputerMove = performance.now();
  say('');
  const ply = state.session.plies();
  // The banner of a finished game waits until the winning move has been replayed.
  state.replaying = true;
  render();
  board.animate(state.session, ply, {
    after: () => {
      state.replaying = false;
      afterChange();
    },
  });
}

// A suggested move: its steps numbered in order, those on cells on the board, and the line
// saying what each step is, so a step made with a button (Pass, End the turn here) has its
// number too and a move without cells claims none on the board.
function showHint(move, level = LEVELS[HINT_LEVEL], who = `the move the ${level.label} computer would play`) {
  let steps;
  try {
    steps = JSON.parse(state.session.move_steps(move));
  } catch (e) {
    say(`No hint: ${e.message || e}`);
    return;
  }
  board.showHint(steps);
  const onBoard = steps.some((s) => s.step.includes(','));
  const named = steps.map((s, i) => (s.step.includes(',') ? `${i + 1} ${s.name}` : `${i + 1} the button “${capitalise(s.name)}”`));
  const where = onBoard ? ' (numbered on the board)' : '';
  say(`Hint: ${move}, ${who}${where}: ${named.join(', ')}.`);
}

// ---- what the person does ----

function onPersonMove(text) {
  if (lessons.open()) {
    // The lesson's engine judges the move first: only its answer is played.
    const verdict = lessons.judge(text, (answer) => state.session.play(answer));
    if (verdict === 'solved') afterChange();
    return;
  }
  try {
    state.session.play(text);
  } catch (error) {
    say(`Not played: ${error.message || error}`, 'refusal');
    return;
  }
  // A hint still being worked out is for the position before this move.
  stopThinking();
  say('');
  afterChange();
}

function undo() {
  if (lessons.active()) {
    // A lesson is taken back to its position.
    lessons.begin(lessons.current.number);
    return;
  }
  stopThinking();
  // Take back to the last position where a person is to move.
  let undone = false;
  do {
    if (!state.session.undo()) break;
    undone = true;
  } while (state.seats[view().to_move_index] !== 'person' && state.session.plies() > 0);
  screen.viewPly = null;
  say(undone ? '' : 'Nothing to undo.');
  afterChange();
}

// The position after move `ply` (a move list entry or the review bar), or the game again.
function review(ply) {
  board.stopAnimation();
  if (!screen.lookAt(ply, state.session.plies())) {
    afterChange();
    return;
  }
  stopThinking();
  render();
}

// ---- the address: game, options, start and moves, so a reload or a link loses nothing ----

function saveUrl(v) {
  const params = urlParams(v);
  // The hash is Play a friend's (online.js): a seat's link must survive the playground's start.
  const url = `${location.pathname}?${params}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', url);
}

function urlParams(v, extra = {}) {
  const params = new URLSearchParams();
  params.set('game', v.game);
  for (const [k, value] of v.options) params.set(`o.${k}`, value);
  if (v.start) params.set('position', v.start);
  if (v.played.length) params.set('moves', v.played.map((m) => m.text).join(','));
  params.set('seats', state.seats.join(','));
  if (lessons.active()) params.set('lesson', String(lessons.current.number));
  for (const [k, value] of Object.entries(extra)) params.set(k, value);
  return params;
}

function fromUrl() {
  const params = new URLSearchParams(location.search);
  const game = params.get('game');
  if (!game) return null;
  const options = {};
  for (const [k, v] of params) if (k.startsWith('o.')) options[k.slice(2)] = v;
  const moves = (params.get('moves') || '').split(',').map((m) => m.trim()).filter(Boolean);
  const seats = (params.get('seats') || '').split(',');
  const valid = (s) => s === 'person' || s in LEVELS;
  const face = params.get('face');
  if (face === '0' || face === '1') screen.flipOverride = face === '1';
  return {
    game,
    options,
    position: params.get('position') || '',
    moves,
    seats: seats.length === 2 && seats.every(valid) ? seats : ['person', 'person'],
    lesson: Number(params.get('lesson')) || 0,
  };
}

async function share() {
  const v = view();
  // The friend continues the game: the board faces the side to move when the link is sent.
  const params = urlParams(v, { face: String(v.to_move_index) });
  const link = `${location.origin}${location.pathname}?${params}`;
  window.playground.sharedLink = link;
  try {
    await navigator.clipboard.writeText(link);
    say('Link copied: whoever opens it sees this game and can continue it.');
  } catch {
    say(`Send this link: ${link}`);
  }
}

// ---- records ----

function exportRecord() {
  const seatName = (s) => (s === 'person' ? 'human' : LEVELS[s].spec);
  const json = state.session.record(seatName(state.seats[0]), seatName(state.seats[1]), BigInt(state.seed));
  window.playground.exported = json;
  const blob = new Blob([json + '\n'], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${state.session.name()}-game.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  say('Game saved as a record (`towers replay FILE` checks it).');
}

async function importRecord(file) {
  const text = await file.text();
  let session;
  try {
    session = Session.from_record(text);
  } catch (error) {
    say(`Not loaded: ${error.message || error}`);
    return;
  }
  const v = JSON.parse(session.view());
  session.free();
  const seats = recordSeats(text);
  // A record lists every option; the address keeps only those that differ from the rules'.
  const defaults = new Map((state.catalogue.find((g) => g.name === v.game)?.options || []).map((o) => [o.key, o.default]));
  loadGame({
    game: v.game,
    options: Object.fromEntries(v.options.filter(([k, value]) => defaults.get(k) !== value)),
    position: v.start,
    moves: v.played.map((m) => m.text),
    seats: seats.seats,
  });
  say(`Loaded a game of ${v.title}, ${v.played.length} moves.${seats.note}`);
}

// The seats a record names (`human` or a computer's spec, as exportRecord writes them), so
// that a game saved against the computer goes on against it. A computer this page has no
// level for (a record of `towers play`) plays at the level of the same kind of search, or
// medium, and the message says so.
function recordSeats(text) {
  let names = [];
  try {
    const record = JSON.parse(text);
    names = [record.white, record.black];
  } catch {
    names = [];
  }
  const notes = [];
  const seats = [0, 1].map((i) => {
    const name = String(names[i] ?? 'human');
    if (name === 'human') return 'person';
    const exact = Object.keys(LEVELS).find((k) => LEVELS[k].spec === name);
    if (exact) return exact;
    const kind = name.split(':')[0];
    const near = Object.keys(LEVELS).find((k) => LEVELS[k].spec.split(':')[0] === kind) || 'medium';
    notes.push(`${['The first', 'The second'][i]} seat’s computer (${name}) plays here at the ${LEVELS[near].label} level.`);
    return near;
  });
  return { seats, note: notes.length ? ` ${notes.join(' ')}` : '' };
}

// ---- start ----

async function main() {
  try {
    await init();
  } catch (error) {
    window.failLoading(`The game engines could not be loaded (${error.message || error}). Rebuild them with \`cargo xtask web\` and serve the page over HTTP.`);
    return;
  }
  newWorker();
  touchPage(document.body);
  state.catalogue = JSON.parse(games());
  fillGameSelect($('game'), state.catalogue);
  fillSeats();
  screen = new GameScreen('', {
    onMove: onPersonMove,
    onReview: review,
    redraw: render,
    faceSecond,
    turnActive: () => state.view && isPersonToMove(state.view) && screen.viewPly === null,
  });
  board = screen.board;
  lessons = new Lessons({
    start: (setup) => loadGame({ ...setup, seats: ['person', 'person'], lesson: true }),
    say,
    render: () => render(),
    rulesHref: (game) => `rules/${game}.html`,
  });
  analysis = new GameAnalysis({
    // The strongest level's kind of search, on the analysis's time per position.
    spec: `${LEVELS.strongest.spec.split(':')[0]}:${ANALYSIS_MS}ms`,
    onPick: review,
    onMistake: showMistake,
    onChange: () => renderPanels(),
  });
  $('game').addEventListener('change', () => {
    // Another game starts from its own initial position.
    $('start-position').value = '';
    state.game = state.catalogue.find((g) => g.name === $('game').value);
    fillOptions();
    newGame();
  });
  $('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame();
  });
  $('undo').addEventListener('click', undo);
  $('stop').addEventListener('click', () => {
    if (state.paused) {
      state.paused = false;
      afterChange();
    } else {
      state.paused = true;
      stopThinking();
      board.stopAnimation();
      say('The computer is stopped. Resume lets it go on; Step lets it make one move.');
      render();
    }
  });
  $('step').addEventListener('click', () => {
    const level = seatLevel(view().to_move_index);
    if (level && !state.think) think(level);
  });
  $('hint').addEventListener('click', () => {
    if (lessons.open()) {
      const answer = lessons.answer();
      if (answer) showHint(answer, undefined, 'the lesson’s answer');
      return;
    }
    if (!state.think) think(LEVELS[HINT_LEVEL], { hint: true });
  });
  $('play-again').addEventListener('click', () => {
    const v = view();
    loadGame({ game: v.game, options: Object.fromEntries(v.options), position: v.start, seats: state.seats });
  });
  $('banner-review').addEventListener('click', () => review(0));
  $('banner-analyse').addEventListener('click', () => {
    analysis.start();
    review(0);
    $('analysis').scrollIntoView({ block: 'nearest' });
  });
  $('review-branch').addEventListener('click', () => {
    state.session.truncate(screen.viewPly);
    screen.viewPly = null;
    state.paused = true;
    say('The moves after this position are taken back; the game goes on from here.');
    afterChange();
  });
  $('share').addEventListener('click', share);
  $('export').addEventListener('click', exportRecord);
  $('import').addEventListener('change', (e) => {
    if (e.target.files[0]) importRecord(e.target.files[0]);
    e.target.value = '';
  });
  $('copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(view().position);
      say('Position copied.');
    } catch {
      say(`Copy this position: ${view().position}`);
    }
  });
  $('typed').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-text').value.trim();
    if (!text) return;
    if (!isPersonToMove(view())) {
      say('Wait: it is the computer’s turn.');
      return;
    }
    onPersonMove(text);
    $('move-text').value = '';
  });
  window.playground = { state, board, LEVELS, PALETTE, loadGame, sessionFrom, showHint, analysis, lessons, view: () => state.view };
  const wanted = fromUrl() || { game: state.catalogue[0].name, seats: state.seats };
  // A lesson's address starts the lesson afresh (its position is the lesson's own).
  const lessonWanted = wanted.lesson && state.catalogue.some((g) => g.name === wanted.game);
  if (lessonWanted) {
    lessons.showList(wanted.game);
    if (!lessons.begin(wanted.lesson)) loadGame(wanted);
  } else if (!loadGame(wanted) && !state.session) loadGame({ game: state.catalogue[0].name, seats: ['person', 'medium'] });
  $('loading').hidden = true;
  $('main').classList.add('ready');
  startOnline({ catalogue: state.catalogue, levels: LEVELS, loadGame }); // Play a friend (online.js)
  document.body.dataset.ready = 'yes';
}

main();
