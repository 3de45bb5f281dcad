// The computer's thinking, off the page's thread: the same engine module, asked for a move on
// a snapshot of the position.
import init, { computer_move } from './pkg/towers_web.js';

const ready = init();

self.onmessage = async (event) => {
  const { token, name, options, snapshot, spec, seed } = event.data;
  await ready;
  try {
    const reply = JSON.parse(computer_move(name, options, snapshot, spec, BigInt(seed)));
    self.postMessage({ token, move: reply.move, report: reply.report });
  } catch (error) {
    self.postMessage({ token, error: String(error.message || error) });
  }
};
