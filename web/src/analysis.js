// Analysis of a game (issue 38): every position of the game's move list valued by the engine,
// in a Web Worker of its own (worker.js) so that the page and the computer player are not held
// up, one position at a time so the graph grows as it goes; stopped at once by terminating that
// worker, as a computer's think is stopped.
//
// - The values: the exact solver first (up to PROVE_MS a position: it proves Kamisado's end
//   games and short decisive lines), else the playground's strongest player (its kind of
//   search, alpha-beta) for ANALYSIS_MS a position. So a 30-move game takes about
//   31 × (PROVE_MS + ANALYSIS_MS) at most: 12 s, and less where proofs come quickly.
// - The graph: White's (the first side's) advantage up, from +1 (White wins) to −1 (Black
//   wins), one point per position; proven values are larger filled squares.
// - Mistakes (MISTAKE_DROP): a move after which the mover's value fell by more than 0.5 on
//   the [−1, 1] scale (a quarter of the scale's length: from "ahead" to "behind", or from
//   "even" to "lost"), or after which a proven win of the mover is no longer a proven win.
//   Clicking one (its "?" in the move list, its mark on the graph, or the list of mistakes)
//   shows the position before it with the engine's better move numbered on the board.

export const ANALYSIS_MS = 300;
export const PROVE_MS = 100;
export const MISTAKE_DROP = 0.5;

const SVG = 'http://www.w3.org/2000/svg';
function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.append(node);
  return node;
}

// A value for a person: "+0.40 (White ahead)" on the scale from −1 to +1 (+ good for the
// first side), or the proven result in words.
export function valueWords(white, proven, sides) {
  if (white === null || white === undefined) return 'no value';
  if (proven) {
    if (white > 0.5) return `a proven win for ${sides[0]}`;
    if (white < -0.5) return `a proven win for ${sides[1]}`;
    return 'a proven draw';
  }
  if (Math.abs(white) < 0.05) return `${white.toFixed(2).replace('-', '')} (even)`;
  const sign = white > 0 ? '+' : '−';
  return `${sign}${Math.abs(white).toFixed(2)} (${white > 0 ? sides[0] : sides[1]} ahead)`;
}

// The mistakes among the analysed positions: `results[i]` is position i's analysis (after
// move i), `played[k - 1]` move k, from position k − 1 to position k. A mistake is move k
// after which the mover's value fell by more than MISTAKE_DROP, or a proven win lost.
export function findMistakes(results, played) {
  const mistakes = [];
  for (let k = 1; k < results.length; k++) {
    const before = results[k - 1];
    const after = results[k];
    if (!before || !after || before.white === null || after.white === null || !played[k - 1]) continue;
    const sign = before.side === 0 ? 1 : -1; // the mover is the side to move before the move
    const was = sign * before.white;
    const now = sign * after.white;
    const lostWin = before.proven && was > 0.5 && !(after.proven && now > 0.5);
    if (was - now > MISTAKE_DROP || lostWin) {
      mistakes.push({ ply: k, side: before.side, was, now, lostWin, best: before.best, beforeWhite: before.white, afterWhite: after.white, beforeProven: before.proven, afterProven: after.proven });
    }
  }
  return mistakes;
}

export class GameAnalysis {
  // `box`: the panel's elements by id; `onPick(ply)`: show position `ply`; `onMistake(m)`:
  // show a mistake's position before it and its better move; `onChange()`: redraw the page.
  constructor({ onPick, onMistake, onChange, spec }) {
    this.$ = (id) => document.getElementById(id);
    this.onPick = onPick;
    this.onMistake = onMistake;
    this.onChange = onChange;
    this.spec = spec; // the player: the strongest level's kind of search, on ANALYSIS_MS
    this.worker = null;
    this.token = 0;
    this.reset();
    this.$('analyse').addEventListener('click', () => this.start());
    this.$('analyse-stop').addEventListener('click', () => this.stop(true));
    new ResizeObserver(() => this.draw()).observe(this.$('analysis-graph'));
  }

  reset() {
    this.key = null;
    this.results = [];
    this.mistakes = [];
    this.running = false;
    this.stopped = false;
    this.of = 0;
    this.sides = ['White', 'Black'];
    this.started = 0;
    this.ms = null;
  }

  // The game the page shows: forgets an analysis of other moves (a new game, a move played,
  // an undo) and stops it.
  follow(session, view) {
    this.session = session;
    this.view = view;
    const key = gameKey(view);
    if (this.key !== null && this.key !== key) {
      this.stop(false);
      this.reset();
    }
    this.render();
  }

