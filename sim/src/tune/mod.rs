//! `sim tune FILE`: a strategy's parameters tuned against a field by a noise-robust search
//! paired on common random numbers ([`search`]), then confirmed: the tuned strategy and
//! the start each play the field (self-play meaning the start) on deals the search never
//! saw, and the tuned-vs-start gain is reported with its paired interval ([`report`]).
//! The tune file ([`file`]) names the game, its rules, the strategy, the parameters
//! ([`space`]), the opponents, the objective, the budget and the seed; the result depends
//! only on them, never on the threads.

pub mod file;
mod report;
pub mod search;
pub mod space;

use crate::duel::field::Field;
use crate::preset::Named;
use crate::runner::RunPlan;
use crate::stats::Interval;
use crate::study::Source;
use anyhow::Result;
use engine::config::Presets;
use file::{Opponent, TuneFile};
use search::Found;
use std::path::Path;
use std::time::Duration;

/// The example tune files shipped in `engine/src/<game>/presets/`, built in by their file
/// name without `.toml` (`sim tune tune_rackup` works from any folder).
pub const TUNES: Presets = Presets {
    kind: "tune file",
    list: &[
        ("tune_rackup", include_str!("../../../engine/src/rackup/presets/tune_rackup.toml")),
        ("tune_drift", include_str!("../../../engine/src/drift/presets/tune_drift.toml")),
        ("tune_medarot", include_str!("../../../engine/src/medarot/presets/tune_medarot.toml")),
        ("tune_mahjong", include_str!("../../../engine/src/mahjong/presets/tune_mahjong.toml")),
        ("tune_mahjong_strong", include_str!("../../../engine/src/mahjong/presets/tune_mahjong_strong.toml")),
        ("tune_goto_stakes", include_str!("../../../engine/src/mahjong/presets/tune_goto_stakes.toml")),
    ],
};

/// Reads the tune file `arg` names: a built-in of [`TUNES`], or a file (see [`crate::preset`]).
pub fn open(arg: &str) -> Result<TuneFile> {
    match crate::preset::resolve(arg, &TUNES)? {
        Named::BuiltIn(name) => TuneFile::parse(name, TUNES.text(name).expect("a built-in"), Path::new("")),
        Named::File(source) => {
            TuneFile::parse(&source.name, &source.text, Path::new(arg).parent().unwrap_or(Path::new("")))
        }
    }
}

/// A tune's result: the search and the confirmation.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// What the search found.
    pub found: Found,
    /// The objective's name.
    pub objective: &'static str,
    /// The tuned strategy's gain over the start per game on the confirmation's deals, with
    /// its paired 95% interval.
    pub confirmed: (f64, Interval),
    /// Games the confirmation played.
    pub confirm_games: u64,
    /// Time the confirmation spent playing.
    pub confirm_playing: Duration,
}

/// Runs the search and the confirmation of `file` on `threads` worker threads.
pub fn tune(file: &TuneFile, threads: usize) -> Result<Tuned> {
    let start = &file.strategy;
    let probe = Field::new(&file.game, std::slice::from_ref(start), std::slice::from_ref(start))?;
    let objective =
        probe.metric(file.objective.as_deref()).map_err(|e| anyhow::anyhow!("tune file {}: {e}", file.name))?;
    let found = search::search(file, probe.shape(), objective, threads)?;
    let opponents: Vec<Source> = file
        .opponents
        .iter()
        .map(|o| match o {
            Opponent::Incumbent | Opponent::Start => start.clone(),
            Opponent::Fixed(s) => s.clone(),
        })
        .collect();
    let field = Field::new(&file.game, &[start.clone(), found.tuned.clone()], &opponents)?;
    let range = found.deals..found.deals + file.confirm;
    let (acc, run) = field.play(&RunPlan::new(range.end, file.seed, threads), range)?;
    Ok(Tuned {
        objective: field.metrics()[objective].name,
        confirmed: field.gain(&acc, 1, objective),
        confirm_games: file.confirm * field.games_per_deal(),
        confirm_playing: run.elapsed,
        found,
    })
}

/// `sim tune`: tunes `file` and writes its results under `out_root` as `name` (replacing
/// results there only as [`crate::overwrite`] allows); returns the summary.
pub fn execute(file: &TuneFile, threads: usize, out_root: &Path, name: &str, force: bool) -> Result<String> {
    let incoming = crate::overwrite::Incoming { kind: "tune", games: file.budget };
    crate::overwrite::check(out_root, name, &incoming, force)?;
    let out = crate::output::StudyOutput::create(out_root, name)?;
    let tuned = tune(file, threads)?;
    let summary = report::write(file, &tuned, &out)?;
    out.data_file("summary.txt", &summary)?;
    let (data, reports) = out.commit()?;
    Ok(format!("{summary}\nwrote {} and {}", data.display(), reports.display()))
}
