//! The search: rounds of successive halving over one-parameter moves, each accepted only
//! on fresh deals.
//!
//! A round starts from the incumbent (at first the strategy as it starts) and lists every
//! move of one parameter to another of its values. Stage 1 plays the incumbent and every
//! move against the field on `deals` fresh deals ([`crate::duel::field`]: paired, the same deals
//! for all, seat rotation); each move's gain over the incumbent is summed over the stages it
//! played, the better half (by mean gain) goes on to the next stage with twice the deals,
//! until one move is left. That move is then confirmed on fresh deals, twice as many again,
//! beside the start: it is accepted only if its gain's 95% interval lies above 0, and a
//! round whose move is refused makes the next round's stages twice as long (the gains left
//! are small). The search stops when the next stage would pass the budget of games.
//! Deals are numbered from 0 across the whole search, each used once, so the result
//! depends only on the file and the seed, never on the threads.

use super::file::{Opponent, TuneFile};
use super::space::Parameter;
use crate::contest::Metric;
use crate::deviations::moves::{self, Move};
use crate::duel::AnyContest;
use crate::duel::field::Field;
use crate::paired::Paired;
use crate::runner::RunPlan;
use crate::stats::Interval;
use crate::study::Source;
use anyhow::{Result, bail};
use std::time::{Duration, Instant};
use toml::{Table, Value};

/// One candidate's line in the search trace.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceRow {
    /// Round, from 1.
    pub round: u32,
    /// Stage of the round, from 1; 0 for the round's confirmation.
    pub stage: u32,
    /// The move (`key=value`).
    pub candidate: String,
    /// Deals its gain is measured on (over the stages it played; the confirmation's own).
    pub deals: u64,
    /// Its gain over the incumbent per game, more is better.
    pub gain: f64,
    /// The gain's paired 95% interval.
    pub interval: Interval,
    /// Kept for the next stage (at a confirmation: accepted).
    pub kept: bool,
    /// Games the search had played when the stage ended.
    pub games: u64,
}

/// The incumbent's gain over the start, measured at a round's confirmation.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The round.
    pub round: u32,
    /// Games the search had played.
    pub games: u64,
    /// The gain per game, more is better.
    pub gain: f64,
    /// Its paired 95% interval.
    pub interval: Interval,
}

/// What a search found, and how.
#[derive(Clone, Debug)]
pub struct Found {
    /// The tuned strategy (a complete strategy file).
    pub tuned: Source,
    /// Its settings that differ from the start's.
    pub changes: Vec<Move>,
    /// Every stage's candidates.
    pub trace: Vec<TraceRow>,
    /// The incumbent against the start, round by round.
    pub points: Vec<Point>,
    /// Games played.
    pub games: u64,
    /// Deals used (the confirmation run plays the deals after them).
    pub deals: u64,
    /// Moves accepted.
    pub accepted: u32,
    /// Time spent playing games (in the runner).
    pub playing: Duration,
    /// Time the whole search took.
    pub wall: Duration,
}

/// Searches the file's parameters with `threads` worker threads.
pub fn search(file: &TuneFile, shape: (usize, Vec<Metric>), objective: usize, threads: usize) -> Result<Found> {
    let started = Instant::now();
    let doc = moves::document(&file.strategy)?;
    let mut s = Search {
        file,
        doc: &doc,
        shape,
        objective,
        plan: RunPlan::new(1, file.seed, threads),
        current: file.parameters.iter().map(|p| current(&doc, p)).collect(),
        start: file.parameters.iter().map(|p| current(&doc, p)).collect(),
        next_deal: 0,
        games: 0,
        playing: Duration::ZERO,
        trace: Vec::new(),
        points: Vec::new(),
    };
    let mut deals = file.deals;
    let mut accepted = 0;
    let mut round = 0;
    while let Some(moved) = s.round(round + 1, deals)? {
        round += 1;
        match moved {
            true => accepted += 1,
            false => deals *= 2,
        }
    }
    let changes = s.changes();
    let tuned = moves::apply(&doc, &changes, "tuned".to_string())?;
    Ok(Found {
        tuned,
        changes,
        trace: s.trace,
        points: s.points,
        games: s.games,
        deals: s.next_deal,
        accepted,
        playing: s.playing,
        wall: started.elapsed(),
    })
}

/// The value the strategy file gives `p`.
fn current(doc: &Table, p: &Parameter) -> Value {
    let docs = simcore::sweep::overrides::Documents { main: doc.clone(), others: Vec::new() };
    docs.get(&p.key).cloned().expect("a parameter's key was checked against the strategy file")
}

struct Search<'a> {
    file: &'a TuneFile,
    doc: &'a Table,
    /// The game's seats and metrics.
    shape: (usize, Vec<Metric>),
    objective: usize,
    plan: RunPlan,
    /// The incumbent's value of each parameter.
    current: Vec<Value>,
    /// The start's.
    start: Vec<Value>,
    next_deal: u64,
    games: u64,
    playing: Duration,
    trace: Vec<TraceRow>,
    points: Vec<Point>,
}

