//! The chip study's accumulator: per bot model and arm, chips per person-game and per
//! session, the paired sums against the base arm, and the chip items behind the variance.

use super::super::goto::GotoAcc;
use super::{GAME_LOSSES, GAME_RANGE, SESSION_LOSSES, SESSION_RANGE};
use crate::paired::Paired;
use crate::stats::{Histogram, Interval, Moments, Rate};
use engine::mahjong::chips::{ChipItem, ChipTally, SIT_OUT};
use engine::mahjong::table::PEOPLE;
use serde::{Deserialize, Serialize};

/// Most arms: base, compared, compared with the other cut-bi timing.
pub(super) const MAX_ARMS: usize = 3;

/// One arm's chips.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmAcc {
    /// Chips per person and game (the sit-out included).
    pub game: Histogram,
    /// The same, as moments.
    pub moments: Moments,
    /// Person-games losing at least each of [`GAME_LOSSES`].
    pub losses: Vec<Rate>,
    /// Chips per game by person.
    pub persons: Vec<Moments>,
    /// Chips per game by role: seat 0, 1, 2, the sit-out (seat 3 at four seats).
    pub roles: Vec<Moments>,
    /// Per item: Σ |chips| over person-games (the [`ChipItem::counted`] ones of the set).
    pub item_abs: Vec<u64>,
    /// Per item: Σ item chips × total chips over person-games (its share of the variance).
    pub item_cross: Vec<i128>,
    /// Per game, chips moved Σ|c| (x) against the base arm's (y).
    pub moved: Paired,
    /// Per game, Σc² (x) against the base arm's (y).
    pub squares: Paired,
    /// Chips per person and session.
    pub session: Histogram,
    /// The same, as moments.
    pub session_moments: Moments,
    /// Worst drawdown per person and session (the lowest running total, 0 if never below).
    pub drawdown: Histogram,
    /// Per session, Σ|session chips| over its persons (x) against the base arm's (y).
    pub session_moved: Paired,
    /// Per session, Σ session chips² over its persons (x) against the base arm's (y).
    pub session_squares: Paired,
    /// Per session, the persons losing more than each of [`SESSION_LOSSES`] (x) against
    /// the base arm's (y): the session, zero-sum among its persons, is the unit.
    pub session_loss_counts: Vec<Paired>,
}

impl ArmAcc {
    /// No games yet, at a table whose set has blue fives or not.
    pub(super) fn new(blue_fives: bool) -> Self {
        let items = ChipItem::counted(blue_fives).len();
        Self {
            game: Histogram::new(GAME_RANGE.0, GAME_RANGE.1),
            moments: Moments::default(),
            losses: vec![Rate::default(); GAME_LOSSES.len()],
            persons: vec![Moments::default(); PEOPLE],
            roles: vec![Moments::default(); PEOPLE],
            item_abs: vec![0; items],
            item_cross: vec![0; items],
            moved: Paired::default(),
            squares: Paired::default(),
            session: Histogram::new(SESSION_RANGE.0, SESSION_RANGE.1),
            session_moments: Moments::default(),
            drawdown: Histogram::new(0, SESSION_RANGE.1),
            session_moved: Paired::default(),
            session_squares: Paired::default(),
            session_loss_counts: vec![Paired::default(); SESSION_LOSSES.len()],
        }
    }

    /// The share of persons per session losing more than `SESSION_LOSSES[k]`, averaged over
    /// sessions, with its 95% interval over sessions.
    pub fn session_loss(&self, k: usize, persons: f64) -> (f64, Interval) {
        let (mean, ci) = self.session_loss_counts[k].arm().estimate();
        (mean / persons, Interval { low: ci.low / persons, high: ci.high / persons })
    }
}

/// Σ|v| and Σv² of one unit's values (a game's or a session's chips by person).
fn spread(values: impl Iterator<Item = i64>) -> (i64, i64) {
    values.fold((0, 0), |(moved, squares), v| (moved + v.abs(), squares + v * v))
}

crate::merge_fields!(ArmAcc {
    game,
    moments,
    losses,
    persons,
    roles,
    item_abs,
    item_cross,
    moved,
    squares,
    session,
    session_moments,
    drawdown,
    session_moved,
    session_squares,
    session_loss_counts
});

/// One bot model's games: per arm, and the Gotō table study's own (yaku, length).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ModelAcc {
    /// Per arm, base first.
    pub arms: Vec<ArmAcc>,
    /// The games as the Gotō study counts them.
    pub table: GotoAcc,
}

/// The chip study's accumulator: one per bot model, the first model first.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChipsAcc {
    /// Per bot model, in [`ChipsParams::models`] order.
    pub models: Vec<ModelAcc>,
}

impl ChipsAcc {
    pub(super) fn new(models: usize, arms: usize, seats: usize, blue_fives: bool) -> Self {
        Self { models: (0..models).map(|_| ModelAcc::new(arms, seats, blue_fives)).collect() }
    }

