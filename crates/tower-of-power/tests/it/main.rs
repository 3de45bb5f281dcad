//! Tower of Power's integration tests, one binary: the specification's worked examples, its
//! rules one by one, the perft regression figures, the random-game conformance suite, the
//! keys, the rule book, the course of lessons and the observation encoder.

mod common;
mod conformance;
mod examples;
mod keys;
mod lessons;
mod observation;
mod perft;
mod rulebook;
mod rules;
mod steps;
