//! Medarot card game, advance mode (メダロット カードゲーム アドバンスモード).
//!
//! Implements `seeds/004_6c3b4a2fa82da366.txt` with the readings of
//! RULES-NOTES §5: two players, 30-card decks, a master setting HP from a
//! base of 20, medarots on a 3×3 field (own side, neutral zone, opponent's
//! side), speed-ordered actions, shooting and melee, specials, medarotters
//! with 【行動】/【防御】/【発動】 timing, the medaforce reserve, medachange, the
//! hand limit of 7 and HP regained from the neutral zone.
//!
//! # Main types
//!
//! - [`CardPool`]: the card list, as data ([`cards`] documents the TOML
//!   format and the effect keywords); [`CardPool::example`] is an invented
//!   ~40-card pool for testing.
//! - [`Deck`]: 30 card ids checked against the deck-building limits;
//!   [`Deck::examples`] gives four invented decks.
//! - [`Rules`]: the readings that are assumptions, as presets
//!   (`presets/rules_*.toml`; [`Rules::preset`], [`Rules::from_toml`]).
//! - [`MedarotGame`]: implements [`crate::Game`]; built per game or per
//!   pairing from the pool (borrowed), the rules and two decks, without heap
//!   allocation. [`MedarotGame::try_apply`] checks an action's legality first
//!   (replays, user input); [`crate::Game::apply`] trusts its caller.
//! - [`MedarotView`]: what one seat sees (own hand, stock and master; both HPs
//!   and pile sizes; the field with the opponent's face-down medarots hidden).
//! - [`MedarotOutcome`]: winner, [`LossCondition`], turns, the seat order, who
//!   acted first in turn 1 and each side's fastest speed then, HP at the end of
//!   every turn and at the end, per-player [`PlayerStats`] and the per-card
//!   "played" [`CardSet`]s.
//! - [`strategy`]: `Random` and `Heuristic` players, chosen by a [`StrategyConfig`] strategy file.
//!
//! ```
//! use engine::medarot::{CardPool, Deck, Heuristic, MedarotGame, Random, Rules};
//! use engine::{GameSeeds, Table};
//! let pool = CardPool::example();
//! let decks = Deck::examples(&pool).unwrap();
//! let game = MedarotGame::new(&pool, Rules::default(), &decks[0], &decks[1]);
//! let mut table = Table::new(&game);
//! let outcome = table.play(&game, &mut (Heuristic::shipped(), Random), &mut GameSeeds::new(7).rng(0));
//! assert!(outcome.winner < 2 && outcome.turns >= 1);
//! ```
//!
//! # The field
//!
//! Squares 0..9, row-major: row 0 is seat 0's side, row 1 the neutral zone
//! (中立), row 2 seat 1's side. Directions are relative to the owner:
//! forward is towards the opponent, and seat 1's columns are mirrored.
//! A square holds one medarot; a player never enters the opponent's side.
//!
//! # Turn structure
//!
//! Opening (first player, then second): shuffle, draw 7 (mulligan while no
//! medarot was drawn), choose the master among the medarotters in hand (HP =
//! base + its modifier), put up to 3 medarotters into the stock, place up to 3
//! medarots face down on the own side. Each turn: start phase (reveal all
//! medarots; each player draws 1, may pay 1 HP to draw 1–3 more, may stock
//! medarotters; hand limit 7), action phase (medarots act one by one in speed
//! order), end phase (end-of-turn effects, used medarotters to the trash, +1
//! HP per own medarot in the neutral zone).
//!
//! # Readings chosen where the seed is silent or ambiguous
//!
//! Those marked *(preset)* are fields of [`Rules`]; the rest are fixed here.
//!
//! 1. *(preset `first_player`)* The first player is a coin flip. It resolves
//!    its opening, start- and end-phase steps first, so it loses first when
//!    both players would lose in the same step.
//! 2. *(preset `max_mulligans`, 10)* Mulligans repeat while no medarot was
//!    drawn, up to a bound; after that the player starts with none placed
//!    and owes 3 medarots.
//! 3. The opening's master is compulsory when a medarotter is in hand. With
//!    none, the first medarotter drawn later becomes the master at once (a
//!    choice if one draw brings several), and its HP modifier applies then.
//!    HP is never set below 0 by a modifier.
//! 4. Owed medarots (a short opening, or a destroyed one) are placed face down
//!    as soon as one is in hand after a draw; they cannot act before the next
//!    start phase reveals them. A replacement (after a destruction, or a swap
//!    from the neutral zone) goes on the own side but not the centre
//!    (「自分側の中央以外」); *(preset `centre_fallback`, off by default)* the centre
//!    when both others are taken; by default it waits until a square frees up.
//!    Medarots owed by a short opening are placed first and on any free own
//!    square (that rule names no square).
//! 5. The optional start-phase draw costs 1 HP once and draws 1–3 cards (the
//!    player's choice); the draw after losing a medarot is 0–3 cards. Only the
//!    compulsory start-phase draw loses the game on an empty deck; optional
//!    draws and draw effects take what the deck has.
//! 6. The hand limit is applied after every draw (after the master and owed
//!    placements), not only in the start phase. Medarotters may be stocked in
//!    the opening, during an own medarot's turn, and after every draw that
//!    brought cards (「ドローした時…いつでも」): the start-phase draws, the draw
//!    after a destruction and draw effects, once the hand limit has applied.
//! 7. Action order is recomputed before each activation from the current
//!    (possibly medachanged) speed and arrows and the base medarot's cost. A
//!    tie between the players is a fresh coin flip for each pick; a tie among
//!    one player's own medarots is that player's choice.
//! 8. A turn is: at most one move of one square along an arrow (before or after
//!    acting), and at most one action: attack, special, medachange or release.
//!    *(preset `move_penalty`)* A turn in which the medarot attacked and moved
//!    neither before nor after costs 1 HP (「攻撃の前後に移動しない(できない)場合」),
//!    also when moving was impossible; a turn without an attack (special,
//!    medachange, nothing, locked) costs nothing. `every_turn` charges every
//!    turn that ends without a move. A swap replaces the whole turn (no move,
//!    no action) and has no penalty; from the neutral zone the new medarot goes
//!    to an own non-centre square.
//! 9. *(preset `shoot_adjacent`)* Shooting hits exactly 2 squares ahead over
//!    anything; melee 1 ahead, or 2 ahead for 1 HP when the square between is
//!    empty; from the neutral zone both may also hit the squares left and right.
//! 10. Power ≥ armour destroys: the owner pays the base medarot's cost (a
//!     medachange stack keeps its medarot's cost) and all its cards go to the
//!     medaforce reserve as separate cards. Otherwise the defender discards
//!     power/10 cards of their choice; if the hand is then empty (or was), the
//!     medarot is weakly destroyed for 1 HP (+1 if medachanged). An attack below
//!     10 power does nothing.
//! 11. Medarotter costs are paid in HP, any part of it with medaforce cards
//!     (1 each, then trashed); destruction costs, penalties and other HP
//!     payments never use medaforce. Voluntary payments are offered only when
//!     affordable; a compulsory payment that would take HP below 0 loses.
//! 12. A used medarotter stays in the stock until the end phase; using one from
//!     the hand with a full stock trashes an unused stocked card first. The
//!     master pays its cost too, is never trashed, is used at most once a turn,
//!     and never for 【発動】 (trigger) effects.
//! 13. 【行動】 cards are used by the attacker after declaring an attack, then
//!     【防御】 cards by the defender, then the attack resolves; 【発動】 cards are
//!     used during an own medarot's turn, outside an attack.
//! 14. Specials and attack add-on effects last until the source medarot's next
//!     turn begins, or until it leaves the field. A lock stops moving and acting.
//! 15. Medachange: one medachange per medarot, on the medarot of the same name,
//!     as the medarot's action; release (trash the medachange) is also an
//!     action. *(preset `power_change_cost`)* A power form pays 1 HP each time it
//!     acts. Leaving the field splits the stack into separate cards.
//! 16. Pierce (【格闘貫通】) resolves after the destruction processing, with the
//!     same power against the enemy right behind the target, whose owner gets
//!     a 【防御】 window for it as for any attack.
//! 17. A game always ends: each start phase draws a card, so a deck runs out.
//! 18. No effect keyword changes the master, so the seed's rule for a changed
//!     master's HP modifier never applies.
//!
//! Cards "played" (for the outcome's sets): placed on the field, stacked as a
//! medachange, used as a medarotter, or made master.

