//! What the `sim` end-to-end tests share: running the binary, and a scratch folder.

pub mod scratch;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

pub use scratch::scratch;

/// Runs `sim args` with `stdin` as its input.
pub fn sim(args: &[&str], stdin: &str) -> Output {
    sim_in(Path::new("."), args, stdin)
}

/// Runs `sim args` in the folder `dir`, with `stdin` as its input.
pub fn sim_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sim runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// A study's table `table` as CSV text, under the output root `root`.
pub fn csv(root: &Path, study: &str, table: &str) -> String {
    std::fs::read_to_string(root.join(format!("notebooks-data/{study}/{table}.csv"))).unwrap()
}
