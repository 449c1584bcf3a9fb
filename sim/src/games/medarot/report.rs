//! The Medarot study's tables, charts and summary (the columns are documented in
//! `notebooks-data/README.md`).

use super::ablation::{Change, Stat};
use super::regression::{self, Observation, PriceModel};
use super::{MAX_SPEED_GAP, MedarotAcc, MedarotStudy, STATS};
use crate::output::StudyOutput;
use crate::stats::{Holm, Interval, Moments, Rate, versus};
use crate::study::Coverage;
use anyhow::Result;
use engine::medarot::{AttackType, CardId, CardKind, HP_TURNS, PlayerStats};
use polars::prelude::*;

pub(super) struct Report<'a> {
    pub study: &'a MedarotStudy,
    pub acc: &'a MedarotAcc,
}

/// One arm against its unchanged deck on the same games.
pub(super) struct ArmRow {
    pub arm: usize,
    pub games: u64,
    pub base: f64,
    pub changed: f64,
    /// Unchanged − ablated for a card (what the card adds over vanilla); changed −
    /// unchanged for a stat step (what the step adds).
    pub effect: f64,
    pub ci: Interval,
    pub p: f64,
    /// The Holm-adjusted p-value within the family (`None`: left out, the arm's games
    /// identical to its deck's).
    pub p_holm: Option<f64>,
    pub holm: bool,
}

