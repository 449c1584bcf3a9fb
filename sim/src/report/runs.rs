//! What `sim report` runs when it is not given `--from`: the default study of every game,
//! one example sweep and a short `sim bench`, each as the `sim` command line a user would
//! type, sized to finish in a few minutes on two cores (`--games-scale` multiplies the game
//! counts). Their results are named `report-<game>` so they do not replace the full-size
//! studies of the same name.

use std::path::Path;

/// A count option of a run, scaled by `--games-scale`.
pub struct Scaled {
    /// The option (`--games`).
    pub option: &'static str,
    /// Its value at scale 1.
    pub value: u64,
    /// The value is kept a multiple of this (a Gotō session's games).
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
const fn games(value: u64, multiple: u64) -> Scaled {
    Scaled { option: "--games", value, multiple }
}

/// The example sweep: a sweep file built into `sim` ([`crate::sweep::SWEEPS`]), so the
/// report runs from any folder.
pub const SWEEP: &str = "sweep_rackup_ablate";

/// Every run of the report, in page order.
pub const RUNS: [Run; 8] = [
    Run { folder: "report-drift", args: &["drift"], scaled: &[games(200_000, 1)], study: true },
    Run { folder: "report-rackup", args: &["rackup"], scaled: &[games(20_000, 1)], study: true },
    Run {
        folder: "report-medarot",
        args: &["medarot"],
        scaled: &[games(20_000, 1), Scaled { option: "--ablation-games", value: 2_000, multiple: 1 }],
        study: true,
    },
    Run { folder: "report-mahjong", args: &["mahjong", "play"], scaled: &[games(1_000, 1)], study: true },
    Run { folder: "report-goto", args: &["mahjong", "play", "--rules", "goto"], scaled: &[games(800, 8)], study: true },
    Run { folder: "report-goto-chips", args: &["mahjong", "chips"], scaled: &[games(2_000, 8)], study: true },
    Run { folder: "report-sweep", args: &["sweep", SWEEP], scaled: &[], study: true },
    Run { folder: "bench", args: &["bench", "--seconds", "1"], scaled: &[], study: false },
];

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
        let goto = games(800, 8);
        assert_eq!(goto.at(1.0), 800);
        assert_eq!(goto.at(0.01), 8);
        assert_eq!(goto.at(2.5), 2_000);
        assert_eq!(games(20_000, 1).at(0.5), 10_000);
    }

    #[test]
    fn the_example_sweep_opens_from_any_folder() {
        // The unit tests run in `sim/`, not the repository's root.
        let study = crate::sweep::SweepStudy::open(SWEEP, None, 1).unwrap_or_else(|e| panic!("{e:#}"));
        assert_eq!(study.games_and_seed(), (20_000, 7));
    }

    #[test]
    fn a_run_is_the_command_a_user_types() {
        let line = RUNS[4].command_line(2.0, Path::new("out"), 2);
        assert_eq!(
            line.join(" "),
            "sim mahjong play --rules goto --games 1600 --study report-goto --quiet --force --threads 2 --out out"
        );
        assert_eq!(RUNS[7].command_line(9.0, Path::new("."), 1).join(" "), "sim bench --seconds 1 --threads 1 --out .");
    }
}
