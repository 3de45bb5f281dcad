// The panels beside a board, shared by every front end of the page (the playground, app.js,
// and Play a friend, online.js, both through screen.js), so that both teach alike: how to
// move in each game, the move list numbered by side, the legend, the named steps as buttons,
// the line that says what the turn in progress needs next, the result's words, the game list
// and the rule options' form.

// `text` with a capital first letter, as a line of the page begins.
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The registered games (`games()`) as the options of `select`, by title.
export function fillGameSelect(select, catalogue) {
  for (const g of catalogue) {
    const option = document.createElement('option');
    option.value = g.name;
    option.textContent = g.title;
    select.append(option);
  }
}

// How to move in `game` (an entry of `games()`), beside the board: the game's own words
// (`how_to`, from its rule book), which say "click", in the words of the screen.
export function howTo(game) {
  return touchWords(game?.how_to || '');
}

// Whether the person points with a finger (a phone, a tablet): then the page says "tap".
export function touchScreen() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

// `text` in the words of the screen it is read on: "click" becomes "tap" on a touch screen.
export function touchWords(text) {
  if (!touchScreen()) return text;
  const endings = { '': '', s: 's', ed: 'ped', ing: 'ping' };
  return text.replace(/\b([Cc])lick(s|ed|ing)?\b/g, (_, c, end = '') => `${c === 'C' ? 'T' : 't'}ap${endings[end]}`);
}

// The page's own texts and labels under `root` in the words of its screen (touchWords).
export function touchPage(root) {
  if (!touchScreen()) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/click/i.test(node.nodeValue)) node.nodeValue = touchWords(node.nodeValue);
  }
  for (const e of root.querySelectorAll('[aria-label], [title]')) {
    for (const name of ['aria-label', 'title']) {
      const value = e.getAttribute(name);
      if (value && /click/i.test(value)) e.setAttribute(name, touchWords(value));
    }
  }
}

// The options of `game` (an entry of `games()`) in `box`: drop-downs where the rule book
// lists the values, number boxes where it gives a range; each labelled with the rule book's
// words and set to `chosen[key]` or the default.
export function renderOptions(box, game, chosen = {}) {
  box.replaceChildren();
  for (const o of game.options) {
    const label = document.createElement('label');
    label.className = 'option-row';
    const words = document.createElement('span');
    words.textContent = capitalise(o.meaning);
    const tokens = o.values.split(/, | or /).map((t) => t.trim());
    const values = tokens.map((t) => t.replace(/\s*\(.*\)$/, ''));
    const enumerated = tokens.length >= 2 && values.every((v) => /^[A-Za-z0-9-]+$/.test(v)) && !/more|integer| to /.test(o.values);
    let input;
    if (enumerated) {
      input = document.createElement('select');
      for (const [i, v] of values.entries()) {
        const option = document.createElement('option');
        option.value = v;
        option.textContent = tokens[i] === v ? v : tokens[i];
        input.append(option);
      }
    } else {
      input = document.createElement('input');
      input.type = 'number';
      input.inputMode = 'numeric';
      const low = /^(\d+)/.exec(o.values);
      if (low) input.min = low[1];
    }
    input.value = chosen[o.key] ?? o.default;
    input.dataset.option = o.key;
    input.dataset.default = o.default;
    const key = document.createElement('small');
    key.textContent = `${o.key} — ${o.values}; default ${o.default}`;
    label.append(words, input, key);
    box.append(label);
  }
}

// The options set in `box` (by `renderOptions`) that differ from the defaults.
export function chosenOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll('[data-option]')) {
    const v = String(input.value).trim();
    if (v !== '' && v !== input.dataset.default) options[input.dataset.option] = v;
  }
  return options;
}

// ---- the panels beside a board, shared by every front end ----

// The move list (`played` as Session.view gives it) in a table whose head names the sides,
// numbered by side: each row is a number with the first seat's move and the second's ("…"
// where a side's turn was skipped). The entry of move `current` is marked; a click on an
// entry calls `onPick(ply)`.
// `marks` (ply → mistake, from the analysis) adds a "?" after a mistaken move: a button of its
// own that shows the position before the move and the better move (`onMistake`).
export function renderMoveTable(table, played, { current = null, onPick = () => {}, marks = new Map(), onMistake = () => {} } = {}) {
  const body = table.tBodies[0];
  body.replaceChildren();
  let row = null;
  let number = 0;
  const cell = (mv, ply) => {
    const td = document.createElement('td');
    if (!mv) {
      td.textContent = '…';
      return td;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.dataset.ply = String(ply);
    if (ply === current) button.classList.add('current');
    const text = document.createElement('b');
    text.textContent = mv.text;
    const words = document.createElement('span');
    words.textContent = mv.words.replace(/^[^:]*: /, '');
    button.append(text, words);
    button.addEventListener('click', () => onPick(ply));
    td.append(button);
    const mistake = marks.get(ply);
    if (mistake) {
      button.classList.add('mistake');
      const why = document.createElement('button');
      why.type = 'button';
      why.className = 'mistake-mark';
      why.dataset.ply = String(ply);
      why.textContent = '?';
      why.title = `Move ${ply} was a mistake: see the position before it and the better move`;
      why.setAttribute('aria-label', why.title);
      why.addEventListener('click', () => onMistake(mistake));
      td.append(why);
    }
    return td;
  };
  for (const [i, mv] of played.entries()) {
    if (mv.side === 0 || !row || row.children.length === 3) {
      number += 1;
      row = document.createElement('tr');
      const n = document.createElement('th');
      n.textContent = String(number);
      row.append(n);
      if (mv.side === 1) row.append(cell(null));
      body.append(row);
    }
    row.append(cell(mv, i + 1));
  }
}

// The legend lines of the board last drawn (`board.boardView`), each with its colour.
export function renderLegend(box, boardView) {
  box.replaceChildren();
  if (!boardView) return;
  for (const [colour, text] of boardView.legend) {
    const item = document.createElement('span');
    const swatch = document.createElement('i');
    swatch.style.background = colour;
    item.append(swatch, text);
    box.append(item);
  }
}

// The named steps that may come next (pass, a refill side, end the turn here) as buttons
// that make the step on `board`.
export function renderChoices(box, choices, board) {
  box.replaceChildren();
  for (const c of choices) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'choice';
    button.dataset.step = c.step;
    button.textContent = capitalise(c.name);
    button.addEventListener('click', () => board.step(c.step));
    box.append(button);
  }
}

