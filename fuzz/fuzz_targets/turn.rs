//! The `turn` target: see [`towers_robustness::turn_steps`] for the input format and what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    towers_robustness::turn_steps(data);
});
