//! The Ron2 four-player table study: per-round rates beside the published
//! Tenhou 鳳凰卓 figures, yaku frequency among wins, seat advantage, final
//! scores and game length.
//!
//! Seat 0 is the first dealer (起家) of every game; each seat keeps the bot
//! the user gave it, so a seat's results mix seat order and strategy (give all
//! four seats the same bot to read the pure seat advantage).

use super::table_logs::{GameLogs, Recorder};
use crate::calibration;
use crate::chart::{self, Bar, Distributions, IntervalBars, Series};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Histogram, Moments, PairedRatio, Rate};
use crate::study::grow::Tracked;
use crate::study::{Coverage, Source, State, Study};
use anyhow::{Context, Result, anyhow, bail};
use engine::Game;
use engine::mahjong::table::{
    Abort, Bot, BotConfig, HanchanOutcome, RATE_NAMES, RiichiTable, TENHOU, TableSettings, WIN_VALUE_BINS, tenhou_yaku,
};
use engine::mahjong::{Rules, Yaku};
use polars::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const SEATS: usize = 4;

/// Lowest and highest final points, in thousands, with their own bins.
const POINTS_RANGE: (i64, i64) = (-60, 160);

/// Where a table's rules come from: a built-in preset, or a settings file
/// and the scoring rules file it may name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRules {
    /// Built-in preset name (`ron2-dojo`, …) used when `settings` is `None`.
    pub preset: String,
    /// A table settings file replacing the preset.
    pub settings: Option<Source>,
    /// The scoring rules file the settings file names (`scoring = "….toml"`).
    #[serde(default)]
    pub scoring: Option<Source>,
}

impl TableRules {
    /// A built-in table preset.
    pub fn preset(name: &str) -> TableRules {
        TableRules { preset: name.to_string(), settings: None, scoring: None }
    }

    /// A settings file read from `path`, with the scoring rules file it
    /// names (relative to `path`'s folder) read too.
    pub fn file(settings: Source, path: &Path) -> Result<TableRules> {
        let parsed =
            TableSettings::from_toml(&settings.text).map_err(|e| anyhow!("table settings {}: {e}", settings.name))?;
        let scoring = if parsed.scoring_is_file() {
            let file = path.parent().unwrap_or(Path::new("")).join(&parsed.scoring);
            Some(Source::read(&file).with_context(|| format!("table settings {}: field `scoring`", settings.name))?)
        } else {
            None
        };
        Ok(TableRules { preset: String::new(), settings: Some(settings), scoring })
    }

    /// The table these rules describe, which must seat `seats` (`what` names who needs
    /// them: "the study plays", …).
    pub fn seated(&self, seats: usize, what: &str) -> Result<RiichiTable> {
        let game = self.game()?;
        if game.num_seats() != seats {
            bail!("table rules {}: a {}-seat table: {what} {seats} seats", self.name(), game.num_seats());
        }
        Ok(game)
    }

    /// The table these rules describe.
    pub fn game(&self) -> Result<RiichiTable> {
        let Some(src) = &self.settings else {
            return RiichiTable::preset(&self.preset).map_err(|e| anyhow!("{e}"));
        };
        let settings = TableSettings::from_toml(&src.text).map_err(|e| anyhow!("table settings {}: {e}", src.name))?;
        let game = match &self.scoring {
            Some(rules) => {
                let parsed = Rules::from_toml(&rules.text).map_err(|e| anyhow!("scoring rules {}: {e}", rules.name))?;
                RiichiTable::with_rules(settings, parsed)
            }
            None => RiichiTable::new(settings),
        };
        game.map_err(|e| anyhow!("table settings {}: {e}", src.name))
    }

    /// The scoring rules of the table (they name its data yaku and order its yaku tables).
    pub fn scoring(&self) -> Result<Rules> {
        Ok(self.game()?.rules().clone())
    }

    /// How reports name the rules: the preset or the settings file.
    pub fn name(&self) -> &str {
        self.settings.as_ref().map_or(self.preset.as_str(), |src| src.name.as_str())
    }
}

/// Everything that defines a table study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MahjongParams {
    /// The table's rules.
    #[serde(flatten)]
    pub table: TableRules,
    /// Bot per seat (seat 0 is the first dealer): a preset name, or the
    /// name of the file in `bot_files`.
    pub bots: [String; SEATS],
    /// Bot settings files (TOML, a [`BotConfig`] each) for the seats that
    /// have one.
    #[serde(default)]
    pub bot_files: [Option<Source>; SEATS],
}

