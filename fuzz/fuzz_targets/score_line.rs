//! The `score_line` target: [`fuzz::score_line`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::score_line(data);
});
