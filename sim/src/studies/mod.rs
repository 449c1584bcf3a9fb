//! One study per game: what is played, what is aggregated, what is written.

pub mod chips;
pub mod drift;
pub mod goto;
pub mod mahjong;
pub mod medarot;
pub mod rackup;
pub mod table_logs;
pub mod table_rules;

use crate::frame::Frame;
use crate::stats::Rate;
use engine::mahjong::{Rules, Yaku};
use polars::prelude::{DataFrame, PolarsResult};

/// The match-up of game `index` in a square matrix of `n` entrants: the cell `index mod n²`
/// (row, column), with the sides swapped (the column entrant as side A) on every other
/// pass through the matrix, so each pairing is played from both sides.
pub fn matrix_cell(index: u64, n: usize) -> (usize, usize, bool) {
    let n = n as u64;
    let cell = index % (n * n);
    ((cell / n) as usize, (cell % n) as usize, (index / (n * n)) % 2 == 1)
}

/// The table of wins with each yaku shown: how many, and the share of wins with its 95%
/// Wilson interval (`rate`); `rules` name the data yaku.
fn yaku_frame(
    rules: &Rules,
    shown: &[Yaku],
    wins_with: &[u64],
    rate: impl Fn(Yaku) -> Rate,
) -> PolarsResult<DataFrame> {
    Frame::new()
        .col("yaku", shown.iter().map(|&y| rules.yaku_name(y)).collect::<Vec<_>>())
        .col("wins_with", shown.iter().map(|&y| wins_with[y as usize]).collect::<Vec<_>>())
        .estimates("share_of_wins", shown.iter().map(|&y| rate(y).estimate()))
        .build()
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
