//! The `options` target: see [`towers_robustness::option_settings`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    towers_robustness::option_settings(data);
});
