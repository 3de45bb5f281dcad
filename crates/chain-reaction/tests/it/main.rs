//! Chain Reaction's integration tests, one binary: the specification's worked examples, its
//! rules one by one, the perft regression figures, the random-game conformance suite, the
//! keys, the rule book and its course of lessons, turns built step by step, and what a
//! learning program sees of them.

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
