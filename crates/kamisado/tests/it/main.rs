//! Kamisado's integration tests, one binary: the specification's worked examples, its rules
//! one by one, the perft regression figures, the random-game conformance suite, the coloured
//! diagram, the keys, the course of lessons, the observation encoder, the rule book and the
//! certificate that White wins a round.

mod certificate;
mod colour;
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
