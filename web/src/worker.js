// The computer's thinking, off the page's thread: the same engine module, asked for a move on
// a snapshot of the position. It first sends a legal move found at once by a random walk
// through the step mechanism (`provisional`), then, for a search bounded by iterations
// rather than time, the move of a short search (`fallback`, a spec), so the page always has
// a move to play when a level's time is up; then the search's own choice. The page ends a think by terminating
// this worker and starting another.
import init, { computer_move, quick_move } from './pkg/towers_web.js';

const ready = init();

self.onmessage = async (event) => {
  const { token, name, options, snapshot, spec, seed, provisional, fallback } = event.data;
  await ready;
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
