//! The drift module's error type.

use super::style::valid_style_names;
use std::fmt;

/// Everything that can go wrong reading drift line-ups, rules presets or card lists.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum DriftError {
    /// A TOML file did not parse or did not match the expected shape; the message carries
    /// the line and column.
    Toml {
        /// toml's message, with position.
        message: String,
    },
    /// A style name that is not one of the 22.
    UnknownStyle {
        /// The name as written.
        name: String,
        /// The driver it was given to, when known.
        driver: Option<String>,
    },
    /// A field value out of its range.
    BadValue {
        /// The driver, team or preset concerned.
        item: String,
        /// The field name.
        field: &'static str,
        /// What is allowed.
        allowed: &'static str,
        /// The value found.
        found: String,
    },
    /// A line-up with two drivers or teams of the same name.
    Duplicate(String),
    /// A team naming a driver the line-up does not define.
    UnknownDriver {
        /// The team.
        team: String,
        /// The missing driver name.
        driver: String,
    },
    /// A card literal that does not parse (`"AS"`, `"10H"`, `"JK"` are valid).
    BadCard(String),
    /// A fixed deck order asking for more copies of a card than the deck holds.
    NotInDeck(String),
    /// A strategy name that is not a shipped strategy (the message lists them).
    UnknownStrategy(String),
    /// A built-in preset name that does not exist (the message lists the valid ones).
    UnknownPreset(String),
}

impl fmt::Display for DriftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriftError::Toml { message } => f.write_str(&message.trim_end().replace('\n', " ")),
            DriftError::UnknownStyle { name, driver } => {
                if let Some(d) = driver {
                    write!(f, "driver {d:?}: ")?;
                }
                write!(f, "unknown battle style {name:?} (valid: {})", valid_style_names())
            }
            DriftError::BadValue { item, field, allowed, found } => {
                write!(f, "{item}: field `{field}` is {found}, expected {allowed}")
            }
            DriftError::Duplicate(name) => write!(f, "the name {name:?} is defined twice"),
            DriftError::UnknownDriver { team, driver } => {
                write!(f, "team {team:?}: no driver named {driver:?} in the line-up")
            }
            DriftError::BadCard(s) => {
                write!(f, "bad card {s:?}: write rank A,2..10,J,Q,K then suit S,H,D,C, or JK")
            }
            DriftError::NotInDeck(s) => write!(f, "fixed deck: no more {s} left in the deck"),
            DriftError::UnknownStrategy(message) => f.write_str(message),
            DriftError::UnknownPreset(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for DriftError {}
