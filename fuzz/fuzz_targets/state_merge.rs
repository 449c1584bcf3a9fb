//! The `state_merge` target: [`fuzz::state_merge`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::state_merge(data);
});
