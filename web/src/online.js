// Play a friend: games on a `towers serve` server. The server referees every move; this file
// keeps a WebSocket to the server (reconnecting by itself with backoff), draws the game on
// the playground's board and panels (screen.js: a turn is built step by step, the board
// reports the whole move and this file sends it), and shows the clocks ticking from the
// server's times. Creating a game and the list of games are the lobby's (lobby.js).
//
// The page opens a game from its address: `#online=ID&token=TOKEN` for a seat (the token is
// secret: it never leaves this page but to the server) or `#online=ID` to watch. What the
// server allows (the computer seats' time, the names' length) and what its refusals mean for
// a move on its way are the server's to say: the page asks it (`GET api/limits`).
//
// app.js calls `startOnline` once the WebAssembly is loaded; nothing else here depends on it.
import { sessionFrom } from './board.js';
import { GameScreen } from './screen.js';
import { capitalise, touchWords, renderPlayers } from './panels.js';
import { startLobby, fitToServer, showInvites, refreshList } from './lobby.js';

const $ = (id) => document.getElementById(id);
const online = {
  levels: {},
  catalogue: [], // the registered games, `games()`: their texts beside the board
  loadGame: null,
  limits: null, // the server's answer to `GET api/limits`, once it came
  screen: null, // the board and its panels (screen.js)
  board: null, // screen.board
  id: null,
  token: null,
  seat: null,
  socket: null,
  connected: false, // welcomed on the current socket
  attempts: 0,
  retry: null,
  stopped: false,
  state: null,
  session: null,
  played: [], // the moves `session` holds: the server's, then a move in flight
  pending: null, // {ply, move, socket} sent and not yet acknowledged: sent again after a reconnection
  received: 0, // performance.now() when the last state came
  replaying: false, // the board replays the last move
  seen: null, // the previous state of this game, to tell what changed
};

// `rule`: the rule-book section a refused move cites (the server's `rule`), linked in the line.
function say(text, kind, rule) {
  online.screen.say(text, kind, rule && rule.anchor ? rule : undefined);
}

// What this server allows and what its refusals mean (`GET api/limits`): asked once, and
// again when a game opens if no server answered before.
let limitsAsked = null;
function loadLimits() {
  if (!limitsAsked) {
    limitsAsked = fetch('api/limits')
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null)
      .then((limits) => {
        if (limits) {
          online.limits = limits;
          fitToServer(limits, online.levels);
        } else {
          limitsAsked = null;
        }
        return limits;
      });
  }
  return limitsAsked;
}

// What an error reply means for the move on its way (the server's word, `api/limits`):
// `move_not_played`, `send_again`, `hello_refused` or `unrelated`.
function refusalMeaning(code) {
  return online.limits?.refusals[code] ?? 'unrelated';
}

function optionsObject(options) {
  const object = {};
  for (const setting of options || []) {
    const at = setting.indexOf('=');
    if (at > 0) object[setting.slice(0, at)] = setting.slice(at + 1);
  }
  return object;
}

function parseHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { id: params.get('online'), token: params.get('token') };
}

function playerName(player) {
  if (!player) return '';
  if (player.person !== undefined) return player.person;
  const level = Object.values(online.levels).find((l) => l.spec === player.computer);
  return level ? `computer (${level.label})` : `computer (${player.computer})`;
}

// ---- The connection -------------------------------------------------------------------

// `what`: connecting, connected, reconnecting (in `ms`) or refused; `data-online` on the
// body says it too (the browser test waits on it).
function setConnection(what, ms) {
  const words = {
    connecting: 'Connecting…',
    connected: 'Connected',
    reconnecting: ms ? `Connection lost: trying again in ${(ms / 1000).toFixed(1)} s` : 'Connection lost: reconnecting…',
    refused: 'Not connected',
  };
  const box = $('online-connection');
  box.textContent = words[what] || '';
  box.className = `connection ${what}`;
  document.body.dataset.online = what;
}

