//! Records the git commit the `sim` binary is built from, for the report's manifest
//! (`SIM_GIT_COMMIT`): `git rev-parse HEAD` of the workspace, marked when the sources that
//! build the binary (the `sim` and `engine` crates, the workspace's manifest and lock file)
//! differ from it. Outside a checkout of its own (a source archive, even one unpacked inside
//! another repository), or without git, it records `unknown`; it never fails the build.

use std::path::Path;
use std::process::Command;

fn main() {
    let crate_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let root = Path::new(&crate_dir).join("..");
    let sources = ["sim", "engine", "Cargo.toml", "Cargo.lock"];
    let git = |args: &[&str]| {
        // No optional locks: `git status` would otherwise refresh the index, a change.
        let out = Command::new("git").arg("--no-optional-locks").arg("-C").arg(&root).args(args).output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    // The workspace's own checkout only: not a repository it was unpacked inside.
    let own = git(&["rev-parse", "--show-toplevel"])
        .is_some_and(|top| Path::new(&top).canonicalize().ok() == root.canonicalize().ok());
    let commit = match git(&["rev-parse", "HEAD"]).filter(|_| own) {
        Some(head) => {
            let status = [&["status", "--porcelain", "--"][..], &sources].concat();
            match git(&status) {
                Some(changes) if changes.is_empty() => head,
                Some(_) => format!("{head} (built with uncommitted changes)"),
                None => format!("{head} (whether the sources had changes is unknown)"),
            }
        }
        None => "unknown (not built from a git checkout)".to_string(),
    };
    println!("cargo:rustc-env=SIM_GIT_COMMIT={commit}");
    // Rerun when the commit or the sources change (a folder is watched recursively); only
    // paths that exist, since a missing one would rerun the script on every build.
    let branch = git(&["symbolic-ref", "-q", "HEAD"]);
    let git_files = ["HEAD", "packed-refs"].into_iter().chain(branch.as_deref());
    let git_paths = git_files.filter_map(|name| git(&["rev-parse", "--git-path", name]));
    let watched = sources.iter().map(|s| root.join(s)).chain(git_paths.map(|p| root.join(p)));
    for path in watched.filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}
