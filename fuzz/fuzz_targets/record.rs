//! The `record` target: see [`towers_robustness::record_json`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    towers_robustness::record_json(data);
});