function connect() {
  clearTimeout(online.retry);
  if (online.stopped || !online.id) return;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = location.pathname.replace(/[^/]*$/, '');
  const socket = new WebSocket(`${scheme}//${location.host}${base}api/games/${online.id}/ws`);
  online.socket = socket;
  setConnection(online.attempts > 0 ? 'reconnecting' : 'connecting');
  socket.onopen = async () => {
    // The refusals' meanings are known before any refusal can come.
    await loadLimits();
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'hello', token: online.token }));
  };
  socket.onmessage = (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    receive(message);
  };
  socket.onclose = () => {
    if (online.socket !== socket) return;
    online.socket = null;
    online.connected = false;
    if (online.stopped) return;
    // Back off: 0.25 s, 0.5 s, 1 s … up to 5 s, with jitter so a restarted server is not
    // hit by every page at once.
    const delay = Math.min(5000, 250 * 2 ** online.attempts) * (0.75 + Math.random() / 2);
    online.attempts += 1;
    setConnection('reconnecting', delay);
    online.retry = setTimeout(connect, delay);
    render();
  };
}

function send(message) {
  if (online.socket && online.socket.readyState === WebSocket.OPEN) {
    online.socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

// Sends the move in flight: again after a reconnection (the server acknowledges a move sent
// twice with the same number once, and plays it once).
function sendPending() {
  const p = online.pending;
  if (p && p.socket !== online.socket && send({ type: 'move', ply: p.ply, move: p.move })) p.socket = online.socket;
}

function receive(message) {
  switch (message.type) {
    case 'welcome':
      online.seat = message.seat;
      online.attempts = 0;
      online.connected = true;
      setConnection('connected');
      break;
    case 'state':
      showState(message);
      sendPending();
      break;
    case 'ack':
      if (online.pending && online.pending.ply === message.ply) online.pending = null;
      render();
      break;
    case 'error': {
      const meaning = refusalMeaning(message.code);
      if (meaning === 'hello_refused') {
        online.stopped = true;
        setConnection('refused');
        say(`${message.message}: check the link.`, 'refusal');
        break;
      }
      if (online.pending && meaning === 'move_not_played') {
        online.pending = null;
        follow();
        say(`Your move was not played: ${message.message}.`, 'refusal', message.rule);
        render();
      } else if (online.pending && meaning === 'send_again') {
        // Nothing was stored: send it again in a moment.
        online.pending.socket = null;
        setTimeout(sendPending, 1000);
      } else {
        say(message.message, 'refusal', message.rule);
      }
      break;
    }
    default:
      break;
  }
}

// ---- The game -------------------------------------------------------------------------

// Makes the session hold the server's moves and, after them, the move in flight: takes back
// what differs and plays the rest. Returns the moves newly played.
function follow() {
  const s = online.state;
  const wanted = [...s.moves];
  if (online.pending && online.pending.ply === wanted.length) wanted.push(online.pending.move);
  if (!online.session) {
    online.session = sessionFrom(s.game, optionsObject(s.options), s.position || '', []);
    online.played = [];
  }
  let common = 0;
  while (common < online.played.length && online.played[common] === wanted[common]) common += 1;
  while (online.played.length > common) {
    online.session.undo();
    online.played.pop();
  }
  const added = [];
  for (const mv of wanted.slice(common)) {
    online.played.push(online.session.play(mv));
    added.push(mv);
  }
  return added;
}

function showState(state) {
  const before = online.seen;
  online.state = state;
  online.seen = state;
  online.received = performance.now();
  const p = online.pending;
  if (p && state.moves.length > p.ply) {
    if (state.moves[p.ply] !== p.move) say('Your move was not played: the game went on without it.', 'refusal');
    online.pending = null;
  }
  let added;
  try {
    added = follow();
  } catch (error) {
    // The page's engine and the server's disagree (an old page on a new server): start over.
    online.session?.free();
    online.session = null;
    try {
      added = follow();
    } catch (again) {
      say(`This page cannot show the game: ${again.message || again}. Reload the page.`, 'refusal');
      return;
    }
  }
  if (state.rematch.game && before && !before.rematch.game) {
    // Both asked for the rematch while this page watched: go to it (the seats are swapped,
    // each keeping its token).
    location.hash = online.seat === null || !online.token ? `online=${state.rematch.game}` : `online=${state.rematch.game}&token=${online.token}`;
    return;
  }
  if (before && state.draw_offer !== null && before.draw_offer === null && state.draw_offer !== online.seat) {
    say(`${state.sides[state.draw_offer]} offers a draw.`);
  } else if (before && state.draw_offer === null && before.draw_offer !== null && !state.finished) {
    say(before.draw_offer === online.seat ? 'The draw was declined.' : '');
  }
  // Someone else's move, seen as it came: replayed step by step, as the playground does.
  const theirs = before && added.length === 1 && online.played.length === state.moves.length && online.screen.viewPly === null;
  if (theirs) {
    online.replaying = true;
    render();
    online.board.animate(online.session, online.session.plies(), {
      after: () => {
        online.replaying = false;
        render();
      },
    });
    return;
  }
  render();
}

function myTurn() {
  const s = online.state;
  return Boolean(s && !s.finished && online.seat !== null && s.to_move === online.seat);
}

function render() {
  const s = online.state;
  if (!s || !online.session) return;
  const v = JSON.parse(online.session.view());
  const reviewing = online.screen.viewPly !== null;
  const canMove = myTurn() && !online.pending && !reviewing;
  if (!online.replaying) {
    const plies = online.session.plies();
    online.screen.showBoard(online.session, {
      interactive: canMove,
      keepSteps: canMove && online.shownPlies === plies,
      idle: idleWords(),
    });
    online.shownPlies = plies;
  }
  const names = s.players.map(playerName);
  $('online-title').textContent = s.title;
  const entry = online.catalogue.find((g) => g.name === s.game);
  online.screen.showGame({ ...entry, name: s.game, title: s.title, sides: s.sides });
  document.title = `${s.title}: ${names[0]} – ${names[1]}`;
  // The server's word on the end (a resignation, the clock, an agreed draw) over the board's.
  const ended = { ...v, finished: s.finished, to_move_index: s.to_move, winner: s.result && s.result.winner !== null ? s.sides[s.result.winner] : null };
  renderPlayers((side) => $(`online-player-${side}`), ended, names.map((n, side) => `${n}${online.seat === side ? ' (you)' : ''}`));
  renderStatus(s);
  online.screen.showPanels(v.played, s.moves.length);
  renderButtons(s);
  renderBanner(s, names);
  document.body.dataset.onlineMoves = String(s.moves.length);
  document.body.dataset.onlineFinished = s.finished ? 'yes' : 'no';
  tick();
}

// What a click on the board says when the person may not move.
function idleWords() {
  const s = online.state;
  if (online.seat === null) return 'You are watching: only the players move.';
  if (s.finished) return 'The game is over.';
  if (online.pending) return 'Your move is on its way to the server.';
  return `Not your turn: ${s.sides[s.to_move]} is to move.`;
}

function renderStatus(s) {
  const you = online.seat === null ? 'You are watching. ' : '';
  let status;
  if (s.finished) {
    status = capitalise(s.status);
  } else if (online.pending) {
    status = online.connected ? 'Your move is sent…' : 'Not connected: your move is sent when the connection is back.';
  } else {
    const mover = `${s.sides[s.to_move]} (${playerName(s.players[s.to_move])})`;
    const computer = s.players[s.to_move].computer !== undefined;
    if (myTurn()) status = `${s.sides[s.to_move]} to move: your turn.`;
    else if (computer) status = `${mover} is thinking…`;
    else status = `${mover} to move.`;
    if (s.moves.length === 0 && s.clock.spec.kind !== 'none') status += ' The clocks start with the first move.';
  }
  // An earlier position being looked at: its own status and score (the board's caption)
  // first, then how the game itself stands, which goes on meanwhile.
  const reviewing = online.screen.viewPly !== null;
  const caption = online.screen.board.boardView?.caption;
  if (reviewing && caption) status = `${capitalise(caption)}. In the game now: ${status.charAt(0).toLowerCase()}${status.slice(1)}`;
  $('online-status').textContent = `${you}${status}`;
  $('online-status').classList.toggle('thinking', !reviewing && !s.finished && s.players[s.to_move].computer !== undefined);
}

function renderButtons(s) {
  const seated = online.seat !== null;
  const live = seated && !s.finished;
  const offered = s.draw_offer !== null;
  const theyOffer = offered && s.draw_offer !== online.seat;
  $('online-accept').hidden = !live || !theyOffer;
  $('online-decline').hidden = !live || !theyOffer;
  $('online-draw').hidden = !live || !s.can_draw || theyOffer;
  $('online-draw').disabled = offered;
  $('online-draw').textContent = offered ? 'Draw offered…' : 'Offer a draw';
  $('online-resign').hidden = !live;
  if (!live) resetResign();
  const asked = seated && s.rematch.requested[online.seat];
  const theyAsk = seated && s.rematch.requested[1 - online.seat];
  const rematchText = asked ? 'Rematch asked: waiting for your opponent…' : theyAsk ? 'Accept the rematch (colours swapped)' : 'Rematch (colours swapped)';
  for (const id of ['online-rematch', 'online-banner-rematch']) {
    $(id).hidden = !seated || !s.finished || Boolean(s.rematch.game);
    $(id).disabled = asked;
    $(id).textContent = rematchText;
  }
  $('online-record').href = `api/games/${s.id}/record`;
  $('online-record').hidden = !s.finished;
  $('online-cancel').hidden = !(myTurn() && online.board.steps.length > 0 && online.screen.viewPly === null);
}

function renderBanner(s, names) {
  const show = s.finished && online.screen.viewPly === null && !online.replaying && !online.bannerClosed;
  $('online-banner').hidden = !show;
  if (!s.finished) return;
  const winner = s.result ? s.result.winner : null;
  let headline;
  if (winner === null) headline = 'A draw.';
  else if (online.seat === null) headline = `${s.sides[winner]} (${names[winner]}) wins.`;
  else headline = winner === online.seat ? 'You win!' : `${s.sides[winner]} (${names[winner]}) wins.`;
  $('online-banner-text').textContent = headline;
  const detail = $('online-banner-detail');
  detail.replaceChildren(capitalise(s.status));
  if (s.rematch.game) {
    const a = document.createElement('a');
    a.href = online.seat === null || !online.token ? `#online=${s.rematch.game}` : `#online=${s.rematch.game}&token=${online.token}`;
    a.textContent = 'Go to the rematch';
    detail.append(' — ', a);
  }
}

function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

// The clocks, ticking locally from the times of the last state.
function tick() {
  const s = online.state;
  const hasClock = Boolean(s && s.clock.spec.kind !== 'none');
  for (const side of [0, 1]) {
    const el = $(`online-clock-${side}`);
    el.hidden = !hasClock;
    if (!hasClock) continue;
    let ms = s.clock.remaining_ms[side];
    if (s.clock.running === side) ms = Math.max(0, ms - (performance.now() - online.received));
    el.textContent = clockText(ms);
    el.classList.toggle('running', s.clock.running === side);
    el.classList.toggle('low', ms < 20000);
  }
}

// ---- What the person does --------------------------------------------------------------

// The whole move the person built on the board: shown at once, sent to the server.
function onMove(text) {
  if (!myTurn() || online.pending) {
    say(idleWords(), 'refusal');
    return;
  }
  const ply = online.state.moves.length;
  let move;
  try {
    move = online.session.play(text);
  } catch (error) {
    say(`Not played: ${error.message || error}`, 'refusal');
    return;
  }
  online.played.push(move);
  online.pending = { ply, move, socket: null };
  say('');
  sendPending();
  render();
}

function typedMove(event) {
  event.preventDefault();
  const text = $('online-move-text').value.trim();
  if (!text) return;
  if (online.screen.viewPly !== null) review(Infinity);
  onMove(text);
  $('online-move-text').value = '';
}

// The position after move `ply` (a move list entry or the review bar), or the game again.
function review(ply) {
  const s = online.state;
  if (!s) return;
  online.board.finishAnimation();
  online.screen.lookAt(ply, s.moves.length);
  render();
}

// Resign asks again first: one click by mistake does not lose a game.
let resignTimer = null;
function resetResign() {
  clearTimeout(resignTimer);
  resignTimer = null;
  $('online-resign').textContent = 'Resign';
  $('online-resign').classList.remove('confirm');
}

function resign() {
  if (resignTimer === null) {
    $('online-resign').textContent = touchWords('Really resign? Click again');
    $('online-resign').classList.add('confirm');
    resignTimer = setTimeout(resetResign, 4000);
    return;
  }
  resetResign();
  if (!send({ type: 'resign' })) say('Not connected: try again when the connection is back.', 'refusal');
}

function act(type) {
  if (!send({ type })) say('Not connected: try again when the connection is back.', 'refusal');
}

// The game on the playground's board, to try other moves (the online game is not changed).
function study() {
  const s = online.state;
  if (!s) return;
  const moves = [...s.moves];
  location.hash = '';
  online.loadGame({ game: s.game, options: optionsObject(s.options), position: s.position || '', moves, seats: ['person', 'person'] });
}

// ---- Opening and leaving a game -------------------------------------------------------

function openFromHash() {
  const { id, token } = parseHash();
  if (id === online.id && token === online.token && online.socket) return;
  if (online.socket) {
    const old = online.socket;
    online.socket = null;
    old.close();
  }
  clearTimeout(online.retry);
  online.board?.stopAnimation();
  online.session?.free();
  Object.assign(online, {
    id, token, seat: null, connected: false, state: null, seen: null, session: null, played: [], attempts: 0, stopped: false,
    pending: null, replaying: false, bannerClosed: false, shownPlies: null,
  });
  Object.assign(online.screen, { viewPly: null, flipOverride: null });
  resetResign();
  const inGame = Boolean(id);
  $('online-game-view').hidden = !inGame;
  $('online-lobby').hidden = inGame;
  $('main').hidden = inGame;
  $('to-online').hidden = inGame;
  if (!inGame) {
    document.body.dataset.online = '';
    document.title = online.title;
    if ($('online-box').open) refreshList();
    return;
  }
  $('online-title').textContent = 'Opening the game…';
  $('online-board').replaceChildren();
  $('online-moves').tBodies[0].replaceChildren();
  say('');
  showInvites(online.id, online.token);
  connect();
}

/// Sets up "Play a friend": the form, the games list and the online game view.
/// `catalogue` is the games' list (`games()`), `levels` the playground's computer levels,
/// `loadGame` opens a game on the playground's board.
export function startOnline({ catalogue, levels, loadGame }) {
  online.levels = levels;
  online.catalogue = catalogue;
  online.loadGame = loadGame;
  online.title = document.title;
  startLobby(catalogue);
  loadLimits();
  online.screen = new GameScreen('online-', {
    onMove,
    onReview: review,
    redraw: render,
    faceSecond: () => online.seat === 1,
    turnActive: () => myTurn() && !online.pending && online.screen.viewPly === null,
  });
  online.board = online.screen.board;
  $('online-resign').addEventListener('click', resign);
  $('online-draw').addEventListener('click', () => act('offer_draw'));
  $('online-accept').addEventListener('click', () => act('accept_draw'));
  $('online-decline').addEventListener('click', () => act('decline_draw'));
  for (const id of ['online-rematch', 'online-banner-rematch']) $(id).addEventListener('click', () => act('rematch'));
  $('online-banner-review').addEventListener('click', () => {
    online.bannerClosed = true;
    review(0);
  });
  $('online-study').addEventListener('click', study);
  $('online-leave').addEventListener('click', () => {
    location.hash = '';
  });
  $('online-typed').addEventListener('submit', typedMove);
  window.addEventListener('hashchange', openFromHash);
  setInterval(tick, 100);
  window.online = online; // for the browser test
  openFromHash();
}
