//! What one seat sees: its own tiles, everyone's discards, melds and riichi,
//! the dora indicators, the points and the offered tile. Never the wall or
//! another seat's concealed tiles.

use super::state::Phase;
use super::{MAX_SEATS, RiichiTable, TableState};
use crate::mahjong::{Meld, ShantenRules, Tile, TileCounts, TileSet, WinFlags, score_hand};

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

    /// Whether the table's scoring rules count 萬子ホンイツ (honitsu in manzu) as a yakuman
    /// (Gotō; never under Ron2's rules).
    pub fn manzu_honitsu_is_yakuman(&self) -> bool {
        self.game.rules().yaku.manzu_honitsu_is_yakuman()
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
