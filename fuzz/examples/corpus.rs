//! Writes every fuzz target's seeds into its corpus folder, `DIR/<target>/seed-<name>`
//! (`scripts/fuzz` runs it with `corpus`). Usage: `cargo run --example corpus -- DIR`.

use std::path::PathBuf;
use std::{env, fs, io};

fn main() -> io::Result<()> {
    let dir = PathBuf::from(env::args_os().nth(1).ok_or_else(|| io::Error::other("usage: corpus DIR"))?);
    for seed in fuzz::seeds::all(&fuzz::seeds::repo_root())? {
        let target = dir.join(seed.target);
        fs::create_dir_all(&target)?;
        fs::write(target.join(&seed.name), &seed.bytes)?;
    }
    Ok(())
}
