//! Hand value, for the value-aware settings (preset `value`): the dora a tile is worth
//! keeping, the han an open hand promises under its plan, and the worth of a tenpai
//! hand's waits.

use super::super::RiichiView;
use super::plan::{Plan, keep_value};
use super::{Bot, is_open};
use crate::mahjong::{Meld, Tile, TileCounts, TileSet};

/// A wait's worth counts han up to this many (2^han doubles the points up to a mangan).
const WORTH_MAX_HAN: u8 = 5;

/// The fives a red or gold piece can be (5m, 5p, 5s).
const FIVES: [usize; 3] = [4, 13, 22];

/// Dora per kind for the viewing seat: how many turned indicators show each kind.
fn indicated(view: &RiichiView<'_>) -> TileCounts {
    let mut dora = [0; 34];
    let set = &view.game().rules().set;
    view.indicators().for_each(|i| dora[set.dora_from_indicator(i).index()] += 1);
    dora
}

impl Bot {
    /// The dora per kind [`Bot::keep`] reads: [`indicated`], counted once per decision; none
    /// without `dora_keep` (then `keep` never reads them).
    pub(super) fn dora(&self, view: &RiichiView<'_>) -> TileCounts {
        if self.config.dora_keep == 0 { [0; 34] } else { indicated(view) }
    }

    /// How much tile `t` of `hand` is worth keeping, for ties: [`keep_value`], plus
    /// `dora_keep` per dora it is (`dora` per kind, see [`indicated`], or a red or gold five
    /// with no plain five of its kind held) where the plan can use it.
    pub(super) fn keep(&self, view: &RiichiView<'_>, hand: &TileCounts, t: Tile, plan: Plan, dora: &TileCounts) -> u8 {
        let base = keep_value(view, hand, t, plan);
        if self.config.dora_keep == 0 || base == 0 {
            return base;
        }
        let marked = u8::from(view.marked_fives(t) >= hand[t.index()]);
        base.saturating_add(self.config.dora_keep.saturating_mul(dora[t.index()] + marked))
    }

    /// Whether an open hand with `melds` and concealed `hand` is worth `call_min_han` under
    /// `plan`: the plan's yaku ([`Plan::open_han`]) plus the indicated dora held and
    /// melded and the red and gold fives held concealed.
    pub(super) fn worth_calling(&self, view: &RiichiView<'_>, melds: &[Meld], hand: &TileCounts, plan: Plan) -> bool {
        let least = self.config.call_min_han;
        if least == 0 {
            return true;
        }
        let mut all = *hand;
        melds.iter().for_each(|m| m.add_to(&mut all));
        let dora = indicated(view);
        let held: u8 = all.iter().zip(dora).map(|(&c, d)| c * d).sum();
        let marked: u8 = FIVES.iter().map(|&i| view.marked_fives(Tile::from_index(i as u8).expect("a five"))).sum();
        plan.open_han() + held + marked >= least
    }

    /// The worth of tenpai `hand`'s `waits` (3n+1 tiles, its [`ukeire`]): the live copies
    /// of each wait times 2^han of a win on it (a dama ron's han, dora and red fives
    /// included, plus one for riichi when the hand is closed and the bot declares riichi),
    /// han capped at [`WORTH_MAX_HAN`]; a wait without a yaku counts riichi's han alone (none
    /// when open).
    ///
    /// [`ukeire`]: crate::mahjong::ukeire
    pub(super) fn wait_worth(
        &self,
        view: &RiichiView<'_>,
        hand: &TileCounts,
        waits: TileSet,
        visible: &TileCounts,
    ) -> u32 {
        let riichi = u8::from(self.config.riichi && !is_open(view.melds(view.seat())));
        let set = &view.game().rules().set;
        waits
            .iter()
            .map(|w| {
                let live = u32::from(set.copies(w).saturating_sub(visible[w.index()]));
                let han = view.ron_han(hand, w).unwrap_or(0) + riichi;
                match han {
                    0 => 0,
                    _ => live << han.min(WORTH_MAX_HAN),
                }
            })
            .sum()
    }
}
