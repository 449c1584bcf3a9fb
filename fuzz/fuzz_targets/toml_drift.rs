//! The `toml_drift` target: [`fuzz::toml_drift`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::toml_drift(data);
});