/// The bots named (a preset name, or the bot file given beside it), one per entry.
pub fn bots_from<const N: usize>(names: &[String; N], files: &[Option<Source>; N]) -> Result<[Bot; N]> {
    let mut bots = [Bot::random(); N];
    for ((bot, name), file) in bots.iter_mut().zip(names).zip(files) {
        *bot = match file {
            Some(src) => Bot::new(BotConfig::from_toml(&src.text).map_err(|e| anyhow!("bot file {}: {e}", src.name))?),
            None => Bot::by_name(name).ok_or_else(|| {
                anyhow!("unknown bot `{name}` (valid: random, efficiency, defensive, value, goto-stakes, tenhou-like, or a bot TOML file)")
            })?,
        };
    }
    Ok(bots)
}

/// A table study ready to run.
pub struct MahjongStudy {
    params: MahjongParams,
    game: RiichiTable,
    bots: [Bot; SEATS],
    logs: Option<GameLogs>,
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
        MahjongAcc::new()
    }

    fn indices(&self, acc: &MahjongAcc) -> u64 {
        acc.games
    }
}

impl Study for MahjongStudy {
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
        write_tables(&self.params, &rules, acc, out)?;
        charts(&self.params, &rules, acc, out)?;
        Ok(summary(&self.params, &rules, acc, coverage))
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

/// The aggregate of a table study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MahjongAcc {
    /// Games played.
    pub games: u64,
    /// Hands (局) played, repeats included.
    pub hands: u64,
    /// Per seat: wins, deal-ins, riichi, hands with an open call, tsumo wins.
    pub seat_counts: Vec<[u64; 5]>,
    /// Points gained by wins, all seats (honba and riichi sticks included).
    pub win_points: u64,
    /// Hand values of the wins, all seats (without honba and sticks).
    pub win_value: u64,
    /// Wins by hand value: `[non-dealer bins…, dealer bins…]`, bins of
    /// 1,000 points ([`WIN_VALUE_BINS`] each, the last open-ended).
    pub win_value_bins: Vec<u64>,
    /// Exhaustive draws.
    pub exhaustive: u64,
    /// Abortive draws by kind.
    pub aborts: [u64; 5],
    /// Wins with each yaku (by `Yaku as usize`).
    pub yaku: Vec<u64>,
    /// Games per seat and place (`seat * 4 + place`).
    pub places: Vec<u64>,
    /// Final points per seat.
    pub points: Vec<Moments>,
    /// Final score (成績, units of 100) per seat under the game's preset.
    pub scores: Vec<Moments>,
    /// Final points per seat, in thousands.
    pub points_hist: Vec<Histogram>,
    /// Hands per game.
    pub length: Histogram,
    /// Games ended by the bust rule.
    pub busts: u64,
    /// Games cut at the table's hand cap (`max_hands`).
    #[serde(default)]
    pub capped: u64,
    /// Double rons, pao payments, yakuman wins.
    pub special: [u64; 3],
    /// Per game, the hand value of its wins beside their number: the average win with an
    /// interval over games.
    #[serde(default)]
    pub win_ratio: PairedRatio,
}

impl MahjongAcc {
    fn new() -> Self {
        Self {
            games: 0,
            hands: 0,
            seat_counts: vec![[0; 5]; SEATS],
            win_points: 0,
            win_value: 0,
            win_value_bins: vec![0; 2 * WIN_VALUE_BINS],
            exhaustive: 0,
            aborts: [0; 5],
            yaku: vec![0; Yaku::ALL.len()],
            places: vec![0; SEATS * SEATS],
            points: vec![Moments::default(); SEATS],
            scores: vec![Moments::default(); SEATS],
            points_hist: vec![Histogram::new(POINTS_RANGE.0, POINTS_RANGE.1); SEATS],
            length: Histogram::new(0, 40),
            busts: 0,
            capped: 0,
            special: [0; 3],
            win_ratio: PairedRatio::default(),
        }
    }

