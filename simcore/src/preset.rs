//! "A preset name or a file": one rule for every command-line argument that
//! names a settings file (line-ups, rules, profiles, cards, decks, table
//! presets, bots, scoring rules).
//!
//! A name the game has built in is always that preset, whatever files lie in
//! the working folder; anything else must look like a path ([`is_path`]:
//! contains a `/` or ends in `.toml`) and is read as that file, so a typo of a
//! preset name is an error rather than a read of a stray file. Whatever fails
//! gets the same one-line error, naming the argument, the kind of file and the
//! built-in names.

use crate::saved::Source;
use anyhow::{Result, anyhow};
use engine::config::Presets;
use std::path::Path;

/// What an argument named.
#[derive(Clone, Debug, PartialEq)]
pub enum Named {
    /// The built-in preset of this name.
    BuiltIn(&'static str),
    /// A file the user wrote.
    File(Source),
}

impl Named {
    /// The settings text, named for messages and summaries by what the user
    /// wrote: the preset's name (which no file shadows) or the file's path.
    pub fn into_source(self, presets: &Presets) -> Source {
        match self {
            Named::BuiltIn(name) => Source {
                name: name.to_string(),
                text: presets.text(name).expect("a resolved built-in name").to_string(),
            },
            Named::File(source) => source,
        }
    }
}

/// Whether `arg` names a file rather than a preset: it contains a `/` or ends in
/// `.toml` (`./ron2-dojo` for a file of a preset's name).
pub fn is_path(arg: &str) -> bool {
    arg.contains('/') || arg.ends_with(".toml")
}

/// Resolves `arg` against `presets`: a built-in name, else a readable file whose
/// name looks like a path ([`is_path`]).
pub fn resolve(arg: &str, presets: &Presets) -> Result<Named> {
    if let Some((name, _)) = presets.list.iter().find(|(n, _)| *n == arg) {
        return Ok(Named::BuiltIn(name));
    }
    if !is_path(arg) {
        return Err(anyhow!("{} (a file needs a path with a `/` or a name ending in `.toml`)", presets.unknown(arg)));
    }
    match crate::lines::read_file(Path::new(arg), crate::lines::MAX_SETTINGS) {
        Ok(text) => Ok(Named::File(Source { name: arg.to_string(), text })),
        Err(e) => Err(anyhow!(
            "`{arg}` is neither a built-in {} ({}) nor a readable file ({})",
            presets.kind,
            presets.names(),
            e.root_cause()
        )),
    }
}

/// The settings text `arg` names (see [`resolve`]).
pub fn source(arg: &str, presets: &Presets) -> Result<Source> {
    Ok(resolve(arg, presets)?.into_source(presets))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: Presets = Presets { kind: "sample", list: &[("one", "count = 1"), ("two.toml", "count = 2")] };

    #[test]
    fn names_come_first_then_files() {
        assert_eq!(resolve("one", &SAMPLE).unwrap(), Named::BuiltIn("one"));
        // A built-in name wins over a file of the same name.
        assert_eq!(resolve("two.toml", &SAMPLE).unwrap(), Named::BuiltIn("two.toml"));
        let dir = std::env::temp_dir().join(format!("sim-preset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mine.toml");
        std::fs::write(&path, "count = 3").unwrap();
        let arg = path.to_str().unwrap();
        assert_eq!(source(arg, &SAMPLE).unwrap(), Source { name: arg.into(), text: "count = 3".into() });
        assert_eq!(source("one", &SAMPLE).unwrap(), Source { name: "one".into(), text: "count = 1".into() });
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unknown_name_lists_the_built_ins_on_one_line() {
        let e = resolve("three.toml", &SAMPLE).unwrap_err().to_string();
        assert!(
            e.starts_with("`three.toml` is neither a built-in sample (one, two.toml) nor a readable file ("),
            "{e}"
        );
        assert!(!e.contains('\n'));
        let e = resolve("three", &SAMPLE).unwrap_err().to_string();
        assert!(e.starts_with("unknown sample `three` (built-in: one, two.toml) (a file needs a path"), "{e}");
    }

    #[test]
    fn a_file_is_read_only_by_a_name_that_looks_like_a_path() {
        assert!(is_path("dir/one") && is_path("one.toml") && is_path("./one"));
        assert!(!is_path("one") && !is_path("ron2-dojo"));
        // A mistyped preset name is never looked up on disk (a stray file of that name in
        // the working folder is not read: see tests/cli_names.rs).
        assert!(resolve("onne", &SAMPLE).unwrap_err().to_string().starts_with("unknown sample `onne`"));
    }
}
