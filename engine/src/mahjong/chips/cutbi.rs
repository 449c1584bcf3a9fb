//! カットビ (ホームランVer., GOTO-SPEC §14): each seated person's 満塁 Bases / ホームラン
//! HomeRun state through a game, and the multiplier of a doubled-list chip from payer to
//! receiver in one hand.

use super::item::SIT_OUT;
use super::rules::CutBi;
use crate::mahjong::table::{HandRecord, MAX_SEATS};

/// A person's cut-bi state (G-B1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// 満塁 (pinch): where everyone starts the game.
    Bases,
    /// ホームラン (chance): after a win, until a loss to a win; the sit-out always.
    HomeRun,
}

/// The states of the participants: the seats, then the sit-out ([`SIT_OUT`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct States(pub [State; MAX_SEATS]);

impl States {
    /// At the start of a game (G-B1): every seat Bases, the sit-out HomeRun.
    pub const START: States = States([State::Bases, State::Bases, State::Bases, State::HomeRun]);

    /// The states after `record`'s hand at a table of `seats` (G-B2): a player who paid a
    /// win (dealt in, or paid a tsumo) becomes Bases, a winner HomeRun (so in a double ron
    /// the discarder is Bases and both winners HomeRun); noten payments and deposits change
    /// nothing; the sit-out stays HomeRun.
    pub fn after(&self, record: &HandRecord, seats: u8) -> States {
        let mut next = *self;
        for w in record.wins() {
            match record.from {
                Some(from) => next.0[usize::from(from)] = State::Bases,
                None => (0..seats).filter(|&s| s != w.seat).for_each(|s| next.0[usize::from(s)] = State::Bases),
            }
        }
        for w in record.wins() {
            next.0[usize::from(w.seat)] = State::HomeRun;
        }
        next
    }
}

/// The multipliers of one hand (G-B4).
#[derive(Clone, Copy, Debug)]
pub struct Multipliers {
    cutbi: Option<CutBi>,
    basis: States,
    /// Seats that were Bases (in `basis`) and are below zero at the hand's end.
    pinched: [bool; MAX_SEATS],
    /// Two seats are pinched.
    two_pinched: bool,
    /// A winner whose win took two players below zero (G-E5).
    double_buster: Option<u8>,
}

impl Multipliers {
    /// The multipliers of `record`'s hand at a table of `seats`, from the states `basis`
    /// (those at the start of the hand, G-B3, or the alternative reading's).
    pub fn new(cutbi: Option<CutBi>, basis: States, record: &HandRecord, seats: u8) -> Multipliers {
        let busted: [bool; MAX_SEATS] = std::array::from_fn(|s| s < usize::from(seats) && record.points_after[s] < 0);
        let two = busted.iter().filter(|&&b| b).count() == 2;
        let double_buster = match (two, record.from, record.wins()) {
            (true, None, [w, ..]) if !busted[usize::from(w.seat)] => Some(w.seat),
            _ => None,
        };
        let pinched = std::array::from_fn(|s| busted[s] && basis.0[s] == State::Bases);
        let two_pinched = pinched.iter().filter(|&&p| p).count() == 2;
        Multipliers { cutbi, basis, pinched, two_pinched, double_buster }
    }

    /// The winner whose one win busted two players, if any.
    pub fn double_buster(&self) -> Option<u8> {
        self.double_buster
    }

    /// The multiplier of a doubled-list chip from `payer` to `receiver`: ×`homerun` for a
    /// HomeRun receiver, ×`busted` for a payer that was Bases and busts in this hand, both
    /// multiplied, or ×`two_busted` on what each of two such payers pays the HomeRun winner
    /// who busted them both; 1 without cut-bi.
    pub fn of(&self, payer: u8, receiver: u8) -> i32 {
        let Some(c) = self.cutbi else { return 1 };
        let home = self.basis.0[usize::from(receiver)] == State::HomeRun || receiver == SIT_OUT;
        match (home, self.pinched[usize::from(payer)]) {
            (true, true) if self.two_pinched && self.double_buster == Some(receiver) => c.two_busted,
            (true, true) => c.homerun * c.busted,
            (true, false) => c.homerun,
            (false, true) => c.busted,
            (false, false) => 1,
        }
    }
}