    fn record(&mut self, o: &HanchanOutcome) {
        self.games += 1;
        self.hands += u64::from(o.hands);
        for s in 0..SEATS {
            let c = &mut self.seat_counts[s];
            for (k, v) in
                [o.wins[s], o.deal_ins[s], o.riichi[s], o.open_hands[s], o.tsumo_wins[s]].into_iter().enumerate()
            {
                c[k] += u64::from(v);
            }
            self.win_points += u64::from(o.win_points[s]);
            self.win_value += u64::from(o.win_value[s]);
            self.places[s * SEATS + usize::from(o.ranks[s])] += 1;
            self.points[s].record(i64::from(o.points[s]));
            self.scores[s].record(i64::from(o.scores[s]));
            self.points_hist[s].record(i64::from(o.points[s]).div_euclid(1000));
        }
        self.exhaustive += u64::from(o.exhaustive_draws);
        for (a, b) in self.win_value_bins.iter_mut().zip(o.win_value_hist.iter().flatten()) {
            *a += u64::from(*b);
        }
        for a in Abort::ALL {
            self.aborts[a as usize] += u64::from(o.aborts[a as usize]);
        }
        self.yaku.iter_mut().zip(o.yaku).for_each(|(a, b)| *a += u64::from(b));
        self.length.record(i64::from(o.hands));
        self.busts += u64::from(o.bust);
        self.capped += u64::from(o.capped);
        for (k, v) in [o.double_rons, o.pao, o.yakuman].into_iter().enumerate() {
            self.special[k] += u64::from(v);
        }
        let sum = |a: &[_]| a.iter().map(|&x| u64::from(x)).sum::<u64>();
        self.win_ratio.record(o.win_value.iter().map(|&x| u64::from(x)).sum(), sum(&o.wins));
    }

    /// Wins by hand value in 1,000-point bins, of non-dealers (`dealer` 0) or dealers (1).
    fn value_bins(&self, dealer: usize) -> &[u64] {
        &self.win_value_bins[dealer * WIN_VALUE_BINS..][..WIN_VALUE_BINS]
    }

    /// All wins.
    fn wins(&self) -> u64 {
        self.seat_counts.iter().map(|c| c[0]).sum()
    }

    /// The per-round rates, in the order of [`RATE_NAMES`]: per player and
    /// hand for win, deal-in, riichi and call; per hand for exhaustive draws.
    fn rates(&self) -> [Rate; 5] {
        let player_hands = self.hands * SEATS as u64;
        let total = |k: usize| self.seat_counts.iter().map(|c| c[k]).sum::<u64>();
        let rate = Rate::of;
        [
            rate(total(0), player_hands),
            rate(total(1), player_hands),
            rate(total(2), player_hands),
            rate(total(3), player_hands),
            rate(self.exhaustive, self.hands),
        ]
    }
}

crate::merge_fields!(MahjongAcc {
    games,
    hands,
    seat_counts,
    win_points,
    win_value,
    win_value_bins,
    exhaustive,
    aborts,
    yaku,
    places,
    points,
    scores,
    points_hist,
    length,
    busts,
    capped,
    special,
    win_ratio
});

fn seat_first(acc: &MahjongAcc, s: usize) -> Rate {
    Rate::of(acc.places[s * SEATS], acc.games)
}

fn yaku_rate(acc: &MahjongAcc, y: Yaku) -> Rate {
    Rate::of(acc.yaku[y as usize], acc.wins())
}

/// Our share of wins for a calibration yaku target's name (`yakuhai`: wins with each
/// yakuhai kind added up, a hand with two kinds counted twice, as Tenhou's 翻牌 count).
fn tenhou_comparable_share(acc: &MahjongAcc, name: &str) -> Rate {
    Rate::of(tenhou_yaku(name).map(|y| acc.yaku[y as usize]).sum(), acc.wins())
}

/// The calibration rows: the rates, the average win (hand value) and the yaku shares
/// beside Tenhou's.
fn calibration_rows(acc: &MahjongAcc) -> Vec<calibration::Row> {
    calibration::rows(&acc.rates(), acc.win_ratio.ratio(), |name| tenhou_comparable_share(acc, name))
}

