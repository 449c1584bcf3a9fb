//! `sim medarot`: its options, the cards, decks and rules a duel shares ([`MedarotBase`]), and the study they build.

use crate::games::GameBase;
use crate::cli::args::RunArgs;
use crate::cli::args::games_help;
use crate::cli::args::named;
use crate::games::DuelGame;
use crate::games::Settings;
use crate::games::medarot::MedarotDuel;
use crate::games::medarot::MedarotParams;
use crate::games::medarot::MedarotStudy;
use crate::preset;
use crate::study::State;
use anyhow::Result;
use clap::Args;
use engine::config::Presets;
use engine::medarot;
use engine::medarot::CardPool;
use engine::medarot::Deck;
use engine::medarot::Rules;
use engine::medarot::StrategyConfig;

/// Medarot's cards, decks and rules (studies and duels).
#[derive(Args)]
pub struct MedarotBase {
    /// Card list: `example` (the invented pool, the default) or a TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    pub(crate) cards: Option<String>,
    /// Deck list, checked against the card list: `example` (the default) or a TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    pub(crate) decks: Option<String>,
    /// Rules: a built-in preset (advance, advance-long-shot, advance-transform-cost) or a
    /// TOML file (default: advance, the readings documented in the engine).
    #[arg(long, value_name = "NAME|FILE")]
    pub(crate) rules: Option<String>,
}

impl GameBase for MedarotBase {
    fn game(&self) -> Result<(DuelGame, Presets)> {
        let setting = |k: &str| match k {
            "cards" => self.cards.clone(),
            "decks" => self.decks.clone(),
            _ => self.rules.clone(),
        };
        duel_game(&setting)
    }
}

/// `sim medarot`'s games unless told.
const GAMES: u64 = 200_000;

#[derive(Args)]
#[command(mut_arg("games", |a| a.help(games_help(GAMES))))]
pub struct MedarotArgs {
    #[command(flatten)]
    pub(crate) run: RunArgs,
    #[command(flatten)]
    pub(crate) base: MedarotBase,
    /// Strategy of the row deck's player: random, heuristic, heuristic-2026, or a strategy TOML file
    /// (copy engine/src/medarot/presets/strategy_heuristic.toml to tune its weights).
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    pub(crate) strategy_a: String,
    /// Strategy of the column deck's player: random, heuristic, heuristic-2026, or a strategy TOML file.
    #[arg(long, default_value = "heuristic", value_name = "NAME|FILE")]
    pub(crate) strategy_b: String,
    /// Game indices below this that pair two different decks are replayed once per card
    /// ablation and stat step of either deck (paired on the same streams; 0 turns it off).
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    pub(crate) ablation_games: u64,
}

pub(crate) fn run(args: &MedarotArgs) -> Result<String> {
    args.run.at.execute(&medarot_study(args)?, &args.run.plan(GAMES), MedarotStudy::KIND)
}

pub(crate) fn medarot_study(args: &MedarotArgs) -> Result<MedarotStudy> {
    let strategy = |arg: &str| preset::source(arg, &medarot::StrategyConfig::PRESETS);
    let params = MedarotParams {
        cards: named(&args.base.cards, &CardPool::PRESETS)?,
        decks: named(&args.base.decks, &Deck::PRESETS)?,
        rules: named(&args.base.rules, &medarot::Rules::PRESETS)?,
        strategies: [strategy(&args.strategy_a)?, strategy(&args.strategy_b)?],
        ablation_games: args.ablation_games,
    };
    MedarotStudy::from_params(params)
}

/// A Medarot duel's cards, decks and rules as `setting` names them by key.
pub(super) fn duel_game(setting: &Settings) -> Result<(DuelGame, Presets)> {
    let duel = MedarotDuel {
        cards: named(&setting("cards"), &CardPool::PRESETS)?,
        decks: named(&setting("decks"), &Deck::PRESETS)?,
        rules: named(&setting("rules"), &Rules::PRESETS)?,
    };
    Ok((DuelGame::Medarot(duel), StrategyConfig::PRESETS))
}
