// A board that a person plays on: draws a Session's position (or an earlier one), builds a
// turn click by click through the engine's step mechanism, and reports the whole move.
//
// This is the playground's extension point for other front ends of the same page (the
// "Play a friend" client, web/src/online.js): give it a Session made from a game, options, a
// start position and the moves so far (`sessionFrom` below), say whether the person may
// move, and it calls `onMove(text)` with the move the person made — the caller decides
// what happens then (play it in the session, send it to a server). Nothing here knows about
// computer players, seats or the URL.
//
//   const board = new TurnBoard(element, { onMove, onMessage, onChoices });
//   board.show(session, { interactive: true, flipped: false });
//   board.animate(session, ply);   // replays move number `ply` step by step
//
// The panels beside a board (the move list, the legend, the named steps as buttons, the
// help line, the result's words, how to move, the rule options) are in panels.js.
// screen.js puts a board and its panels together, as both front ends show a game.
import { Session } from './pkg/towers_web.js';

// The marks' colours: a dark core inside a light halo, so that every mark has a part with at
// least 3:1 contrast (WCAG 2.1, 1.4.11) against every square colour of every game, light or
// dark (the browser test checks it against the squares each game draws).
export const PALETTE = {
  select: { core: '#0b3d0b', halo: '#ffffff' },
  move: { core: '#0b3d0b', halo: '#ffffff' },
  capture: { core: '#7f0000', halo: '#ffffff' },
  ball: { core: '#3e2500', halo: '#ffd54f' },
  place: { core: '#002f6c', halo: '#ffffff' },
  last: { core: '#1a1a1a', halo: '#ffd54f' },
  hint: { core: '#4a0072', halo: '#ffffff' },
  cursor: { core: '#000000', halo: '#ffffff' },
};

// A Session from a game, its options (an object of KEY: VALUE), a start position ('' for the
// initial one) and moves played since: for front ends that receive a game from elsewhere.
export function sessionFrom(game, options, position, moves) {
  const session = new Session(game, JSON.stringify(options || {}), position || '');
  for (const mv of moves || []) session.play(mv);
  return session;
}

const SVG = 'http://www.w3.org/2000/svg';

// The page's narrow layout (style.css: max-width 760px), a phone's.
function narrowScreen() {
  return typeof matchMedia === 'function' && matchMedia('(max-width: 760px)').matches;
}

function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (parent) parent.append(node);
  return node;
}

export class TurnBoard {
  constructor(container, { onMove, onMessage, onChoices, onSteps } = {}) {
    this.container = container;
    this.onMove = onMove || (() => {});
    this.onMessage = onMessage || (() => {});
    this.onChoices = onChoices || (() => {});
    this.onSteps = onSteps || (() => {});
    this.session = null;
    this.steps = [];
    this.next = [];
    // What the turn must go on with, in the engine's words, where the game says it.
    this.prompt = '';
    this.interactive = false;
    this.flipped = false;
    this.ply = null; // null: the current position
    this.hint = [];
    this.cursor = null;
    this.playing = null; // the animation timer
    this.boardView = null;
    container.tabIndex = 0;
    container.addEventListener('click', (e) => this.click(e));
    // Moving by drag as well as by clicks: a piece dragged from its cell to another makes the
    // two steps the two clicks would (the rest of a longer turn is clicked as before). A touch
    // that starts on a piece the turn may start with drags it; elsewhere it scrolls the page.
    this.drag = null;
    container.addEventListener('pointerdown', (e) => this.dragStart(e));
    container.addEventListener('pointermove', (e) => this.dragMove(e));
    container.addEventListener('pointerup', (e) => this.dragEnd(e));
    container.addEventListener('pointercancel', () => this.dragStop());
    container.addEventListener('touchmove', (e) => {
      if (this.drag) e.preventDefault();
    }, { passive: false });
    container.addEventListener('contextmenu', (e) => {
      if (this.steps.length) {
        e.preventDefault();
        this.cancel();
      }
    });
    container.addEventListener('keydown', (e) => this.key(e));
    container.parentElement?.addEventListener('scroll', () => this.stickCoordinates(), { passive: true });
  }