fn write_tables(params: &MahjongParams, rules: &Rules, acc: &MahjongAcc, out: &StudyOutput) -> Result<()> {
    let rates = acc.rates();
    let mut rate_table = df!(
        "rate" => RATE_NAMES.to_vec(),
        "value" => rates.iter().map(Rate::value).collect::<Vec<_>>(),
        "ci_low" => rates.iter().map(|r| r.interval().low).collect::<Vec<_>>(),
        "ci_high" => rates.iter().map(|r| r.interval().high).collect::<Vec<_>>(),
        "tenhou_2016" => TENHOU.rate.iter().map(|r| r.tenhou).collect::<Vec<_>>(),
    )?;
    out.table("rates", &mut rate_table)?;

    let shown: Vec<Yaku> = rules.yaku_order().into_iter().filter(|y| acc.yaku[*y as usize] > 0).collect();
    let mut yaku = super::yaku_frame(rules, &shown, &acc.yaku, |y| yaku_rate(acc, y))?;
    out.table("yaku", &mut yaku)?;

    out.table("calibration", &mut calibration::frame(&calibration_rows(acc))?)?;

    let seat_col = |f: &dyn Fn(usize) -> f64| (0..SEATS).map(f).collect::<Vec<_>>();
    let place = |p: usize| seat_col(&|s| acc.places[s * SEATS + p] as f64 / acc.games.max(1) as f64);
    let mut seats = df!(
        "seat" => (0..SEATS as u64).collect::<Vec<_>>(),
        "bot" => params.bots.to_vec(),
        "first" => place(0), "second" => place(1), "third" => place(2), "fourth" => place(3),
        "first_ci_low" => seat_col(&|s| seat_first(acc, s).interval().low),
        "first_ci_high" => seat_col(&|s| seat_first(acc, s).interval().high),
        "points_mean" => seat_col(&|s| acc.points[s].mean()),
        "points_ci_half" => seat_col(&|s| acc.points[s].mean_interval().half_width()),
        "score_mean" => seat_col(&|s| acc.scores[s].mean()),
        "score_ci_half" => seat_col(&|s| acc.scores[s].mean_interval().half_width()),
        "win_rate" => seat_col(&|s| acc.seat_counts[s][0] as f64 / acc.hands.max(1) as f64),
        "deal_in_rate" => seat_col(&|s| acc.seat_counts[s][1] as f64 / acc.hands.max(1) as f64),
    )?;
    out.table("seats", &mut seats)?;

    let bins = |dealer: usize| acc.value_bins(dealer).to_vec();
    let share = |dealer: usize| {
        let b = acc.value_bins(dealer);
        let total = b.iter().sum::<u64>().max(1) as f64;
        b.iter().map(|&c| c as f64 / total).collect::<Vec<_>>()
    };
    let mut values = df!(
        "value_thousands" => (0..WIN_VALUE_BINS as u64).collect::<Vec<_>>(),
        "non_dealer_wins" => bins(0),
        "dealer_wins" => bins(1),
        "non_dealer_share" => share(0),
        "dealer_share" => share(1),
    )?;
    out.table("win_values", &mut values)?;

    let (lv, lc): (Vec<i64>, Vec<u64>) = acc.length.bins().filter(|b| b.1 > 0).unzip();
    let mut length = df!("hands" => lv, "games" => lc)?;
    out.table("length", &mut length)?;

    let wins = acc.wins();
    let mut summary = df!(
        "games" => [acc.games],
        "hands" => [acc.hands],
        "wins" => [wins],
        "average_win" => [acc.win_value as f64 / wins.max(1) as f64],
        "average_gain" => [acc.win_points as f64 / wins.max(1) as f64],
        "tenhou_2016_average_win" => [TENHOU.average_win.tenhou],
        "busts" => [acc.busts],
        "capped" => [acc.capped],
        "double_rons" => [acc.special[0]],
        "pao" => [acc.special[1]],
        "yakuman" => [acc.special[2]],
        "abort_nine_terminals" => [acc.aborts[Abort::NineTerminals as usize]],
        "abort_four_winds" => [acc.aborts[Abort::FourWinds as usize]],
        "abort_four_riichi" => [acc.aborts[Abort::FourRiichi as usize]],
        "abort_four_kans" => [acc.aborts[Abort::FourKans as usize]],
        "abort_triple_ron" => [acc.aborts[Abort::TripleRon as usize]],
    )?;
    out.table("summary", &mut summary)?;
    Ok(())
}