mod apply;
mod card_file;
pub mod cards;
mod combat;
mod deck;
mod error;
mod flow;
mod game;
mod hand;
mod legal;
mod outcome;
mod rules;
mod state;
pub mod strategy;
#[cfg(test)]
mod tests;
mod view;

pub use cards::{
    Arrows, AttackType, Card, CardId, CardKind, CardPool, CardSet, Dir, Effects, MAX_CARDS, Timing, VANILLA,
};
pub use deck::{DECK_SIZE, Deck, MAX_COPIES};
pub use error::MedarotError;
pub use game::{Action, MedarotGame, Source};
pub use outcome::{HP_TURNS, LossCondition, MedarotOutcome, PlayerStats};
pub use rules::{FirstPlayer, MovePenalty, PowerChangeCost, Rules};
pub use state::{CELLS, HAND_LIMIT, MedarotState, NO_CELL, STOCK_SIZE, StockSlot, UNITS};
pub use strategy::{
    AttackWeights, CardWeights, DrawWeights, Heuristic, HeuristicConfig, KeepWeights, MoveWeights, Random,
    StrategyConfig, UseWeights,
};
pub use view::{AttackView, Decision, MedarotView, UnitView};

use crate::{Game, GameRng, Seat};

/// The step machine tied together: `start` and `run` (`flow.rs`), `legal` (`legal.rs`), `act` (`apply.rs`).
impl Game for MedarotGame<'_> {
    type State = MedarotState;
    type Action = Action;
    type View<'a>
        = MedarotView<'a>
    where
        Self: 'a;
    type Outcome = MedarotOutcome;

    fn num_seats(&self) -> usize {
        2
    }

    fn new_state(&self) -> MedarotState {
        MedarotState::new(self.decks)
    }

    fn reset(&self, state: &mut MedarotState, rng: &mut GameRng) {
        state.decks = self.decks;
        self.start(state, rng);
    }

    fn to_move(&self, state: &MedarotState) -> Option<Seat> {
        if state.over.is_some() {
            return None;
        }
        state.top().map(|step| state.decider(step) as Seat)
    }

    // Inlined, with `legal`, into the table's loop: out of line, every decision
    // paid for a call that saves and restores a large frame.
    #[inline(always)]
    fn legal_actions(&self, state: &MedarotState, out: &mut Vec<Action>) {
        out.clear();
        self.legal(state, out);
    }

    fn view<'a>(&'a self, state: &'a MedarotState, seat: Seat) -> MedarotView<'a> {
        MedarotView::new(self, state, seat as u8)
    }

    // Inlined, with `act`, into the table's loop (as `legal_actions`).
    #[inline(always)]
    fn apply(&self, state: &mut MedarotState, action: Action, rng: &mut GameRng) {
        self.act(state, action);
        self.run(state, rng);
    }

    fn outcome(&self, state: &MedarotState) -> MedarotOutcome {
        let (loser, loss) = state.over.expect("the game is over");
        let pl = &state.players;
        MedarotOutcome {
            winner: (1 - loser) as Seat,
            loss,
            turns: state.turn,
            first_player: state.first as Seat,
            first_actor: state.first_actor.map(|p| p as Seat),
            first_actor_by_coin: state.first_actor_by_coin,
            turn1_speed: state.turn1_speed,
            hp_by_turn: state.hp_log,
            turns_ended: state.turns_ended,
            hp: [pl[0].hp, pl[1].hp],
            master: [pl[0].master, pl[1].master],
            stats: [pl[0].stats, pl[1].stats],
            played: [pl[0].played, pl[1].played],
        }
    }
}
