//! The record of a finished game: [`MedarotOutcome`], why the loser lost
//! ([`LossCondition`]) and the per-player counts ([`PlayerStats`]), kept
//! apart from the rules so that the state need not import the game.

use super::cards::{CardId, CardSet};
use crate::Seat;

/// Why the loser lost (勝敗条件).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LossCondition {
    /// Could not pay a cost or HP (HP would go below 0).
    CannotPay,
    /// Had to draw from an empty deck.
    DeckOut,
    /// Had no medarot on the field at the end of a start phase.
    NoMedarot,
}

/// Per-player counts over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    /// Mulligans taken in the opening.
    pub mulligans: u16,
    /// Cards drawn (all draws, opening included).
    pub cards_drawn: u16,
    /// Optional start-phase draws taken (each cost 1 HP).
    pub extra_draws: u16,
    /// Attacks declared.
    pub attacks: u16,
    /// Two-square melee attacks (1 HP each).
    pub long_melee: u16,
    /// Enemy medarots destroyed by power ≥ armour.
    pub destroys: u16,
    /// Enemy medarots weakly destroyed (empty hand after a weak defence).
    pub weak_destroys: u16,
    /// Weak defences suffered (power < armour).
    pub weak_defences: u16,
    /// Own medarots lost.
    pub lost: u16,
    /// Cards discarded (weak defence, disruption, hand limit).
    pub discarded: u16,
    /// Specials used.
    pub specials: u16,
    /// Medarotters used from stock or hand.
    pub medarotters_used: u16,
    /// Master abilities used.
    pub master_uses: u16,
    /// Medaforce cards spent on costs.
    pub medaforce_spent: u16,
    /// Medachanges stacked.
    pub medachanges: u16,
    /// Medachanges released.
    pub releases: u16,
    /// Swaps (交代).
    pub swaps: u16,
    /// Moves made.
    pub moves: u16,
    /// Turns ended without moving (1 HP each).
    pub move_penalties: u16,
    /// HP paid in total.
    pub hp_paid: u16,
    /// HP regained in total (neutral zone, heals, end-of-turn effects).
    pub hp_regained: u16,
    /// HP regained from own medarots in the neutral zone.
    pub neutral_hp: u16,
}

/// Turns whose end-of-turn HP a [`MedarotOutcome`] keeps (games run about 6 turns).
pub const HP_TURNS: usize = 32;

impl PlayerStats {
    /// The counts' names, in [`PlayerStats::values`] order (the field names).
    pub const NAMES: [&'static str; 22] = [
        "mulligans",
        "cards_drawn",
        "extra_draws",
        "attacks",
        "long_melee",
        "destroys",
        "weak_destroys",
        "weak_defences",
        "lost",
        "discarded",
        "specials",
        "medarotters_used",
        "master_uses",
        "medaforce_spent",
        "medachanges",
        "releases",
        "swaps",
        "moves",
        "move_penalties",
        "hp_paid",
        "hp_regained",
        "neutral_hp",
    ];

    /// The counts, in [`PlayerStats::NAMES`] order.
    pub fn values(&self) -> [u16; 22] {
        [
            self.mulligans,
            self.cards_drawn,
            self.extra_draws,
            self.attacks,
            self.long_melee,
            self.destroys,
            self.weak_destroys,
            self.weak_defences,
            self.lost,
            self.discarded,
            self.specials,
            self.medarotters_used,
            self.master_uses,
            self.medaforce_spent,
            self.medachanges,
            self.releases,
            self.swaps,
            self.moves,
            self.move_penalties,
            self.hp_paid,
            self.hp_regained,
            self.neutral_hp,
        ]
    }

    pub(crate) const ZERO: PlayerStats = PlayerStats {
        mulligans: 0,
        cards_drawn: 0,
        extra_draws: 0,
        attacks: 0,
        long_melee: 0,
        destroys: 0,
        weak_destroys: 0,
        weak_defences: 0,
        lost: 0,
        discarded: 0,
        specials: 0,
        medarotters_used: 0,
        master_uses: 0,
        medaforce_spent: 0,
        medachanges: 0,
        releases: 0,
        swaps: 0,
        moves: 0,
        move_penalties: 0,
        hp_paid: 0,
        hp_regained: 0,
        neutral_hp: 0,
    };
}

/// The record of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MedarotOutcome {
    /// The winning seat.
    pub winner: Seat,
    /// Why the other seat lost.
    pub loss: LossCondition,
    /// Turns begun (the opening is turn 0).
    pub turns: u16,
    /// The seat that resolved phases first (the seat order; not the seed's first mover).
    pub first_player: Seat,
    /// The seat whose medarot acted first in turn 1 (by speed; none if the game ended before).
    pub first_actor: Option<Seat>,
    /// Whether that seat was chosen by a coin flip: both seats' fastest medarots tied on
    /// speed, arrows and cost, so who acted first was random (a natural experiment).
    pub first_actor_by_coin: bool,
    /// Each seat's fastest medarot speed when turn 1's action phase began (0: none on the field).
    pub turn1_speed: [u8; 2],
    /// Each seat's HP at the end of turns 1, 2, … (the first `turns_ended.min(HP_TURNS)`).
    pub hp_by_turn: [[i16; 2]; HP_TURNS],
    /// Turns whose end phase was played.
    pub turns_ended: u16,
    /// Final HP per seat.
    pub hp: [i16; 2],
    /// The master per seat (none if no medarotter was ever drawn).
    pub master: [Option<CardId>; 2],
    /// Per-seat counts.
    pub stats: [PlayerStats; 2],
    /// Per seat, the cards played: placed on the field, stacked, used, or kept as master.
    pub played: [CardSet; 2],
}
