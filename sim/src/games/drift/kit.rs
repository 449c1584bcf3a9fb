//! The drift battle in the registry: its [`GameKit`].

use super::cli::{self, DriftArgs, DriftBase, drift_study};
use super::sweep::DriftArm;
use super::{DriftDuel, DriftStudy};
use crate::cli::args::defaults;
use crate::contest::ArmFiles;
use crate::games::DuelGame;
use crate::games::{Entry, GameKit};
use crate::report::runs::{Run, games};
use crate::study::{EachKind, EachStudy};
use anyhow::Result;

/// The drift battle's kit.
pub struct Kit;

impl GameKit for Kit {
    const ENTRY: Entry = Entry {
        name: "drift",
        about: "Midnight Wolves drift battle: battle styles or a line-up's drivers against each other",
        duel_about: "Drift battles on the styles entrants of the line-up's first driver (strategies: plain, \
                     random, heuristic, heuristic-2026, or strategy files)",
        deviations_about: "Drift battles on the styles entrants of the line-up's first driver",
        duel_settings: &["lineup", "rules"],
        duel_game: cli::duel_game,
        duel_of_documents: Some(|arm: &ArmFiles| {
            Ok(DuelGame::Drift(DriftDuel { lineup: Some(arm.other("lineup")?), rules: arm.main("rules") }))
        }),
        sweeps: &[("sweep_drift", include_str!("../../../../engine/src/drift/presets/sweep_drift.toml"))],
        tunes: &[("tune_drift", include_str!("../../../../engine/src/drift/presets/tune_drift.toml"))],
        report_runs: &[Run { folder: "report-drift", args: &["drift"], scaled: &[games(200_000, 1)], study: true }],
        report_sweep: None,
    };
    type SweepArm = DriftArm;
    type Duel = DriftDuel;
    type Command = DriftArgs;
    type Base = DriftBase;
    type DuelBase = DriftBase;

    fn run(command: &DriftArgs) -> Result<String> {
        cli::run(command)
    }

    fn kinds(v: &mut impl EachKind) {
        v.kind::<DriftStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        f.study("drift", &drift_study(&defaults(&[])?)?)
    }
}
