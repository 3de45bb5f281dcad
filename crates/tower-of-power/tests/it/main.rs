//! Tower of Power's integration tests, one binary: the specification's worked examples, its
//! rules one by one, the perft regression figures, the random-game conformance suite, the
//! keys and the rule book.

mod common;
mod conformance;
mod examples;
mod keys;
mod perft;
mod rulebook;
mod rules;