fn charts(params: &MahjongParams, rules: &Rules, acc: &MahjongAcc, out: &StudyOutput) -> Result<()> {
    let mut shown: Vec<Yaku> = rules.yaku_order().into_iter().filter(|y| acc.yaku[*y as usize] > 0).collect();
    shown.sort_by_key(|y| std::cmp::Reverse(acc.yaku[*y as usize]));
    let bars: Vec<Bar> = shown
        .iter()
        .map(|&y| {
            let r = yaku_rate(acc, y);
            Bar::new(rules.yaku_name(y).to_string(), r.estimate())
        })
        .collect();
    chart::save(
        &out.chart("yaku_frequency"),
        &IntervalBars {
            title: "Ron2 table: share of wins with each yaku (95% Wilson)",
            x_label: "share of wins (log scale)",
            bars: &bars,
            reference: None,
            log: true,
        },
    )?;
    let seats: Vec<Bar> =
        (0..SEATS).map(|s| Bar::new(format!("seat {s} ({})", params.bots[s]), seat_first(acc, s).estimate())).collect();
    chart::save(
        &out.chart("first_place_by_seat"),
        &IntervalBars {
            title: "Ron2 table: first place by seat (seat 0 deals first; 95% Wilson)",
            x_label: "share of games finished first",
            bars: &seats,
            reference: Some(0.25),
            log: false,
        },
    )?;
    let series: Vec<Series> = (0..SEATS)
        .map(|s| {
            let h = &acc.points_hist[s];
            let total = h.total().max(1) as f64;
            let (lo, hi) = (h.quantile(0.001), h.quantile(0.999));
            Series {
                name: format!("seat {s} (mean {:.0})", acc.points[s].mean()),
                points: h.bins().filter(|b| b.0 >= lo && b.0 <= hi).map(|(v, c)| (v, c as f64 / total)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("final_points"),
        &Distributions {
            title: "Ron2 table: final points per seat",
            x_label: "final points (thousands)",
            series: &series,
            log: false,
        },
    )?;
    let values: Vec<Series> = ["non-dealer", "dealer"]
        .iter()
        .enumerate()
        .map(|(dealer, name)| {
            let bins = acc.value_bins(dealer);
            let total = bins.iter().sum::<u64>();
            Series {
                name: format!("{name} wins ({total})"),
                points: (0..).zip(bins).filter(|b| *b.1 > 0).map(|(v, &c)| (v, c as f64 / total as f64)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("win_values"),
        &Distributions {
            title: "Ron2 table: hand value of wins (without honba and sticks)",
            x_label: "hand value (thousands of points; the last bin 49 and more)",
            series: &values,
            log: false,
        },
    )?;
    calibration::chart(&calibration_rows(acc), &out.chart("calibration"))?;
    let total = acc.length.total().max(1) as f64;
    let length = [Series {
        name: format!("all games (mean {:.1} hands)", acc.hands as f64 / acc.games.max(1) as f64),
        points: acc.length.bins().filter(|b| b.1 > 0).map(|(v, c)| (v, c as f64 / total)).collect(),
    }];
    chart::save(
        &out.chart("game_length"),
        &Distributions { title: "Ron2 table: game length", x_label: "hands", series: &length, log: false },
    )
}

fn summary(params: &MahjongParams, scoring: &Rules, acc: &MahjongAcc, coverage: &Coverage) -> String {
    let mut s = String::new();
    let rules = params.table.name();
    let _ = writeln!(
        s,
        "mahjong table study ({rules}): {}, {} hands; {} games cut at the hand cap (max_hands)",
        coverage.describe(),
        acc.hands,
        acc.capped
    );
    let _ = writeln!(s, "bots by seat (seat 0 deals first): {}; intervals are 95%", params.bots.join(", "));
    let with_sticks = format!("({:.0} with honba and sticks)", acc.win_points as f64 / acc.wins().max(1) as f64);
    calibration::summary(&calibration_rows(acc), &with_sticks, &mut s);
    let _ = writeln!(s, "first place by seat:");
    for seat in 0..SEATS {
        let r = seat_first(acc, seat);
        let _ = writeln!(
            s,
            "  seat {seat} {:<11} {:.4} ± {:.4}  score {:+.1} ± {:.1}",
            params.bots[seat],
            r.value(),
            r.interval().half_width(),
            acc.scores[seat].mean(),
            acc.scores[seat].mean_interval().half_width()
        );
    }
    let mut top: Vec<Yaku> = scoring.yaku_order();
    top.sort_by_key(|y| std::cmp::Reverse(acc.yaku[*y as usize]));
    let shares: Vec<String> =
        top.iter().take(8).map(|&y| format!("{} {:.3}", scoring.yaku_name(y), yaku_rate(acc, y).value())).collect();
    let _ = writeln!(s, "most frequent yaku (share of wins): {}", shares.join(", "));
    s
}
