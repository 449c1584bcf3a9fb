//! The tune file (`sim tune FILE`): the game and its rules settings, the strategy to tune,
//! the parameters to search (dotted keys into the strategy file, each a list of values or
//! a range), the opponents, the objective, the budget in games, the first stage's deals,
//! the confirmation's deals and the seed. Errors name the file, and the line and column
//! where the text has them.

use super::space::Parameter;
use crate::games::DuelGame;
use crate::preset::is_path;
use crate::study::Source;
use anyhow::{Result, anyhow, bail};
use engine::config::{from_toml, line_column};
use serde::Deserialize;
use std::path::Path;
use toml::{Spanned, Table};

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    game: Spanned<String>,
    strategy: String,
    #[serde(default)]
    profile: Option<String>,
    #[serde(default)]
    lineup: Option<String>,
    #[serde(default)]
    cards: Option<String>,
    #[serde(default)]
    decks: Option<String>,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default = "self_play")]
    opponents: Vec<String>,
    #[serde(default)]
    objective: Option<String>,
    budget: u64,
    #[serde(default = "default_deals")]
    deals: u64,
    #[serde(default = "default_confirm")]
    confirm: u64,
    #[serde(default = "default_seed")]
    seed: u64,
    parameters: Spanned<Table>,
}

fn self_play() -> Vec<String> {
    vec![SELF.to_string()]
}

const fn default_deals() -> u64 {
    100
}

const fn default_confirm() -> u64 {
    10_000
}

const fn default_seed() -> u64 {
    7
}

/// The opponent that is the strategy being tuned as it stands (self-play).
pub const SELF: &str = "self";
/// The opponent that is the strategy as it started.
pub const START: &str = "start";

/// An opponent of the field.
#[derive(Clone, Debug, PartialEq)]
pub enum Opponent {
    /// The incumbent: the tuned strategy as it stands.
    Incumbent,
    /// The strategy as it started.
    Start,
    /// A strategy of its own.
    Fixed(Source),
}

/// A parsed tune file.
#[derive(Clone, Debug)]
pub struct TuneFile {
    /// Where it was read from.
    pub name: String,
    /// The game and its rules.
    pub game: DuelGame,
    /// The game's name as written.
    pub game_name: String,
    /// The strategy to tune.
    pub strategy: Source,
    /// The parameters searched, in the file's order.
    pub parameters: Vec<Parameter>,
    /// The field each candidate plays against.
    pub opponents: Vec<Opponent>,
    /// The metric maximised (`None`: the game's objective, [`crate::contest::Metric::objective`]).
    pub objective: Option<String>,
    /// Games the search may play.
    pub budget: u64,
    /// Deals of a round's first stage.
    pub deals: u64,
    /// Deals of the confirmation run.
    pub confirm: u64,
    /// Master seed.
    pub seed: u64,
}

impl TuneFile {
    /// Parses the tune file `name` with contents `text`; settings files it names are
    /// presets or files relative to `dir`.
    pub fn parse(name: &str, text: &str, dir: &Path) -> Result<TuneFile> {
        let raw: Raw = from_toml(text).map_err(|e| anyhow!("tune file {name}: {e}"))?;
        let at = |offset: usize| {
            let (line, column) = line_column(text, offset);
            format!("tune file {name}: line {line}, column {column}")
        };
        let game_name = raw.game.get_ref().clone();
        let takes =
            crate::games::entry(&game_name).map_err(|e| anyhow!("{}: {e}", at(raw.game.span().start)))?.duel_settings;
        let given = [
            ("profile", &raw.profile),
            ("lineup", &raw.lineup),
            ("cards", &raw.cards),
            ("decks", &raw.decks),
            ("rules", &raw.rules),
        ];
        if let Some((key, _)) = given.iter().find(|(k, v)| v.is_some() && !takes.contains(k)) {
            bail!("tune file {name}: a {game_name} tune takes no `{key}` (its settings: {})", takes.join(", "));
        }
        let beside = |arg: &str| if is_path(arg) { dir.join(arg).to_string_lossy().into_owned() } else { arg.into() };
        let setting = |key: &str| given.iter().find(|g| g.0 == key).and_then(|g| g.1.as_deref()).map(beside);
        let context = |e: anyhow::Error| anyhow!("tune file {name}: {e:#}");
        let (game, presets) = DuelGame::from_settings(&game_name, setting).map_err(context)?;
        let strategy = crate::preset::source(&beside(&raw.strategy), &presets).map_err(context)?;
        let opponents = raw
            .opponents
            .iter()
            .map(|o| match o.as_str() {
                SELF => Ok(Opponent::Incumbent),
                START => Ok(Opponent::Start),
                other => crate::preset::source(&beside(other), &presets).map(Opponent::Fixed).map_err(context),
            })
            .collect::<Result<Vec<_>>>()?;
        if opponents.is_empty() {
            bail!("tune file {name}: `opponents` is empty (\"self\" plays the strategy against itself)");
        }
        for (key, value) in [("budget", raw.budget), ("deals", raw.deals), ("confirm", raw.confirm)] {
            if value == 0 {
                bail!("tune file {name}: `{key}` must be at least 1");
            }
        }
        let probe =
            crate::duel::field::Field::new(&game, std::slice::from_ref(&strategy), std::slice::from_ref(&strategy));
        probe.and_then(|f| f.metric(raw.objective.as_deref())).map_err(context)?;
        let doc = crate::deviations::moves::document(&strategy)?;
        let parameters = super::space::parameters(&doc, raw.parameters.get_ref())
            .map_err(|e| anyhow!("{}: {e}", at(raw.parameters.span().start)))?;
        Ok(TuneFile {
            name: name.to_string(),
            game,
            game_name,
            strategy,
            parameters,
            opponents,
            objective: raw.objective,
            budget: raw.budget,
            deals: raw.deals,
            confirm: raw.confirm,
            seed: raw.seed,
        })
    }

    /// Reads the tune file at `path`.
    pub fn read(path: &Path) -> Result<TuneFile> {
        let source = Source::read(path)?;
        TuneFile::parse(&source.name, &source.text, path.parent().unwrap_or(Path::new("")))
    }
}
