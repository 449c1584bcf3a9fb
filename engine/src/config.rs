//! Reading rules presets and other TOML data, with one-line errors that say
//! where the problem is.

use serde::de::DeserializeOwned;
use std::fmt;

/// A TOML document that could not be read into a configuration value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TomlError {
    /// 1-based line of the problem, when known.
    pub line: Option<usize>,
    /// 1-based column of the problem, when known.
    pub column: Option<usize>,
    /// What is wrong, on one line.
    pub message: String,
}

impl fmt::Display for TomlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for TomlError {}

/// Parses `text` as TOML into `T` (unknown fields are rejected where `T`
/// says `deny_unknown_fields`).
pub fn from_toml<T: DeserializeOwned>(text: &str) -> Result<T, TomlError> {
    toml::from_str(text).map_err(|e| {
        let (line, column) = match e.span() {
            Some(span) => {
                let before = &text[..span.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                (Some(line), Some(column))
            }
            None => (None, None),
        };
        let message = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
        TomlError { line, column, message }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        name: String,
        count: u8,
    }

    #[test]
    fn errors_name_line_and_column_on_one_line() {
        let e = from_toml::<Sample>("name = \"a\"\ncount = 300\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(9)));
        assert!(!e.to_string().contains('\n'));
        let e = from_toml::<Sample>("name = \"a\"\ncount = 3\ncolour = 1\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("colour"), "{e}");
        let ok = from_toml::<Sample>("name = \"a\"\ncount = 3\n").unwrap();
        assert_eq!((ok.name.as_str(), ok.count), ("a", 3));
    }
}
