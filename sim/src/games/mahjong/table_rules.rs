//! Where a riichi table's rules and bots come from, shared by the table studies (Ron2, Gotō,
//! chips), the mahjong duel and `sim mahjong score`: a built-in preset or a settings file
//! with the scoring rules file it names ([`TableRules`]), and bots by preset name or file
//! ([`bots_from`]).

use crate::study::Source;
use anyhow::{Context, Result, anyhow, bail};
use engine::Game;
use engine::mahjong::Rules;
use engine::mahjong::table::{Bot, BotConfig, RiichiTable, TableSettings};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where a table's rules come from: a built-in preset, or a settings file
/// and the scoring rules file it may name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRules {
    /// Built-in preset name (`ron2-dojo`, …) used when `settings` is `None`.
    pub preset: String,
    /// A table settings file replacing the preset.
    pub settings: Option<Source>,
    /// The scoring rules file the settings file names (`scoring = "….toml"`).
    #[serde(default)]
    pub scoring: Option<Source>,
}

/// What errors call a table settings file.
const TABLE_FILE: &str = "mahjong table settings";

/// The table presets (Ron2 and Gotō), for the resolver.
pub const TABLE_PRESETS: engine::config::Presets =
    engine::config::Presets { kind: "mahjong table preset", list: &engine::mahjong::table::PRESETS };
/// The bot presets, for the resolver.
pub const BOT_FILES: engine::config::Presets =
    engine::config::Presets { kind: "mahjong bot", list: &engine::mahjong::table::BOT_PRESETS };

impl TableRules {
    /// The rules `rules` names: a table preset, else a settings file (see [`TableRules::file`]).
    pub fn named(rules: &str) -> Result<TableRules> {
        match crate::preset::resolve(rules, &TABLE_PRESETS)? {
            crate::preset::Named::File(settings) => TableRules::file(settings, Path::new(rules)),
            crate::preset::Named::BuiltIn(_) => Ok(TableRules::preset(rules)),
        }
    }

    /// A built-in table preset.
    pub fn preset(name: &str) -> TableRules {
        TableRules { preset: name.to_string(), settings: None, scoring: None }
    }

    /// A settings file read from `path`, with the scoring rules file it
    /// names (relative to `path`'s folder) read too.
    pub fn file(settings: Source, path: &Path) -> Result<TableRules> {
        let parsed = settings.parse(TABLE_FILE, TableSettings::from_toml)?;
        let scoring = if parsed.scoring_is_file() {
            let file = path.parent().unwrap_or(Path::new("")).join(&parsed.scoring);
            Some(Source::read(&file).with_context(|| format!("{TABLE_FILE} {}: field `scoring`", settings.name))?)
        } else {
            None
        };
        Ok(TableRules { preset: String::new(), settings: Some(settings), scoring })
    }

    /// The table these rules describe, which must seat `seats` (`what` names who needs
    /// them: "the study plays", …).
    pub fn seated(&self, seats: usize, what: &str) -> Result<RiichiTable> {
        let game = self.game()?;
        if game.num_seats() != seats {
            bail!("table rules {}: a {}-seat table: {what} {seats} seats", self.name(), game.num_seats());
        }
        Ok(game)
    }

    /// The table these rules describe.
    pub fn game(&self) -> Result<RiichiTable> {
        let Some(src) = &self.settings else {
            return RiichiTable::preset(&self.preset).map_err(|e| anyhow!("{e}"));
        };
        let settings = src.parse(TABLE_FILE, TableSettings::from_toml)?;
        let game = match &self.scoring {
            Some(rules) => {
                let parsed = rules.parse("mahjong rules", Rules::from_toml)?;
                RiichiTable::with_rules(settings, parsed)
            }
            None => RiichiTable::new(settings),
        };
        game.map_err(|e| anyhow!("{TABLE_FILE} {}: {e}", src.name))
    }

    /// The scoring rules of the table (they name its data yaku and order its yaku tables).
    pub fn scoring(&self) -> Result<Rules> {
        Ok(self.game()?.rules().clone())
    }

    /// How reports name the rules: the preset or the settings file.
    pub fn name(&self) -> &str {
        self.settings.as_ref().map_or(self.preset.as_str(), |src| src.name.as_str())
    }
}

/// The bots named (a preset name, or the bot file given beside it), one per entry.
pub fn bots_from<const N: usize>(names: &[String; N], files: &[Option<Source>; N]) -> Result<[Bot; N]> {
    let mut bots = [Bot::random(); N];
    for ((bot, name), file) in bots.iter_mut().zip(names).zip(files) {
        *bot = match file {
            Some(src) => Bot::new(src.parse("mahjong bot file", BotConfig::from_toml)?),
            None => Bot::by_name(name).ok_or_else(|| {
                anyhow!("unknown bot `{name}` (valid: random, efficiency, defensive, value, goto-stakes, tenhou-like, strong, or a bot TOML file)")
            })?,
        };
    }
    Ok(bots)
}
