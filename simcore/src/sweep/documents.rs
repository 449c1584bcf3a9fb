//! A sweep's base documents, as each game reads them: the rules (or table settings,
//! or profile) and the other settings files the sweep file names, built-in presets or
//! files beside the sweep file ([`Files`], which a saved sweep carries so a merge reads
//! nothing from disk). Free of the runner and the tables, so the `sweep_file` fuzz target
//! reads them as `sim sweep` does.

use super::file::SweepFile;
use super::overrides::Documents;
use crate::saved::Source;
use anyhow::{Result, anyhow, bail};
use engine::config::{Presets, resolve_extends};
use engine::mahjong::Rules as MahjongRules;
use engine::mahjong::table::{BOT_PRESETS, TableSettings};
use std::cell::RefCell;
use std::path::Path;

/// The base documents of the game `file` sweeps ([`mahjong`], [`rackup`], [`drift`], [`medarot`]).
pub fn base(files: &Files, file: &SweepFile) -> Result<Documents> {
    match file.game.as_str() {
        "mahjong" => mahjong(files, &file.base, file.setting("bots").unwrap_or("efficiency")),
        "rackup" => rackup(files, file),
        "drift" => drift(files, file),
        "medarot" => medarot(files, file),
        other => bail!("unknown game `{other}`"),
    }
}

/// The base documents: the table settings (extends resolved), its scoring rules and the
/// bot settings.
pub fn mahjong(files: &Files, base: &str, bots: &str) -> Result<Documents> {
    let table_text = files.text(base, TableSettings::preset_text)?;
    let main = resolve_extends(&table_text, &TableSettings::preset_text)
        .map_err(|e| anyhow!("mahjong table settings {base}: {e}"))?;
    let scoring_name = main.get("scoring").and_then(|v| v.as_str()).unwrap_or_default().to_string();
    let scoring_text = files.text_beside(base, &scoring_name, |n| MahjongRules::PRESETS.text(n))?;
    let scoring = resolve_extends(&scoring_text, &|n| MahjongRules::PRESETS.text(n))
        .map_err(|e| anyhow!("mahjong rules {scoring_name}: {e}"))?;
    let bot_text = files.text(bots, |n| BOT_PRESETS.iter().find(|p| p.0 == n).map(|p| p.1))?;
    let bot: toml::Table = engine::config::from_toml(&bot_text).map_err(|e| anyhow!("mahjong bot file {bots}: {e}"))?;
    Ok(Documents { main, others: vec![("scoring", scoring), ("bots", bot)] })
}

/// The base documents: the profile and the strategy files.
pub fn rackup(files: &Files, file: &SweepFile) -> Result<Documents> {
    let main = document(files, &file.base, &engine::rackup::Profile::PRESETS)?;
    Ok(Documents {
        main,
        others: strategy_documents(files, file, &engine::rackup::StrategyConfig::PRESETS, "heuristic")?,
    })
}

/// The base documents: the rules, the line-up and the strategy files.
pub fn drift(files: &Files, file: &SweepFile) -> Result<Documents> {
    let main = document(files, &file.base, &engine::drift::DriftRules::PRESETS)?;
    let lineup = document(files, file.setting("lineup").unwrap_or("example"), &engine::drift::Lineup::PRESETS)?;
    let mut others = vec![("lineup", lineup)];
    others.extend(strategy_documents(files, file, &engine::drift::strategy::StrategyConfig::PRESETS, "heuristic")?);
    Ok(Documents { main, others })
}

/// The base documents: the rules, the card list, the deck list and the strategy files.
pub fn medarot(files: &Files, file: &SweepFile) -> Result<Documents> {
    let main = document(files, &file.base, &engine::medarot::Rules::PRESETS)?;
    let cards = document(files, file.setting("cards").unwrap_or("example"), &engine::medarot::CardPool::PRESETS)?;
    let decks = document(files, file.setting("decks").unwrap_or("example"), &engine::medarot::Deck::PRESETS)?;
    let mut others = vec![("cards", cards), ("decks", decks)];
    others.extend(strategy_documents(files, file, &engine::medarot::StrategyConfig::PRESETS, "heuristic")?);
    Ok(Documents { main, others })
}

/// The document `name` names: one of `presets`, else a file relative to the sweep file.
fn document(files: &Files, name: &str, presets: &Presets) -> Result<toml::Table> {
    let text = files.text(name, |n| presets.text(n))?;
    engine::config::from_toml(&text).map_err(|e| anyhow!("{} {name}: {e}", presets.kind))
}

/// The strategy documents of a two-player game: `strategy` (the preset `default` unless the
/// sweep file names one), which both players follow, and `strategy_b`, player B's instead,
/// if named.
fn strategy_documents(
    files: &Files,
    file: &SweepFile,
    presets: &Presets,
    default: &str,
) -> Result<Vec<(&'static str, toml::Table)>> {
    let mut docs = vec![("strategy", document(files, file.setting("strategy").unwrap_or(default), presets)?)];
    if let Some(b) = file.setting("strategy_b") {
        docs.push(("strategy_b", document(files, b, presets)?));
    }
    Ok(docs)
}

/// The settings files a sweep reads besides its presets, kept in its parameters so that a
/// saved state rebuilds on another machine (a merge reads nothing from disk).
#[derive(Debug, Default)]
pub struct Files {
    /// Files read so far, by the name the sweep file gives them.
    pub sources: RefCell<Vec<Source>>,
    /// Whether missing files may be read from disk (not when rebuilding a saved state).
    pub from_disk: bool,
    /// The folder names are relative to (the sweep file's).
    pub dir: std::path::PathBuf,
}

impl Files {
    /// The text `name` names: a built-in preset (`builtin`), else a file relative to the
    /// sweep file's folder (whose name must look like a path, as on the command line).
    pub fn text(&self, name: &str, builtin: impl Fn(&str) -> Option<&'static str>) -> Result<String> {
        if let Some(text) = builtin(name) {
            return Ok(text.to_string());
        }
        Self::path_like(name)?;
        self.file(name)
    }

    /// As [`Files::text`], a file named relative to the file `beside` names.
    pub fn text_beside(
        &self,
        beside: &str,
        name: &str,
        builtin: impl Fn(&str) -> Option<&'static str>,
    ) -> Result<String> {
        if let Some(text) = builtin(name) {
            return Ok(text.to_string());
        }
        Self::path_like(name)?;
        let folder = Path::new(beside).parent().unwrap_or(Path::new(""));
        self.file(&folder.join(name).to_string_lossy())
    }

    /// A name that is no built-in must look like a path ([`crate::preset::is_path`]).
    fn path_like(name: &str) -> Result<()> {
        if !crate::preset::is_path(name) {
            bail!("`{name}` is no built-in name, and a file needs a path with a `/` or a name ending in `.toml`");
        }
        Ok(())
    }

    fn file(&self, name: &str) -> Result<String> {
        if let Some(s) = self.sources.borrow().iter().find(|s| s.name == name) {
            return Ok(s.text.clone());
        }
        if !self.from_disk {
            bail!("the saved sweep has no file `{name}`");
        }
        let source = Source::read(&self.dir.join(name)).map(|s| Source { name: name.to_string(), ..s })?;
        let text = source.text.clone();
        self.sources.borrow_mut().push(source);
        Ok(text)
    }
}
