//! The report's reproducibility manifest: what built the page (tool version, build, git
//! commit when in a checkout, the command line), the machine (cores, OS), and per study its
//! seed, games, shards, threads and wall time when the report ran it, and every rules file
//! with its SHA-256.

use std::path::Path;
use std::process::Command;

/// What built the page and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// `sim` and its version.
    pub tool: String,
    /// `release` or `debug` (a debug build plays the engines optimised, the rest slower).
    pub build: &'static str,
    /// The git commit of the checkout the page was built in, or why there is none.
    pub commit: String,
    /// The command line that built the page (`sim` and its arguments).
    pub command: String,
    /// Logical cores of the machine.
    pub cores: usize,
    /// The operating system and architecture (with the distribution's name when known).
    pub os: String,
    /// Worker threads of the studies the report ran (`None`: it ran none).
    pub threads: Option<usize>,
    /// Seconds from the start of the command to the page.
    pub wall_seconds: f64,
}

impl Manifest {
    /// The manifest of this process, built in `dir` (for the git commit).
    pub fn here(dir: &Path, threads: Option<usize>, wall_seconds: f64) -> Manifest {
        Manifest {
            tool: format!("sim {}", env!("CARGO_PKG_VERSION")),
            build: if cfg!(debug_assertions) { "debug" } else { "release" },
            commit: git_commit(dir),
            command: std::iter::once("sim".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" "),
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            os: os(),
            threads,
            wall_seconds,
        }
    }

    /// The manifest's rows, (what, value).
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        vec![
            ("tool", self.tool.clone()),
            ("build", self.build.to_string()),
            ("git commit", self.commit.clone()),
            ("command", self.command.clone()),
            ("machine", format!("{} logical cores, {}", self.cores, self.os)),
            (
                "threads",
                self.threads.map_or_else(|| "no studies run (built from saved results)".into(), |t| t.to_string()),
            ),
            ("wall time", format!("{:.1} s", self.wall_seconds)),
        ]
    }
}

/// `git rev-parse HEAD` in `dir`, marked when the tree has changes; outside a checkout (or
/// without git) a note saying so.
fn git_commit(dir: &Path) -> String {
    let git = |args: &[&str]| {
        let out = Command::new("git").arg("-C").arg(dir).args(args).output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    match git(&["rev-parse", "HEAD"]) {
        Some(commit) if git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty()) => {
            format!("{commit} (with uncommitted changes)")
        }
        Some(commit) => commit,
        None => "none (not built in a git checkout)".to_string(),
    }
}

/// The OS and architecture, with `/etc/os-release`'s `PRETTY_NAME` when there is one.
fn os() -> String {
    let base = format!("{} {}", std::env::consts::OS, std::env::consts::ARCH);
    let pretty = std::fs::read_to_string("/etc/os-release").ok().and_then(|text| {
        text.lines().find_map(|l| l.strip_prefix("PRETTY_NAME=").map(|v| v.trim_matches('"').to_string()))
    });
    match pretty {
        Some(name) => format!("{base} ({name})"),
        None => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_a_checkout_the_commit_says_so() {
        let dir = std::env::temp_dir().join(format!("sim-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // The temporary folder is in no checkout (GIT_DIR unset: git looks upwards from it).
        assert_eq!(git_commit(&dir), "none (not built in a git checkout)");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn in_this_checkout_the_commit_is_forty_hex_digits() {
        let commit = git_commit(Path::new(env!("CARGO_MANIFEST_DIR")));
        if commit.starts_with("none") {
            return; // a source tarball: no checkout to name
        }
        assert!(commit[..40].chars().all(|c| c.is_ascii_hexdigit()), "{commit}");
    }
}
