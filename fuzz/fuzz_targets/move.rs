//! The `move` target: see [`towers_robustness::move_text`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    towers_robustness::move_text(data);
});
