//! One folder per game: its studies (what is played, what is aggregated, what is
//! written), its command, its sweep arm and its duel contest.

pub mod drift;
pub mod mahjong;
pub mod medarot;
pub mod rackup;

use crate::frame::Frame;
use crate::stats::Rate;
use polars::prelude::{DataFrame, PolarsResult};

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
