//! `--log-games K --log-dir DIR` for the table studies (Ron2 and Gotō): the run's games
//! with index below K are played, as they come, by a table that records its mjai events,
//! with the same bots and streams (so the study is unchanged), and each is written as
//! `DIR/game-<index>.jsonl`: into DIR's staging folder, switched into place with the
//! study's tables and charts ([`crate::output::StudyOutput::create_with`]), so a failed run
//! leaves no record, whole or cut.

use crate::{commit, mjai};
use anyhow::{Context, Result};
use engine::mahjong::table::{Bot, HanchanOutcome, HandLog, RiichiTable};
use engine::{GameRng, Table};
use std::path::PathBuf;
use std::sync::Mutex;

/// Which games a run records: indices `0..count`, into `dir`.
pub struct GameLogs {
    /// Games recorded.
    pub count: u64,
    /// Where.
    pub dir: PathBuf,
}

/// A worker's tables: the study's, and one recording events, made at the first logged game.
pub struct Tables {
    table: Table<RiichiTable>,
    logging: Option<Table<RiichiTable>>,
    /// The last game was played by the recording table.
    logged: bool,
}

impl Tables {
    /// The hand records of the last game played (kept when the study's table logs hands).
    pub fn hand_log(&self) -> &HandLog {
        let table = if self.logged { self.logging.as_ref().unwrap_or(&self.table) } else { &self.table };
        &table.state().hand_log
    }
}

/// Plays a study's games, recording the logged ones; keeps the first write error.
pub struct Recorder<'a> {
    game: &'a RiichiTable,
    logs: Option<(&'a GameLogs, PathBuf, RiichiTable)>,
    failed: Mutex<Option<anyhow::Error>>,
}

impl<'a> Recorder<'a> {
    /// Plays `game`, recording the games `logs` names (into the staging folder of its
    /// folder, which the study's output has made).
    pub fn new(game: &'a RiichiTable, logs: Option<&'a GameLogs>) -> Recorder<'a> {
        let logs = logs.map(|l| (l, commit::staging_path(&l.dir), game.clone().with_event_log(true)));
        Recorder { game, logs, failed: Mutex::new(None) }
    }

    /// A worker's tables.
    pub fn tables(&self) -> Tables {
        Tables { table: Table::new(self.game), logging: None, logged: false }
    }

    /// Plays game `index` with `bots` (the seats' players, named by `names` in a record).
    pub fn play(
        &self,
        tables: &mut Tables,
        index: u64,
        bots: &mut [Bot],
        rng: &mut GameRng,
        names: impl FnOnce() -> Vec<String>,
    ) -> HanchanOutcome {
        let Some((_, staging, logged)) = self.logs.as_ref().filter(|(l, ..)| index < l.count) else {
            tables.logged = false;
            return tables.table.play(self.game, bots, rng);
        };
        tables.logged = true;
        let table = tables.logging.get_or_insert_with(|| Table::new(logged));
        let o = table.play(logged, bots, rng);
        let mut out = Vec::new();
        mjai::write_record(table.state().events.events(), &names(), &mut out);
        let path = staging.join(format!("game-{index}.jsonl"));
        if let Err(e) = std::fs::write(&path, out).with_context(|| format!("cannot write {}", path.display())) {
            self.failed.lock().expect("no worker panicked").get_or_insert(e);
        }
        o
    }

    /// `run`, unless writing a record failed.
    pub fn finish<T>(self, run: T) -> Result<T> {
        match self.failed.into_inner().expect("no worker panicked") {
            Some(e) => Err(e),
            None => Ok(run),
        }
    }
}
