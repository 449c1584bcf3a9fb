//! The Classic Gotō table study: sessions of three-seat games among four people in rotation
//! (4人回し, GOTO-SPEC G-S9), reported per person and per seat: places and points, the
//! bots' per-hand rates (no calibration data exists for Gotō: they are for judging the
//! bots), yaku frequency under Gotō, game length (South entry, sudden-death length, the
//! dealer's stop), extraction and open riichi.
//!
//! One runner index is one session of `session_games` games; game `k` of session `i` plays
//! from the stream (seed, `i × session_games + k`), so every game has its own stream and a
//! rule variant replays the same games. Each person keeps its bot; the seating follows the
//! rotation rule (fixed cycle by default), so per-person results mix bot and luck of the
//! seating, per-seat results mix people.

mod charts;
mod report;
mod state;

pub(crate) use charts::yaku_chart;
pub(crate) use report::yaku_table;
pub use state::{Counts, GotoAcc, Results};

use super::table_logs::{GameLogs, Recorder};
use super::table_rules::{TableRules, bots_from};
use crate::games::mahjong::table_rules::{bot_files, table_files};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::study::grow::Tracked;
use crate::study::{Coverage, RulesFile, RulesFiles, Source, State, Study};
use anyhow::{Result, bail};
use engine::GameSeeds;
use engine::mahjong::table::{Bot, PEOPLE, RiichiTable, Rotation, Session};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Seats at the Gotō table.
const SEATS: usize = 3;

/// Everything that defines a Gotō study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GotoParams {
    /// The table's rules (a three-seat table).
    #[serde(flatten)]
    pub table: TableRules,
    /// Bot per person (persons 0–3): a preset name, or the name of the file in `bot_files`.
    pub bots: [String; PEOPLE],
    /// Bot settings files for the persons that have one.
    #[serde(default)]
    pub bot_files: [Option<Source>; PEOPLE],
    /// Who sits out the next game.
    pub rotation: Rotation,
    /// Games per session.
    pub session_games: u32,
}

/// The warning for sessions whose length gives the persons unequal sit-outs: under the
/// cycle, a session of `session_games` not a multiple of the four persons sits some out
/// once more than others, and the sit-out's chips (G-O2) alone then move chips between
/// them. `None` when every person sits out equally often (or the rotation follows results,
/// or nobody sits out).
pub fn uneven_sit_outs(rotation: Rotation, session_games: u32, option: &str) -> Option<String> {
    let people = PEOPLE as u32;
    (rotation == Rotation::Cycle && !session_games.is_multiple_of(people)).then(|| {
        let (each, extra) = (session_games / people, session_games % people);
        format!(
            "warning: {option} {session_games} is not a multiple of the {people} persons: under the cycle {extra} of \
             them sit out {} games per session and the others {each}, so the schedule alone moves chips between them",
            each + 1
        )
    })
}

/// A Gotō study ready to run.
pub struct GotoStudy {
    params: GotoParams,
    game: RiichiTable,
    /// Every session's start.
    session: Session,
    bots: [Bot; PEOPLE],
    logs: Option<GameLogs>,
}

impl GotoStudy {
    /// The same study, recording the games with index below `count` (game `k` of session
    /// `i` is game `i × session_games + k`) as mjai JSON Lines files
    /// `dir/game-<index>.jsonl` while it runs.
    pub fn with_game_logs(mut self, count: u64, dir: &Path) -> GotoStudy {
        self.logs = Some(GameLogs { count, dir: dir.to_path_buf() });
        self
    }
}

impl RulesFiles for GotoParams {
    fn rules_files(&self) -> Vec<RulesFile> {
        [table_files("table", &self.table), bot_files(&self.bots, &self.bot_files)].concat()
    }
}

impl State for GotoStudy {
    const KIND: &'static str = "goto";
    type Params = GotoParams;
    type Acc = GotoAcc;

    fn params(&self) -> &GotoParams {
        &self.params
    }

    fn from_params(params: GotoParams) -> Result<Self> {
        let game = params.table.seated(SEATS, "the Gotō study plays")?;
        if params.session_games == 0 {
            bail!("a session needs at least one game");
        }
        let bots = bots_from(&params.bots, &params.bot_files)?;
        let session = Session::new(params.rotation, SEATS).expect("every rotation fits three seats");
        Ok(Self { params, game, session, bots, logs: None })
    }

    fn empty(&self) -> GotoAcc {
        GotoAcc::new(SEATS, self.game.rules().set.has_blue())
    }

    /// An index is a session.
    fn indices(&self, acc: &GotoAcc) -> u64 {
        acc.sessions
    }
}

impl Study for GotoStudy {
    const WORDS: crate::study::Words = super::words::GOTO;

    fn games_per_index(&self) -> u64 {
        u64::from(self.params.session_games)
    }

    fn side_folders(&self) -> Vec<PathBuf> {
        self.logs.iter().map(|l| l.dir.clone()).collect()
    }

    /// The per-round rates (`win_rate`, …, `exhaustive_draw_rate`), and by seat the
    /// first-place rate (`first_place`).
    fn estimates(&self, acc: &GotoAcc) -> Vec<Tracked> {
        let mut out: Vec<Tracked> =
            acc.rates().iter().map(|(name, rate)| Tracked::rate(&format!("{name}_rate"), "", rate)).collect();
        out.extend(
            acc.seats.iter().enumerate().map(|(s, r)| Tracked::rate("first_place", &format!("seat {s}"), &r.place(0))),
        );
        out
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(GotoAcc, RunReport)> {
        let seeds = GameSeeds::new(plan.seed);
        let per = u64::from(self.params.session_games);
        let recorder = Recorder::new(&self.game, self.logs.as_ref());
        let run = runner::run(
            plan,
            || recorder.tables(),
            || self.empty(),
            |tables, session_index, _, acc| {
                let mut session = self.session;
                let mut net = [0i64; PEOPLE];
                for k in 0..per {
                    let index = session_index * per + k;
                    let seating = session.seating();
                    let mut bots = seating.seats.map(|p| self.bots[usize::from(p)]);
                    let names = || seating.seated().iter().map(|&p| self.params.bots[usize::from(p)].clone()).collect();
                    let o = recorder.play(tables, index, &mut bots[..SEATS], &mut seeds.rng(index), names);
                    acc.record(&o, seating.seated(), seating.sitting_out);
                    for (s, &p) in seating.seated().iter().enumerate() {
                        net[usize::from(p)] += i64::from(o.points[s] - self.game.settings().start_points);
                    }
                    session.next(&o.ranks);
                }
                acc.sessions += 1;
                for (m, n) in acc.session_net.iter_mut().zip(net) {
                    m.record(n);
                }
            },
        )?;
        recorder.finish(run)
    }

    fn report(&self, acc: &GotoAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let rules = self.params.table.scoring()?;
        report::write_tables(&self.params, &rules, acc, out)?;
        charts::charts(&self.params, &rules, acc, out)?;
        Ok(report::summary(&self.params, &rules, acc, coverage))
    }
}
