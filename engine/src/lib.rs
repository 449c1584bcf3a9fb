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
#![deny(missing_docs)]

mod game;
pub mod mahjong;
mod rng;

pub use game::{Game, Seat, Strategy, Table};
pub use rng::{GameRng, GameSeeds};
