//! The Medarot study: is the first player favoured, how long do games run,
//! which deck beats which, and which cards are over- or under-priced.
//!
//! Game `i` plays cell `i mod n²` of the deck × deck matrix (row deck in seat
//! 0, the diagonal being mirror matches), with the seats swapped on every
//! other pass. A card's contribution is read as the win rate of the side
//! holding it in its deck when the card was played against when it was not
//! (observational: a card that is played more in games already going well
//! looks better than it is).

use crate::chart::{self, Bar, Distributions, Heatmap, IntervalBars, Series};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Histogram, Moments, Rate, versus};
use crate::study::{Coverage, Source, Study};
use anyhow::{Context, Result, ensure};
use engine::medarot::{CardId, CardPool, Deck, LossCondition, MedarotGame, MedarotOutcome, Rules, StrategyConfig};
use engine::{Strategy, Table, WithPair};
use polars::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::ops::AddAssign;

/// Longest game (in turns) with its own histogram bin.
const MAX_TURNS: i64 = 200;

/// Everything that defines a Medarot study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MedarotParams {
    /// The card list file (`None`: the invented example pool).
    pub cards: Option<Source>,
    /// The deck file (`None`: the example decks).
    pub decks: Option<Source>,
    /// The rules preset file (`None`: the default readings).
    pub rules: Option<Source>,
    /// Strategy names of the row deck's player and the column deck's player.
    pub strategies: [Source; 2],
}

/// The card list, the decks (checked against it, at least one) and the rules the files
/// name, the built-in examples and `advance` where `None`.
pub fn setting(
    cards: &Option<Source>,
    decks: &Option<Source>,
    rules: &Option<Source>,
) -> Result<(CardPool, Vec<Deck>, Rules)> {
    let pool = match cards {
        Some(src) => CardPool::from_toml_str(&src.text).with_context(|| format!("card file {}", src.name))?,
        None => CardPool::example(),
    };
    let decks = match decks {
        Some(src) => Deck::from_toml_str(&pool, &src.text).with_context(|| format!("deck file {}", src.name))?,
        None => Deck::examples(&pool).context("example decks")?,
    };
    ensure!(!decks.is_empty(), "no decks to play");
    let rules = match rules {
        Some(src) => Rules::from_toml_str(&src.text, &src.name).with_context(|| format!("rules {}", src.name))?,
        None => Rules::default(),
    };
    Ok((pool, decks, rules))
}

/// A Medarot study ready to run.
pub struct MedarotStudy {
    params: MedarotParams,
    pool: CardPool,
    decks: Vec<Deck>,
    rules: Rules,
    strategies: [StrategyConfig; 2],
}

impl Study for MedarotStudy {
    const KIND: &'static str = "medarot";
    type Params = MedarotParams;
    type Acc = MedarotAcc;

    fn params(&self) -> &MedarotParams {
        &self.params
    }

    fn from_params(params: MedarotParams) -> Result<Self> {
        let (pool, decks, rules) = setting(&params.cards, &params.decks, &params.rules)?;
        let parse =
            |src: &Source| StrategyConfig::from_toml(&src.text).with_context(|| format!("strategy {}", src.name));
        let strategies = [parse(&params.strategies[0])?, parse(&params.strategies[1])?];
        Ok(Self { params, pool, decks, rules, strategies })
    }

    fn simulate(&self, plan: &RunPlan) -> Result<(MedarotAcc, RunReport)> {
        engine::with_pair(self.strategies[0], self.strategies[1], Simulate { study: self, plan })
    }

    fn report(&self, acc: &MedarotAcc, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        Report { study: self, acc }.write(coverage, out)
    }
}

/// The run of a Medarot study with each side's concrete strategy type.
struct Simulate<'a> {
    study: &'a MedarotStudy,
    plan: &'a RunPlan,
}

