//! The report's reproducibility manifest: what built the page (tool version, build, the git
//! commit the `sim` binary was built from, the command line), the machine (cores, OS), and
//! per study its seed, games, shards, threads and wall time, and every rules file with its
//! SHA-256.

/// The git commit this `sim` binary was built from, recorded at build time by `build.rs`
/// (marked when built with uncommitted changes; `unknown` when built outside a checkout).
pub const COMMIT: &str = env!("SIM_GIT_COMMIT");

/// What built the page and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// `sim` and its version.
    pub tool: String,
    /// `release` or `debug` (a debug build plays the engines optimised, the rest slower).
    pub build: &'static str,
    /// The git commit the `sim` binary was built from ([`COMMIT`]).
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
    /// The manifest of this process.
    pub fn here(threads: Option<usize>, wall_seconds: f64) -> Manifest {
        Manifest {
            tool: format!("sim {}", env!("CARGO_PKG_VERSION")),
            build: if cfg!(debug_assertions) { "debug" } else { "release" },
            commit: COMMIT.to_string(),
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
            ("git commit of sim", self.commit.clone()),
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
    fn the_embedded_commit_is_forty_hex_digits_or_unknown() {
        let hex = COMMIT.split(' ').next().unwrap();
        assert!(
            COMMIT.starts_with("unknown") || (hex.len() == 40 && hex.chars().all(|c| c.is_ascii_hexdigit())),
            "{COMMIT}"
        );
    }
}
