// The computer's thinking, off the page's thread: the same engine module, asked for a move on
// a snapshot of the position. It first sends a legal move found at once by a random walk
// through the step mechanism (`provisional`), so the page always has a move to play when a
// level's time is up, then the search's own choice. The page ends a think by terminating
// this worker and starting another.
import init, { computer_move, quick_move } from './pkg/towers_web.js';

const ready = init();

self.onmessage = async (event) => {
  const { token, name, options, snapshot, spec, seed, provisional } = event.data;
  await ready;
  if (provisional) {
    try {
      self.postMessage({ token, provisional: quick_move(name, options, snapshot, BigInt(seed)) });
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
