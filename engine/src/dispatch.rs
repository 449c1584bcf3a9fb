//! Static dispatch of strategies chosen at run time.
//!
//! A study learns its strategies from the command line, but its per-game loop
//! should call them directly, not through a virtual call or an enum `match`
//! on every decision. A [`StrategyChoice`] (a game's named strategy, with its
//! settings) hands its concrete strategy value to a [`WithStrategy`] body,
//! which is generic over the strategy's type; [`with_pair`] does the same for
//! the two sides of a two-player game. The body is monomorphised once per
//! combination, outside the loop.

use crate::{Game, Strategy};

/// Code generic over one concrete strategy type of game `G`.
pub trait WithStrategy<G: Game + ?Sized> {
    /// What the body returns.
    type Output;
    /// Runs the body with the strategy `s`.
    fn with<S: Strategy<G> + Clone + Sync + 'static>(self, s: S) -> Self::Output;
}

/// Code generic over the concrete strategy types of two sides of game `G`.
pub trait WithPair<G: Game + ?Sized> {
    /// What the body returns.
    type Output;
    /// Runs the body with side A's strategy `a` and side B's `b`.
    fn with<A, B>(self, a: A, b: B) -> Self::Output
    where
        A: Strategy<G> + Clone + Sync + 'static,
        B: Strategy<G> + Clone + Sync + 'static;
}

/// A strategy chosen at run time (a name and its settings) that can hand its
/// concrete value to generic code.
pub trait StrategyChoice<G: Game + ?Sized>: Copy {
    /// Runs `body` with the concrete strategy this choice names.
    fn dispatch<W: WithStrategy<G>>(self, body: W) -> W::Output;

    /// The strategy behind a box, for tests and tools that mix strategy
    /// types at one table (never in a study's loop).
    fn boxed(self) -> Box<dyn Strategy<G>> {
        self.dispatch(Boxed)
    }
}

/// Boxes the strategy it is given.
struct Boxed;

impl<G: Game + ?Sized> WithStrategy<G> for Boxed {
    type Output = Box<dyn Strategy<G>>;
    fn with<S: Strategy<G> + Clone + Sync + 'static>(self, s: S) -> Self::Output {
        Box::new(s)
    }
}

/// Runs `body` with the concrete strategies of side A (`a`) and side B (`b`).
pub fn with_pair<G, C, W>(a: C, b: C, body: W) -> W::Output
where
    G: Game + ?Sized,
    C: StrategyChoice<G>,
    W: WithPair<G>,
{
    a.dispatch(FirstSide { body, b })
}

/// Side A is known; dispatches side B.
struct FirstSide<W, C> {
    body: W,
    b: C,
}

impl<G: Game + ?Sized, W: WithPair<G>, C: StrategyChoice<G>> WithStrategy<G> for FirstSide<W, C> {
    type Output = W::Output;
    fn with<A: Strategy<G> + Clone + Sync + 'static>(self, a: A) -> W::Output {
        self.b.dispatch(SecondSide { body: self.body, a })
    }
}

/// Both sides are known; runs the body.
struct SecondSide<W, A> {
    body: W,
    a: A,
}

impl<G, W, A> WithStrategy<G> for SecondSide<W, A>
where
    G: Game + ?Sized,
    W: WithPair<G>,
    A: Strategy<G> + Clone + Sync + 'static,
{
    type Output = W::Output;
    fn with<B: Strategy<G> + Clone + Sync + 'static>(self, b: B) -> W::Output {
        self.body.with(self.a, b)
    }
}
