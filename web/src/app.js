// The playground: a board to click, a side panel, computer players in a Web Worker. All game
// logic is the Rust engines' (towers-web, compiled to WebAssembly); this file only shows
// what they say and passes on what the person does.
import init, { games, Session } from './pkg/towers_web.js';
// Play a friend on a `towers serve` server (online.js): one import and one call in main().
import { startOnline } from './online.js';

const RULES = 'https://github.com/tower-games/tower-games/blob/main/docs/rules/';
const PLAYERS = [
  ['person', 'Person'],
  ['random', 'Computer: random moves'],
  ['mcts:100', 'Computer: MCTS, 100 iterations'],
  ['mcts:1000', 'Computer: MCTS, 1,000 iterations'],
  ['mcts:10000', 'Computer: MCTS, 10,000 iterations'],
  ['mcts:1s', 'Computer: MCTS, 1 s a move'],
  ['alphabeta:2', 'Computer: alpha-beta, depth 2'],
  ['alphabeta:4', 'Computer: alpha-beta, depth 4'],
  ['alphabeta:1s', 'Computer: alpha-beta, 1 s a move'],
];

const $ = (id) => document.getElementById(id);
const state = {
  catalogue: [],
  session: null,
  view: null,
  seats: ['person', 'mcts:1000'],
  flipped: false,
  selected: null, // [col, row] of the clicked piece
  thinking: false,
  token: 0, // bumps on every change, so a late reply from the worker is ignored
  seed: 1,
};
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

function say(text) {
  $('message').textContent = text || '';
}

function same(a, b) {
  return a && b && a[0] === b[0] && a[1] === b[1];
}

function cellOf(target) {
  const el = target.closest('[data-at]');
  if (!el) return null;
  const [c, r] = el.getAttribute('data-at').split(',').map(Number);
  return [c, r];
}

function nameOf(cell) {
  const el = $('board').querySelector(`.cell[data-at="${cell[0]},${cell[1]}"]`);
  return el ? el.getAttribute('data-name') : `${cell}`;
}

function currentGame() {
  return state.catalogue.find((g) => g.name === $('game').value);
}

function fillGameList() {
  for (const g of state.catalogue) {
    const option = document.createElement('option');
    option.value = g.name;
    option.textContent = g.title;
    $('game').append(option);
  }
  const wanted = new URLSearchParams(location.search).get('game');
  if (wanted && state.catalogue.some((g) => g.name === wanted)) $('game').value = wanted;
}

function fillOptions() {
  const game = currentGame();
  const box = $('options');
  box.replaceChildren();
  for (const o of game.options) {
    const label = document.createElement('label');
    label.className = 'option-row';
    label.textContent = `${o.key} `;
    const input = document.createElement('input');
    input.type = 'text';
    input.name = o.key;
    input.placeholder = o.default;
    input.dataset.option = o.key;
    const help = document.createElement('small');
    help.textContent = `${o.values}; default ${o.default}. ${o.meaning}`;
    label.append(input, help);
    box.append(label);
  }
  $('options-box').hidden = game.options.length === 0;
  $('first-seat-label').textContent = game.sides[0];
  $('second-seat-label').textContent = game.sides[1];
  $('rules').href = `${RULES}${game.name}.md`;
  $('rules').textContent = `Rule book of ${game.title}`;
}

function fillSeats() {
  for (const [i, id] of [[0, 'seat-0'], [1, 'seat-1']]) {
    for (const [value, text] of PLAYERS) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = text;
      $(id).append(option);
    }
    $(id).value = state.seats[i];
    $(id).addEventListener('change', () => {
      state.seats[i] = $(id).value;
      afterChange();
    });
  }
}

function optionsJson() {
  const options = {};
  for (const input of $('options').querySelectorAll('input[data-option]')) {
    if (input.value.trim() !== '') options[input.dataset.option] = input.value.trim();
  }
  return JSON.stringify(options);
}

function newGame() {
  const game = currentGame();
  try {
    const session = new Session(game.name, optionsJson(), $('start-position').value.trim());
    if (state.session) state.session.free();
    state.session = session;
    state.selected = null;
    state.token += 1;
    state.thinking = false;
    say('');
    afterChange();
  } catch (error) {
    say(`Cannot start this game: ${error.message || error}`);
  }
}

function movesFrom(cell) {
  return state.view.moves.filter((m) => m.path.length > 0 && same(m.path[0], cell));
}

