//! What `sim report` runs when it is not given `--from` ([`Run`]; each game lists its own,
//! [`crate::games::Entry::report_runs`]): the default study of every game, one example
//! sweep and a short `sim bench`, each as the `sim` command line a user would type, sized
//! to finish in a few minutes on two cores (`--games-scale` multiplies the game counts).
//! Their results are named `report-<game>` so they do not replace the full-size studies of
//! the same name.

use std::path::Path;

/// A count option of a run, scaled by `--games-scale`.
#[derive(Clone, Copy)]
pub struct Scaled {
    /// The option (`--games`).
    pub option: &'static str,
    /// Its value at scale 1.
    pub value: u64,
    /// The value is kept a multiple of this (the games of a session).
    pub multiple: u64,
}

impl Scaled {
    /// The value at `scale`: rounded to the nearest multiple, at least one.
    pub fn at(&self, scale: f64) -> u64 {
        let units = (self.value as f64 * scale / self.multiple as f64).round().max(1.0);
        units as u64 * self.multiple
    }
}

/// One `sim` command of the report.
#[derive(Clone, Copy)]
pub struct Run {
    /// The results folder it writes (`notebooks-data/<folder>`).
    pub folder: &'static str,
    /// The command and its fixed options.
    pub args: &'static [&'static str],
    /// Its scaled counts.
    pub scaled: &'static [Scaled],
    /// Whether it takes the study options `--study` and `--quiet` (`sim bench` does not).
    pub study: bool,
}

/// `--games N` scaled, whole.
pub const fn games(value: u64, multiple: u64) -> Scaled {
    Scaled { option: "--games", value, multiple }
}

/// The short bench that ends the page.
pub const BENCH: Run = Run { folder: "bench", args: &["bench", "--seconds", "1"], scaled: &[], study: false };

impl Run {
    /// Its command line, from `sim`, at `scale` with `threads`, writing under `out`.
    pub fn command_line(&self, scale: f64, out: &Path, threads: usize) -> Vec<String> {
        let mut line: Vec<String> = ["sim"].iter().chain(self.args).map(|s| s.to_string()).collect();
        for s in self.scaled {
            line.extend([s.option.to_string(), s.at(scale).to_string()]);
        }
        if self.study {
            // The report's own small runs replace the previous report's, whatever their size.
            line.extend(["--study".into(), self.folder.into(), "--quiet".into(), "--force".into()]);
        }
        line.extend(["--threads".into(), threads.to_string(), "--out".into(), out.display().to_string()]);
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_counts_stay_whole_sessions() {
        let session = games(800, 8);
        assert_eq!(session.at(1.0), 800);
        assert_eq!(session.at(0.01), 8);
        assert_eq!(session.at(2.5), 2_000);
        assert_eq!(games(20_000, 1).at(0.5), 10_000);
    }

    #[test]
    fn a_run_is_the_command_a_user_types() {
        const RUN: Run = Run { folder: "report-x", args: &["x", "play"], scaled: &[games(800, 8)], study: true };
        let line = RUN.command_line(2.0, Path::new("out"), 2);
        assert_eq!(line.join(" "), "sim x play --games 1600 --study report-x --quiet --force --threads 2 --out out");
        assert_eq!(BENCH.command_line(9.0, Path::new("."), 1).join(" "), "sim bench --seconds 1 --threads 1 --out .");
    }
}
