//! The interface every game implements, and the loop that plays one game.
//!
//! Modelled on OpenSpiel: a read-only rules value ([`Game`]) and a mutable
//! state it advances; chance is resolved inside [`Game::apply`] and
//! [`Game::reset`] from the game's own random stream; decisions come from
//! [`Strategy`] values that only see one seat's view. [`Table::play`] plays a
//! whole game through [`Game::play`]: the step loop, or a game's own loop.

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
    /// The legal actions of the seat to move, in the order of [`Game::legal_actions`]: by
    /// default written into `out`; a game may return a constant list instead of copying it
    /// (what the step loop of [`Game::play`] asks for on every decision).
    #[inline]
    fn legal<'a>(&'a self, state: &'a Self::State, out: &'a mut Vec<Self::Action>) -> &'a [Self::Action] {
        self.legal_actions(state, out);
        out
    }
    /// The view of `seat`: what that player knows.
    fn view<'a>(&'a self, state: &'a Self::State, seat: Seat) -> Self::View<'a>;
    /// Applies a legal action of the seat to move, then resolves chance until
    /// the next decision or the end of the game.
    fn apply(&self, state: &mut Self::State, action: Self::Action, rng: &mut GameRng);
    /// The result of a finished game.
    fn outcome(&self, state: &Self::State) -> Self::Outcome;

    /// Deals a game in `state` and plays it to its end with `players` deciding for each
    /// seat, `legal` as the buffer of legal actions: what [`Table::play`] runs. By default
    /// the step loop ([`Game::to_move`], [`Game::legal`], [`Game::view`], the player's
    /// choice, [`Game::apply`]). A game may override it with a loop specialised to its
    /// state; that loop must play the game the step loop plays (the same decisions, views,
    /// legal actions and random draws), so that the same seed gives the same outcome.
    /// In debug builds every chosen action is checked against the legal set.
    #[inline]
    fn play<P: Players<Self> + ?Sized>(
        &self,
        state: &mut Self::State,
        legal: &mut Vec<Self::Action>,
        players: &mut P,
        rng: &mut GameRng,
    ) -> Self::Outcome {
        self.reset(state, rng);
        while let Some(seat) = self.to_move(state) {
            let legal = self.legal(state, legal);
            let action = players.choose(seat, &self.view(state, seat), legal, rng);
            debug_assert!(legal.contains(&action), "seat {seat} chose illegal {action:?}");
            self.apply(state, action, rng);
        }
        self.outcome(state)
    }
}

/// A player: picks one of the legal actions from its own view.
pub trait Strategy<G: Game + ?Sized>: Send {
    /// Chooses an action; must return an element of `legal` (non-empty).
    fn choose(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
}

/// A borrowed player plays as itself (so `[&mut a, &mut b]` and
/// `[&mut dyn Strategy<G>; N]` are players too).
impl<G: Game + ?Sized, S: Strategy<G> + ?Sized> Strategy<G> for &mut S {
    #[inline]
    fn choose(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        (**self).choose(view, legal, rng)
    }
}

/// A boxed player plays as itself (for tests and tools that mix strategy types).
impl<G: Game + ?Sized, S: Strategy<G> + ?Sized> Strategy<G> for Box<S> {
    #[inline]
    fn choose(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        (**self).choose(view, legal, rng)
    }
}

/// The players of one game, one per seat, dispatched statically: a slice or
/// array of one strategy type, or a tuple of one strategy per seat when the
/// seats play different types (`(a, b)` for two seats, up to four).
pub trait Players<G: Game + ?Sized> {
    /// How many seats these players fill.
    fn seats(&self) -> usize;
    /// The choice of the player at `seat`.
    fn choose(&mut self, seat: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
    /// [`Players::choose`], inlined into its caller: for a game's own [`Game::play`] loop
    /// that asks the players at several places, each of which then folds what it knows of
    /// the decision into the player's code (a call to `choose` is only inlined where it is
    /// the one call). By default `choose`.
    #[inline(always)]
    fn choose_inlined(&mut self, seat: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self.choose(seat, view, legal, rng)
    }
}

impl<G: Game + ?Sized, S: Strategy<G>> Players<G> for [S] {
    fn seats(&self) -> usize {
        self.len()
    }
    #[inline]
    fn choose(&mut self, seat: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self.choose_inlined(seat, view, legal, rng)
    }
    #[inline(always)]
    fn choose_inlined(&mut self, seat: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self[seat].choose(view, legal, rng)
    }
}

impl<G: Game + ?Sized, S: Strategy<G>, const N: usize> Players<G> for [S; N] {
    fn seats(&self) -> usize {
        N
    }
    #[inline]
    fn choose(&mut self, seat: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self.choose_inlined(seat, view, legal, rng)
    }
    #[inline(always)]
    fn choose_inlined(&mut self, seat: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self[seat].choose(view, legal, rng)
    }
}

/// Players of different types, one per seat, written as a tuple.
macro_rules! tuple_players {
    ($n:literal; $($seat:tt $s:ident),+) => {
        impl<G: Game + ?Sized, $($s: Strategy<G>),+> Players<G> for ($($s,)+) {
            fn seats(&self) -> usize {
                $n
            }
            #[inline]
            fn choose(&mut self, seat: Seat, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
                self.choose_inlined(seat, view, legal, rng)
            }
            #[inline(always)]
            fn choose_inlined(
                &mut self,
                seat: Seat,
                view: &G::View<'_>,
                legal: &[G::Action],
                rng: &mut GameRng,
            ) -> G::Action {
                match seat {
                    $($seat => self.$seat.choose(view, legal, rng),)+
                    _ => panic!("seat {seat} of {} players", $n),
                }
            }
        }
    };
}
tuple_players!(2; 0 A, 1 B);
tuple_players!(3; 0 A, 1 B, 2 C);
tuple_players!(4; 0 A, 1 B, 2 C, 3 D);

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

    /// Plays one whole game of `game` with `players` deciding for each seat
    /// ([`Game::play`]).
    ///
    /// The players' types are known here, so every decision is a direct call.
    /// In debug builds every chosen action is checked against the legal set.
    pub fn play<P: Players<G> + ?Sized>(&mut self, game: &G, players: &mut P, rng: &mut GameRng) -> G::Outcome {
        assert_eq!(players.seats(), game.num_seats(), "one strategy per seat");
        game.play(&mut self.state, &mut self.legal, players, rng)
    }

    /// The state of the last game played (for inspection in tests).
    pub fn state(&self) -> &G::State {
        &self.state
    }
}
