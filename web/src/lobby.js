// The lobby of Play a friend: the form that creates a game on the server, the links a new
// game's creator sends, and the games on the server to watch or rejoin. A created game opens
// by its address (`#online=ID&token=TOKEN`), which online.js follows.
import { fillGameSelect, renderOptions, chosenOptions } from './panels.js';

const $ = (id) => document.getElementById(id);
// The clocks the form offers, as the server takes them.
const CLOCKS = {
  none: { kind: 'none' },
  'fischer-5-3': { kind: 'fischer', base_ms: 300000, increment_ms: 3000 },
  'fischer-15-10': { kind: 'fischer', base_ms: 900000, increment_ms: 10000 },
  'move-30': { kind: 'move', ms: 30000 },
};
let catalogue = []; // the registered games, `games()`

function link(id, token) {
  const base = `${location.origin}${location.pathname}`;
  return token ? `${base}#online=${id}&token=${token}` : `${base}#online=${id}`;
}

function catalogueEntry(name) {
  return catalogue.find((g) => g.name === name);
}

// The form follows the chosen game: its sides and its rule options.
function fillCreateForm() {
  const game = catalogueEntry($('online-game').value);
  if (!game) return;
  const side = $('online-side');
  side.options[0].textContent = `${game.sides[0]} (moves first)`;
  side.options[1].textContent = game.sides[1];
  renderOptions($('online-options'), game);
  $('online-options-box').hidden = game.options.length === 0;
}

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
    options: chosenOptions($('online-options')),
    players: second ? [other, mine] : [mine, other],
    clock: CLOCKS[$('online-clock').value],
  };
  const message = $('online-create-message');
  message.textContent = 'Creating the game…';
  let answer;
  try {
    const response = await fetch('api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    answer = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
    if (!response.ok) throw new Error(answer.error || response.statusText);
  } catch (error) {
    message.textContent = /fetch|network/i.test(String(error.message)) || error instanceof TypeError
      ? 'Not created: the game server does not answer. Play a friend needs `towers serve`.'
      : `Not created: ${error.message || error}`;
    return;
  }
  message.textContent = '';
  const mySeat = second ? 1 : 0;
  const invites = { id: answer.id, seats: answer.seats.map((s) => s.token || null) };
  sessionStorage.setItem(`towers-invites-${answer.id}`, JSON.stringify(invites));
  location.hash = `online=${answer.id}&token=${answer.seats[mySeat].token}`;
}

// The links to send for game `id`, opened with this page's `token`: the friend's seat (for
// whoever created the game, on this tab) and the spectators' (for everyone). Each with a
// Copy button.
export function showInvites(id, token) {
  const saved = sessionStorage.getItem(`towers-invites-${id}`);
  const box = $('online-invites');
  box.replaceChildren();
  const rows = [];
  if (saved) {
    const invites = JSON.parse(saved);
    invites.seats.forEach((seatToken, seat) => {
      if (seatToken && seatToken !== token) rows.push(['Send your friend this link: it opens their seat', link(invites.id, seatToken), `online-link-${seat}`]);
    });
  }
  rows.push(['Anyone can watch with this link', link(id, null), 'online-spectate-link']);
  for (const [text, href, id] of rows) {
    const row = document.createElement('div');
    row.className = 'invite';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = text;
    const field = document.createElement('input');
    field.type = 'text';
    field.readOnly = true;
    field.value = href;
    field.id = id;
    field.addEventListener('focus', () => field.select());
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(href);
        copy.textContent = 'Copied';
      } catch {
        field.focus();
        copy.textContent = 'Press Ctrl+C';
      }
      setTimeout(() => {
        copy.textContent = 'Copy';
      }, 2000);
    });
    row.append(label, field, copy);
    box.append(row);
  }
}

export async function refreshList() {
  const box = $('online-games');
  try {
    const response = await fetch('api/games');
    if (!response.ok) throw new Error(response.statusText);
    const lists = await response.json();
    box.replaceChildren();
    for (const [title, games] of [['Live: watch or rejoin', lists.live], ['Finished', lists.finished]]) {
      if (games.length === 0) continue;
      const heading = document.createElement('h3');
      heading.textContent = title;
      const list = document.createElement('ul');
      list.className = 'games-list';
      for (const g of games.slice(0, 15)) {
        const item = document.createElement('li');
        const a = document.createElement('a');
        a.href = `#online=${g.id}`;
        const entry = catalogueEntry(g.game);
        a.textContent = `${entry ? entry.title : g.game}: ${g.players[0]} – ${g.players[1]}`;
        const sides = entry ? entry.sides : ['White', 'Black'];
        let detail = `, ${g.moves} ${g.moves === 1 ? 'move' : 'moves'}`;
        if (g.result) {
          const winner = g.result.winner === null ? null : g.result.winner === 'White' ? 0 : 1;
          detail += winner === null ? ', drawn' : `, won by ${g.players[winner]} (${sides[winner]})`;
        }
        item.append(a, detail);
        list.append(item);
      }
      box.append(heading, list);
    }
    if (box.childElementCount === 0) box.textContent = 'No games yet: create the first.';
  } catch {
    box.textContent = 'No game server answers: the games list needs `towers serve`.';
  }
}

// The form within what the server allows (`limits`, its answer to `GET api/limits`): of the
// playground's computer `levels`, those that move within a computer seat's time, and the
// names' length.
export function fitToServer(limits, levels) {
  for (const level of Object.values(levels)) {
    if (level.limit > limits.computer_think_ms) continue;
    const option = document.createElement('option');
    option.value = level.spec;
    option.textContent = `the computer, ${level.label}`;
    $('online-opponent').append(option);
  }
  for (const id of ['online-name', 'online-friend']) $(id).maxLength = limits.name_chars;
}

// Sets up the lobby for the registered games (`games()`): the form and the games list.
export function startLobby(games) {
  catalogue = games;
  fillGameSelect($('online-game'), catalogue);
  fillCreateForm();
  $('online-game').addEventListener('change', fillCreateForm);
  const friendShown = () => {
    $('online-friend-label').hidden = $('online-opponent').value !== 'person';
  };
  $('online-opponent').addEventListener('change', friendShown);
  friendShown();
  $('online-create').addEventListener('submit', createGame);
  $('online-refresh').addEventListener('click', refreshList);
  $('online-box').addEventListener('toggle', () => {
    if ($('online-box').open) refreshList();
  });
  $('to-online').addEventListener('click', (e) => {
    e.preventDefault();
    $('online-box').open = true;
    $('online-box').scrollIntoView({ behavior: 'smooth', block: 'start' });
  });
}
