//! Rack-up in the registry: its [`GameKit`].

use super::cli::{self, RackupArgs, RackupBase, rackup_study};
use super::sweep::RackupArm;
use super::{RackupDuel, RackupStudy};
use crate::cli::args::defaults;
use crate::contest::ArmFiles;
use crate::games::DuelGame;
use crate::games::{Entry, GameKit};
use crate::report::runs::{Run, games};
use crate::study::{EachKind, EachStudy};
use anyhow::Result;

/// Rack-up's kit.
pub struct Kit;

impl GameKit for Kit {
    const ENTRY: Entry = Entry {
        name: "rackup",
        about: "Rack-up Battle: yaku frequency, riichi EV, spells and skill, on the same streams",
        duel_about: "Rack-up matches (strategies: random, heuristic, heuristic-2026, riichi-never, riichi-always, \
                     or files)",
        deviations_about: "Rack-up matches",
        duel_settings: &["profile"],
        duel_game: cli::duel_game,
        duel_of_documents: Some(|arm: &ArmFiles| Ok(DuelGame::Rackup(RackupDuel { profile: arm.main("profile") }))),
        sweeps: &[
            ("sweep_rackup", include_str!("../../../../engine/src/rackup/presets/sweep_rackup.toml")),
            ("sweep_rackup_ablate", include_str!("../../../../engine/src/rackup/presets/sweep_rackup_ablate.toml")),
        ],
        tunes: &[("tune_rackup", include_str!("../../../../engine/src/rackup/presets/tune_rackup.toml"))],
        report_runs: &[Run { folder: "report-rackup", args: &["rackup"], scaled: &[games(20_000, 1)], study: true }],
        report_sweep: Some(Run {
            folder: "report-sweep",
            args: &["sweep", "sweep_rackup_ablate"],
            scaled: &[],
            study: true,
        }),
    };
    type SweepArm = RackupArm;
    type Duel = RackupDuel;
    type Command = RackupArgs;
    type Base = RackupBase;
    type DuelBase = RackupBase;

    fn run(command: &RackupArgs) -> Result<String> {
        cli::run(command)
    }

    fn kinds(v: &mut impl EachKind) {
        v.kind::<RackupStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        f.study("rackup", &rackup_study(&defaults(&[])?)?)
    }
}
