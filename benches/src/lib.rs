//! Criterion benchmarks for the engines live in `benches/benches/`, one file per
//! game; run them with `cargo bench -p benches`.
