//! The `sweep_file` target: [`fuzz::sweep_file`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::sweep_file(data);
});