  // Draws `session` at `ply` (null: now); when `interactive`, the person builds a turn.
  // `idle` is what a click says when the person may not move (default: "Not your turn.").
  show(session, { interactive = false, flipped = this.flipped, ply = null, keepSteps = false, idle = null } = {}) {
    this.stopAnimation();
    // A hint stays while the same position is shown (the board turned round, a seat
    // changed): it is for that position.
    const same = this.session === session && this.ply === ply && this.hintPlies === session.plies();
    this.session = session;
    this.interactive = interactive && ply === null;
    this.idle = idle;
    this.flipped = flipped;
    this.ply = ply;
    if (!keepSteps) this.steps = [];
    if (!same) this.hint = [];
    this.refresh();
  }

  // Forgets the steps of the turn in progress.
  cancel() {
    this.steps = [];
    this.hint = [];
    this.onMessage('');
    this.refresh();
  }

  currentPly() {
    return this.ply === null ? this.session.plies() : this.ply;
  }

  refresh() {
    if (!this.session) return;
    let turn = { next: [], complete: null, refused: null };
    if (this.interactive) {
      turn = JSON.parse(this.session.turn(JSON.stringify(this.steps)));
      if (turn.refused) {
        // The turn in progress no longer fits (the position changed under it).
        this.steps = [];
        turn = JSON.parse(this.session.turn('[]'));
      }
    }
    this.next = turn.next || [];
    this.prompt = turn.prompt || '';
    const steps = this.ply === null ? this.steps : [];
    this.draw(JSON.parse(this.session.board(this.currentPly(), JSON.stringify(steps), this.flipped)));
    this.onChoices(this.interactive ? this.next.filter((s) => !s.step.includes(',')) : []);
    this.onSteps(this.steps);
    this.keepInView(this.steps.filter((s) => s.includes(',')).pop());
  }

  // On a board larger than its frame (zoomed on a phone), keeps the cell of the last step
  // in view, so the marked next steps around it are on screen.
  keepInView(at) {
    const frame = this.container.parentElement;
    if (!at || !frame || frame.scrollWidth <= frame.clientWidth + 1) return;
    const rect = this.container.querySelector(`rect.cell[data-at="${at}"]`);
    if (!rect) return;
    const box = rect.getBoundingClientRect();
    const outer = frame.getBoundingClientRect();
    frame.scrollLeft += box.left + box.width / 2 - (outer.left + outer.width / 2);
    frame.scrollTop += box.top + box.height / 2 - (outer.top + outer.height / 2);
  }

