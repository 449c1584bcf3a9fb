//! One study per game: what is played, what is aggregated, what is written.

pub mod drift;
pub mod mahjong;
pub mod medarot;
pub mod rackup;
