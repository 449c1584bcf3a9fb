//! The error type of the medarot module: bad card files, decks and rules presets.

use std::fmt;

/// What went wrong while loading cards, decks or rules.
#[derive(Debug)]
#[non_exhaustive]
pub enum MedarotError {
    /// The text is not valid TOML (the message carries line and column).
    Toml {
        /// The parser's error.
        source: crate::config::TomlError,
    },
    /// A card entry has a missing, unknown or out-of-range field.
    Card {
        /// Position of the entry in the file (1-based).
        index: usize,
        /// The card's name, or `?` when the name itself is missing.
        card: String,
        /// The field at fault (`power`, `effects.pierce`, …).
        field: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A deck breaks a deck-building limit or names an unknown card.
    Deck {
        /// The deck's name.
        deck: String,
        /// What is wrong with it.
        problem: String,
    },
    /// An action that is not legal in the state it was applied to.
    IllegalAction {
        /// The action, as debug text.
        action: String,
        /// The pending decision, as debug text.
        pending: String,
    },
    /// A rules preset has a bad field, or the preset name is unknown.
    Rules {
        /// The preset's name.
        preset: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A strategy name that is not one of the shipped strategies (the message lists them).
    Strategy(String),
}

impl fmt::Display for MedarotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Toml { source } => write!(f, "{source}"),
            Self::Card { index, card, field, problem } => {
                write!(f, "card #{index} '{card}', field `{field}`: {problem}")
            }
            Self::Deck { deck, problem } => write!(f, "deck '{deck}': {problem}"),
            Self::Strategy(message) => f.write_str(message),
            Self::IllegalAction { action, pending } => {
                write!(f, "action {action} is not legal at {pending}")
            }
            Self::Rules { preset, problem } => write!(f, "rules preset '{preset}': {problem}"),
        }
    }
}

impl std::error::Error for MedarotError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Toml { source } => Some(source),
            _ => None,
        }
    }
}