impl Search<'_> {
    /// The incumbent's settings that differ from the start's.
    fn changes(&self) -> Vec<Move> {
        let moved = self.file.parameters.iter().zip(&self.current).zip(&self.start).filter(|((_, c), s)| c != s);
        moved.map(|((p, c), _)| Move { parameter: p.key.clone(), value: c.clone() }).collect()
    }

    /// The incumbent with `extra` applied on top, named `name`.
    fn strategy(&self, extra: Option<&Move>, name: String) -> Result<Source> {
        let mut all = self.changes();
        if let Some(m) = extra {
            all.retain(|c| c.parameter != m.parameter);
            all.push(m.clone());
        }
        moves::apply(self.doc, &all, name)
    }

    /// The field's opponents, the incumbent being `incumbent`.
    fn opponents(&self, incumbent: &Source) -> Vec<Source> {
        let opponent = |o: &Opponent| match o {
            Opponent::Incumbent => incumbent.clone(),
            Opponent::Start => self.file.strategy.clone(),
            Opponent::Fixed(s) => s.clone(),
        };
        self.file.opponents.iter().map(opponent).collect()
    }

    /// Plays the next `deals` deals of `field` in `contest` if the budget allows (`None`:
    /// it does not).
    fn play(
        &mut self,
        field: &Field,
        contest: &dyn AnyContest,
        deals: u64,
    ) -> Result<Option<crate::duel::field::FieldAcc>> {
        let games = deals * field.games_per_deal();
        if self.games + games > self.file.budget {
            if self.games == 0 {
                bail!(
                    "the budget of {} games does not cover the first stage ({games} games: {deals} deals of {} games); \
                     raise `budget` or lower `deals`",
                    self.file.budget,
                    field.games_per_deal()
                );
            }
            return Ok(None);
        }
        let range = self.next_deal..self.next_deal + deals;
        let (acc, run) = field.play_in(contest, &RunPlan { games: range.end, ..self.plan }, range)?;
        self.next_deal += deals;
        self.games += games;
        self.playing += run.elapsed;
        Ok(Some(acc))
    }

    /// Plays round `round` with `deals` deals in its first stage: `Some(accepted)`, or
    /// `None` when the budget ran out (or nothing is left to move).
    fn round(&mut self, round: u32, mut deals: u64) -> Result<Option<bool>> {
        let incumbent = self.strategy(None, "incumbent".to_string())?;
        let mut candidates: Vec<(Move, Source)> = Vec::new();
        for (p, now) in self.file.parameters.iter().zip(&self.current) {
            for k in (0..p.values.len()).filter(|&k| p.values[k] != *now) {
                let m = p.set(k);
                let s = self.strategy(Some(&m), m.name())?;
                candidates.push((m, s));
            }
        }
        if candidates.is_empty() {
            return Ok(None);
        }
        // One field and one contest for the round: the incumbent, every move, the start
        // last; each stage plays a selection of it.
        let mut sources = vec![incumbent.clone()];
        sources.extend(candidates.iter().map(|c| c.1.clone()));
        sources.push(self.file.strategy.clone());
        let round_field = Field::shaped(&self.file.game, self.shape.clone(), &sources, &self.opponents(&incumbent))?;
        let contest = round_field.contest()?;
        let mut alive: Vec<usize> = (0..candidates.len()).collect();
        let mut sums = vec![Paired::default(); candidates.len()];
        let mut stage = 0;
        while alive.len() > 1 {
            stage += 1;
            let keep: Vec<usize> = std::iter::once(0).chain(alive.iter().map(|&c| c + 1)).collect();
            let field = round_field.select(&keep);
            let Some(acc) = self.play(&field, contest.as_ref(), deals)? else { return Ok(None) };
            for (j, &c) in alive.iter().enumerate() {
                sums[c] += acc.pairs[j + 1][self.objective];
            }
            let gains: Vec<(f64, Interval)> = alive.iter().map(|&c| field.per_game(&sums[c], self.objective)).collect();
            let mut order: Vec<usize> = (0..alive.len()).collect();
            order.sort_by(|&a, &b| gains[b].0.total_cmp(&gains[a].0).then(a.cmp(&b)));
            let keep = alive.len().div_ceil(2);
            for (rank, &j) in order.iter().enumerate() {
                let (gain, interval) = gains[j];
                self.trace.push(TraceRow {
                    round,
                    stage,
                    candidate: candidates[alive[j]].0.name(),
                    deals: sums[alive[j]].n,
                    gain,
                    interval,
                    kept: rank < keep,
                    games: self.games,
                });
            }
            alive = order[..keep].iter().map(|&j| alive[j]).collect();
            deals *= 2;
        }
        let best = &candidates[alive[0]].0;
        let field = round_field.select(&[0, alive[0] + 1, sources.len() - 1]);
        let Some(acc) = self.play(&field, contest.as_ref(), deals)? else { return Ok(None) };
        let (gain, interval) = field.gain(&acc, 1, self.objective);
        let accepted = interval.low > 0.0;
        self.trace.push(TraceRow {
            round,
            stage: 0,
            candidate: best.name(),
            deals,
            gain,
            interval,
            kept: accepted,
            games: self.games,
        });
        let (behind, ci) = field.gain(&acc, 2, self.objective);
        // 0 − x, not −x: a start equal to the incumbent is 0, not −0.
        let interval = Interval { low: 0.0 - ci.high, high: 0.0 - ci.low };
        self.points.push(Point { round, games: self.games, gain: 0.0 - behind, interval });
        if accepted {
            let k = self.file.parameters.iter().position(|p| p.key == best.parameter).expect("a searched key");
            self.current[k] = best.value.clone();
        }
        Ok(Some(accepted))
    }
}
