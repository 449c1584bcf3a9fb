//! The `mjai_replay` target: [`fuzz::mjai_replay`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::mjai_replay(data);
});