function render() {
  const view = JSON.parse(state.session.view());
  state.view = view;
  const targets = state.selected
    ? movesFrom(state.selected).map((m) => m.path[m.path.length - 1])
    : [];
  $('board').innerHTML = state.session.svg(
    JSON.stringify({ flipped: state.flipped, selected: state.selected, targets }),
  );
  let status = view.status.charAt(0).toUpperCase() + view.status.slice(1);
  const seat = state.seats[view.to_move_index];
  if (!view.finished && seat !== 'person') status += ` — the computer (${seat}) is thinking…`;
  $('status').textContent = status;
  $('position').textContent = view.position;
  const list = $('moves');
  list.replaceChildren();
  for (const mv of view.played) {
    const item = document.createElement('li');
    item.textContent = mv;
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
  const others = view.finished || seat !== 'person' ? [] : view.moves.filter((m) => m.path.length === 0);
  $('other-moves').replaceChildren(...others.map((m) => moveButton(m.text)));
  $('other-moves-box').hidden = others.length === 0;
  $('undo').disabled = view.played.length === 0;
}

function moveButton(text) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  button.dataset.move = text;
  button.addEventListener('click', () => playMove(text));
  return button;
}

function hideChooser() {
  $('chooser').hidden = true;
  $('chooser-moves').replaceChildren();
}

function showChooser(moves) {
  $('chooser-moves').replaceChildren(...moves.map((m) => moveButton(m.text)));
  $('chooser').hidden = false;
}

function playMove(text) {
  try {
    state.session.play(text);
    state.selected = null;
    hideChooser();
    say('');
    afterChange();
  } catch (error) {
    say(`Not played: ${error.message || error}`);
  }
}

function afterChange() {
  state.token += 1;
  state.thinking = false;
  render();
  const view = state.view;
  const spec = state.seats[view.to_move_index];
  if (view.finished || spec === 'person') return;
  state.thinking = true;
  worker.postMessage({
    token: state.token,
    name: state.session.name(),
    options: state.session.options(),
    snapshot: state.session.snapshot(),
    spec,
    seed: state.seed++,
  });
}

worker.onmessage = (event) => {
  const { token, move, error } = event.data;
  if (token !== state.token) return; // the position changed while it thought
  state.thinking = false;
  if (error) {
    say(`The computer could not move: ${error}`);
    return;
  }
  playMove(move);
};

function clickBoard(event) {
  const cell = cellOf(event.target);
  if (!cell || !state.view || state.view.finished) return;
  if (state.seats[state.view.to_move_index] !== 'person') {
    say('Wait: it is the computer’s turn.');
    return;
  }
  hideChooser();
  if (state.selected) {
    if (same(cell, state.selected)) {
      state.selected = null;
      render();
      return;
    }
    const matching = movesFrom(state.selected).filter((m) => same(m.path[m.path.length - 1], cell));
    if (matching.length === 1) return playMove(matching[0].text);
    if (matching.length > 1) return showChooser(matching);
    if (movesFrom(cell).length === 0) {
      say(`Not a legal move: nothing selected on ${nameOf(state.selected)} can go to ${nameOf(cell)}.`);
      state.selected = null;
      render();
      return;
    }
  }
  const starting = movesFrom(cell);
  if (starting.length === 0) {
    say(`No legal move starts on ${nameOf(cell)}.`);
    state.selected = null;
    render();
    return;
  }
  say('');
  // Moves that never leave the clicked cell (a re-placement, a penalty) are chosen at once.
  const inPlace = starting.filter((m) => m.path.length === 1);
  if (inPlace.length === starting.length) return showChooser(starting);
  state.selected = cell;
  render();
}

function undo() {
  // Take back to the last position where a person is to move.
  let undone = false;
  do {
    if (!state.session.undo()) break;
    undone = true;
    state.view = JSON.parse(state.session.view());
  } while (state.seats[state.view.to_move_index] !== 'person');
  state.selected = null;
  hideChooser();
  say(undone ? '' : 'Nothing to undo.');
  afterChange();
}

async function main() {
  await init();
  state.catalogue = JSON.parse(games());
  fillGameList();
  fillOptions();
  fillSeats();
  $('game').addEventListener('change', () => {
    fillOptions();
    newGame();
  });
  $('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame();
  });
  $('board').addEventListener('click', clickBoard);
  $('undo').addEventListener('click', undo);
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    render();
  });
  $('copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(state.view.position);
      say('Position copied.');
    } catch {
      say(`Copy this position: ${state.view.position}`);
    }
  });
  $('typed').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-text').value.trim();
    if (!text) return;
    if (state.seats[state.view.to_move_index] !== 'person') {
      say('Wait: it is the computer’s turn.');
      return;
    }
    playMove(text);
    $('move-text').value = '';
  });
  newGame();
  startOnline({ Session, catalogue: state.catalogue }); // Play a friend (online.js)
  window.playground = state; // for the browser test
  document.body.dataset.ready = 'yes';
}

main();
