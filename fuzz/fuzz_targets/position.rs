//! The `position` target: see [`towers_robustness::position_text`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    towers_robustness::position_text(data);
});
