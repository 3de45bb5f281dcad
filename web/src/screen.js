// A game on screen, as every front end of the page shows one (the playground, app.js, and
// Play a friend, online.js): the board to click (board.js) with the panels around it
// (panels.js), the line that says what went wrong or what the turn needs next, which way the
// board faces, and the review of earlier positions. Each front end has the same elements,
// their ids differing by a prefix ('' and 'online-'), and decides alone what a move does,
// when a person may move and what going back to an earlier position stops.
//
//   const screen = new GameScreen('online-', { onMove, onReview, redraw, faceSecond, turnActive });
//   screen.showBoard(session, { interactive: true });
//   screen.showPanels(v.played, plies);
import { TurnBoard } from './board.js';
import { howTo, renderMoveTable, renderLegend, renderChoices, showMessage, turnHelp } from './panels.js';

export class GameScreen {
  // `onMove(text)`: the person made a whole move on the board. `onReview(ply)`: the person
  // asked for the position after move `ply` (Infinity: back to the game). `redraw()`: draws
  // everything again (after the board was turned round). `faceSecond()`: whether the board
  // faces the second seat unless the person turned it. `turnActive()`: whether the person
  // is building a turn now (then the help line says what comes next).
  constructor(prefix, { onMove, onReview, redraw, faceSecond, turnActive }) {
    this.$ = (name) => document.getElementById(`${prefix}${name}`);
    this.onReview = onReview;
    this.faceSecond = faceSecond;
    this.turnActive = turnActive;
    this.helpLine = ''; // what the turn in progress needs next
    this.viewPly = null; // an earlier position being looked at, or null
    this.flipOverride = null; // the way the person turned the board, or null
    this.board = new TurnBoard(this.$('board'), {
      onMove,
      onMessage: (text, kind, rule) => this.say(text, kind, rule),
      onChoices: (choices) => renderChoices(this.$('choices'), choices, this.board),
      onSteps: (steps) => this.showTurn(steps),
    });
    this.$('cancel').addEventListener('click', () => this.board.cancel());
    this.$('review-back').addEventListener('click', () => onReview(this.viewPly - 1));
    this.$('review-forward').addEventListener('click', () => onReview(this.viewPly + 1));
    this.$('review-exit').addEventListener('click', () => onReview(Infinity));
    this.$('flip').addEventListener('click', () => {
      this.flipOverride = !this.facing();
      redraw();
    });
    // A move list drawn while hidden (the page still loading, a game opened from a link or
    // the rule book, the online view not yet shown) has no height to scroll: it is scrolled
    // again when it gets one.
    new ResizeObserver(() => this.scrollMoves()).observe(this.$('moves-box'));
    this.$('zoom').addEventListener('click', () => {
      const zoomed = this.$('board-wrap').classList.toggle('zoomed');
      this.$('zoom').setAttribute('aria-pressed', String(zoomed));
      this.board.stickCoordinates();
    });
  }

  // The line under the status: a refusal or a message, else what the turn needs next. A
  // refusal's `rule` (the rule-book section it cites) links to that section of the rule book.
  say(text, kind, rule) {
    const link = rule && { ...rule, href: `${this.$('rules').getAttribute('href')}#${rule.anchor}` };
    showMessage(this.$('message'), text, kind, this.helpLine, link);
  }

  // Which way the board faces: as the person turned it, else as the front end says.
  facing() {
    if (this.flipOverride !== null) return this.flipOverride;
    return this.faceSecond();
  }

  // Looks at the position after move `ply` of `plies`, or at the game again when `ply` is
  // past the last; returns whether an earlier position is shown.
  lookAt(ply, plies) {
    this.viewPly = ply >= plies ? null : Math.max(0, ply);
    return this.viewPly !== null;
  }

  // The game's own texts beside the board: its rule book, how to move, the sides' names.
  // `game` is its entry of `games()` (name, title, sides, how_to).
  showGame(game) {
    const { name, title, sides } = game;
    this.$('rules').href = `rules/${name}.html`;
    this.$('rules').textContent = `The rule book of ${title}`;
    this.$('howto-text').textContent = howTo(game);
    this.$('moves-first').textContent = sides[0];
    this.$('moves-second').textContent = sides[1];
  }

  // Draws `session` on the board, facing the right way, at the position being looked at.
  showBoard(session, options) {
    this.board.show(session, { ...options, flipped: this.facing(), ply: this.viewPly });
  }

  // The panels that follow the board: the move list (`played` as Session.view gives it),
  // the legend and, while an earlier position is shown, the bar to move through the
  // `plies` moves of the game.
  // `marks` and `onMistake`: the analysis's mistakes, marked in the move list.
  showPanels(played, plies, { marks, onMistake } = {}) {
    const reviewing = this.viewPly !== null;
    renderMoveTable(this.$('moves'), played, { current: this.viewPly ?? played.length, onPick: this.onReview, marks, onMistake });
    this.scrollMoves();
    renderLegend(this.$('legend'), this.board.boardView);
    this.$('review-bar').hidden = !reviewing;
    if (reviewing) {
      const mv = this.viewPly > 0 ? played[this.viewPly - 1] : null;
      this.$('review-text').textContent = mv ? `After move ${this.viewPly}: ${mv.words}` : 'The start of the game';
      this.$('review-back').disabled = this.viewPly === 0;
      this.$('review-forward').disabled = this.viewPly >= plies;
    }
  }

  // Scrolls the move list (only the list, never the page) to the entry of the position shown:
  // the latest move while playing.
  scrollMoves() {
    const box = this.$('moves-box');
    const current = box.querySelector('button.move.current');
    if (this.viewPly === null || !current) {
      box.scrollTop = box.scrollHeight;
      return;
    }
    const head = box.querySelector('thead')?.offsetHeight || 0;
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top - head < box.scrollTop) box.scrollTop = top - head;
    else if (top + current.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + current.offsetHeight - box.clientHeight;
  }

  // The turn in progress made of `steps`: the help line and the button that forgets it.
  showTurn(steps) {
    const active = this.turnActive();
    this.helpLine = active ? turnHelp(this.board, steps) : '';
    this.$('cancel').hidden = !active || steps.length === 0;
    const line = this.$('message');
    if (line.classList.contains('help') || line.textContent === '') this.say('');
  }
}
