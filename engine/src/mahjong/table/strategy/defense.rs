//! Defence: who is a threat (riichi, or an open hand with enough melds) and
//! how dangerous a discard is against them (genbutsu, suji, kabe, one
//! chance, honours; sanma's 1m and 9m like honours).

use super::super::{Action, MAX_SEATS, RiichiView};
use super::Bot;
use crate::mahjong::{Tile, TileCounts, TileSet};

impl Bot {
    /// Seats (a bit each) the viewing seat defends against: riichi, and
    /// open hands with at least `threat_melds` open melds.
    pub(super) fn threats(&self, view: &RiichiView<'_>) -> u8 {
        let mut out = 0;
        for o in view.others() {
            let open = view.melds(o).iter().filter(|m| m.is_open()).count();
            if view.riichi(o).is_some() || open >= usize::from(self.config.threat_melds) {
                out |= 1 << o;
            }
        }
        out
    }

    /// Per seat in `threats`, the kinds that are genbutsu against it: its river and what it
    /// let pass since its riichi (counted once per decision, not per discard weighed).
    pub(super) fn genbutsu(view: &RiichiView<'_>, threats: u8) -> [TileSet; MAX_SEATS] {
        let mut out = [TileSet::EMPTY; MAX_SEATS];
        for o in view.others().filter(|&o| threats & (1 << o) != 0) {
            out[o] = view.river(o).iter().fold(view.let_pass(o), |s, &x| s.with(x));
        }
        out
    }

    /// Danger of discarding `t` against the seats in `threats` (0 safest):
    /// genbutsu 0 (the threat's own discards, and against a riichi every tile it let pass
    /// since, whoever discarded it); an honour (or a sanma 1m/9m, which no sequence runs through) three of
    /// which are visible 1; suji, or a
    /// suited tile whose every shape through it is walled off (kabe: all
    /// four of the neighbours seen), 2; one chance (three of them seen) or
    /// an honour with fewer seen, 3; other terminals 4; other tiles 6. `genbutsu` is
    /// [`Bot::genbutsu`] of the same threats.
    pub(super) fn danger(
        view: &RiichiView<'_>,
        genbutsu: &[TileSet; MAX_SEATS],
        threats: u8,
        t: Tile,
        visible: &TileCounts,
    ) -> u8 {
        let mut worst = 0;
        for o in view.others().filter(|&o| threats & (1 << o) != 0) {
            let safe = |x: Tile| genbutsu[o].contains(x);
            let d = if safe(t) {
                0
            } else if t.is_honor() || Bot::in_no_sequence(view, t) {
                if visible[t.index()] >= 3 { 1 } else { 3 }
            } else {
                let n = t.number();
                let near = |k: i8| Tile::from_index((t.index() as i8 + k) as u8);
                let seen = |k: i8| near(k).is_some_and(safe);
                let seen_all = |k: i8, n: u8| near(k).is_some_and(|x| visible[x.index()] >= n);
                let walled = |k: i8| seen_all(k, 4);
                let thin = |k: i8| seen_all(k, 3);
                let suji = match n {
                    1..=3 => seen(3),
                    7..=9 => seen(-3),
                    _ => seen(3) && seen(-3),
                };
                // No sequence wait through `t`: every neighbour on each side is gone.
                let kabe = match n {
                    1 | 2 => walled(1),
                    8 | 9 => walled(-1),
                    _ => walled(1) && walled(-1),
                };
                // One chance: three of each neighbour seen, one copy left to wait with.
                let one_chance = match n {
                    1 | 2 => thin(1),
                    8 | 9 => thin(-1),
                    _ => thin(1) && thin(-1),
                };
                match (suji || kabe, one_chance, t.is_terminal()) {
                    (true, _, _) => 2,
                    (false, true, _) => 3,
                    (false, false, true) => 4,
                    (false, false, false) => 6,
                }
            };
            worst = worst.max(d);
        }
        worst
    }

    /// Whether no sequence of the tile set runs through `t`: in sanma, 1m and 9m (2m–8m are
    /// not in the set), which are then read like honours.
    fn in_no_sequence(view: &RiichiView<'_>, t: Tile) -> bool {
        let set = &view.game().rules().set;
        let step = if t.number() == 1 { 1 } else { -1 };
        t.is_terminal() && Tile::from_index((t.index() as i8 + step) as u8).is_some_and(|x| !set.contains(x))
    }

    /// The legal discard least dangerous against `threats`.
    pub(super) fn safest(view: &RiichiView<'_>, legal: &[Action], threats: u8, visible: &TileCounts) -> Action {
        let genbutsu = Bot::genbutsu(view, threats);
        let safest = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Discard(x) => Some(x),
                _ => None,
            })
            .min_by_key(|&x| Bot::danger(view, &genbutsu, threats, x, visible));
        Action::Discard(safest.expect("a turn always has a discard"))
    }
}
