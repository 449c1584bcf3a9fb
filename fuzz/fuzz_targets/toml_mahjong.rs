//! The `toml_mahjong` target: [`fuzz::toml_mahjong`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::toml_mahjong(data);
});