impl<'a> WithPair<MedarotGame<'a>> for Simulate<'a> {
    type Output = Result<(MedarotAcc, RunReport)>;

    fn with<A, B>(self, a: A, b: B) -> Self::Output
    where
        A: Strategy<MedarotGame<'a>> + Clone + Sync + 'static,
        B: Strategy<MedarotGame<'a>> + Clone + Sync + 'static,
    {
        let study = self.study;
        let n = study.decks.len();
        let game_of = |a: usize, b: usize| MedarotGame::new(&study.pool, study.rules, &study.decks[a], &study.decks[b]);
        runner::run(
            self.plan,
            || (Table::new(&game_of(0, 0)), a.clone(), b.clone()),
            || MedarotAcc::new(n, study.pool.len()),
            |(table, a, b), index, rng, acc| {
                let (row, col, swap) = super::matrix_cell(index, n);
                let o = if swap {
                    flip(table.play(&game_of(col, row), &mut (&mut *b, &mut *a), rng))
                } else {
                    table.play(&game_of(row, col), &mut (&mut *a, &mut *b), rng)
                };
                acc.record(&study.decks, row, col, &o);
            },
        )
    }
}

fn flip(mut o: MedarotOutcome) -> MedarotOutcome {
    o.winner = 1 - o.winner;
    o.first_player = 1 - o.first_player;
    o.hp.swap(0, 1);
    o.master.swap(0, 1);
    o.stats.swap(0, 1);
    o.played.swap(0, 1);
    o
}

fn loss_index(l: LossCondition) -> usize {
    match l {
        LossCondition::CannotPay => 0,
        LossCondition::DeckOut => 1,
        LossCondition::NoMedarot => 2,
    }
}

const LOSS_NAMES: [&str; 3] = ["cannot_pay", "deck_out", "no_medarot"];

/// The aggregate of a Medarot study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MedarotAcc {
    /// Row deck's results per cell (`row * n + col`).
    pub cells: Vec<Rate>,
    /// The first player's results.
    pub first_player: Rate,
    /// Game length in turns.
    pub turns: Moments,
    /// Distribution of game length.
    pub turns_hist: Histogram,
    /// Games ended by each loss condition (cannot pay, deck out, no medarot).
    pub losses: [u64; 3],
    /// Per card of the pool: the holding side's results when the card was played.
    pub played: Vec<Rate>,
    /// Per card: the holding side's results when the card was in the deck but not played.
    pub unplayed: Vec<Rate>,
}

impl MedarotAcc {
    fn new(decks: usize, cards: usize) -> Self {
        Self {
            cells: vec![Rate::default(); decks * decks],
            first_player: Rate::default(),
            turns: Moments::default(),
            turns_hist: Histogram::new(0, MAX_TURNS),
            losses: [0; 3],
            played: vec![Rate::default(); cards],
            unplayed: vec![Rate::default(); cards],
        }
    }

    fn record(&mut self, decks: &[Deck], row: usize, col: usize, o: &MedarotOutcome) {
        self.cells[row * decks.len() + col].record(o.winner == 0);
        self.first_player.record(o.winner == o.first_player);
        self.turns.record(i64::from(o.turns));
        self.turns_hist.record(i64::from(o.turns));
        self.losses[loss_index(o.loss)] += 1;
        for (seat, deck) in [row, col].into_iter().enumerate() {
            let won = o.winner == seat;
            for c in 0..self.played.len() {
                let id = CardId(c as u16);
                if decks[deck].copies(id) == 0 {
                    continue;
                }
                if o.played[seat].contains(id) { &mut self.played[c] } else { &mut self.unplayed[c] }.record(won);
            }
        }
    }
}

impl AddAssign for MedarotAcc {
    fn add_assign(&mut self, o: Self) {
        self.cells.iter_mut().zip(o.cells).for_each(|(a, b)| *a += b);
        self.first_player += o.first_player;
        self.turns += o.turns;
        self.turns_hist += o.turns_hist;
        self.losses.iter_mut().zip(o.losses).for_each(|(a, b)| *a += b);
        self.played.iter_mut().zip(o.played).for_each(|(a, b)| *a += b);
        self.unplayed.iter_mut().zip(o.unplayed).for_each(|(a, b)| *a += b);
    }
}

struct Report<'a> {
    study: &'a MedarotStudy,
    acc: &'a MedarotAcc,
}

