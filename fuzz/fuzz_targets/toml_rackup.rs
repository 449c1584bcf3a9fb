//! The `toml_rackup` target: [`fuzz::toml_rackup`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::toml_rackup(data);
});