  // Starts the analysis of every position of the game shown, from the start.
  start() {
    if (!this.session) return;
    this.stop(false);
    this.reset();
    const v = this.view;
    this.key = gameKey(v);
    this.sides = v.sides;
    const snapshots = JSON.parse(this.session.snapshots()).map((s) => JSON.stringify(s));
    this.of = snapshots.length;
    this.results = new Array(snapshots.length).fill(null);
    this.running = true;
    this.started = performance.now();
    this.token += 1;
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.heard(e.data);
    this.worker.onerror = (e) => {
      this.error = `The analysis failed: ${e.message || 'the worker stopped'}`;
      this.stop(true);
    };
    this.error = null;
    this.worker.postMessage({
      analyse: true,
      token: this.token,
      name: this.session.name(),
      options: this.session.options(),
      snapshots,
      spec: this.spec,
      proveMs: PROVE_MS,
      seed: 1,
    });
    this.render();
  }

  // Ends the analysis at once (the worker is terminated); what it found stays.
  stop(byPerson) {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    if (this.running) {
      this.running = false;
      this.stopped = byPerson;
      this.ms = performance.now() - this.started;
    }
    this.token += 1;
    if (byPerson) this.render();
  }

  heard(data) {
    if (data.token !== this.token) return;
    if (data.error) {
      this.error = `The analysis failed: ${data.error}`;
      this.stop(true);
      this.onChange();
      return;
    }
    if (data.done) {
      this.running = false;
      this.ms = performance.now() - this.started;
      this.worker.terminate();
      this.worker = null;
    } else {
      this.results[data.index] = { white: data.white, value: data.value, proven: data.proven, best: data.best, side: data.side, by: data.by };
      this.mistakes = findMistakes(this.results, this.view.played);
    }
    this.onChange();
  }

  analysed() {
    return this.results.filter(Boolean).length;
  }

  // The move list's marks: ply → mistake.
  marks() {
    return new Map(this.mistakes.map((m) => [m.ply, m]));
  }

