//! Placement (順位): near the game's end a bot weighs its final place. It declines a win
//! (見逃し) that ends the game with it in a worse place than another win of the same hand,
//! still in reach, would; it decides whether to abort with 九種九牌; and with
//! `placement_riichi` it declares riichi only when a dama win would not change its rank.

use super::super::{Action, RiichiView};
use super::Bot;
use crate::mahjong::{Tile, TileCounts, ukeire};

impl Bot {
    /// Whether to take the win offered as `win` ([`Action::Tsumo`] or [`Action::Ron`]).
    /// Always, unless `placement` and the win ends the game (see
    /// [`RiichiView::final_place_after_win`]) with this seat below first and a better final
    /// place in reach (see [`Bot::best_place_in_reach`]). Declining a tsumo discards the
    /// drawn tile (the waits stay; the hand is then furiten, so only a tsumo is in reach).
    pub(super) fn takes_win(&self, view: &RiichiView<'_>, win: Action) -> bool {
        if !self.config.placement || !view.win_may_end_game() {
            return true;
        }
        let (concealed, tile, from) = match (win, view.offered(), view.drawn()) {
            (Action::Ron, Some((from, t)), _) => (*view.hand(), t, Some(from)),
            (Action::Tsumo, _, Some(t)) => {
                let mut h = *view.hand();
                h[t.index()] -= 1;
                (h, t, None)
            }
            _ => return true,
        };
        let place = view.points_after_win(&concealed, tile, from).and_then(|p| view.final_place_after_win(&p));
        match place {
            Some(place) if place > 0 => {
                Bot::best_place_in_reach(view, &concealed, from.is_some()).is_none_or(|best| best >= place)
            }
            _ => true,
        }
    }

    /// The best final place (0 first) among the wins of tenpai hand `concealed` still in
    /// reach after declining the one offered, each ending the game: a tsumo of any wait with
    /// a copy unseen, and after a declined ron (`ron_declined`) outside riichi and furiten
    /// also a ron of one from any other seat (the furiten of the pass lasts only until the
    /// seat's next draw). In reach only while this seat has another draw coming (at least
    /// one live tile per seat); `None` when none is.
    fn best_place_in_reach(view: &RiichiView<'_>, concealed: &TileCounts, ron_declined: bool) -> Option<u8> {
        let me = view.seat();
        let seats = view.others().count() + 1;
        if usize::from(view.live_left()) < seats {
            return None;
        }
        let visible = view.visible();
        let waits = ukeire(concealed, view.shanten_rules());
        let river = view.river(me);
        let furiten = waits.iter().any(|w| river.contains(&w));
        let rons = ron_declined && view.riichi(me).is_none() && !furiten;
        let place = |w: Tile, from: Option<usize>| {
            view.points_after_win(concealed, w, from).and_then(|p| view.final_place_after_win(&p))
        };
        let mut best: Option<u8> = None;
        for w in waits.iter().filter(|w| visible[w.index()] < 4) {
            let tsumo = place(w, None);
            let ron = view.others().filter(|_| rons).filter_map(|o| place(w, Some(o))).min();
            if let Some(p) = tsumo.into_iter().chain(ron).min() {
                best = Some(best.map_or(p, |b| b.min(p)));
            }
        }
        best
    }

    /// With `placement_riichi`, when a win can end the game: whether tenpai hand
    /// `concealed` (3n+1 tiles) stays dama, which it does when a dama tsumo on each wait
    /// with a live copy ends the game with this seat a place higher than now (first when
    /// first); `None` (not decided here) otherwise.
    pub(super) fn placement_dama(
        &self,
        view: &RiichiView<'_>,
        concealed: &TileCounts,
        visible: &TileCounts,
    ) -> Option<bool> {
        if !self.config.placement_riichi || !view.win_may_end_game() {
            return None;
        }
        let target = view.place().saturating_sub(1);
        let set = &view.game().rules().set;
        let mut live = ukeire(concealed, view.shanten_rules()).iter().filter(|w| visible[w.index()] < set.copies(*w));
        let reaches = |w: Tile| {
            let place = view.points_after_win(concealed, w, None).and_then(|p| view.final_place_after_win(&p));
            place.is_some_and(|p| p <= target)
        };
        let first = live.next()?;
        Some(reaches(first) && live.all(reaches))
    }

    /// Whether to abort with 九種九牌: unless the hand holds `kokushi_kinds` or more kinds of
    /// terminals and honours (then it plays for 国士無双), and with `placement`, unless this
    /// seat is last and its win could end the game (the all-last of a non-dealer): the
    /// abort only repeats the hand under Ron2's rules (the dealer keeps the deal, one honba
    /// more), so it shortens nothing, and last place has nothing to lose by the try.
    #[cold]
    #[inline(never)]
    pub(super) fn aborts(&self, view: &RiichiView<'_>) -> bool {
        let h = view.hand();
        let kinds = Tile::all().filter(|t| t.is_terminal_or_honor() && h[t.index()] > 0).count();
        let last = usize::from(view.place()) == view.others().count();
        let try_kokushi = self.config.placement && last && view.win_may_end_game();
        kinds < usize::from(self.config.kokushi_kinds) && !try_kokushi
    }
}
