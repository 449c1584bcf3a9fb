//! The rules files a saved study was played with, for the report's manifest: every file a
//! user named (kept in the study's parameters) and, where the study fell back on a
//! built-in preset, that preset's embedded text, each named and hashed with SHA-256. The
//! helpers each study's [`RulesFiles`] uses (a game's, beside it), and the cross-game
//! studies' files.

use crate::deviations::DeviationsParams;
use crate::duel::DuelParams;
pub use crate::saved::sha256_hex;
use crate::study::{RulesFile, RulesFiles, Source};
use crate::sweep::SweepParams;
use engine::config::Presets;

/// A file a user named.
pub(crate) fn file(role: &str, src: &Source) -> RulesFile {
    RulesFile { role: role.to_string(), name: src.name.clone(), sha256: sha256_hex(&src.text) }
}

/// A built-in preset by name (empty when the name is not one of `list`).
pub(crate) fn built_in(role: &str, name: &str, list: &[(&str, &str)]) -> Vec<RulesFile> {
    let found = list.iter().find(|(n, _)| *n == name);
    found
        .map(|(n, text)| RulesFile {
            role: role.to_string(),
            name: format!("{n} (built-in)"),
            sha256: sha256_hex(text),
        })
        .into_iter()
        .collect()
}

/// The file a user named, else the built-in preset `default` of `presets`.
pub(crate) fn file_or(role: &str, src: &Option<Source>, presets: &Presets, default: &str) -> Vec<RulesFile> {
    match src {
        Some(src) => vec![file(role, src)],
        None => built_in(role, default, presets.list),
    }
}

/// Strategy files by side (`A`, `B`) or, beyond two, by number.
pub(crate) fn strategies(list: &[Source]) -> impl Iterator<Item = RulesFile> + '_ {
    list.iter().enumerate().map(move |(i, s)| {
        let role = match (list.len(), i) {
            (2, 0) => "strategy A".to_string(),
            (2, _) => "strategy B".to_string(),
            (_, i) => format!("strategy {}", i + 1),
        };
        file(&role, s)
    })
}

impl RulesFiles for SweepParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = vec![file("sweep file", &self.sweep)];
        files.extend(self.files.iter().map(|s| file("file it names", s)));
        files
    }
}

impl RulesFiles for DuelParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = self.game.rules().rules_files();
        files.extend(strategies(&self.strategies));
        files
    }
}

impl RulesFiles for DeviationsParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = self.game.rules().rules_files();
        files.push(file("strategy", &self.strategy));
        files
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_a_known_text() {
        // FIPS 180-2's example "abc".
        assert_eq!(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
