// Play a friend: games on a `towers serve` server. The server referees every move; this file
// creates games, keeps a WebSocket to the server (reconnecting by itself with backoff), draws
// the board with the WebAssembly `Session` (which also lists the legal moves to click), sends
// the whole chosen move, and shows the clocks ticking from the server's times.
//
// The page opens a game from its address: `#online=ID&token=TOKEN` for a seat (the token is
// secret: it never leaves this page but to the server) or `#online=ID` to watch.
//
// app.js calls `startOnline` once the WebAssembly is loaded; nothing else here depends on it.

const $ = (id) => document.getElementById(id);
const CLOCKS = {
  none: { kind: 'none' },
  'fischer-5-3': { kind: 'fischer', base_ms: 300000, increment_ms: 3000 },
  'fischer-15-10': { kind: 'fischer', base_ms: 900000, increment_ms: 10000 },
  'move-30': { kind: 'move', ms: 30000 },
};

const online = {
  Session: null,
  catalogue: [],
  id: null,
  token: null,
  seat: null,
  socket: null,
  attempts: 0,
  retry: null,
  stopped: false,
  state: null,
  session: null,
  played: [],
  selected: null,
  pending: null, // {ply, move} sent and not yet acknowledged: sent again after a reconnection
  received: 0, // performance.now() when the last state came
};

function say(text) {
  $('online-message').textContent = text || '';
}

function optionsJson(options) {
  const object = {};
  for (const setting of options || []) {
    const at = setting.indexOf('=');
    if (at > 0) object[setting.slice(0, at)] = setting.slice(at + 1);
  }
  return JSON.stringify(object);
}

function parseHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { id: params.get('online'), token: params.get('token') };
}

function link(id, token) {
  const base = `${location.origin}${location.pathname}`;
  return token ? `${base}#online=${id}&token=${token}` : `${base}#online=${id}`;
}

// ---- Creating a game ------------------------------------------------------------------

