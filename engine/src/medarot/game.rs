//! The rules value [`MedarotGame`] and its actions (its [`Game`](crate::Game)
//! implementation, tying the step machine together, is in the module root).

use super::cards::{CardId, CardPool, Dir};
use super::deck::{DECK_SIZE, Deck};
use super::error::MedarotError;
use super::rules::Rules;
use super::state::MedarotState;
use crate::{Game, GameRng};

/// The advance mode between two decks over one card pool.
///
/// Cheap to build per game or per pairing: it copies the two decks' 30 card
/// ids and the rules, and borrows the pool.
#[derive(Clone, Copy, Debug)]
pub struct MedarotGame<'p> {
    pub(crate) pool: &'p CardPool,
    pub(crate) rules: Rules,
    pub(crate) decks: [[CardId; DECK_SIZE]; 2],
}

impl<'p> MedarotGame<'p> {
    /// Seat 0 plays `deck0`, seat 1 plays `deck1`; both decks must come from `pool`.
    pub fn new(pool: &'p CardPool, rules: Rules, deck0: &Deck, deck1: &Deck) -> Self {
        Self { pool, rules, decks: [deck0.cards, deck1.cards] }
    }
    /// The card pool.
    pub fn pool(&self) -> &'p CardPool {
        self.pool
    }
    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Applies `action` after checking that it is legal (for replays and user
    /// input; [`Game::apply`] trusts its caller).
    pub fn try_apply(&self, state: &mut MedarotState, action: Action, rng: &mut GameRng) -> Result<(), MedarotError> {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        if !legal.contains(&action) {
            return Err(MedarotError::IllegalAction {
                action: format!("{action:?}"),
                pending: format!("{:?}", state.top()),
            });
        }
        self.apply(state, action, rng);
        Ok(())
    }
}

/// Where a used medarotter comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// An unused card in this stock slot.
    Stock(u8),
    /// The card at this hand index (put into the stock as it is used).
    Hand(u8),
    /// The master (not trashed; once per turn).
    Master,
}

/// One decision. Indices refer to the deciding player's hand and stock at the
/// moment of the decision; squares are absolute (0..9, row 0 = seat 0's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Ends a window, a stock placement or the medarot's turn (paying the
    /// movement penalty if it did not move); declines the optional draw.
    Done,
    /// Chooses the medarotter at this hand index as master.
    Master(u8),
    /// Puts the medarotter at hand index `hand` into stock `slot` (trashing the unused card there, if any).
    Stock {
        /// Hand index.
        hand: u8,
        /// Stock slot.
        slot: u8,
    },
    /// Places the medarot at hand index `hand` face down on square `cell`.
    Place {
        /// Hand index.
        hand: u8,
        /// Square.
        cell: u8,
    },
    /// Pays 1 HP and draws this many cards (1–3) in the start phase.
    ExtraDraw(u8),
    /// Draws this many cards (0–3) after losing a medarot.
    Draw(u8),
    /// Discards the card at this hand index.
    Discard(u8),
    /// Chooses which own tied medarot (unit slot) acts next.
    Pick(u8),
    /// Moves the acting medarot one step.
    Move(Dir),
    /// Attacks the enemy medarot on `cell`; `long` is the 2-square melee for 1 HP.
    Attack {
        /// Target square.
        cell: u8,
        /// 2-square melee.
        long: bool,
    },
    /// Uses the acting medarot's special, targeting `cell` (`NO_CELL` when it needs no target).
    Special(u8),
    /// Stacks the medachange at this hand index on the acting medarot.
    Medachange(u8),
    /// Sends the stacked medachange to the trash (解除).
    Release,
    /// Trashes the acting medarot and places the medarot at hand index `hand` face down on `cell` (交代).
    Swap {
        /// Hand index.
        hand: u8,
        /// Square.
        cell: u8,
    },
    /// Uses a medarotter, paying its cost with `force` medaforce cards and the rest in HP;
    /// from the hand with a full stock, the unused card in stock slot `evict` is trashed first.
    Use {
        /// Where the card comes from.
        src: Source,
        /// Stock slot to clear first, or `u8::MAX`.
        evict: u8,
        /// Medaforce cards spent.
        force: u8,
    },
}
