//! One folder per game: its studies (what is played, what is aggregated, what is
//! written), its command, its sweep arm and its duel contest, and the registry: each game
//! implements [`GameKit`] once (its `kit.rs`), and [`each_game`] is the one list of games
//! the shared commands derive theirs from. A new game is its folder and one line there.

pub mod drift;
pub mod mahjong;
pub mod medarot;
pub mod rackup;

use crate::frame::Frame;
use crate::stats::Rate;
use crate::study::{EachKind, EachStudy};
use crate::sweep::arm::SweepArm;
use anyhow::Result;
use polars::prelude::{DataFrame, PolarsResult};

/// A game as the shared commands see it, implemented once in the game's folder.
pub trait GameKit {
    /// Its name in sweep files (`game = "…"`), `sim duel`, `sim deviations` and tune files.
    const NAME: &'static str;
    /// Its sweep arm: one ruleset of a sweep, read from the arm's documents.
    type SweepArm: SweepArm;
    /// Shows `v` every kind of study the game writes (what `sim merge` and `sim report
    /// --from` read back).
    fn kinds(v: &mut impl EachKind);
    /// Hands `f` each of the game's default studies (its commands' defaults), named: what
    /// `sim bench` measures and `sim/tests/every_study.rs` checks.
    fn default_studies(f: &mut impl EachStudy) -> Result<()>;
}

/// Something done with each game, generic over its kit.
pub trait EachGame {
    /// Does it with the game `K`.
    fn game<K: GameKit>(&mut self);
}

/// The one list of games: every shared command that must know the games asks here.
pub fn each_game(f: &mut impl EachGame) {
    f.game::<drift::Kit>();
    f.game::<rackup::Kit>();
    f.game::<medarot::Kit>();
    f.game::<mahjong::Kit>();
}

/// Every game's default studies, in the order of [`each_game`]; the first error stops.
pub fn each_default_study(f: &mut impl EachStudy) -> Result<()> {
    struct Defaults<'a, F>(&'a mut F, Result<()>);
    impl<F: EachStudy> EachGame for Defaults<'_, F> {
        fn game<K: GameKit>(&mut self) {
            if self.1.is_ok() {
                self.1 = K::default_studies(self.0);
            }
        }
    }
    let mut defaults = Defaults(f, Ok(()));
    each_game(&mut defaults);
    defaults.1
}

/// The match-up of game `index` in a square matrix of `n` entrants: the cell `index mod n²`
/// (row, column), with the sides swapped (the column entrant as side A) on every other
/// pass through the matrix, so each pairing is played from both sides.
pub fn matrix_cell(index: u64, n: usize) -> (usize, usize, bool) {
    let n = n as u64;
    let cell = index % (n * n);
    ((cell / n) as usize, (cell % n) as usize, (index / (n * n)) % 2 == 1)
}

/// The table of a square entrant × entrant matrix of row results
/// (`cells[row * n + col]`): one row per cell with the row entrant's win rate
/// and its 95% Wilson interval.
fn matrix_frame(names: &[String], cells: &[Rate]) -> PolarsResult<DataFrame> {
    let n = names.len();
    Frame::new()
        .col("row", (0..n * n).map(|c| names[c / n].clone()).collect::<Vec<_>>())
        .col("col", (0..n * n).map(|c| names[c % n].clone()).collect::<Vec<_>>())
        .col("games", cells.iter().map(|r| r.trials).collect::<Vec<_>>())
        .estimates("row_win_rate", cells.iter().map(Rate::estimate))
        .build()
}
