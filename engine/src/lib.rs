//! Rules engines for Japanese tabletop games: rules only, no I/O.
//!
//! Every game implements one small interface, [`Game`]: a read-only rules value
//! (its configuration, usually loaded from a TOML preset by the caller) that
//! creates, advances and scores a mutable per-game state. Players are
//! [`Strategy`] values that see a per-seat view and pick from the legal
//! actions; they never touch the state. Chance (shuffles, dice) comes only
//! from the [`GameRng`] handed in, which the runner derives from
//! (master seed, game index) with [`GameSeeds`], so every game can be
//! replayed on its own.
//!
//! The crate knows nothing of files, command lines, dataframes or charts:
//! those live in the `sim` crate.
//!
//! # Example: one seeded drift battle
//! ```
//! use engine::drift::{DriftGame, DriftRules, Lineup, strategy};
//! use engine::{GameSeeds, Table};
//! let lineup = Lineup::example();
//! let game = DriftGame::chase(DriftRules::default(), lineup.drivers[0].1, lineup.drivers[1].1);
//! let mut table = Table::new(&game);
//! let (mut a, mut b) = (strategy::Plain, strategy::Plain);
//! let outcome = table.play(&game, &mut [&mut a, &mut b], &mut GameSeeds::new(7).rng(0));
//! // Each side chased at least once; the side with more points wins, equal points tie.
//! assert!(outcome.rounds[0] >= 1 && outcome.rounds[1] >= 1);
//! assert_eq!(outcome.winner.is_some(), outcome.points[0] != outcome.points[1]);
//! // Game 0 of seed 7 replays identically.
//! assert_eq!(table.play(&game, &mut [&mut a, &mut b], &mut GameSeeds::new(7).rng(0)), outcome);
//! ```
#![deny(missing_docs)]

pub mod config;
mod dispatch;
pub mod drift;
mod game;
pub mod mahjong;
pub mod medarot;
pub mod one_of;
#[cfg(test)]
mod proptests;
pub mod rackup;
mod rng;
#[cfg(feature = "testing")]
pub mod testing;

pub use dispatch::{StrategyChoice, WithPair, WithStrategy, with_pair};
pub use game::{Game, Players, Seat, Strategy, Table};
pub use rng::{GameRng, GameSeeds};
