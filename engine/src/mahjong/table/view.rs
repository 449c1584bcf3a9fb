//! What one seat sees: its own tiles, everyone's discards, melds and riichi,
//! the dora indicators, the points and the offered tile. Never the wall or
//! another seat's concealed tiles.

use super::config::{Next, ranks};
use super::state::Phase;
use super::{MAX_SEATS, RIICHI_STICK, RiichiTable, TableState};
use crate::mahjong::{Meld, Payment, ShantenRules, Tile, TileCounts, TileSet, WinFlags, score_hand};

/// The view of one seat.
#[derive(Clone, Copy, Debug)]
pub struct RiichiView<'a> {
    game: &'a RiichiTable,
    state: &'a TableState,
    seat: usize,
}

impl<'a> RiichiView<'a> {
    pub(super) fn new(game: &'a RiichiTable, state: &'a TableState, seat: usize) -> Self {
        RiichiView { game, state, seat }
    }

    /// The deciding seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// Own concealed tiles per kind.
    pub fn hand(&self) -> &TileCounts {
        &self.state.seats[self.seat].hand
    }

    /// The tile just drawn, on a turn after a draw.
    pub fn drawn(&self) -> Option<Tile> {
        self.state.seats[self.seat].drawn
    }

    /// Melds of any seat.
    pub fn melds(&self, seat: usize) -> &[Meld] {
        self.state.seats[seat].melds()
    }

    /// Discards of any seat, in order.
    pub fn river(&self, seat: usize) -> &[Tile] {
        self.state.seats[seat].river()
    }

    /// Whether `seat` is in riichi, and the index of its declaring discard.
    pub fn riichi(&self, seat: usize) -> Option<usize> {
        let s = &self.state.seats[seat];
        s.riichi.then_some(s.riichi_at as usize)
    }

    /// Kinds discarded by the other seats since `seat`'s riichi, which it let pass (safe
    /// against it); empty when it is not in riichi.
    pub fn let_pass(&self, seat: usize) -> TileSet {
        self.state.seats[seat].let_pass
    }

    /// The waits `seat` shows in open riichi (G-R2), if it is in one.
    pub fn open_waits(&self, seat: usize) -> Option<TileSet> {
        let s = &self.state.seats[seat];
        s.in_open_riichi().then_some(s.waits)
    }

    /// Points of every seat.
    pub fn points(&self) -> &[i32; MAX_SEATS] {
        &self.state.points
    }

    /// The other seats in play, in turn order after the viewing seat.
    pub fn others(&self) -> impl Iterator<Item = usize> + use<> {
        self.state.others(self.seat)
    }

    /// Seat wind of a seat (0 East … 3 North).
    pub fn seat_wind(&self, seat: usize) -> u8 {
        self.state.seat_wind(seat)
    }

    /// Round wind (0 East, 1 South).
    pub fn round_wind(&self) -> u8 {
        self.state.round_wind()
    }

    /// Live tiles left to draw.
    pub fn live_left(&self) -> u8 {
        self.state.live_left()
    }

