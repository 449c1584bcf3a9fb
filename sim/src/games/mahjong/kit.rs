//! Riichi mahjong in the registry: its [`GameKit`], with three study kinds (the four-player
//! table, Gotō's table, Gotō's chips) and two default studies (`ron2`, `goto`).

use super::chips::ChipsStudy;
use super::cli::{self, DuelTableArgs, MahjongArgs, TableArgs, TableBase, four_bots, goto_study, table_params};
use super::duel::MahjongDuel;
use super::goto::GotoStudy;
use super::play::MahjongStudy;
use super::sweep::MahjongArm;
use crate::cli::args::defaults;
use crate::games::{Entry, GameKit};
use crate::report::runs::{Run, games};
use crate::study::{EachKind, EachStudy, State};
use anyhow::Result;

/// Mahjong's kit.
pub struct Kit;

/// The table presets' example files, `(name, text)` of `engine/src/mahjong/presets/<name>.toml`.
macro_rules! presets {
    ($($name:literal),*) => {
        &[$(($name, include_str!(concat!("../../../../engine/src/mahjong/presets/", $name, ".toml"))),)*]
    };
}

impl GameKit for Kit {
    const ENTRY: Entry = Entry {
        name: "mahjong",
        about: "Mahjong: hand tools (score, shanten; JSON lines), the Ron2 four-player table (play, calibrate), \
                Gotō's three-seat table (play --rules goto) and its chips (chips), mjai replays (replay)",
        duel_about: "A riichi table, 1-vs-rest in every seat: a Ron2 preset's four seats, or Gotō's three with \
                     `--rules goto` (bots: random, efficiency, defensive, or bot files; Gotō's default leaves out \
                     random)",
        deviations_about: "A riichi table, the deviation in each seat against the bot in the others",
        duel_settings: &["rules"],
        duel_game: cli::duel_game,
        duel_of_documents: None,
        sweeps: presets![
            "sweep_ron2",
            "sweep_ron2_local",
            "sweep_ron2_ablate",
            "sweep_goto_chips",
            "sweep_tenhou_sanma"
        ],
        tunes: presets!["tune_mahjong", "tune_mahjong_strong", "tune_goto_stakes"],
        report_runs: &[
            Run { folder: "report-mahjong", args: &["mahjong", "play"], scaled: &[games(1_000, 1)], study: true },
            Run {
                folder: "report-goto",
                args: &["mahjong", "play", "--rules", "goto"],
                scaled: &[games(800, 8)],
                study: true,
            },
            Run { folder: "report-goto-chips", args: &["mahjong", "chips"], scaled: &[games(2_000, 8)], study: true },
        ],
        report_sweep: None,
    };
    type SweepArm = MahjongArm;
    type Duel = MahjongDuel;
    type Command = MahjongArgs;
    type Base = TableBase;
    type DuelBase = DuelTableArgs;

    fn run(command: &MahjongArgs) -> Result<String> {
        cli::run(command)
    }

    fn kinds(v: &mut impl EachKind) {
        v.kind::<MahjongStudy>();
        v.kind::<GotoStudy>();
        v.kind::<ChipsStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        let ron2: TableArgs = defaults(&[])?;
        let goto: TableArgs = defaults(&["--rules", "goto"])?;
        let table_study = |a: &TableArgs| table_params(&a.base.rules, four_bots(&a.bots)?);
        f.study("ron2", &MahjongStudy::from_params(table_study(&ron2)?)?)?;
        f.study("goto", &goto_study(&goto, table_study(&goto)?)?)
    }
}