impl Report<'_> {
    /// Deck `d`'s results against every other deck, both seats.
    pub(super) fn deck_rate(&self, d: usize) -> Rate {
        let n = self.study.decks.len();
        versus(&self.acc.cells, n, d, (0..n).filter(|&o| o != d || n == 1))
    }

    /// A card's name, with its kind when another card shares the name.
    pub(super) fn card_label(&self, id: CardId) -> String {
        let pool = &self.study.pool;
        let card = pool.card(id);
        let shared = pool.iter().filter(|(_, c)| c.name == card.name).count() > 1;
        if shared { format!("{} ({})", card.name, card.kind) } else { card.name.clone() }
    }

    /// The arms whose change matches `ablate` (card ablations or stat steps), compared with
    /// their deck's unchanged games, Holm-flagged within the family.
    fn arm_rows(&self, ablate: bool) -> Vec<ArmRow> {
        let acc = self.acc;
        let mut rows: Vec<ArmRow> = (self.study.arms.iter().enumerate())
            .filter(|(_, a)| matches!(a.change, Change::Ablate(_)) == ablate)
            .filter(|&(k, _)| acc.arms[k].n > 0)
            .map(|(k, _)| {
                let games = acc.arms[k].n;
                let c = acc.arms[k].compare();
                let (effect, ci) = if ablate {
                    (-c.diff, Interval { low: -c.diff_ci.high, high: -c.diff_ci.low })
                } else {
                    (c.diff, c.diff_ci)
                };
                let (base, changed) = (c.base.value, c.variant.value);
                ArmRow { arm: k, games, base, changed, effect, ci, p: f64::NAN, p_holm: None, holm: false }
            })
            .collect();
        let (p, holm) = Holm::of(&rows.iter().map(|r| (r.effect, r.ci)).collect::<Vec<_>>());
        for (i, (r, p)) in rows.iter_mut().zip(p).enumerate() {
            (r.p, r.p_holm, r.holm) = (p, holm.adjusted[i], holm.significant(i));
        }
        rows
    }

    pub(super) fn arm_card(&self, r: &ArmRow) -> Option<CardId> {
        match self.study.arms[r.arm].change {
            Change::Ablate(c) => Some(c),
            Change::Step(_) => None,
        }
    }

    pub(super) fn arm_stat(&self, r: &ArmRow) -> Option<Stat> {
        match self.study.arms[r.arm].change {
            Change::Step(s) => Some(s),
            Change::Ablate(_) => None,
        }
    }

    pub(super) fn deck_name(&self, r: &ArmRow) -> String {
        self.study.decks[self.study.arms[r.arm].deck].name.clone()
    }

    /// Per stat: the mean over decks of the per-copy effect of one step, with an interval
    /// that treats the decks' arms as independent.
    pub(super) fn pooled(&self, steps: &[ArmRow]) -> Vec<(Stat, f64, Interval)> {
        Stat::ALL
            .iter()
            .filter(|&&s| steps.iter().any(|r| self.arm_stat(r) == Some(s)))
            .map(|&s| {
                let per: Vec<(f64, f64)> = steps
                    .iter()
                    .filter(|r| self.arm_stat(r) == Some(s))
                    .map(|r| {
                        let copies = self.study.arms[r.arm].copies.max(1) as f64;
                        (r.effect / copies, r.ci.half_width() / copies)
                    })
                    .collect();
                let d = per.len() as f64;
                let mean = per.iter().map(|p| p.0).sum::<f64>() / d;
                let half = per.iter().map(|p| p.1 * p.1).sum::<f64>().sqrt() / d;
                (s, mean, Interval { low: mean - half, high: mean + half })
            })
            .collect()
    }

    /// The price model ([`super::regression`]) over the medarot ablations of non-special
    /// medarots: per-copy effect on the stat differences from the vanilla medarot.
    pub(super) fn price_model(&self, ablations: &[ArmRow]) -> Option<PriceModel> {
        let pool = &self.study.pool;
        let vanilla = pool.card(pool.vanilla(CardKind::Medarot)?);
        let obs: Vec<Observation> = ablations
            .iter()
            .filter_map(|r| {
                let card = pool.card(self.arm_card(r)?);
                (card.kind == CardKind::Medarot && card.attack != AttackType::Special).then(|| {
                    let d = |x: u8, y: u8| f64::from(x) - f64::from(y);
                    let copies = self.study.arms[r.arm].copies.max(1) as f64;
                    Observation {
                        stats: [
                            d(card.power, vanilla.power) / 10.0,
                            d(card.armour, vanilla.armour) / 10.0,
                            d(card.speed, vanilla.speed),
                            d(card.cost, vanilla.cost),
                        ],
                        effect: r.effect / copies,
                        half: r.ci.half_width() / copies,
                    }
                })
            })
            .collect();
        regression::fit(&obs)
    }

    pub fn write(&self, coverage: &Coverage, out: &StudyOutput) -> Result<String> {
        let (s, acc) = (self.study, self.acc);
        let n = s.decks.len();
        let names: Vec<String> = s.decks.iter().map(|d| d.name.clone()).collect();
        let rates: Vec<Rate> = (0..n).map(|d| self.deck_rate(d)).collect();
        let rate_cols = |rs: &[Rate], f: &dyn Fn(&Rate) -> f64| rs.iter().map(f).collect::<Vec<_>>();
        let mut decks = df!(
            "deck" => names.clone(),
            "games" => rates.iter().map(|r| r.trials).collect::<Vec<_>>(),
            "win_rate" => rate_cols(&rates, &Rate::value),
            "ci_low" => rate_cols(&rates, &|r| r.interval().low),
            "ci_high" => rate_cols(&rates, &|r| r.interval().high),
        )?;
        out.table("decks", &mut decks)?;
        out.table("matrix", &mut super::super::matrix_frame(&names, &acc.cells)?)?;
        let (tv, tc): (Vec<i64>, Vec<u64>) = acc.turns_hist.bins().filter(|b| b.1 > 0).unzip();
        out.table("turns", &mut df!("turns" => tv, "count" => tc)?)?;
        let (fa, fs, so, cf) = (acc.first_actor, acc.faster, acc.seat_order, acc.coin_flip);
        let mut summary = df!(
            "games" => [coverage.games_played()],
            "seed" => [coverage.seed],
            "ablation_games" => [s.params.ablation_games],
            "first_actor_win_rate" => [fa.value()],
            "first_actor_ci_low" => [fa.interval().low],
            "first_actor_ci_high" => [fa.interval().high],
            "coin_flip_games" => [cf.trials],
            "coin_flip_win_rate" => [cf.value()],
            "coin_flip_ci_low" => [cf.interval().low],
            "coin_flip_ci_high" => [cf.interval().high],
            "faster_side_win_rate" => [fs.value()],
            "faster_side_ci_low" => [fs.interval().low],
            "faster_side_ci_high" => [fs.interval().high],
            "seat_order_win_rate" => [so.value()],
            "seat_order_ci_low" => [so.interval().low],
            "seat_order_ci_high" => [so.interval().high],
            "turns_mean" => [acc.turns.mean()],
            "turns_sd" => [acc.turns.std_dev()],
            "loss_cannot_pay" => [acc.losses[0]],
            "loss_deck_out" => [acc.losses[1]],
            "loss_no_medarot" => [acc.losses[2]],
        )?;
        out.table("summary", &mut summary)?;

        let ablations = self.arm_rows(true);
        let steps = self.arm_rows(false);
        self.arm_tables(&ablations, &steps, out)?;
        self.association_table(out)?;
        self.play_tables(&names, out)?;
        self.charts(&names, &rates, &ablations, &steps, out)?;
        Ok(self.summary_text(coverage, &names, &rates, &ablations, &steps))
    }

    fn arm_tables(&self, ablations: &[ArmRow], steps: &[ArmRow], out: &StudyOutput) -> Result<()> {
        let pool = &self.study.pool;
        let col = |rows: &[ArmRow], f: &dyn Fn(&ArmRow) -> f64| rows.iter().map(f).collect::<Vec<_>>();
        let card = |r: &ArmRow| self.arm_card(r).expect("an ablation");
        let mut ablation = df!(
            "deck" => ablations.iter().map(|r| self.deck_name(r)).collect::<Vec<_>>(),
            "card" => ablations.iter().map(|r| pool.card(card(r)).name.clone()).collect::<Vec<_>>(),
            "kind" => ablations.iter().map(|r| pool.card(card(r)).kind.to_string()).collect::<Vec<_>>(),
            "copies" => ablations.iter().map(|r| self.study.arms[r.arm].copies as u64).collect::<Vec<_>>(),
            "replacement" => ablations.iter().map(|r| format!("Vanilla {}", pool.card(card(r)).kind)).collect::<Vec<_>>(),
            "games" => ablations.iter().map(|r| r.games).collect::<Vec<_>>(),
            "base_win_rate" => col(ablations, &|r| r.base),
            "ablated_win_rate" => col(ablations, &|r| r.changed),
            "value_over_vanilla" => col(ablations, &|r| r.effect),
            "ci_low" => col(ablations, &|r| r.ci.low),
            "ci_high" => col(ablations, &|r| r.ci.high),
            "p_value" => col(ablations, &|r| r.p),
            "p_holm" => ablations.iter().map(|r| r.p_holm).collect::<Vec<_>>(),
            "holm_significant" => ablations.iter().map(|r| r.holm).collect::<Vec<_>>(),
        )?;
        out.table("ablation", &mut ablation)?;
        let stat = |r: &ArmRow| self.arm_stat(r).expect("a stat step");
        let copies = |r: &ArmRow| self.study.arms[r.arm].copies.max(1) as f64;
        let pooled = self.pooled(steps);
        let mut pricing = df!(
            "deck" => steps.iter().map(|r| self.deck_name(r)).chain(pooled.iter().map(|_| "all (mean per copy)".into())).collect::<Vec<String>>(),
            "stat" => steps.iter().map(|r| stat(r).name()).chain(pooled.iter().map(|p| p.0.name())).collect::<Vec<_>>(),
            "step" => steps.iter().map(|r| u64::from(stat(r).step())).chain(pooled.iter().map(|p| u64::from(p.0.step()))).collect::<Vec<_>>(),
            "copies" => steps.iter().map(|r| self.study.arms[r.arm].copies as u64).chain(pooled.iter().map(|_| 1)).collect::<Vec<_>>(),
            "games" => steps.iter().map(|r| r.games).chain(pooled.iter().map(|_| 0)).collect::<Vec<_>>(),
            "win_rate_change" => col(steps, &|r| r.effect).into_iter().chain(pooled.iter().map(|p| p.1)).collect::<Vec<_>>(),
            "ci_low" => col(steps, &|r| r.ci.low).into_iter().chain(pooled.iter().map(|p| p.2.low)).collect::<Vec<_>>(),
            "ci_high" => col(steps, &|r| r.ci.high).into_iter().chain(pooled.iter().map(|p| p.2.high)).collect::<Vec<_>>(),
            "per_copy" => col(steps, &|r| r.effect / copies(r)).into_iter().chain(pooled.iter().map(|p| p.1)).collect::<Vec<_>>(),
            "per_copy_ci_low" => col(steps, &|r| r.ci.low / copies(r)).into_iter().chain(pooled.iter().map(|p| p.2.low)).collect::<Vec<_>>(),
            "per_copy_ci_high" => col(steps, &|r| r.ci.high / copies(r)).into_iter().chain(pooled.iter().map(|p| p.2.high)).collect::<Vec<_>>(),
            "p_value" => col(steps, &|r| r.p).into_iter().chain(pooled.iter().map(|_| f64::NAN)).collect::<Vec<_>>(),
            "p_holm" => steps.iter().map(|r| r.p_holm).chain(pooled.iter().map(|_| None)).collect::<Vec<_>>(),
            "holm_significant" => steps.iter().map(|r| r.holm).chain(pooled.iter().map(|_| false)).collect::<Vec<_>>(),
        )?;
        out.table("stat_pricing", &mut pricing)?;
        if let Some(m) = self.price_model(ablations) {
            let mut model = df!(
                "term" => regression::TERMS.to_vec(),
                "coefficient" => m.coefficients.iter().map(|c| c.0).collect::<Vec<_>>(),
                "ci_low" => m.coefficients.iter().map(|c| c.1.low).collect::<Vec<_>>(),
                "ci_high" => m.coefficients.iter().map(|c| c.1.high).collect::<Vec<_>>(),
                "rows" => vec![m.rows as u64; regression::TERMS.len()],
                "dispersion" => vec![m.dispersion; regression::TERMS.len()],
            )?;
            out.table("price_model", &mut model)?;
        }
        Ok(())
    }

    /// Within each deck, the deck's win rate when it played a card against when it held it
    /// unplayed (an association: cards are played more in some game states than others).
    fn association_table(&self, out: &StudyOutput) -> Result<()> {
        let (s, acc) = (self.study, self.acc);
        let cards = acc.played.len() / s.decks.len();
        let rows: Vec<(usize, usize)> = (0..s.decks.len())
            .flat_map(|d| (0..cards).map(move |c| (d, c)))
            .filter(|&(d, c)| acc.played[d * cards + c].trials > 0 && acc.unplayed[d * cards + c].trials > 0)
            .collect();
        let (p, u) = (
            |&(d, c): &(usize, usize)| acc.played[d * cards + c],
            |&(d, c): &(usize, usize)| acc.unplayed[d * cards + c],
        );
        let diff = |r: &(usize, usize)| p(r).difference(&u(r));
        let mut table = df!(
            "deck" => rows.iter().map(|r| s.decks[r.0].name.clone()).collect::<Vec<_>>(),
            "card" => rows.iter().map(|r| s.pool.card(CardId(r.1 as u16)).name.clone()).collect::<Vec<_>>(),
            "kind" => rows.iter().map(|r| s.pool.card(CardId(r.1 as u16)).kind.to_string()).collect::<Vec<_>>(),
            "played_games" => rows.iter().map(|r| p(r).trials).collect::<Vec<_>>(),
            "played_win_rate" => rows.iter().map(|r| p(r).value()).collect::<Vec<_>>(),
            "unplayed_games" => rows.iter().map(|r| u(r).trials).collect::<Vec<_>>(),
            "unplayed_win_rate" => rows.iter().map(|r| u(r).value()).collect::<Vec<_>>(),
            "association" => rows.iter().map(|r| diff(r).0).collect::<Vec<_>>(),
            "ci_low" => rows.iter().map(|r| diff(r).1.low).collect::<Vec<_>>(),
            "ci_high" => rows.iter().map(|r| diff(r).1.high).collect::<Vec<_>>(),
        )?;
        out.table("card_association", &mut table)?;
        Ok(())
    }

    /// Where HP goes and how games are lost, per deck; the turn-1 speed gap.
    fn play_tables(&self, names: &[String], out: &StudyOutput) -> Result<()> {
        let acc = self.acc;
        let n = names.len();
        let moments = |m: &[Moments]| {
            (
                m.iter().map(|x| x.n).collect::<Vec<_>>(),
                m.iter().map(Moments::mean).collect::<Vec<_>>(),
                m.iter().map(|x| x.mean_interval().low).collect::<Vec<_>>(),
                m.iter().map(|x| x.mean_interval().high).collect::<Vec<_>>(),
            )
        };
        let (games, mean, low, high) = moments(&acc.stats);
        let mut stats = df!(
            "deck" => (0..n * STATS).map(|k| names[k / STATS].clone()).collect::<Vec<_>>(),
            "stat" => (0..n * STATS).map(|k| PlayerStats::NAMES[k % STATS]).collect::<Vec<_>>(),
            "games" => games, "mean" => mean, "ci_low" => low, "ci_high" => high,
        )?;
        out.table("player_stats", &mut stats)?;
        let kept: Vec<usize> = (0..n * HP_TURNS).filter(|&k| acc.hp_curve[k].n > 0).collect();
        let curve: Vec<Moments> = kept.iter().map(|&k| acc.hp_curve[k]).collect();
        let (games, mean, low, high) = moments(&curve);
        let mut hp = df!(
            "deck" => kept.iter().map(|k| names[k / HP_TURNS].clone()).collect::<Vec<_>>(),
            "turn" => kept.iter().map(|k| (k % HP_TURNS + 1) as u64).collect::<Vec<_>>(),
            "games" => games, "mean_hp" => mean, "ci_low" => low, "ci_high" => high,
        )?;
        out.table("hp_curve", &mut hp)?;
        let played: Vec<u64> =
            (0..n).map(|d| self.deck_rate(d).trials + 2 * self.acc.cells[d * n + d].trials).collect();
        let share = |d: usize, c: usize| acc.deck_losses[d * 3 + c] as f64 / played[d].max(1) as f64;
        let mut losses = df!(
            "deck" => names.to_vec(),
            "games" => played.clone(),
            "lost_cannot_pay" => (0..n).map(|d| share(d, 0)).collect::<Vec<_>>(),
            "lost_deck_out" => (0..n).map(|d| share(d, 1)).collect::<Vec<_>>(),
            "lost_no_medarot" => (0..n).map(|d| share(d, 2)).collect::<Vec<_>>(),
        )?;
        out.table("deck_losses", &mut losses)?;
        let gaps: Vec<usize> = (0..acc.speed_gap.len()).filter(|&g| acc.speed_gap[g].trials > 0).collect();
        let mut speed = df!(
            "speed_gap" => gaps.iter().map(|&g| g as i64 - MAX_SPEED_GAP).collect::<Vec<_>>(),
            "games" => gaps.iter().map(|&g| acc.speed_gap[g].trials).collect::<Vec<_>>(),
            "row_win_rate" => gaps.iter().map(|&g| acc.speed_gap[g].value()).collect::<Vec<_>>(),
            "ci_low" => gaps.iter().map(|&g| acc.speed_gap[g].interval().low).collect::<Vec<_>>(),
            "ci_high" => gaps.iter().map(|&g| acc.speed_gap[g].interval().high).collect::<Vec<_>>(),
        )?;
        out.table("speed", &mut speed)?;
        Ok(())
    }
}
