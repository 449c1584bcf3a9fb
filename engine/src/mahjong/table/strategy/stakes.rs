//! Chips and stakes (Gotō, preset `goto-stakes`): whether riichi earns chips at this table,
//! and the cut-bi stakes of a hand read from every seat's state (満塁 Bases, ホームラン
//! HomeRun, GOTO-SPEC G-B1..B4).

use super::super::RiichiView;
use super::Bot;

impl Bot {
    /// Whether a riichi can earn chips at this table: it pays them for ura dora or
    /// ippatsu (G-C1, G-C4).
    pub(super) fn riichi_earns_chips(view: &RiichiView<'_>) -> bool {
        view.game().settings().chips.is_some_and(|c| c.ura > 0 || c.ippatsu > 0)
    }

    /// The stakes of this hand against the seats in `threats` (a bit each), as `(risk,
    /// gain)`: risk 2 when one of them is HomeRun (a deal-in to it pays doubled chips),
    /// gain 2 when this seat is HomeRun (its win takes doubled chips); `(1, 1)` without
    /// `stakes` or at a table without cut-bi.
    pub(super) fn stakes(&self, view: &RiichiView<'_>, threats: u8) -> (u32, u32) {
        if !self.config.stakes || view.home_run(view.seat()).is_none() {
            return (1, 1);
        }
        let home_run = |seat: usize| view.home_run(seat) == Some(true);
        let risk = view.others().any(|o| threats & (1 << o) != 0 && home_run(o));
        (1 + u32::from(risk), 1 + u32::from(home_run(view.seat())))
    }
}
