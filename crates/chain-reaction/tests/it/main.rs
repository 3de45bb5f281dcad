//! Chain Reaction's integration tests, one binary: the specification's worked examples, its
//! rules one by one, the perft regression figures, the random-game conformance suite, the
//! keys, the rule book, and turns built step by step.

mod common;
mod conformance;
mod examples;
mod keys;
mod perft;
mod rulebook;
mod rules;
mod steps;
