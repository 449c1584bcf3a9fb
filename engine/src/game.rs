//! The interface every game implements, and the loop that plays one game.
//!
//! Modelled on OpenSpiel: a read-only rules value ([`Game`]) and a mutable
//! state it advances; chance is resolved inside [`Game::apply`] and
//! [`Game::reset`] from the game's own random stream; decisions come from
//! [`Strategy`] values that only see one seat's view.

use crate::GameRng;
use std::fmt::Debug;

/// A seat at the table, `0..Game::num_seats()`.
pub type Seat = usize;

/// A rule system with its configuration: creates, advances and scores games.
///
/// Implementations keep the state in fixed-size storage so that, once a
/// [`Table`] has warmed up, playing a game allocates nothing.
pub trait Game: Sync {
    /// Everything about one game in progress.
    type State: Clone + Debug;
    /// One decision a seat can take.
    type Action: Copy + PartialEq + Debug;
    /// What one seat may see when it decides.
    type View<'a>
    where
        Self: 'a;
    /// The record of a finished game.
    type Outcome: Clone + Debug;

    /// Number of seats (players deciding) in a game.
    fn num_seats(&self) -> usize;
    /// A state with its storage allocated; [`Game::reset`] deals it.
    fn new_state(&self) -> Self::State;
    /// Starts a fresh game in `state`, reusing its storage, drawing chance from `rng`.
    fn reset(&self, state: &mut Self::State, rng: &mut GameRng);
    /// The seat that decides next, or `None` when the game is over.
    fn to_move(&self, state: &Self::State) -> Option<Seat>;
    /// Writes the legal actions of the seat to move into `out` (cleared first).
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);
    /// The view of `seat`: what that player knows.
    fn view<'a>(&'a self, state: &'a Self::State, seat: Seat) -> Self::View<'a>;
    /// Applies a legal action of the seat to move, then resolves chance until
    /// the next decision or the end of the game.
    fn apply(&self, state: &mut Self::State, action: Self::Action, rng: &mut GameRng);
    /// The result of a finished game.
    fn outcome(&self, state: &Self::State) -> Self::Outcome;
}

/// A player: picks one of the legal actions from its own view.
pub trait Strategy<G: Game + ?Sized>: Send {
    /// Chooses an action; must return an element of `legal` (non-empty).
    fn choose(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
}

/// A reusable table: one state and one legal-action buffer, so that playing
/// game after game allocates nothing once the buffers have grown.
///
/// The game is handed to each [`Table::play`], so one table serves games whose
/// configuration changes from game to game (different line-ups, seats).
pub struct Table<G: Game> {
    state: G::State,
    legal: Vec<G::Action>,
}

impl<G: Game> Table<G> {
    /// A table with storage for games of `game`'s kind.
    pub fn new(game: &G) -> Self {
        Self { state: game.new_state(), legal: Vec::with_capacity(64) }
    }

    /// Plays one whole game of `game` with `players[seat]` deciding for each seat.
    ///
    /// In debug builds every chosen action is checked against the legal set.
    pub fn play(&mut self, game: &G, players: &mut [&mut dyn Strategy<G>], rng: &mut GameRng) -> G::Outcome {
        assert_eq!(players.len(), game.num_seats(), "one strategy per seat");
        game.reset(&mut self.state, rng);
        while let Some(seat) = game.to_move(&self.state) {
            game.legal_actions(&self.state, &mut self.legal);
            let action = {
                let view = game.view(&self.state, seat);
                players[seat].choose(&view, &self.legal, rng)
            };
            debug_assert!(self.legal.contains(&action), "seat {seat} chose illegal {action:?}");
            game.apply(&mut self.state, action, rng);
        }
        game.outcome(&self.state)
    }

    /// The state of the last game played (for inspection in tests).
    pub fn state(&self) -> &G::State {
        &self.state
    }
}
