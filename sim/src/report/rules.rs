//! The rules files a saved study was played with, for the report's manifest: every file a
//! user named (kept in the study's parameters) and, where the study fell back on a
//! built-in preset, that preset's embedded text, each named and hashed with SHA-256.

use crate::deviations::DeviationsParams;
use crate::duel::{DuelGame, DuelParams};
use crate::games::drift::{DriftParams, Mode, default_lineup};
use crate::games::mahjong::chips::ChipsParams;
use crate::games::mahjong::goto::GotoParams;
use crate::games::mahjong::play::MahjongParams;
use crate::games::mahjong::table_rules::TableRules;
use crate::games::medarot::MedarotParams;
use crate::games::rackup::RackupParams;
pub use crate::saved::sha256_hex;
use crate::study::{RulesFile, RulesFiles, Source};
use crate::sweep::SweepParams;
use engine::config::Presets;
use engine::drift::{DriftRules, Lineup};
use engine::mahjong::Rules;
use engine::mahjong::table::{BOT_PRESETS, PRESETS as TABLE_PRESETS};
use engine::medarot::{self, CardPool, Deck};
use engine::rackup::Profile;

/// A file a user named.
fn file(role: &str, src: &Source) -> RulesFile {
    RulesFile { role: role.to_string(), name: src.name.clone(), sha256: sha256_hex(&src.text) }
}

/// A built-in preset by name (empty when the name is not one of `list`).
fn built_in(role: &str, name: &str, list: &[(&str, &str)]) -> Vec<RulesFile> {
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
fn file_or(role: &str, src: &Option<Source>, presets: &Presets, default: &str) -> Vec<RulesFile> {
    match src {
        Some(src) => vec![file(role, src)],
        None => built_in(role, default, presets.list),
    }
}

/// A table's rules: its settings file and the scoring file it names, or the built-in table
/// preset with the presets it `extends` and the built-in scoring rules it names.
fn table(role: &str, rules: &TableRules) -> Vec<RulesFile> {
    let Some(settings) = &rules.settings else {
        return table_preset(role, &rules.preset);
    };
    let mut files = vec![file(role, settings)];
    files.extend(rules.scoring.iter().map(|s| file(&format!("{role}: scoring"), s)));
    files
}

/// A built-in table preset, the table presets it extends and the built-in scoring it names.
fn table_preset(role: &str, name: &str) -> Vec<RulesFile> {
    let mut files = built_in(role, name, &TABLE_PRESETS);
    let Some((_, text)) = TABLE_PRESETS.iter().find(|(n, _)| *n == name) else { return files };
    let doc: toml::Table = text.parse().unwrap_or_default();
    if let Some(base) = doc.get("extends").and_then(|v| v.as_str()) {
        files.extend(table_preset(&format!("{role}: extends"), base));
    }
    if let Some(scoring) = doc.get("scoring").and_then(|v| v.as_str()) {
        files.extend(built_in(&format!("{role}: scoring"), scoring, Rules::PRESETS.list));
    }
    files
}

/// Each seat's (or person's) bot: its file, else the built-in bot of that name.
fn bots(names: &[String], files: &[Option<Source>]) -> Vec<RulesFile> {
    let each = names.iter().zip(files).enumerate().flat_map(|(i, (name, src))| {
        let role = format!("bot {}", i + 1);
        match src {
            Some(src) => vec![file(&role, src)],
            None => built_in(&role, name, &BOT_PRESETS),
        }
    });
    each.collect()
}

/// Strategy files by side (`A`, `B`) or, beyond two, by number.
fn strategies(list: &[Source]) -> impl Iterator<Item = RulesFile> + '_ {
    list.iter().enumerate().map(move |(i, s)| {
        let role = match (list.len(), i) {
            (2, 0) => "strategy A".to_string(),
            (2, _) => "strategy B".to_string(),
            (_, i) => format!("strategy {}", i + 1),
        };
        file(&role, s)
    })
}

impl RulesFiles for DriftParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = file_or("line-up", &self.lineup, &Lineup::PRESETS, default_lineup(self.mode));
        files.extend(file_or("rules", &self.rules, &DriftRules::PRESETS, "default"));
        files.extend(strategies(&self.strategies));
        files
    }
}

impl RulesFiles for RackupParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = file_or("profile", &self.profile, &Profile::PRESETS, "default");
        files.extend(strategies(&self.strategies));
        files
    }
}

impl RulesFiles for MedarotParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = file_or("cards", &self.cards, &CardPool::PRESETS, "example");
        files.extend(file_or("decks", &self.decks, &Deck::PRESETS, "example"));
        files.extend(file_or("rules", &self.rules, &medarot::Rules::PRESETS, "advance"));
        files.extend(strategies(&self.strategies));
        files
    }
}

impl RulesFiles for MahjongParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        [table("table", &self.table), bots(&self.bots, &self.bot_files)].concat()
    }
}

impl RulesFiles for GotoParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        [table("table", &self.table), bots(&self.bots, &self.bot_files)].concat()
    }
}

impl RulesFiles for ChipsParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = [table("table", &self.table), table("compared", &self.compare)].concat();
        files.extend(self.models().flat_map(|m| bots(&m.bots, &m.bot_files)));
        files
    }
}

impl RulesFiles for SweepParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = vec![file("sweep file", &self.sweep)];
        files.extend(self.files.iter().map(|s| file("file it names", s)));
        files
    }
}

/// A duel game's rules files (what `sim duel`, `sim deviations` and `sim tune` play).
fn duel_game(game: &DuelGame) -> Vec<RulesFile> {
    match game {
        DuelGame::Drift { lineup, rules } => {
            let mut f = file_or("line-up", lineup, &Lineup::PRESETS, default_lineup(Mode::Styles));
            f.extend(file_or("rules", rules, &DriftRules::PRESETS, "default"));
            f
        }
        DuelGame::Rackup { profile } => file_or("profile", profile, &Profile::PRESETS, "default"),
        DuelGame::Medarot { cards, decks, rules } => {
            let mut f = file_or("cards", cards, &CardPool::PRESETS, "example");
            f.extend(file_or("decks", decks, &Deck::PRESETS, "example"));
            f.extend(file_or("rules", rules, &medarot::Rules::PRESETS, "advance"));
            f
        }
        DuelGame::Mahjong { table: rules } => table("table", rules),
    }
}

impl RulesFiles for DuelParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = duel_game(&self.game);
        files.extend(strategies(&self.strategies));
        files
    }
}

impl RulesFiles for DeviationsParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        let mut files = duel_game(&self.game);
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

    #[test]
    fn a_built_in_table_lists_what_it_extends_and_its_scoring() {
        let files = table("table", &TableRules::preset("goto-cutbi"));
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["goto-cutbi (built-in)", "goto (built-in)", "goto (built-in)"]);
        assert_eq!(files[1].role, "table: extends");
        assert_eq!(files[2].role, "table: extends: scoring");
        assert_eq!(files[2].sha256, sha256_hex(Rules::PRESETS.text("goto").unwrap()));
    }
}
