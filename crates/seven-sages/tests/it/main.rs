//! Seven Sages' integration tests, one binary: the specification's worked examples, its rules
//! one by one, the perft regression figures, an independent reference move generator, the
//! random-game conformance suite, the keys, the observation encoder and the rule book.

#[allow(dead_code)]
mod common;
mod conformance;
mod examples;
mod keys;
mod lessons;
mod observation;
mod perft;
mod reference;
mod rulebook;
mod rules;
mod steps;