    /// The first bot model's games (the ones the yaku table counts).
    pub fn first(&self) -> &ModelAcc {
        &self.models[0]
    }
}

crate::merge_fields!(ChipsAcc { models });

impl ModelAcc {
    /// No games yet, for `arms` at a table of `seats` whose set has blue fives or not.
    pub(super) fn new(arms: usize, seats: usize, blue_fives: bool) -> Self {
        let arms = (0..arms).map(|_| ArmAcc::new(blue_fives)).collect();
        Self { arms, table: GotoAcc::new(seats, blue_fives) }
    }

    /// Adds one game's tallies (one per arm); `person` maps an arm's participant to its
    /// person (the seatings of an adapted model's two plays may differ).
    pub(super) fn record_game(&mut self, tallies: &[ChipTally], person: &dyn Fn(usize, usize) -> Option<u8>) {
        let stat = |t: &ChipTally| spread(t.totals().into_iter().map(i64::from));
        let base = stat(&tallies[0]);
        for (a, (arm, t)) in self.arms.iter_mut().zip(tallies).enumerate() {
            let (moved, squares) = stat(t);
            arm.moved.record(moved, base.0);
            arm.squares.record(squares, base.1);
            for (q, (row, total)) in t.net.iter().zip(t.totals()).enumerate() {
                let Some(p) = person(a, q) else { continue };
                let total = i64::from(total);
                arm.game.record(total);
                arm.moments.record(total);
                for (r, &x) in arm.losses.iter_mut().zip(&GAME_LOSSES) {
                    r.record(total <= -x);
                }
                arm.persons[usize::from(p)].record(total);
                arm.roles[q.min(usize::from(SIT_OUT))].record(total);
                for ((abs, cross), &c) in arm.item_abs.iter_mut().zip(&mut arm.item_cross).zip(row) {
                    *abs += u64::from(c.unsigned_abs());
                    *cross += i128::from(c) * i128::from(total);
                }
            }
        }
    }

    /// Adds one session's chips by arm and person (`net`) and lowest running totals
    /// (`low`), for its first `persons` persons (the others never played).
    pub(super) fn record_session(&mut self, net: &[[i64; PEOPLE]], low: &[[i64; PEOPLE]], persons: usize) {
        let stat = |net: &[i64; PEOPLE]| {
            let losing = SESSION_LOSSES.map(|x| net[..persons].iter().filter(|&&n| n < -x).count() as i64);
            (spread(net[..persons].iter().copied()), losing)
        };
        let base = stat(&net[0]);
        for ((arm, net), low) in self.arms.iter_mut().zip(net).zip(low) {
            let ((moved, squares), losing) = stat(net);
            arm.session_moved.record(moved, base.0.0);
            arm.session_squares.record(squares, base.0.1);
            for ((r, x), y) in arm.session_loss_counts.iter_mut().zip(losing).zip(base.1) {
                r.record(x, y);
            }
            for (&n, &l) in net[..persons].iter().zip(&low[..persons]) {
                arm.session.record(n);
                arm.session_moments.record(n);
                arm.drawdown.record(-l);
            }
        }
    }
}

crate::merge_fields!(ModelAcc { arms, table });

/// Person-games of an arm.
pub(super) fn person_games(a: &ArmAcc) -> u64 {
    a.moments.n
}

/// Mean absolute chips per person and game with its 95% interval (from the per-game sums).
pub(super) fn mean_abs(a: &ArmAcc, persons: f64) -> (f64, f64, f64) {
    let (mean, ci) = a.moved.arm().estimate();
    (mean / persons, ci.low / persons, ci.high / persons)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_29_session_loss_rates_take_the_session_as_the_unit() {
        // Every session has exactly one person of four down more than 100 (a zero-sum
        // session): the share is 1/4 in each, so its interval over sessions has no width,
        // where Wilson over the 400 person-sessions as independent trials gives ±0.04.
        let mut acc = ModelAcc::new(1, 3, false);
        for k in 0..100 {
            let net = [[-150, 50, 50 + k, 50 - k]];
            acc.record_session(&net, &net.map(|n| n.map(|v| v.min(0))), PEOPLE);
        }
        let (share, ci) = acc.arms[0].session_loss(1, PEOPLE as f64);
        assert_eq!((share, ci.low, ci.high), (0.25, 0.25, 0.25));
        // Three fixed players: the fourth person never plays and is not counted.
        let mut fixed = ModelAcc::new(1, 3, false);
        fixed.record_session(&[[-150, 100, 50, 0]], &[[-150, 0, 0, 0]], 3);
        assert_eq!((fixed.arms[0].session_moments.n, fixed.arms[0].session_loss(1, 3.0).0), (3, 1.0 / 3.0));
    }
}
