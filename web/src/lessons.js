// The lessons: each game's short course, from the engine (towers-web's `lessons`, written in
// the game crates beside their rule books). A lesson sets its position up on the playground's
// own board, asks for one move, and the engine judges it (`judge_lesson`): an illegal click is
// refused by the step mechanism with the rule it breaks (linked to the rule book, as in any
// game), a legal move that misses the task is taken back with the lesson's words, the answer
// stays on the board with why it is right. Nothing about a game is written here.
//
//   const lessons = new Lessons({ start, say, render, rulesHref });
//   lessons.showList(gameName);        // the list of the game's lessons in the panel
//   lessons.begin(3);                  // lesson 3 of the current game
//   lessons.judge(text) -> 'solved' | 'missed' | 'refused' | null (no lesson running)
import { lessons as courseOf, judge_lesson as judgeLesson, lesson_answers as lessonAnswers } from './pkg/towers_web.js';
import { touchWords } from './panels.js';

const $ = (id) => document.getElementById(id);
const DONE_KEY = 'towers-lessons-done';

// The lessons a person has solved, by game, kept in the browser between visits.
function doneLessons() {
  try {
    return JSON.parse(localStorage.getItem(DONE_KEY) || '{}') || {};
  } catch {
    return {};
  }
}

function markDone(game, number) {
  const done = doneLessons();
  const list = new Set(done[game] || []);
  list.add(number);
  done[game] = [...list].sort((a, b) => a - b);
  try {
    localStorage.setItem(DONE_KEY, JSON.stringify(done));
  } catch {
    // A browser that keeps nothing (private mode): the ticks last for this visit only.
  }
}

export class Lessons {
  // `start({game, options, position, moves})`: sets a lesson's position up on the board (both
  // seats people). `say(text, kind)`: the line under the status. `render()`: draws the page
  // again. `rulesHref(game)`: the address of the game's rule book.
  constructor({ start, say, render, rulesHref }) {
    this.start = start;
    this.say = say;
    this.render = render;
    this.rulesHref = rulesHref;
    this.game = null; // the game whose lessons the list shows
    this.course = [];
    this.current = null; // {game, number, lesson, solved}
    $('lesson-retry').addEventListener('click', () => this.begin(this.current.number));
    $('lesson-prev').addEventListener('click', () => this.begin(this.current.number - 1));
    $('lesson-next').addEventListener('click', () => this.begin(this.current.number + 1));
    $('lesson-exit').addEventListener('click', () => this.leave());
  }

  // The list of `game`'s lessons in the panel, each a button, ticked when solved before.
  showList(game) {
    if (this.game !== game) {
      this.game = game;
      try {
        this.course = JSON.parse(courseOf(game));
      } catch {
        this.course = [];
      }
    }
    const done = new Set(doneLessons()[game] || []);
    const list = $('lessons-list');
    list.replaceChildren();
    for (const lesson of this.course) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'lesson';
      button.dataset.number = String(lesson.number);
      const solved = done.has(lesson.number);
      button.textContent = `${lesson.number}. ${lesson.title}${solved ? ' ✓' : ''}`;
      button.title = solved ? 'Solved before: play it again' : lesson.task;
      if (this.current && this.current.number === lesson.number) button.classList.add('current');
      button.addEventListener('click', () => {
        this.begin(lesson.number);
        $('board-area').scrollIntoView({ block: 'start' });
      });
      item.append(button);
      list.append(item);
    }
    const count = this.course.length;
    $('lessons-intro').textContent = touchWords(
      count
        ? `${count} lessons, one move each, covering every section of the rule book. Click one to set its position up on the board.`
        : 'This game has no lessons yet.',
    );
  }

  // Starts lesson `number` of the game whose list is shown; false when there is none.
  begin(number) {
    const lesson = this.course.find((l) => l.number === number);
    if (!lesson) return false;
    this.current = { game: this.game, number, lesson, solved: false };
    const ok = this.start({ game: this.game, options: lesson.options, position: lesson.position, moves: lesson.moves });
    if (!ok) {
      this.current = null;
      return false;
    }
    this.showBar();
    this.feedback('', '');
    this.say('');
    this.showList(this.game);
    return true;
  }

  // Ends the lessons: the board stays as it is, a game like any other.
  leave() {
    this.current = null;
    $('lesson-bar').hidden = true;
    this.say('');
    this.showList(this.game);
    this.render();
  }

  // Forgets the running lesson without redrawing (another game was started).
  forget() {
    if (!this.current) return;
    this.current = null;
    $('lesson-bar').hidden = true;
    if (this.game) this.showList(this.game);
  }

  active() {
    return this.current !== null;
  }

  // Whether the person may still move in the lesson (not once the answer is on the board).
  open() {
    return this.current !== null && !this.current.solved;
  }

  // The lesson's title, the rule-book sections it teaches (links), its task and buttons.
  showBar() {
    const { lesson, number } = this.current;
    $('lesson-bar').hidden = false;
    $('lesson-title').textContent = `Lesson ${number} of ${this.course.length}: ${lesson.title}`;
    const rules = $('lesson-rules');
    rules.replaceChildren();
    lesson.sections.forEach((section, i) => {
      const link = document.createElement('a');
      link.href = `${this.rulesHref(this.current.game)}#${section.anchor}`;
      link.target = '_blank';
      link.rel = 'noopener';
      link.textContent = section.citation;
      rules.append(i === 0 ? '(' : '; ', link);
    });
    if (lesson.sections.length) rules.append(')');
    $('lesson-task').textContent = touchWords(lesson.task);
    $('lesson-prev').disabled = number <= 1;
    this.updateButtons();
  }

  updateButtons() {
    const { number, solved } = this.current;
    const last = number >= this.course.length;
    $('lesson-next').disabled = last;
    $('lesson-next').classList.toggle('ready', solved && !last);
    $('lesson-bar').classList.toggle('solved', solved);
  }

  // The engine's verdict on the move `text` the person made in the running lesson: the
  // answer is played and explained, a miss is said (the board keeps the lesson's position).
  // Returns the verdict, or null when no lesson is open (the move is the page's to play).
  judge(text, play) {
    if (!this.open()) return null;
    const { game, number } = this.current;
    let judged;
    try {
      judged = JSON.parse(judgeLesson(game, number, text));
    } catch (error) {
      judged = { verdict: 'refused', text: String(error.message || error) };
    }
    if (judged.verdict === 'solved') {
      play(text);
      this.current.solved = true;
      markDone(game, number);
      this.showList(game);
      this.updateButtons();
      const last = number >= this.course.length;
      this.feedback(`${judged.text}${last ? ' That was the last lesson: every section of the rule book is behind you.' : ' Next ▶ goes on.'}`, 'solved');
    } else {
      this.render();
      this.feedback(judged.text, judged.verdict);
    }
    window.playground.lastLessonVerdict = judged;
    return judged.verdict;
  }

  // The engine's verdict on the last try, in the lesson bar (kept apart from the line under
  // the status, which says what the turn in progress needs).
  feedback(text, kind) {
    const line = $('lesson-feedback');
    line.textContent = text;
    line.className = `lesson-feedback ${kind}`.trim();
  }

  // A move that solves the running lesson, for the hint.
  answer() {
    if (!this.current) return null;
    try {
      return JSON.parse(lessonAnswers(this.current.game, this.current.number))[0] || null;
    } catch {
      return null;
    }
  }
}
