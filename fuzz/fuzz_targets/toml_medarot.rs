//! The `toml_medarot` target: [`fuzz::toml_medarot`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::toml_medarot(data);
});
