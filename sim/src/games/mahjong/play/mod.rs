//! The Ron2 four-player table study: per-round rates beside the published
//! Tenhou 鳳凰卓 figures, yaku frequency among wins, seat advantage, final
//! scores and game length.
//!
//! Seat 0 is the first dealer (起家) of every game; each seat keeps the bot
//! the user gave it, so a seat's results mix seat order and strategy (give all
//! four seats the same bot to read the pure seat advantage).

mod charts;
mod report;
mod state;

pub use state::MahjongAcc;

use super::table_logs::{GameLogs, Recorder};
use super::table_rules::{TableRules, bots_from};
use crate::games::mahjong::table_rules::{bot_files, table_files};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, RulesFile, RulesFiles, Source, State, Study};
use anyhow::Result;
use engine::mahjong::table::{Bot, RATE_NAMES, RiichiTable};
use serde::{Deserialize, Serialize};
use state::seat_first;
use std::path::{Path, PathBuf};

const SEATS: usize = 4;

/// Everything that defines a table study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MahjongParams {
    /// The table's rules.
    #[serde(flatten)]
    pub table: TableRules,
    /// Bot per seat (seat 0 is the first dealer): a preset name, or the
    /// name of the file in `bot_files`.
    pub bots: [String; SEATS],
    /// Bot settings files (TOML, a [`engine::mahjong::table::BotConfig`] each) for the seats that
    /// have one.
    #[serde(default)]
    pub bot_files: [Option<Source>; SEATS],
}

/// A table study ready to run.
pub struct MahjongStudy {
    params: MahjongParams,
    game: RiichiTable,
    bots: [Bot; SEATS],
    logs: Option<GameLogs>,
}

impl RulesFiles for MahjongParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        [table_files("table", &self.table), bot_files(&self.bots, &self.bot_files)].concat()
    }
}

impl State for MahjongStudy {
    const KIND: &'static str = "mahjong";
    type Params = MahjongParams;
    type Acc = MahjongAcc;

    fn params(&self) -> &MahjongParams {
        &self.params
    }

    fn from_params(params: MahjongParams) -> Result<Self> {
        let game = params.table.seated(SEATS, "the four-player study plays")?;
        let bots = bots_from(&params.bots, &params.bot_files)?;
        Ok(Self { params, game, bots, logs: None })
    }

    fn empty(&self) -> MahjongAcc {
        MahjongAcc::new(self.game.rules().set.has_blue())
    }

    fn indices(&self, acc: &MahjongAcc) -> u64 {
        acc.games
    }
}

impl Study for MahjongStudy {
    const WORDS: crate::study::Words = super::words::TABLE;

    fn side_folders(&self) -> Vec<PathBuf> {
        self.logs.iter().map(|l| l.dir.clone()).collect()
    }

    /// The per-round rates (`win_rate`, …, `exhaustive_draw_rate`), and by seat the
    /// first-place rate (`first_place`) and final points (`points`).
    fn estimates(&self, acc: &MahjongAcc) -> Vec<Tracked> {
        let mut out: Vec<Tracked> = RATE_NAMES
            .iter()
            .zip(acc.rates())
            .map(|(name, rate)| Tracked::rate(&format!("{name}_rate"), "", &rate))
            .collect();
        out.extend((0..SEATS).map(|s| Tracked::rate("first_place", &format!("seat {s}"), &seat_first(acc, s))));
        out.extend((0..SEATS).map(|s| Tracked::mean("points", &format!("seat {s}"), &acc.points[s])));
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(MahjongAcc, RunReport)> {
        let recorder = Recorder::new(&self.game, self.logs.as_ref());
        let run = runner::run(
            plan,
            || (recorder.tables(), self.bots),
            || self.empty(),
            |(tables, bots), index, rng, acc| {
                acc.record(&recorder.play(tables, index, bots, rng, || self.params.bots.to_vec()));
            },
        )?;
        recorder.finish(run)
    }

    fn report(&self, acc: &MahjongAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let rules = self.params.table.scoring()?;
        report::write_tables(&self.params, &rules, acc, out)?;
        charts::charts(&self.params, &rules, acc, out)?;
        Ok(report::summary(&self.params, &rules, acc, coverage))
    }
}

impl MahjongStudy {
    /// The same study, recording the games with index below `count` as mjai
    /// JSON Lines files `dir/game-<index>.jsonl` while it runs.
    pub fn with_game_logs(mut self, count: u64, dir: &Path) -> MahjongStudy {
        self.logs = Some(GameLogs { count, dir: dir.to_path_buf() });
        self
    }
}