  // The progress line, the mistakes list and the graph.
  render() {
    const box = this.$('analysis');
    const v = this.view;
    const plies = v ? v.played.length : 0;
    this.$('analyse').disabled = plies === 0 || this.running;
    this.$('analyse').textContent = this.key !== null && !this.running ? 'Analyse again' : 'Analyse';
    this.$('analyse-stop').hidden = !this.running;
    box.hidden = this.key === null;
    box.dataset.state = this.running ? 'running' : this.key === null ? 'none' : this.stopped ? 'stopped' : 'done';
    box.dataset.analysed = String(this.analysed());
    if (this.key === null) return;
    const done = this.analysed();
    let text;
    if (this.error) text = this.error;
    else if (this.running) text = `Analysing: ${done} of ${this.of} positions…`;
    else if (this.stopped) text = `Stopped after ${done} of ${this.of} positions.`;
    else text = `Analysed all ${this.of} positions in ${(this.ms / 1000).toFixed(1)} s.`;
    this.$('analysis-progress').textContent = text;
    const list = this.$('analysis-mistakes');
    list.replaceChildren();
    if (!this.running || this.mistakes.length) {
      const head = document.createElement('p');
      head.className = 'small';
      head.textContent = this.mistakes.length
        ? `Mistakes (the mover’s outlook fell by more than ${MISTAKE_DROP}, or a sure win was let go):`
        : done > 1 ? 'No mistakes found.' : '';
      list.append(head);
    }
    for (const m of this.mistakes) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mistake';
      b.dataset.ply = String(m.ply);
      const mv = v.played[m.ply - 1];
      b.textContent = `? Move ${m.ply}, ${this.sides[m.side]}’s ${mv ? mv.text : ''}: from ${valueWords(m.beforeWhite, m.beforeProven, this.sides)} to ${valueWords(m.afterWhite, m.afterProven, this.sides)}. Show the better move ›`;
      b.addEventListener('click', () => this.onMistake(m));
      list.append(b);
    }
    this.draw();
  }

  // The evaluation graph: White's advantage up, one point per position.
  draw() {
    const holder = this.$('analysis-graph');
    holder.replaceChildren();
    if (this.key === null) return;
    const width = Math.max(200, holder.clientWidth || 600);
    const height = 170;
    const m = { left: 8, right: 8, top: 16, bottom: 20 };
    const n = Math.max(1, this.of - 1);
    const x = (i) => m.left + (i * (width - m.left - m.right)) / n;
    const target = Math.min(14, (width - m.left - m.right) / n);
    const y = (w) => m.top + ((1 - w) * (height - m.top - m.bottom)) / 2;
    const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': `Evaluation graph: ${this.sides[0]} ahead is up, ${this.sides[1]} ahead is down` }, holder);
    // The halves: the first side's above, the second's below, with what they mean.
    el('rect', { x: m.left, y: y(1), width: width - m.left - m.right, height: y(0) - y(1), fill: '#fbf8ef' }, svg);
    el('rect', { x: m.left, y: y(0), width: width - m.left - m.right, height: y(-1) - y(0), fill: '#e4dfd2' }, svg);
    el('line', { x1: m.left, x2: width - m.right, y1: y(0), y2: y(0), stroke: '#999', 'stroke-dasharray': '4 3' }, svg);
    const label = (text, at, anchorY, attrs = {}) => {
      const t = el('text', { x: m.left + 4, y: anchorY, 'font-size': 11, fill: '#444', ...attrs }, svg);
      t.textContent = text;
      return t;
    };
    label(`${this.sides[0]} wins`, 0, m.top - 4);
    label(`${this.sides[1]} wins`, 0, height - 6);
    el('text', { x: width - m.right - 4, y: y(0) - 4, 'font-size': 11, fill: '#777', 'text-anchor': 'end' }, svg).textContent = 'even';
    const end = el('text', { x: width - m.right, y: height - 6, 'font-size': 11, fill: '#444', 'text-anchor': 'end' }, svg);
    end.textContent = `move ${this.of - 1}`;
    // The line through the values found so far.
    const points = this.results.map((r, i) => (r && r.white !== null ? [x(i), y(r.white), i, r] : null)).filter(Boolean);
    if (points.length > 1) {
      el('polyline', { points: points.map(([px, py]) => `${px},${py}`).join(' '), fill: 'none', stroke: '#3d5a80', 'stroke-width': 2 }, svg);
    }
    const marks = this.marks();
    const current = this.viewPly;
    for (const [px, py, i, r] of points) {
      const mistake = marks.get(i);
      const g = el('g', { class: `point${r.proven ? ' proven' : ''}${mistake ? ' mistake' : ''}`, 'data-ply': String(i), tabindex: '0' }, svg);
      const title = el('title', {}, g);
      title.textContent = `Position ${i} (${i === 0 ? 'the start' : `after move ${i}`}): ${valueWords(r.white, r.proven, this.sides)}${mistake ? `. Move ${i} was a mistake: click for the better move` : ''}`;
      if (i === current) el('line', { x1: px, x2: px, y1: m.top, y2: height - m.bottom, stroke: '#c9a227', 'stroke-width': 2 }, g);
      // A transparent target, easy to hit with a finger: 14 px wide, or the point's own column
      // where points stand closer (a long game on a phone), so that targets never overlap.
      el('rect', { x: px - target / 2, y: m.top, width: target, height: height - m.top - m.bottom, fill: 'transparent', class: 'target' }, g);
      if (r.proven) el('rect', { x: px - 4.5, y: py - 4.5, width: 9, height: 9, fill: '#1d3557', class: 'dot' }, g);
      else el('circle', { cx: px, cy: py, r: 3, fill: '#3d5a80', class: 'dot' }, g);
      if (mistake) {
        el('circle', { cx: px, cy: py, r: 8, fill: 'none', stroke: '#c1121f', 'stroke-width': 2.5 }, g);
        const q = el('text', { x: px, y: py < height / 2 ? py + 20 : py - 12, 'font-size': 13, 'font-weight': 'bold', fill: '#c1121f', 'text-anchor': 'middle' }, g);
        q.textContent = '?';
      }
      const pick = () => (mistake ? this.onMistake(mistake) : this.onPick(i));
      g.addEventListener('click', pick);
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          pick();
        }
      });
    }
    // The key: what the marks mean.
    const key = this.$('analysis-key');
    key.textContent = `Up: ${this.sides[0]} ahead; down: ${this.sides[1]} ahead. ■ a proven result (the solver or a search that saw to the end), • the engine’s estimate, ? a mistake (click it).`;
  }
}

// What an analysis is of: the game, its start and moves.
function gameKey(v) {
  return JSON.stringify([v.game, v.options, v.start, v.played.map((m) => m.text)]);
}
