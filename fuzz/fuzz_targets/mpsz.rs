//! The `mpsz` target: [`fuzz::mpsz`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::mpsz(data);
});