    /// The turned dora indicators.
    pub fn indicators(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..self.state.indicators).filter_map(|i| self.state.indicator(i))
    }

    /// The offered tile (a discard, or a kan's tile for chankan) and who
    /// offered it, while the seat is asked.
    pub fn offered(&self) -> Option<(usize, Tile)> {
        match self.state.phase {
            Phase::Offer { from, tile, .. } => Some((from as usize, tile)),
            _ => None,
        }
    }

    /// Whether the seat, the dealer after its win, chooses 和了やめ ([`Action::Stop`](super::Action::Stop)) or
    /// to play on.
    pub fn is_stop_choice(&self) -> bool {
        matches!(self.state.phase, Phase::Stop { .. })
    }

    /// Every tile this seat can see, per kind: its hand, all rivers (called
    /// tiles counted once, in the melds), all melds, the dora indicators.
    pub fn visible(&self) -> TileCounts {
        let mut v = *self.hand();
        for s in &self.state.seats {
            for (i, t) in s.river().iter().enumerate() {
                if s.called_mask & (1 << i) == 0 {
                    v[t.index()] += 1;
                }
            }
            for m in s.melds() {
                m.add_to(&mut v);
            }
        }
        for t in self.indicators() {
            v[t.index()] += 1;
        }
        v.iter_mut().for_each(|c| *c = (*c).min(4));
        v
    }

    /// Han of a ron on `win` by this seat holding `concealed` (3n+1 tiles)
    /// beside its own melds, dora and red fives included, without riichi or
    /// any situational yaku (ippatsu, haitei, …); `None` when that would be
    /// no win (no yaku, or not a complete hand). For a dama/riichi choice.
    pub fn ron_han(&self, concealed: &TileCounts, win: Tile) -> Option<u8> {
        let mut hand = self.game.hand_of(self.state, self.seat, win, WinFlags(0));
        hand.concealed = *concealed;
        hand.concealed[win.index()] += 1;
        // Without riichi: no riichi flags, no ura dora, and honba do not change han.
        (hand.flags, hand.ura_count, hand.honba) = (WinFlags(0), 0, 0);
        score_hand(self.game.rules(), &hand).ok().map(|h| h.han)
    }

    /// Points of every seat after a win by this seat on `win` holding `concealed` (3n+1
    /// tiles) beside its melds, from seat `from` (`None`: tsumo): honba and the riichi
    /// sticks on the table included; not the ura dora (unseen), pao, or a second ron on the
    /// same tile. The offered tile (from its discarder) and the drawn tile are scored with
    /// their situational flags (河底, 搶槓, 海底, 嶺上, the first turn's), other tiles with
    /// none. `None` when that would be no win (no yaku, or not a complete hand). For
    /// weighing a win's placement.
    pub fn points_after_win(&self, concealed: &TileCounts, win: Tile, from: Option<usize>) -> Option<[i32; MAX_SEATS]> {
        let (game, state, seat) = (self.game, self.state, self.seat);
        let (flags, offered) = match (from, state.phase) {
            (Some(f), Phase::Offer { from, tile, kind, .. }) if f == usize::from(from) && tile == win => {
                (game.ron_flags(state, seat, kind), true)
            }
            (Some(_), _) => (WinFlags(0), false),
            (None, Phase::Turn { rinshan, .. }) if self.drawn() == Some(win) => {
                (game.tsumo_flags(state, seat, rinshan), false)
            }
            (None, _) => (WinFlags::TSUMO, false),
        };
        let mut hand = game.hand_of(state, seat, win, flags);
        if offered {
            super::settle::add_offered_piece(&mut hand, state);
        }
        hand.concealed = *concealed;
        hand.concealed[win.index()] += 1;
        hand.ura_count = 0;
        let score = game.score_best(state, seat, hand, false).ok()?;
        let mut points = state.points;
        match (score.payment, from) {
            (Payment::Ron(x), Some(from)) => {
                points[from] -= x as i32;
                points[seat] += x as i32;
            }
            (Payment::Tsumo { dealer_pays, non_dealer_pays }, None) => {
                for o in state.others(seat) {
                    let due = if o == state.dealer() { dealer_pays } else { non_dealer_pays } as i32;
                    points[o] -= due;
                    points[seat] += due;
                }
            }
            _ => return None,
        }
        points[seat] += RIICHI_STICK * state.sticks as i32;
        Some(points)
    }

    /// Whether a hand won by this seat can end the game by its length, whatever the points
    /// (the all-last, an extension's hands, sudden death; a dealer's win only where it may
    /// stop, 和了やめ): when it cannot, [`RiichiView::final_place_after_win`] is always
    /// `None` unless the win busts a seat.
    pub fn win_may_end_game(&self) -> bool {
        let dealer = self.seat == self.state.dealer();
        self.game.next_after(self.state, dealer, dealer.then_some(true), i32::MAX) != Next::Play
    }

    /// This seat's final place (0 first) when a win of its leaving `points` ends the game:
    /// it busts a seat, or the game's length ends it; `None` when the game goes on. A
    /// dealer that may stop after its win (和了やめ) is taken to stop only when first (else
    /// it plays on).
    pub fn final_place_after_win(&self, points: &[i32; MAX_SEATS]) -> Option<u8> {
        let state = self.state;
        let place = ranks(&points[..state.players()])[self.seat];
        if self.game.busts(state, points) {
            return Some(place);
        }
        let dealer = self.seat == state.dealer();
        let top = points[..state.players()].iter().copied().max().unwrap_or(0);
        match self.game.next_after(state, dealer, dealer.then_some(true), top) {
            Next::End => Some(place),
            Next::DealerChooses if place == 0 => Some(place),
            Next::DealerChooses | Next::Play => None,
        }
    }

    /// This seat's place now (0 first), by points (ties to the seat nearer the first dealer).
    pub fn place(&self) -> u8 {
        ranks(&self.state.points[..self.state.players()])[self.seat]
    }

    /// Whether the table's scoring rules count 萬子ホンイツ (honitsu in manzu) as a yakuman
    /// (Gotō; never under Ron2's rules).
    pub fn manzu_honitsu_is_yakuman(&self) -> bool {
        self.game.rules().yaku.manzu_honitsu_is_yakuman()
    }

    /// Red, gold and blue fives of kind `t` among this seat's concealed tiles.
    pub fn marked_fives(&self, t: Tile) -> u8 {
        self.state.seats[self.seat].marked.fives(t)
    }

    /// Chips (祝儀) this seat's hand holds towards its win, at the table's chip rates (G-C2,
    /// G-C3, G-C5; a club's blue fives): its red, gold and blue fives, concealed and melded,
    /// and the nuki tiles (norths) it set aside; 0 where the table pays no chips.
    pub fn held_chips(&self) -> i32 {
        let Some(chips) = self.game.settings().chips else { return 0 };
        let s = &self.state.seats[self.seat];
        let red = i32::from(s.marked.red() + s.meld_marked.red());
        let gold = i32::from(s.marked.gold() + s.meld_marked.gold());
        let blue = i32::from(s.marked.blue() + s.meld_marked.blue());
        red * chips.red + gold * chips.gold + blue * chips.blue + i32::from(s.nuki.total()) * chips.north
    }

    /// カットビ: whether the table plays cut-bi (G-B1) and `seat` is in ホームラン HomeRun (a
    /// win of its pays doubled chips, G-B4); `None` without cut-bi, `Some(false)` for 満塁
    /// Bases (what it pays doubles when it busts).
    pub fn home_run(&self, seat: usize) -> Option<bool> {
        let cutbi = self.game.settings().chips.is_some_and(|c| c.cutbi.is_some());
        cutbi.then_some(self.state.home_run & (1 << seat) != 0)
    }

    /// Shanten rules of the game's tile set.
    pub fn shanten_rules(&self) -> ShantenRules {
        self.game.shanten_rules()
    }

    /// The game (rules and settings).
    pub fn game(&self) -> &RiichiTable {
        self.game
    }
}
