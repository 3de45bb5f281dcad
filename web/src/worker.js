// The computer's thinking, off the page's thread: the same engine module, asked for a move on
// a snapshot of the position. It first sends a legal move found at once by a random walk
// through the step mechanism (`provisional`), then, for a search bounded by iterations
// rather than time, the move of a short search (`fallback`, a spec), so the page always has
// a move to play when a level's time is up; then the search's own choice. The page ends a think by terminating
// this worker and starting another.
//
// The same worker analyses a game (analysis.js): `{analyse: true, snapshots, spec, proveMs}`
// values each position in order and posts each answer as it comes (`{analysed, of, index,
// value, white, proven, best, side}`), then `{done}`; the page stops it by terminating it.
import init, { analyse_position, computer_move, quick_move } from './pkg/towers_web.js';

const ready = init();

async function analyseGame({ token, name, options, snapshots, spec, proveMs, seed }) {
  const of = snapshots.length;
  for (const [index, snapshot] of snapshots.entries()) {
    const started = performance.now();
    let answer;
    try {
      answer = JSON.parse(analyse_position(name, options, snapshot, spec, proveMs, BigInt(seed)));
    } catch (error) {
      self.postMessage({ token, error: `position ${index}: ${error.message || error}` });
      return;
    }
    self.postMessage({ token, analysed: index + 1, of, index, ...answer, ms: performance.now() - started });
    // Lets the message go out before the next position's search holds the thread.
    await new Promise((ok) => setTimeout(ok, 0));
  }
  self.postMessage({ token, done: true, of });
}

self.onmessage = async (event) => {
  await ready;
  if (event.data.analyse) {
    await analyseGame(event.data);
    return;
  }
  const { token, name, options, snapshot, spec, seed, provisional, fallback } = event.data;
  if (provisional) {
    try {
      self.postMessage({ token, provisional: quick_move(name, options, snapshot, BigInt(seed)), how: 'a legal move found at once' });
      // A better move to fall back on, when a short search has time for it.
      if (fallback) {
        const reply = JSON.parse(computer_move(name, options, snapshot, fallback, BigInt(seed)));
        self.postMessage({ token, provisional: reply.move, how: `the ${fallback} search's move` });
      }
    } catch {
      // The search below reports any error.
    }
  }
  try {
    const started = performance.now();
    const reply = JSON.parse(computer_move(name, options, snapshot, spec, BigInt(seed)));
    self.postMessage({ token, move: reply.move, report: reply.report, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ token, error: String(error.message || error) });
  }
};
