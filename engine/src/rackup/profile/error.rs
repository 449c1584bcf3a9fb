//! The error of reading a profile, and the range checks every part of a profile uses.

use super::Profile;
use std::fmt;

/// What went wrong loading a profile.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ProfileErrorKind {
    /// No embedded preset has this name.
    UnknownPreset(String),
    /// The TOML did not parse or did not match the schema (message carries line/column).
    Parse(String),
    /// A field holds a value out of range.
    Invalid {
        /// Dotted path of the field, e.g. `normal.beat_hit`.
        field: String,
        /// What is wrong.
        reason: String,
    },
}

/// Error loading a profile.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileError {
    /// What went wrong.
    pub kind: ProfileErrorKind,
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ProfileErrorKind::UnknownPreset(name) => f.write_str(&Profile::PRESETS.unknown(name)),
            ProfileErrorKind::Parse(msg) => f.write_str(msg),
            ProfileErrorKind::Invalid { field, reason } => {
                write!(f, "field `{field}`: {reason}")
            }
        }
    }
}

impl std::error::Error for ProfileError {}

/// The error for the value of `field`, out of range for `reason`.
pub(crate) fn invalid(field: &str, reason: impl Into<String>) -> ProfileError {
    ProfileError { kind: ProfileErrorKind::Invalid { field: field.into(), reason: reason.into() } }
}

/// Checks that `p`, the value of `field`, is a probability.
pub(crate) fn prob(field: &str, p: f64) -> Result<(), ProfileError> {
    if (0.0..=1.0).contains(&p) { Ok(()) } else { Err(invalid(field, format!("{p} is not a probability in [0, 1]"))) }
}

/// Checks that `x`, the value of `field`, is a positive number.
pub(crate) fn positive(field: &str, x: f64) -> Result<(), ProfileError> {
    if x.is_finite() && x > 0.0 { Ok(()) } else { Err(invalid(field, format!("{x} must be a positive number"))) }
}
