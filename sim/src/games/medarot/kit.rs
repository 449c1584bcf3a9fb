//! Medarot in the registry: its [`GameKit`].

use super::cli::{self, MedarotArgs, MedarotBase, medarot_study};
use super::sweep::MedarotArm;
use super::{MedarotDuel, MedarotStudy};
use crate::cli::args::defaults;
use crate::contest::ArmFiles;
use crate::games::DuelGame;
use crate::games::{Entry, GameKit};
use crate::report::runs::{Run, Scaled, games};
use crate::study::{EachKind, EachStudy};
use anyhow::Result;

/// Medarot's kit.
pub struct Kit;

impl GameKit for Kit {
    const ENTRY: Entry = Entry {
        name: "medarot",
        about: "Medarot card game, advance mode: deck matrix, acting first, card ablation, stat prices, HP",
        duel_about: "Medarot games over the deck list's pairings (strategies: random, heuristic, heuristic-2026, or \
                     files)",
        deviations_about: "Medarot games over the deck list's pairings",
        duel_settings: &["cards", "decks", "rules"],
        duel_game: cli::duel_game,
        duel_of_documents: Some(|arm: &ArmFiles| {
            let (cards, decks) = (Some(arm.other("cards")?), Some(arm.other("decks")?));
            Ok(DuelGame::Medarot(MedarotDuel { cards, decks, rules: arm.main("rules") }))
        }),
        sweeps: &[
            ("sweep_medarot", include_str!("../../../../engine/src/medarot/presets/sweep_medarot.toml")),
            (
                "sweep_medarot_readings",
                include_str!("../../../../engine/src/medarot/presets/sweep_medarot_readings.toml"),
            ),
        ],
        tunes: &[("tune_medarot", include_str!("../../../../engine/src/medarot/presets/tune_medarot.toml"))],
        report_runs: &[Run {
            folder: "report-medarot",
            args: &["medarot"],
            scaled: &[games(20_000, 1), Scaled { option: "--ablation-games", value: 2_000, multiple: 1 }],
            study: true,
        }],
        report_sweep: None,
    };
    type SweepArm = MedarotArm;
    type Duel = MedarotDuel;
    type Command = MedarotArgs;
    type Base = MedarotBase;
    type DuelBase = MedarotBase;

    fn run(command: &MedarotArgs) -> Result<String> {
        cli::run(command)
    }

    fn kinds(v: &mut impl EachKind) {
        v.kind::<MedarotStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        f.study("medarot", &medarot_study(&defaults(&[])?)?)
    }
}
