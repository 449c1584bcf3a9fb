//! The paired arms of the `play` and `cars` modes. An arm is one styled subject in one
//! column (a way of playing, a car): its battle against the style-less baseline of its
//! kind, and the baseline's mirror battle, both played from the same stream (common random
//! numbers). The style's win-rate gain is the difference of the two results, game by game.
//! - `play`: every style measured in `styles` mode (each kind where it acts), under each of
//!   [`PLAYS`] (both sides playing it); the plays of a game share its stream too, so the
//!   difference between two plays' gains is paired as well ([`CONTRASTS`]).
//! - `cars`: every style, in the first kind of battle where it acts (chase, solo, team), with
//!   the base driver's car and rank set to each cell of [`SPEEDS`] × [`HORSEPOWERS`] ×
//!   [`RANKS`] (baseline: the same car without the style), under side A's strategy against
//!   side B's.

use super::{DriftStudy, KINDS, Subject, acts, kind_name, styled};
use crate::paired::Paired;
use engine::drift::{DriftOutcome, Driver, Mode as Kind, Style, Team};
use serde::{Deserialize, Serialize};

/// The plays `play` mode compares, in column order.
pub const PLAYS: [&str; 3] = ["plain", "random", "heuristic"];

/// The pairs of plays (later, earlier) whose gains `play` mode compares.
pub const CONTRASTS: [(usize, usize); 3] = [(1, 0), (2, 0), (2, 1)];

/// Car speeds (速度) of the `cars` grid.
pub const SPEEDS: [i8; 3] = [2, 4, 6];
/// Car horsepowers (馬力) of the `cars` grid.
pub const HORSEPOWERS: [i8; 3] = [2, 4, 6];
/// Driver ranks (走り屋ランク) of the `cars` grid.
pub const RANKS: [i8; 3] = [1, 3, 5];

/// One arm: a styled subject and the baseline it is compared with, in one kind of battle.
#[derive(Clone, Copy, Debug)]
pub struct Arm {
    /// The kind of battle.
    pub kind: Kind,
    /// The side holding the style.
    pub styled: Team,
    /// The same side without it.
    pub base: Team,
}

/// The arms of a study: a row per style subject, a column per play or car, row-major.
#[derive(Clone, Debug, Default)]
pub struct Arms {
    /// Row labels: `style (kind)`.
    pub rows: Vec<String>,
    /// The style and kind of each row.
    pub row_styles: Vec<(Style, Kind)>,
    /// Column labels: a play, or `speed S / hp H / rank R`.
    pub cols: Vec<String>,
    /// The car cells of `cars` mode, one per column: (speed, horsepower, rank).
    pub cells: Vec<(i8, i8, i8)>,
    /// `arms[row * cols + col]`.
    pub arms: Vec<Arm>,
}

impl Arms {
    /// `play` mode: the styled subjects of `styles` mode, one column per play.
    pub fn play(subjects: &[Subject]) -> Arms {
        let mut arms = Arms { cols: PLAYS.map(str::to_string).to_vec(), ..Arms::default() };
        for s in subjects {
            let Some(style) = s.style else { continue };
            let base = subjects.iter().find(|b| b.kind == s.kind && b.style.is_none()).map_or(s.team, |b| b.team);
            arms.rows.push(format!("{} ({})", style.id(), kind_name(s.kind)));
            arms.row_styles.push((style, s.kind));
            arms.arms.extend(PLAYS.map(|_| Arm { kind: s.kind, styled: s.team, base }));
        }
        arms
    }

    /// `cars` mode: every style in the first kind where it acts, over the car grid.
    pub fn cars(base: Driver) -> Arms {
        let cells: Vec<(i8, i8, i8)> = RANKS
            .iter()
            .flat_map(|&r| SPEEDS.iter().flat_map(move |&s| HORSEPOWERS.iter().map(move |&h| (s, h, r))))
            .collect();
        let mut arms = Arms {
            cols: cells.iter().map(|(s, h, r)| format!("speed {s} / hp {h} / rank {r}")).collect(),
            cells,
            ..Arms::default()
        };
        for style in Style::ALL {
            let Some(kind) = KINDS.into_iter().find(|&k| acts(style, &base, k)) else { continue };
            arms.rows.push(format!("{} ({})", style.id(), kind_name(kind)));
            arms.row_styles.push((style, kind));
            for &(speed, horsepower, rank) in &arms.cells {
                let car = Driver { speed, horsepower, rank, ..base };
                let team = |s| styled(car, s, kind).team;
                arms.arms.push(Arm { kind, styled: team(Some(style)), base: team(None) });
            }
        }
        arms
    }

    /// The arm at `row`, `col`.
    pub fn at(&self, row: usize, col: usize) -> &Arm {
        &self.arms[row * self.cols.len() + col]
    }
}

/// The arms' results.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ArmsAcc {
    /// Per arm (row-major): the styled battle's result (x) against the baseline's mirror
    /// battle's on the same stream (y), in half wins (a win 2, a tie 1): the gain is their
    /// difference.
    pub gain: Vec<Paired>,
    /// `play` mode, per row and [`CONTRASTS`] pair: the later play's gain (x) against the
    /// earlier's on the same games (y), in half wins.
    pub contrast: Vec<Paired>,
}

impl ArmsAcc {
    /// An empty aggregate for `arms` (contrasts in `play` mode).
    pub fn new(arms: &Arms, play: bool) -> ArmsAcc {
        let contrasts = if play { arms.rows.len() * CONTRASTS.len() } else { 0 };
        ArmsAcc { gain: vec![Paired::default(); arms.arms.len()], contrast: vec![Paired::default(); contrasts] }
    }

    /// Records one game of `row` in the columns played: `results[col]`, the styled and the
    /// baseline battle's results in half wins (`cols` the columns given, in order).
    pub fn record(&mut self, ncols: usize, row: usize, cols: &[usize], results: &[(i64, i64)]) {
        for (&c, &(styled, base)) in cols.iter().zip(results) {
            self.gain[row * ncols + c].record(styled, base);
        }
        if !self.contrast.is_empty() {
            let gain = |c: usize| results[c].0 - results[c].1;
            for (k, &(x, y)) in CONTRASTS.iter().enumerate() {
                self.contrast[row * CONTRASTS.len() + k].record(gain(x), gain(y));
            }
        }
    }
}

crate::merge_fields!(ArmsAcc { gain, contrast });

/// Side A's result in half wins: a win 2, a tie 1, a loss 0.
pub fn halves(o: &DriftOutcome) -> i64 {
    match o.winner {
        Some(0) => 2,
        Some(_) => 0,
        None => 1,
    }
}

impl DriftStudy {
    /// Game `index`'s row and swap in an arms mode: rows take turns, each pass swapping
    /// who leads first; in `cars` mode a row is one arm (style and car).
    pub(super) fn arm_of(&self, index: u64) -> (usize, bool) {
        let units = if self.params.mode == super::Mode::Play { self.arms.rows.len() } else { self.arms.arms.len() };
        let units = units.max(1) as u64;
        ((index % units) as usize, (index / units) % 2 == 1)
    }
}