impl Report<'_> {
    /// Deck `d`'s results against every other deck, both seats.
    fn deck_rate(&self, d: usize) -> Rate {
        let n = self.study.decks.len();
        versus(&self.acc.cells, n, d, (0..n).filter(|&o| o != d || n == 1))
    }

    /// A card's name, with its kind when another card shares the name.
    fn card_label(&self, id: CardId) -> String {
        let pool = &self.study.pool;
        let card = pool.card(id);
        let shared = pool.iter().filter(|(_, c)| c.name == card.name).count() > 1;
        if shared { format!("{} ({})", card.name, card.kind) } else { card.name.clone() }
    }

    /// Cards that were in some deck, with their played-minus-unplayed difference.
    fn cards(&self) -> Vec<(CardId, f64, crate::stats::Interval)> {
        (0..self.acc.played.len())
            .filter(|&c| self.acc.played[c].trials > 0 && self.acc.unplayed[c].trials > 0)
            .map(|c| {
                let (d, i) = self.acc.played[c].difference(&self.acc.unplayed[c]);
                (CardId(c as u16), d, i)
            })
            .collect()
    }

    fn write(&self, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let s = self.study;
        let n = s.decks.len();
        let names: Vec<String> = s.decks.iter().map(|d| d.name.clone()).collect();
        let rates: Vec<Rate> = (0..n).map(|d| self.deck_rate(d)).collect();
        let mut decks = df!(
            "deck" => names.clone(),
            "games" => rates.iter().map(|r| r.trials).collect::<Vec<_>>(),
            "win_rate" => rates.iter().map(Rate::value).collect::<Vec<_>>(),
            "ci_low" => rates.iter().map(|r| r.interval().low).collect::<Vec<_>>(),
            "ci_high" => rates.iter().map(|r| r.interval().high).collect::<Vec<_>>(),
        )?;
        out.table("decks", &mut decks)?;

        let mut matrix = super::matrix_frame(&names, &self.acc.cells)?;
        out.table("matrix", &mut matrix)?;

        let cards = self.cards();
        let card = |f: &dyn Fn(&engine::medarot::Card) -> i64| {
            cards.iter().map(|(id, ..)| f(s.pool.card(*id))).collect::<Vec<_>>()
        };
        let (p, u) = (&self.acc.played, &self.acc.unplayed);
        let mut card_table = df!(
            "card" => cards.iter().map(|(id, ..)| s.pool.card(*id).name.clone()).collect::<Vec<_>>(),
            "kind" => cards.iter().map(|(id, ..)| s.pool.card(*id).kind.to_string()).collect::<Vec<_>>(),
            "power" => card(&|c| i64::from(c.power)),
            "armour" => card(&|c| i64::from(c.armour)),
            "speed" => card(&|c| i64::from(c.speed)),
            "cost" => card(&|c| i64::from(c.cost)),
            "played_games" => cards.iter().map(|(id, ..)| p[id.0 as usize].trials).collect::<Vec<_>>(),
            "played_win_rate" => cards.iter().map(|(id, ..)| p[id.0 as usize].value()).collect::<Vec<_>>(),
            "unplayed_games" => cards.iter().map(|(id, ..)| u[id.0 as usize].trials).collect::<Vec<_>>(),
            "unplayed_win_rate" => cards.iter().map(|(id, ..)| u[id.0 as usize].value()).collect::<Vec<_>>(),
            "difference" => cards.iter().map(|c| c.1).collect::<Vec<_>>(),
            "difference_ci_low" => cards.iter().map(|c| c.2.low).collect::<Vec<_>>(),
            "difference_ci_high" => cards.iter().map(|c| c.2.high).collect::<Vec<_>>(),
        )?;
        out.table("cards", &mut card_table)?;

        let (tv, tc): (Vec<i64>, Vec<u64>) = self.acc.turns_hist.bins().filter(|b| b.1 > 0).unzip();
        let mut turns = df!("turns" => tv, "count" => tc)?;
        out.table("turns", &mut turns)?;

        let f = self.acc.first_player;
        let mut summary = df!(
            "games" => [coverage.games_played()],
            "seed" => [coverage.seed],
            "first_player_win_rate" => [f.value()],
            "first_player_ci_low" => [f.interval().low],
            "first_player_ci_high" => [f.interval().high],
            "turns_mean" => [self.acc.turns.mean()],
            "turns_sd" => [self.acc.turns.std_dev()],
            "loss_cannot_pay" => [self.acc.losses[0]],
            "loss_deck_out" => [self.acc.losses[1]],
            "loss_no_medarot" => [self.acc.losses[2]],
        )?;
        out.table("summary", &mut summary)?;

        self.charts(&names, &rates, &cards, out)?;
        Ok(self.summary_text(coverage, &names, &rates, &cards))
    }

    fn charts(
        &self,
        names: &[String],
        rates: &[Rate],
        cards: &[(CardId, f64, crate::stats::Interval)],
        out: &StudyOutput,
    ) -> Result<()> {
        let f = self.acc.first_player;
        let mut bars = vec![Bar {
            label: "first player".into(),
            value: f.value(),
            low: f.interval().low,
            high: f.interval().high,
        }];
        bars.extend(names.iter().zip(rates).map(|(name, r)| Bar {
            label: format!("deck {name}"),
            value: r.value(),
            low: r.interval().low,
            high: r.interval().high,
        }));
        chart::save(
            &out.chart("win_rates"),
            &IntervalBars {
                title: "Medarot: first player's and each deck's win rate (95% Wilson)",
                x_label: "win rate",
                bars: &bars,
                reference: Some(0.5),
                log: false,
            },
        )?;
        let values: Vec<f64> = self.acc.cells.iter().map(Rate::value).collect();
        chart::save(
            &out.chart("deck_matrix"),
            &Heatmap {
                title: "Medarot: row deck's win rate against column deck",
                rows: names,
                cols: names,
                values: &values,
                neutral: 0.5,
                spread: 0.5,
                axes: ("row deck", "column deck"),
            },
        )?;
        let total = self.acc.turns_hist.total().max(1) as f64;
        let last = self.acc.turns_hist.quantile(0.999);
        let series = [Series {
            name: format!("all games (mean {:.1} turns)", self.acc.turns.mean()),
            points: self
                .acc
                .turns_hist
                .bins()
                .take_while(|b| b.0 <= last)
                .map(|(v, c)| (v, c as f64 / total))
                .collect(),
        }];
        chart::save(
            &out.chart("game_length"),
            &Distributions { title: "Medarot: game length", x_label: "turns", series: &series, log: false },
        )?;
        let mut sorted = cards.to_vec();
        sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
        let card_bars: Vec<Bar> = sorted
            .iter()
            .map(|(id, d, i)| Bar { label: self.card_label(*id), value: *d, low: i.low, high: i.high })
            .collect();
        chart::save(
            &out.chart("card_effect"),
            &IntervalBars {
                title: "Medarot: win rate when a card is played minus when it is not (95%)",
                x_label: "difference in win rate of the side holding the card",
                bars: &card_bars,
                reference: Some(0.0),
                log: false,
            },
        )
    }

    fn summary_text(
        &self,
        coverage: &Coverage,
        names: &[String],
        rates: &[Rate],
        cards: &[(CardId, f64, crate::stats::Interval)],
    ) -> String {
        let mut s = String::new();
        let p = &self.study.params;
        let f = self.acc.first_player;
        let _ = writeln!(s, "medarot study: {}", coverage.describe());
        let _ = writeln!(
            s,
            "strategies: row deck {}, column deck {}; intervals are 95%",
            p.strategies[0].name, p.strategies[1].name
        );
        let _ = writeln!(s, "first player wins: {:.4} ± {:.4}", f.value(), f.interval().half_width());
        let t = self.acc.turns;
        let _ = writeln!(
            s,
            "turns per game: {:.2} ± {:.2} (sd {:.2})",
            t.mean(),
            t.mean_interval().half_width(),
            t.std_dev()
        );
        let games = self.acc.losses.iter().sum::<u64>().max(1) as f64;
        let losses: Vec<String> =
            LOSS_NAMES.iter().zip(self.acc.losses).map(|(n, c)| format!("{n} {:.3}", c as f64 / games)).collect();
        let _ = writeln!(s, "how games end: {}", losses.join(", "));
        let _ = writeln!(s, "deck win rates against the other decks:");
        for (name, r) in names.iter().zip(rates) {
            let _ =
                writeln!(s, "  {name:<20} {:.4} ± {:.4}  ({} games)", r.value(), r.interval().half_width(), r.trials);
        }
        let mut sorted = cards.to_vec();
        sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
        let show = |c: &(CardId, f64, crate::stats::Interval)| {
            format!("{} {:+.3} ± {:.3}", self.card_label(c.0), c.1, c.2.half_width())
        };
        let top: Vec<String> = sorted.iter().take(3).map(show).collect();
        let bottom: Vec<String> = sorted.iter().rev().take(3).map(show).collect();
        let _ = writeln!(s, "cards whose play goes with winning most: {}", top.join("; "));
        let _ = writeln!(s, "cards whose play goes with winning least: {}", bottom.join("; "));
        s
    }
}