// The line under the status: `text` (a refusal or a message, its `kind` a class) when there
// is one, else `help` (what the turn in progress needs next). One line of fixed height, so
// the board never jumps. A refusal's citation of the rule book (`rule`: the section's
// `citation` as the words write it and the `href` of its anchor) becomes a link that opens the
// rule book at that section in a new tab, so the game in progress stays as it is.
export function showMessage(line, text, kind, help, rule) {
  line.textContent = text || help;
  line.className = `message ${text ? kind || '' : 'help'}`.trim();
  const at = text && rule ? text.indexOf(rule.citation) : -1;
  if (at < 0) return;
  const link = document.createElement('a');
  link.className = 'rule';
  link.href = rule.href;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = rule.citation;
  line.replaceChildren(text.slice(0, at), link, text.slice(at + rule.citation.length));
}

// What the person's turn in progress on `board` needs next, made of `steps`: the engine's
// prompt where the turn must go on one way (a tower that must move on, a stone to put back,
// a forced pass), with how to make it.
export function turnHelp(board, steps) {
  // A turn made with a button only (Pass, a refill side) has no piece to click.
  const onBoard = board.next.some((s) => s.step.includes(','));
  if (board.prompt) {
    const buttons = board.next.filter((s) => !s.step.includes(','));
    // Short, so that the line keeps to two lines on a phone and the board stays put.
    const how = onBoard ? 'Click a marked cell.' : buttons.length === 1 ? `Click ${capitalise(buttons[0].name)}.` : 'Click a button.';
    return touchWords(`${board.prompt} ${how}`);
  }
  if (steps.length === 0) return touchWords(onBoard ? 'Click a marked piece to begin your turn.' : 'Click a button above the board to make your turn.');
  const names = steps.map((s) => (board.geometry.get(s) || { name: s }).name);
  return touchWords(`So far ${names.join(' → ')}: click a marked square to go on.`);
}

// The two players beside the board (the playground's and Play a friend's): the side's name
// and who plays it (`names`), the score where the game keeps one or the captures where its
// pieces are captured (the full sentence as the title), the side to move marked and
// the winner named. `boxOf(i)` is the element of side `i`, `v` the session's view.
export function renderPlayers(boxOf, v, names) {
  for (const i of [0, 1]) {
    const box = boxOf(i);
    box.querySelector('.who').textContent = `${v.sides[i]}: ${names[i]}`;
    const score = box.querySelector('.score');
    if (score) {
      // Points where the game keeps a score, else captures where its pieces are captured
      // (counted by the engine since the game's first position), else nothing.
      const captures = v.scores ? null : v.captures;
      score.hidden = !v.scores && !captures;
      score.title = captures ? captures.words[i] : '';
      // The number, and its words a phone leaves out so that the name keeps the room.
      const unit = document.createElement('span');
      unit.className = 'unit';
      if (v.scores) {
        unit.textContent = v.scores[i] === 1 ? ' point' : ' points';
        score.replaceChildren(String(v.scores[i]), unit);
      } else if (captures) {
        unit.textContent = 'captured ';
        score.replaceChildren(unit, String(captures.taken[i]));
      }
    }
    box.classList.toggle('to-move', !v.finished && v.to_move_index === i);
    box.classList.toggle('winner', v.finished && v.winner === v.sides[i]);
    box.title = v.finished ? (v.winner === v.sides[i] ? `${v.sides[i]} won` : '') : v.to_move_index === i ? `${v.sides[i]} to move` : '';
  }
}

// A finished game's result in words, from Session.view: "White wins (reason)." or a draw.
export function resultText(v) {
  const reason = /\(([^)]*)\)/.exec(v.status);
  if (v.winner) return `${v.winner} wins${reason ? ` (${reason[1]})` : ''}.`;
  return `A draw${reason ? ` (${reason[1]})` : ''}.`;
}
