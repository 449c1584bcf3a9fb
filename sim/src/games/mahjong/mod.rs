//! Riichi mahjong: the four-player table study ([`play`], `sim mahjong play`), Gotō's
//! three-seat table ([`goto`]) and its chips ([`chips`]), where a table's rules and bots
//! come from ([`table_rules`]) and its game logs ([`table_logs`]), the calibration table
//! ([`calibration`]), the JSON-lines hand tools ([`hand_tools`]), the command ([`cli`]),
//! the sweep arm and the duel contest.

pub mod calibration;
pub mod chips;
pub(crate) mod cli;
pub(crate) mod duel;
pub mod goto;
pub mod hand_tools;
mod kit;
pub mod play;
pub(crate) mod sweep;
pub mod table_logs;
pub mod table_rules;
mod words;

pub use duel::MahjongDuel;
pub use kit::Kit;

use crate::frame::Frame;
use crate::stats::Rate;
use engine::mahjong::{Rules, Yaku};
use polars::prelude::{DataFrame, PolarsResult};

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