async function createGame(event) {
  event.preventDefault();
  const me = $('online-name').value.trim() || 'Me';
  const friend = $('online-friend').value.trim() || 'Friend';
  const opponent = $('online-opponent').value;
  const other = opponent === 'person' ? { person: friend } : { computer: opponent };
  const mine = { person: me };
  const second = $('online-side').value === '1';
  const body = {
    game: $('online-game').value,
    players: second ? [other, mine] : [mine, other],
    clock: CLOCKS[$('online-clock').value],
  };
  let answer;
  try {
    const response = await fetch('api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error || response.statusText);
  } catch (error) {
    $('online-create-message').textContent = `Not created: ${error.message || error}`;
    return;
  }
  const mySeat = second ? 1 : 0;
  const invites = { id: answer.id, seats: answer.seats.map((s) => s.token || null) };
  sessionStorage.setItem(`towers-invites-${answer.id}`, JSON.stringify(invites));
  location.hash = `online=${answer.id}&token=${answer.seats[mySeat].token}`;
}

function showInvites() {
  const saved = sessionStorage.getItem(`towers-invites-${online.id}`);
  const box = $('online-invites');
  box.replaceChildren();
  box.hidden = !saved;
  if (!saved) return;
  const invites = JSON.parse(saved);
  const rows = [];
  invites.seats.forEach((token, seat) => {
    if (token && token !== online.token) rows.push([`Send your friend this link (seat ${seat + 1})`, link(invites.id, token), `online-link-${seat}`]);
  });
  rows.push(['Spectators watch here', link(invites.id, null), 'online-spectate-link']);
  for (const [text, href, id] of rows) {
    const p = document.createElement('p');
    const code = document.createElement('input');
    code.type = 'text';
    code.readOnly = true;
    code.value = href;
    code.id = id;
    code.addEventListener('focus', () => code.select());
    p.append(`${text}: `, code);
    box.append(p);
  }
}

async function refreshList() {
  const box = $('online-games');
  try {
    const response = await fetch('api/games');
    if (!response.ok) throw new Error(response.statusText);
    const lists = await response.json();
    box.replaceChildren();
    for (const [title, games] of [['Live', lists.live], ['Finished', lists.finished]]) {
      if (games.length === 0) continue;
      const heading = document.createElement('h3');
      heading.textContent = title;
      const list = document.createElement('ul');
      for (const g of games.slice(0, 15)) {
        const item = document.createElement('li');
        const a = document.createElement('a');
        a.href = `#online=${g.id}`;
        a.textContent = `${g.game}: ${g.players[0]} – ${g.players[1]}, ${g.moves} moves`;
        item.append(a);
        if (g.result) item.append(g.result.winner === null ? ' (drawn)' : ` (won by ${g.players[g.result.winner === 'White' ? 0 : 1]})`);
        list.append(item);
      }
      box.append(heading, list);
    }
    if (box.childElementCount === 0) box.textContent = 'No games yet.';
  } catch {
    box.textContent = 'The games list needs `towers serve`.';
  }
}

// ---- The connection -------------------------------------------------------------------

function setConnection(text) {
  $('online-connection').textContent = text;
  document.body.dataset.online = text;
}

function connect() {
  clearTimeout(online.retry);
  if (online.stopped || !online.id) return;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = location.pathname.replace(/[^/]*$/, '');
  const socket = new WebSocket(`${scheme}//${location.host}${base}api/games/${online.id}/ws`);
  online.socket = socket;
  setConnection('connecting');
  socket.onopen = () => {
    socket.send(JSON.stringify({ type: 'hello', token: online.token }));
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
    if (online.stopped) return;
    // Back off: 0.25 s, 0.5 s, 1 s … up to 5 s, with jitter so a restarted server is not
    // hit by every page at once.
    const delay = Math.min(5000, 250 * 2 ** online.attempts) * (0.75 + Math.random() / 2);
    online.attempts += 1;
    setConnection(`reconnecting in ${(delay / 1000).toFixed(1)} s`);
    online.retry = setTimeout(connect, delay);
  };
}

function send(message) {
  if (online.socket && online.socket.readyState === WebSocket.OPEN) {
    online.socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function receive(message) {
  switch (message.type) {
    case 'welcome':
      online.seat = message.seat;
      online.attempts = 0;
      setConnection('connected');
      break;
    case 'state':
      showState(message);
      if (online.pending && online.pending.ply === message.moves.length) {
        send({ type: 'move', ply: online.pending.ply, move: online.pending.move });
      } else {
        online.pending = null;
      }
      break;
    case 'ack':
      online.pending = null;
      break;
    case 'error':
      if (message.code === 'bad_token' || message.code === 'no_hello') {
        online.stopped = true;
        setConnection('refused');
      }
      online.pending = null;
      say(message.message);
      break;
    default:
      break;
  }
}

// ---- The game -------------------------------------------------------------------------

function showState(state) {
  online.state = state;
  online.received = performance.now();
  // Follow the moves with the engine: play the new ones, or start over when they differ.
  const same = online.session && online.played.every((m, i) => state.moves[i] === m)
    && online.session.name() === state.game;
  if (!same) {
    if (online.session) online.session.free();
    online.session = new online.Session(state.game, optionsJson(state.options), state.position || '');
    online.played = [];
  }
  for (const mv of state.moves.slice(online.played.length)) {
    online.session.play(mv);
    online.played.push(mv);
  }
  online.selected = null;
  if (state.rematch.game && !online.followed) {
    online.followed = true;
    location.hash = online.seat === null ? `online=${state.rematch.game}` : `online=${state.rematch.game}&token=${online.token}`;
    return;
  }
  render();
}

function myTurn() {
  const s = online.state;
  return s && !s.finished && online.seat !== null && s.to_move === online.seat;
}

function render() {
  const s = online.state;
  if (!s) return;
  const view = JSON.parse(online.session.view());
  online.view = view;
  const targets = online.selected ? movesFrom(online.selected).map((m) => m.path[m.path.length - 1]) : [];
  $('online-board').innerHTML = online.session.svg(JSON.stringify({
    flipped: online.seat === 1,
    selected: online.selected,
    targets,
  }));
  const names = s.players.map((p) => p.person || `computer ${p.computer}`);
  $('online-title').textContent = `${s.title}: ${s.sides[0]} ${names[0]} – ${s.sides[1]} ${names[1]}`;
  const you = online.seat === null ? 'You are watching.' : `You play ${s.sides[online.seat]}.`;
  let status = s.status.charAt(0).toUpperCase() + s.status.slice(1);
  if (!s.finished) status += myTurn() ? ' — your move.' : '';
  $('online-status').textContent = `${you} ${status}`;
  document.body.dataset.onlineMoves = String(s.moves.length);
  document.body.dataset.onlineFinished = s.finished ? 'yes' : 'no';
  const list = $('online-moves');
  list.replaceChildren(...s.moves.map((mv) => {
    const item = document.createElement('li');
    item.textContent = mv;
    return item;
  }));
  const seated = online.seat !== null;
  const opponentOffers = s.draw_offer !== null && s.draw_offer !== online.seat;
  $('online-resign').hidden = !seated || s.finished;
  $('online-draw').hidden = !seated || s.finished || !s.can_draw || s.draw_offer === online.seat;
  $('online-draw').textContent = opponentOffers ? 'Accept the draw' : 'Offer a draw';
  $('online-decline').hidden = !seated || s.finished || !opponentOffers;
  $('online-rematch').hidden = !seated || !s.finished;
  $('online-rematch').disabled = Boolean(s.rematch.requested[online.seat]);
  $('online-rematch').textContent = s.rematch.requested[online.seat] ? 'Rematch asked…' : 'Rematch (colours swapped)';
  $('online-record').href = `api/games/${s.id}/record`;
  $('online-record').hidden = !s.finished;
  const others = myTurn() ? view.moves.filter((m) => m.path.length === 0) : [];
  $('online-other-moves').replaceChildren(...others.map((m) => moveButton(m.text)));
  tick();
}

function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

function tick() {
  const s = online.state;
  const box = $('online-clocks');
  if (!s || s.clock.spec.kind === 'none') {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const elapsed = performance.now() - online.received;
  for (const side of [0, 1]) {
    let ms = s.clock.remaining_ms[side];
    if (s.clock.running === side) ms = Math.max(0, ms - elapsed);
    const el = $(`online-clock-${side}`);
    el.textContent = `${s.sides[side]} ${clockText(ms)}`;
    el.classList.toggle('running', s.clock.running === side);
  }
}

function same(a, b) {
  return a && b && a[0] === b[0] && a[1] === b[1];
}

function movesFrom(cell) {
  return online.view.moves.filter((m) => m.path.length > 0 && same(m.path[0], cell));
}

function moveButton(text) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  button.dataset.move = text;
  button.addEventListener('click', () => playMove(text));
  return button;
}

function playMove(text) {
  if (!myTurn()) {
    say('Wait for your turn.');
    return;
  }
  $('online-chooser').replaceChildren();
  const ply = online.state.moves.length;
  online.pending = { ply, move: text };
  online.selected = null;
  say('');
  if (!send({ type: 'move', ply, move: text })) say('Not connected: the move is sent when the connection is back.');
  render();
}

function clickBoard(event) {
  const el = event.target.closest('[data-at]');
  if (!el || !online.view) return;
  if (!myTurn()) {
    say(online.seat === null ? 'Spectators cannot move.' : 'Wait for your turn.');
    return;
  }
  const cell = el.getAttribute('data-at').split(',').map(Number);
  if (online.selected) {
    const matching = movesFrom(online.selected).filter((m) => same(m.path[m.path.length - 1], cell));
    if (matching.length === 1) return playMove(matching[0].text);
    if (matching.length > 1) {
      $('online-chooser').replaceChildren(...matching.map((m) => moveButton(m.text)));
      return undefined;
    }
  }
  online.selected = movesFrom(cell).length > 0 ? cell : null;
  render();
  return undefined;
}

// ---- Opening and leaving a game -------------------------------------------------------

function openFromHash() {
  const { id, token } = parseHash();
  if (online.socket) {
    const old = online.socket;
    online.socket = null;
    old.close();
  }
  clearTimeout(online.retry);
  Object.assign(online, { id, token, seat: null, state: null, attempts: 0, stopped: false, pending: null, followed: false });
  const inGame = Boolean(id);
  $('online-game-view').hidden = !inGame;
  const playground = document.querySelector('main');
  if (playground) playground.hidden = inGame;
  if (!inGame) {
    setConnection('');
    refreshList();
    return;
  }
  say('');
  showInvites();
  connect();
}

/// Sets up "Play a friend": the form, the games list and the online game view.
export function startOnline({ Session, catalogue }) {
  online.Session = Session;
  online.catalogue = catalogue;
  for (const g of catalogue) {
    const option = document.createElement('option');
    option.value = g.name;
    option.textContent = g.title;
    $('online-game').append(option);
  }
  $('online-create').addEventListener('submit', createGame);
  $('online-board').addEventListener('click', clickBoard);
  $('online-resign').addEventListener('click', () => send({ type: 'resign' }));
  $('online-draw').addEventListener('click', () => {
    const s = online.state;
    send({ type: s.draw_offer !== null && s.draw_offer !== online.seat ? 'accept_draw' : 'offer_draw' });
  });
  $('online-decline').addEventListener('click', () => send({ type: 'decline_draw' }));
  $('online-rematch').addEventListener('click', () => send({ type: 'rematch' }));
  $('online-leave').addEventListener('click', () => {
    location.hash = '';
  });
  $('online-typed').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('online-move-text').value.trim();
    if (text) playMove(text);
    $('online-move-text').value = '';
  });
  window.addEventListener('hashchange', openFromHash);
  setInterval(tick, 100);
  window.online = online; // for the browser test
  openFromHash();
}