  // Puts a board (Session.board's JSON) on the page with our marks over it.
  draw(view, extra = {}) {
    this.boardView = view;
    this.container.innerHTML = view.svg;
    const svg = this.container.querySelector('svg');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.querySelector('.caption')?.remove();
    for (const text of svg.querySelectorAll(':scope > text')) text.remove();
    const cells = [...svg.querySelectorAll('rect.cell')];
    this.geometry = new Map();
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const rect of cells) {
      const g = {
        x: Number(rect.getAttribute('x')),
        y: Number(rect.getAttribute('y')),
        w: Number(rect.getAttribute('width')),
        h: Number(rect.getAttribute('height')),
        name: rect.getAttribute('data-name'),
        fill: rect.getAttribute('fill'),
      };
      this.geometry.set(rect.getAttribute('data-at'), g);
      x0 = Math.min(x0, g.x);
      y0 = Math.min(y0, g.y);
      x1 = Math.max(x1, g.x + g.w);
      y1 = Math.max(y1, g.y + g.h);
    }
    const labels = [...svg.querySelectorAll('g.coordinates text')];
    if (cells.length) {
      // The board and its coordinates only: the caption and legend are shown as text.
      const w = cells[0] ? Number(cells[0].getAttribute('width')) : 48;
      const m = w * 0.6;
      let [left, right] = [m, m];
      if (narrowScreen()) {
        // On a phone every pixel of width goes to the cells (15 columns must stay at least
        // 24 px, the smallest target WCAG 2.5.8 allows): the rank numbers are kept on the
        // left only, with the margin they need.
        for (const t of labels) if (Number(t.getAttribute('x')) > x1) t.remove();
        left = w * 0.52;
        right = w * 0.1;
      }
      svg.setAttribute('viewBox', `${x0 - left} ${y0 - m} ${x1 - x0 + left + right} ${y1 - y0 + 2 * m}`);
      svg.style.aspectRatio = `${x1 - x0 + left + right} / ${y1 - y0 + 2 * m}`;
      this.viewWidth = x1 - x0 + left + right;
    }
    // The rank numbers left of the board and the letters above it, kept in view when the
    // board is zoomed and scrolled (stickCoordinates).
    this.rankLabels = labels.filter((t) => t.isConnected && Number(t.getAttribute('x')) < x0);
    this.fileLabels = labels.filter((t) => Number(t.getAttribute('y')) < y0);
    svg.setAttribute('aria-hidden', 'false');
    this.cellSize = cells[0] ? Number(cells[0].getAttribute('width')) : 48;
    const pieces = svg.querySelector('g.pieces');
    const under = el('g', { class: 'marks-under', 'pointer-events': 'none' });
    if (pieces) svg.insertBefore(under, pieces);
    else svg.append(under);
    const over = el('g', { class: 'marks-over', 'pointer-events': 'none' }, svg);
    this.markPieces(over, view);
    const last = extra.last ?? this.lastMoveCells();
    for (const [i, at] of last.entries()) this.outline(under, at, PALETTE.last, i === 0 || i === last.length - 1);
    if (last.length > 1) this.pathLine(under, last, PALETTE.last);
    if (this.ply === null) {
      const made = this.steps.filter((s) => s.includes(','));
      for (const at of made) this.outline(under, at, PALETTE.select, true);
      if (made.length > 1) this.pathLine(under, made, PALETTE.select);
      for (const s of this.next) if (s.step.includes(',')) this.target(over, s.step, s.role);
    }
    // The hint's steps numbered in the order they are made; a cell the move comes back to
    // shows all its numbers on one mark ("2·5"), so that no number hides under another.
    const numbers = new Map();
    for (const [i, s] of this.hint.entries()) {
      if (s.step.includes(',')) numbers.set(s.step, [...(numbers.get(s.step) || []), i + 1]);
    }
    for (const [at, ns] of numbers) this.number(over, at, ns.join('·'));
    if (this.cursor && this.geometry.has(this.cursor)) this.outline(over, this.cursor, PALETTE.cursor, false, true);
    // A move being replayed: its steps so far, each drawn as what it did (the piece, where
    // it went, what it took, where the ball or a put-back stone went), joined by its path.
    const replayed = (extra.replayed || []).filter((s) => s.step.includes(','));
    if (replayed.length > 1) this.pathLine(under, replayed.map((s) => s.step), PALETTE.last);
    for (const s of replayed) {
      if (s.role === 'select' || s.role === 'move') this.outline(under, s.step, PALETTE.last, true);
      else this.target(over, s.step, s.role);
    }
    this.stickCoordinates();
  }

  // On a zoomed board scrolled sideways (or down), the rank numbers (and file letters) move
  // with the scroll so that they stay at the frame's edge: a square can still be named.
  stickCoordinates() {
    const frame = this.container.parentElement;
    const svg = this.container.querySelector('svg');
    if (!frame || !svg || !this.rankLabels) return;
    const [sx, sy] = [frame.scrollLeft, frame.scrollTop];
    const scale = sx || sy ? this.viewWidth / svg.getBoundingClientRect().width : 0;
    for (const t of this.rankLabels) t.setAttribute('transform', `translate(${sx * scale} 0)`);
    for (const t of this.fileLabels) t.setAttribute('transform', `translate(0 ${sy * scale})`);
  }

  // Cells of the move that led to the shown position, for marking it.
  lastMoveCells() {
    const ply = this.currentPly();
    if (!this.session || ply === 0 || (this.ply === null && this.steps.length)) return [];
    if (this.lastCache && this.lastCache.session === this.session && this.lastCache.ply === ply && this.lastCache.plies === this.session.plies()) {
      return this.lastCache.cells;
    }
    // The move's path as the game draws it (a kick's ball through its pivots, a chain from
    // tower to tower), not the cells clicked to make it.
    let cells = [];
    try {
      cells = JSON.parse(this.session.played_path(ply)).filter((s) => s.includes(','));
    } catch {
      cells = [];
    }
    this.lastCache = { session: this.session, ply, plies: this.session.plies(), cells };
    return cells;
  }

  // Readable marks for pieces whose kind the picture shows only by a small pattern (Sumo
  // teeth): a short label on the piece.
  markPieces(layer, view) {
    for (const [[c, r], name] of view.pieces || []) {
      const m = /(Triple|Double|Quadruple)? ?Sumo/.exec(name);
      if (!m) continue;
      const g = this.geometry.get(`${c},${r}`);
      if (!g) continue;
      const label = m[1] ? `${m[1][0]}S` : 'S';
      const dark = /^Black/.test(name);
      el('rect', {
        x: g.x + g.w * 0.56, y: g.y + g.h * 0.04, width: g.w * 0.4, height: g.h * 0.3, rx: g.w * 0.06,
        fill: dark ? '#000000' : '#ffffff', stroke: dark ? '#ffffff' : '#000000', 'stroke-width': g.w * 0.03,
        class: 'sumo-mark',
      }, layer);
      const t = el('text', {
        x: g.x + g.w * 0.76, y: g.y + g.h * 0.27, 'font-size': g.h * 0.24, 'font-weight': 'bold',
        'text-anchor': 'middle', fill: dark ? '#ffffff' : '#000000',
      }, layer);
      t.textContent = label;
    }
  }

  centre(at) {
    const g = this.geometry.get(at);
    return g ? [g.x + g.w / 2, g.y + g.h / 2, g] : null;
  }

  outline(layer, at, colours, strong, dashed = false) {
    const c = this.centre(at);
    if (!c) return;
    const [, , g] = c;
    const inset = g.w * (strong ? 0.07 : 0.12);
    const common = { x: g.x + inset, y: g.y + inset, width: g.w - 2 * inset, height: g.h - 2 * inset, fill: 'none' };
    el('rect', { ...common, stroke: colours.halo, 'stroke-width': g.w * 0.13, class: 'mark-halo' }, layer);
    el('rect', {
      ...common, stroke: colours.core, 'stroke-width': g.w * 0.06, class: 'mark-core',
      ...(dashed ? { 'stroke-dasharray': `${g.w * 0.12} ${g.w * 0.08}` } : {}),
    }, layer);
  }

  pathLine(layer, cells, colours) {
    const points = cells.map((at) => this.centre(at)).filter(Boolean);
    if (points.length < 2) return;
    const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join('');
    const w = this.cellSize;
    el('path', { d, fill: 'none', stroke: colours.halo, 'stroke-width': w * 0.16, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', class: 'mark-halo' }, layer);
    el('path', { d, fill: 'none', stroke: colours.core, 'stroke-width': w * 0.07, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', class: 'mark-core' }, layer);
  }

  // A mark on a cell where the next step may go, its shape saying what the step does.
  target(layer, at, role) {
    const c = this.centre(at);
    if (!c) return;
    const [x, y, g] = c;
    const w = g.w;
    const colours = PALETTE[role] || PALETTE.move;
    const pair = (shape, attributes) => {
      el(shape, { ...attributes, fill: shape === 'path' && attributes.fill === undefined ? colours.core : attributes.fill ?? colours.core, stroke: colours.halo, 'stroke-width': w * 0.05, class: `target target-${role}` }, layer);
    };
    switch (role) {
      case 'capture':
        // A ring round the piece: the piece stays visible.
        el('circle', { cx: x, cy: y, r: w * 0.4, fill: 'none', stroke: colours.halo, 'stroke-width': w * 0.12, class: `target target-${role}` }, layer);
        el('circle', { cx: x, cy: y, r: w * 0.4, fill: 'none', stroke: colours.core, 'stroke-width': w * 0.06, class: 'mark-core' }, layer);
        break;
      case 'ball': {
        const s = w * 0.2;
        pair('path', { d: `M${x} ${y - s}L${x + s} ${y}L${x} ${y + s}L${x - s} ${y}Z` });
        break;
      }
      case 'place': {
        const a = w * 0.22;
        const b = w * 0.07;
        pair('path', { d: `M${x - b} ${y - a}H${x + b}V${y - b}H${x + a}V${y + b}H${x + b}V${y + a}H${x - b}V${y + b}H${x - a}V${y - b}H${x - b}Z` });
        break;
      }
      case 'select':
        el('rect', { x: x - w * 0.42, y: y - w * 0.42, width: w * 0.84, height: w * 0.84, rx: w * 0.1, fill: 'none', stroke: colours.halo, 'stroke-width': w * 0.1, class: `target target-${role}` }, layer);
        el('rect', { x: x - w * 0.42, y: y - w * 0.42, width: w * 0.84, height: w * 0.84, rx: w * 0.1, fill: 'none', stroke: colours.core, 'stroke-width': w * 0.045, 'stroke-dasharray': `${w * 0.1} ${w * 0.07}`, class: 'mark-core' }, layer);
        break;
      default:
        pair('circle', { cx: x, cy: y, r: w * 0.15 });
    }
  }

  number(layer, at, label) {
    const c = this.centre(at);
    if (!c) return;
    const [x, y, g] = c;
    const text = String(label);
    // A label of several numbers gets a wider mark and smaller figures, within the cell.
    const size = g.w * (text.length > 3 ? 0.22 : 0.3);
    const half = Math.max(g.w * 0.24, Math.min(g.w * 0.47, text.length * size * 0.3 + g.w * 0.08));
    el('rect', {
      x: x - half, y: y - g.w * 0.24, width: 2 * half, height: g.w * 0.48, rx: g.w * 0.24,
      fill: PALETTE.hint.core, stroke: PALETTE.hint.halo, 'stroke-width': g.w * 0.05, class: 'hint',
    }, layer);
    const t = el('text', { x, y: y + size * 0.35, 'font-size': size, 'text-anchor': 'middle', fill: '#ffffff', 'font-weight': 'bold', class: 'hint-number' }, layer);
    t.textContent = text;
  }

  // Shows the steps of a suggested move, numbered.
  showHint(steps) {
    this.hint = steps;
    this.hintPlies = this.session ? this.session.plies() : null;
    this.refresh();
  }

  cellOf(target) {
    const node = target.closest('[data-at]');
    return node ? node.getAttribute('data-at') : null;
  }

  click(event) {
    if (this.dragged) {
      // The drag that ended here made its steps already.
      this.dragged = false;
      return;
    }
    const at = this.cellOf(event.target);
    if (at) this.step(at);
  }

  // The board's cell under the point (`clientX`, `clientY`), or null.
  cellAt(x, y) {
    const node = document.elementFromPoint(x, y);
    return node && this.container.contains(node) ? this.cellOf(node) : null;
  }

  // A press on a cell the turn may go on with (a piece to pick up), or on the piece picked
  // up last: the start of a possible drag.
  dragStart(event) {
    this.dragged = false;
    if (!this.interactive || this.playing || event.button !== 0 || !event.isPrimary) return;
    const at = this.cellOf(event.target);
    const last = this.steps[this.steps.length - 1];
    if (!at || (at !== last && !this.next.some((s) => s.step === at))) return;
    this.drag = { from: at, x: event.clientX, y: event.clientY, id: event.pointerId, moved: false, ghost: null };
  }

  dragMove(event) {
    const d = this.drag;
    if (!d || event.pointerId !== d.id) return;
    if (!d.moved) {
      if (Math.hypot(event.clientX - d.x, event.clientY - d.y) < 8) return;
      d.moved = true;
      // Picking the piece up is its first step: the cells it may go to are marked at once.
      // Not for a finger: redrawing the board would take away the cell the touch began on,
      // and with it the touch's events (a finger's are bound to where it first touched), so
      // a finger's piece is picked up at the drop.
      d.touch = event.pointerType === 'touch';
      if (!d.touch && !this.pickUp(d.from)) {
        this.drag = null; // refused: the line under the status says why
        return;
      }
      const cell = this.container.querySelector(`rect.cell[data-at="${d.from}"]`)?.getBoundingClientRect();
      d.ghost = document.createElement('div');
      d.ghost.className = 'drag-ghost';
      const size = cell ? Math.max(24, cell.width) : 40;
      d.ghost.style.width = `${size}px`;
      d.ghost.style.height = `${size}px`;
      document.body.append(d.ghost);
    }
    d.ghost.style.left = `${event.clientX}px`;
    d.ghost.style.top = `${event.clientY}px`;
    const over = this.cellAt(event.clientX, event.clientY);
    d.ghost.classList.toggle('over-target', this.next.some((s) => s.step === over));
  }

  // The drop: the cell under the pointer is the next step, as if clicked.
  dragEnd(event) {
    const d = this.drag;
    if (!d || event.pointerId !== d.id) return;
    this.dragStop();
    if (!d.moved) return; // a click: the click handler makes the step
    this.dragged = true;
    setTimeout(() => {
      this.dragged = false;
    }, 0);
    const to = this.cellAt(event.clientX, event.clientY);
    if (!to || to === d.from) return;
    if (d.touch && !this.pickUp(d.from)) return;
    this.step(to);
  }

  // Makes `at` the last step of the turn (the piece picked up) unless it is already;
  // whether it is.
  pickUp(at) {
    if (this.steps[this.steps.length - 1] !== at) this.step(at);
    return this.steps[this.steps.length - 1] === at;
  }

  dragStop() {
    this.drag?.ghost?.remove();
    this.drag = null;
  }

  // One step of the turn: a cell (`col,row`) or a named choice (`choice:i`, `finish`).
  step(step) {
    if (!this.session) return;
    // A click during a replay ends the replay: the person has seen enough and moves.
    if (this.playing) this.finishAnimation();
    if (!this.interactive) {
      this.onMessage(this.ply !== null ? 'You are looking at an earlier position: go back to the game to move.' : this.idle || 'Not your turn.', 'refusal');
      return;
    }
    this.hint = [];
    if (this.steps.length && this.steps[0] === step && step.includes(',')) {
      // Clicking the chosen piece again puts it back.
      this.cancel();
      return;
    }
    const offered = this.next.find((s) => s.step === step);
    if (!offered) {
      const tried = [...this.steps, step];
      const turn = JSON.parse(this.session.turn(JSON.stringify(tried)));
      if (!turn.refused) {
        this.advance(tried, turn);
        return;
      }
      // A click elsewhere may start a new turn with another piece.
      const fresh = this.steps.length ? JSON.parse(this.session.turn(JSON.stringify([step]))) : turn;
      if (this.steps.length && !fresh.refused) {
        this.advance([step], fresh);
        return;
      }
      this.onMessage(turn.refused, 'refusal', turn.rule);
      return;
    }
    const tried = [...this.steps, step];
    this.advance(tried, JSON.parse(this.session.turn(JSON.stringify(tried))));
  }

  advance(steps, turn) {
    this.onMessage('');
    if (turn.complete) {
      this.steps = [];
      this.onMove(turn.complete);
      return;
    }
    this.steps = steps;
    this.refresh();
  }

  // Replays move number `ply` of `session` step by step, then shows `after` (a callback).
  animate(session, ply, { delay = 380, after } = {}) {
    this.stopAnimation();
    let frames;
    try {
      frames = JSON.parse(session.move_frames(ply, this.flipped));
    } catch {
      after?.();
      return;
    }
    const before = JSON.parse(session.board(ply - 1, '[]', this.flipped));
    const sequence = [before, ...frames.frames];
    let i = 0;
    this.replay = { saved: { ply: this.ply, steps: this.steps, next: this.next }, after };
    this.next = [];
    this.steps = [];
    this.ply = -1; // no targets while animating
    const tick = () => {
      this.draw(sequence[i], { last: [], replayed: frames.steps.slice(0, i) });
      i += 1;
      this.playing = setTimeout(i < sequence.length ? tick : () => this.finishAnimation(), delay);
    };
    this.container.dataset.animating = 'yes';
    tick();
  }

  // Ends a replay at once as if it had run to its end: the board as it was, then `after`.
  finishAnimation() {
    if (!this.playing) return;
    clearTimeout(this.playing);
    this.playing = null;
    delete this.container.dataset.animating;
    const { saved, after } = this.replay;
    this.replay = null;
    Object.assign(this, saved);
    if (after) after();
    else this.refresh();
  }

  // Ends a replay without its `after`: whoever calls this draws the board next.
  stopAnimation() {
    if (this.playing) {
      clearTimeout(this.playing);
      this.playing = null;
      this.replay = null;
      if (this.ply === -1) this.ply = null;
    }
    delete this.container.dataset.animating;
  }

  // The board played from the keyboard: arrows move a cursor over the cells, Enter or Space
  // makes the step there, Escape forgets the turn in progress.
  key(event) {
    if (!this.geometry || this.geometry.size === 0) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (event.key in moves) {
      event.preventDefault();
      const [dx, dy] = moves[event.key];
      this.moveCursor(dx, dy);
      this.draw(this.boardView);
      const g = this.geometry.get(this.cursor);
      this.onMessage(g ? `Cursor on ${g.name}` : '', 'cursor');
    } else if ((event.key === 'Enter' || event.key === ' ') && this.cursor) {
      event.preventDefault();
      this.step(this.cursor);
    } else if (event.key === 'Escape') {
      this.cancel();
    }
  }

  moveCursor(dx, dy) {
    const list = [...this.geometry.entries()];
    if (!this.cursor || !this.geometry.has(this.cursor)) {
      this.cursor = (this.next.find((s) => s.step.includes(',')) || { step: list[0][0] }).step;
      return;
    }
    const here = this.geometry.get(this.cursor);
    let best = null;
    for (const [at, g] of list) {
      const ddx = (g.x - here.x) / here.w;
      const ddy = (g.y - here.y) / here.h;
      const along = ddx * dx + ddy * dy;
      if (along < 0.5) continue;
      const across = Math.abs(ddx * dy) + Math.abs(ddy * dx);
      const score = along + across * 3;
      if (!best || score < best[0]) best = [score, at];
    }
    if (best) this.cursor = best[1];
  }
}
