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

use super::mahjong::{TableRules, bots_from};
use super::table_logs::{GameLogs, Recorder};
use crate::chart::{self, Bar, Distributions, IntervalBars, Series};
use crate::output::StudyOutput;
use crate::runner::{self, RunPlan, RunReport};
use crate::stats::{Histogram, Moments, Rate};
use crate::study::grow::Tracked;
use crate::study::{Coverage, Source, State, Study};
use anyhow::{Result, bail};
use engine::GameSeeds;
use engine::mahjong::table::{
    Bot, HanchanOutcome, PEOPLE, RiichiTable, Rotation, Session, TENHOU_SANMA_RATES, WIN_VALUE_BINS,
};
use engine::mahjong::{Rules, Yaku};
use polars::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Seats at the Gotō table.
const SEATS: usize = 3;
/// Lowest and highest final points, in thousands, with their own bins.
const POINTS_RANGE: (i64, i64) = (-60, 160);

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
        Ok(Self { params, game, bots, logs: None })
    }

    fn empty(&self) -> GotoAcc {
        GotoAcc::new()
    }

    /// An index is a session.
    fn indices(&self, acc: &GotoAcc) -> u64 {
        acc.sessions
    }
}

impl Study for GotoStudy {
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
                let mut session = Session::new(self.params.rotation);
                let mut net = [0i64; PEOPLE];
                for k in 0..per {
                    let index = session_index * per + k;
                    let seating = session.seating();
                    let mut bots = seating.seats.map(|p| self.bots[usize::from(p)]);
                    let names = || seating.seats.iter().map(|&p| self.params.bots[usize::from(p)].clone()).collect();
                    let o = recorder.play(tables, index, &mut bots, &mut seeds.rng(index), names);
                    acc.record(&o, &seating.seats, seating.sitting_out);
                    for (s, &p) in seating.seats.iter().enumerate() {
                        net[usize::from(p)] += i64::from(o.points[s] - self.game.settings().start_points);
                    }
                    session.next(&[o.ranks[0], o.ranks[1], o.ranks[2]]);
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
        write_tables(&self.params, &rules, acc, out)?;
        charts(&self.params, &rules, acc, out)?;
        Ok(summary(&self.params, &rules, acc, coverage))
    }
}

/// Per-seat or per-person counts of one kind of event.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Counts {
    /// Wins, tsumo included.
    pub wins: u64,
    /// Tsumo wins.
    pub tsumo: u64,
    /// Deal-ins.
    pub deal_ins: u64,
    /// Deal-ins forced into an open riichi (G-R3).
    pub forced_deal_ins: u64,
    /// Riichi declared and paid (open ones included).
    pub riichi: u64,
    /// Open riichi.
    pub open_riichi: u64,
    /// Hands with an open call.
    pub open_hands: u64,
    /// Norths extracted.
    pub norths: u64,
    /// Flowers set aside.
    pub flowers: u64,
}

impl Counts {
    fn record(&mut self, o: &HanchanOutcome, s: usize) {
        let add = |a: &mut u64, v: u16| *a += u64::from(v);
        add(&mut self.wins, o.wins[s]);
        add(&mut self.tsumo, o.tsumo_wins[s]);
        add(&mut self.deal_ins, o.deal_ins[s]);
        add(&mut self.forced_deal_ins, o.forced_deal_ins[s]);
        add(&mut self.riichi, o.riichi[s]);
        add(&mut self.open_riichi, o.open_riichi[s]);
        add(&mut self.open_hands, o.open_hands[s]);
        add(&mut self.norths, o.norths[s]);
        add(&mut self.flowers, o.flowers[s]);
    }
}

crate::merge_fields!(Counts {
    wins,
    tsumo,
    deal_ins,
    forced_deal_ins,
    riichi,
    open_riichi,
    open_hands,
    norths,
    flowers
});

/// One seat's or one person's results.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Results {
    /// Games played (seated).
    pub games: u64,
    /// Hands played (seated).
    pub hands: u64,
    /// Games by place (first, second, third).
    pub places: [u64; SEATS],
    /// Final points.
    pub points: Moments,
    /// Final points in thousands.
    pub points_hist: Histogram,
    /// Event counts.
    pub counts: Counts,
}

impl Results {
    fn new() -> Self {
        let points_hist = Histogram::new(POINTS_RANGE.0, POINTS_RANGE.1);
        Self {
            games: 0,
            hands: 0,
            places: [0; SEATS],
            points: Moments::default(),
            points_hist,
            counts: Counts::default(),
        }
    }

    fn record(&mut self, o: &HanchanOutcome, s: usize) {
        self.games += 1;
        self.hands += u64::from(o.hands);
        self.places[usize::from(o.ranks[s])] += 1;
        self.points.record(i64::from(o.points[s]));
        self.points_hist.record(i64::from(o.points[s]).div_euclid(1000));
        self.counts.record(o, s);
    }

    /// A per-hand rate of `n` events.
    fn per_hand(&self, n: u64) -> Rate {
        Rate::of(n, self.hands)
    }

    /// The share of games finished in `place`.
    fn place(&self, place: usize) -> Rate {
        Rate::of(self.places[place], self.games)
    }
}

crate::merge_fields!(Results { games, hands, places, points, points_hist, counts });

/// The aggregate of a Gotō study.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GotoAcc {
    /// Sessions played.
    pub sessions: u64,
    /// Games played.
    pub games: u64,
    /// Hands played, repeats included.
    pub hands: u64,
    /// Per seat (seat 0 deals first).
    pub seats: Vec<Results>,
    /// Per person.
    pub persons: Vec<Results>,
    /// Games each person sat out.
    pub sat_out: Vec<u64>,
    /// Each person's net points over a session (final minus start, summed over its games).
    pub session_net: Vec<Moments>,
    /// Wins by hand value: `[non-dealer bins…, dealer bins…]`, bins of 1,000 points.
    pub win_value_bins: Vec<u64>,
    /// Hand values of the wins (without honba and sticks).
    pub win_value: u64,
    /// Wins with each yaku (by `Yaku as usize`).
    pub yaku: Vec<u64>,
    /// Yakuman wins (real or counted).
    pub yakuman: u64,
    /// Exhaustive draws.
    pub exhaustive: u64,
    /// Games that entered South (sudden death).
    pub south: u64,
    /// Hands per game.
    pub length: Histogram,
    /// Sudden-death hands per game that entered South.
    pub sudden_death: Histogram,
    /// Games the dealer stopped (和了やめ).
    pub stopped: u64,
    /// Games ended by a bust.
    pub busts: u64,
    /// Games cut at the table's hand cap (`max_hands`).
    #[serde(default)]
    pub capped: u64,
    /// Double rons.
    pub double_rons: u64,
}

impl GotoAcc {
    pub(crate) fn new() -> Self {
        Self {
            sessions: 0,
            games: 0,
            hands: 0,
            seats: vec![Results::new(); SEATS],
            persons: vec![Results::new(); PEOPLE],
            sat_out: vec![0; PEOPLE],
            session_net: vec![Moments::default(); PEOPLE],
            win_value_bins: vec![0; 2 * WIN_VALUE_BINS],
            win_value: 0,
            yaku: vec![0; Yaku::ALL.len()],
            yakuman: 0,
            exhaustive: 0,
            south: 0,
            length: Histogram::new(0, 40),
            sudden_death: Histogram::new(0, 40),
            stopped: 0,
            busts: 0,
            capped: 0,
            double_rons: 0,
        }
    }

    /// Adds game `o`, played by `seats` (the person in each seat) with `out` sitting out.
    pub(crate) fn record(&mut self, o: &HanchanOutcome, seats: &[u8; SEATS], out: Option<u8>) {
        self.games += 1;
        self.hands += u64::from(o.hands);
        for (s, &p) in seats.iter().enumerate() {
            self.seats[s].record(o, s);
            self.persons[usize::from(p)].record(o, s);
            self.win_value += u64::from(o.win_value[s]);
        }
        if let Some(p) = out {
            self.sat_out[usize::from(p)] += 1;
        }
        for (a, b) in self.win_value_bins.iter_mut().zip(o.win_value_hist.iter().flatten()) {
            *a += u64::from(*b);
        }
        self.yaku.iter_mut().zip(o.yaku).for_each(|(a, b)| *a += u64::from(b));
        self.yakuman += u64::from(o.yakuman);
        self.exhaustive += u64::from(o.exhaustive_draws);
        self.length.record(i64::from(o.hands));
        if o.late_hands > 0 {
            self.south += 1;
            self.sudden_death.record(i64::from(o.late_hands));
        }
        self.stopped += u64::from(o.dealer_stopped);
        self.busts += u64::from(o.bust);
        self.capped += u64::from(o.capped);
        self.double_rons += u64::from(o.double_rons);
    }

    /// Every seat's counts together.
    fn total(&self) -> Counts {
        let mut c = Counts::default();
        self.seats.iter().for_each(|s| c += s.counts);
        c
    }

    /// The share of games with `n` of them.
    fn per_game(&self, n: u64) -> Rate {
        Rate::of(n, self.games)
    }

    /// The per-player-hand rates: (name, rate).
    fn rates(&self) -> Vec<(&'static str, Rate)> {
        let c = self.total();
        let player_hands = self.hands * SEATS as u64;
        let rate = Rate::of;
        vec![
            ("win", rate(c.wins, player_hands)),
            ("tsumo_win", rate(c.tsumo, player_hands)),
            ("deal_in", rate(c.deal_ins, player_hands)),
            ("forced_deal_in", rate(c.forced_deal_ins, player_hands)),
            ("riichi", rate(c.riichi, player_hands)),
            ("open_riichi", rate(c.open_riichi, player_hands)),
            ("call", rate(c.open_hands, player_hands)),
            ("exhaustive_draw", rate(self.exhaustive, self.hands)),
        ]
    }

    pub(crate) fn yaku_rate(&self, y: Yaku) -> Rate {
        Rate::of(self.yaku[y as usize], self.total().wins)
    }

    /// The yaku that appeared, most frequent first (ties in `rules`' listing order).
    pub(crate) fn shown_yaku(&self, rules: &Rules) -> Vec<Yaku> {
        let mut shown: Vec<Yaku> = rules.yaku_order().into_iter().filter(|y| self.yaku[*y as usize] > 0).collect();
        shown.sort_by_key(|y| std::cmp::Reverse(self.yaku[*y as usize]));
        shown
    }
}

crate::merge_fields!(GotoAcc {
    sessions,
    games,
    hands,
    seats,
    persons,
    sat_out,
    session_net,
    win_value_bins,
    win_value,
    yaku,
    yakuman,
    exhaustive,
    south,
    length,
    sudden_death,
    stopped,
    busts,
    capped,
    double_rons
});

/// One row per seat or person: places with intervals, points, the bot's per-hand rates.
fn results_frame(key: &str, labels: Vec<String>, bots: Vec<String>, rs: &[Results]) -> PolarsResult<DataFrame> {
    let col = |f: &dyn Fn(&Results) -> f64| rs.iter().map(f).collect::<Vec<_>>();
    let rate = |f: fn(&Counts) -> u64| col(&|r| r.per_hand(f(&r.counts)).value());
    df!(
        key => labels,
        "bot" => bots,
        "games" => rs.iter().map(|r| r.games).collect::<Vec<_>>(),
        "first" => col(&|r| r.place(0).value()),
        "first_ci_low" => col(&|r| r.place(0).interval().low),
        "first_ci_high" => col(&|r| r.place(0).interval().high),
        "second" => col(&|r| r.place(1).value()),
        "third" => col(&|r| r.place(2).value()),
        "third_ci_low" => col(&|r| r.place(2).interval().low),
        "third_ci_high" => col(&|r| r.place(2).interval().high),
        "points_mean" => col(&|r| r.points.mean()),
        "points_ci_half" => col(&|r| r.points.mean_interval().half_width()),
        "points_sd" => col(&|r| r.points.std_dev()),
        "win_rate" => rate(|c| c.wins),
        "deal_in_rate" => rate(|c| c.deal_ins),
        "riichi_rate" => rate(|c| c.riichi),
        "open_riichi_rate" => rate(|c| c.open_riichi),
        "call_rate" => rate(|c| c.open_hands),
        "norths_per_hand" => col(&|r| r.counts.norths as f64 / r.hands.max(1) as f64),
        "flowers_per_hand" => col(&|r| r.counts.flowers as f64 / r.hands.max(1) as f64),
    )
}

/// The table of wins with each yaku (also written by the chip study).
pub(crate) fn yaku_table(acc: &GotoAcc, rules: &Rules, out: &StudyOutput) -> Result<()> {
    let mut yaku = super::yaku_frame(rules, &acc.shown_yaku(rules), &acc.yaku, |y| acc.yaku_rate(y))?;
    out.table("yaku", &mut yaku)
}

fn write_tables(params: &GotoParams, rules: &Rules, acc: &GotoAcc, out: &StudyOutput) -> Result<()> {
    let rates = acc.rates();
    let mut rate_table = df!(
        "rate" => rates.iter().map(|r| r.0).collect::<Vec<_>>(),
        "value" => rates.iter().map(|r| r.1.value()).collect::<Vec<_>>(),
        "ci_low" => rates.iter().map(|r| r.1.interval().low).collect::<Vec<_>>(),
        "ci_high" => rates.iter().map(|r| r.1.interval().high).collect::<Vec<_>>(),
    )?;
    out.table("rates", &mut rate_table)?;
    // The second calibration table: three-player Tenhou's published rates beside the bots'.
    let real: Vec<(&str, f64, Rate)> = TENHOU_SANMA_RATES
        .iter()
        .filter_map(|&(name, value)| rates.iter().find(|r| r.0 == name).map(|r| (name, value, r.1)))
        .collect();
    let mut calibration = df!(
        "rate" => real.iter().map(|r| r.0).collect::<Vec<_>>(),
        "value" => real.iter().map(|r| r.2.value()).collect::<Vec<_>>(),
        "ci_low" => real.iter().map(|r| r.2.interval().low).collect::<Vec<_>>(),
        "ci_high" => real.iter().map(|r| r.2.interval().high).collect::<Vec<_>>(),
        "tenhou_sanma_houou" => real.iter().map(|r| r.1).collect::<Vec<_>>(),
    )?;
    out.table("tenhou_sanma_rates", &mut calibration)?;

    yaku_table(acc, rules, out)?;

    let seat_bots = (0..SEATS).map(|_| "mixed".to_string()).collect();
    let mut seats = results_frame("seat", (0..SEATS).map(|s| s.to_string()).collect(), seat_bots, &acc.seats)?;
    out.table("seats", &mut seats)?;

    let mut persons =
        results_frame("person", (0..PEOPLE).map(|p| p.to_string()).collect(), params.bots.to_vec(), &acc.persons)?;
    persons.with_column(Column::new("sat_out".into(), acc.sat_out.clone()))?;
    let net = |f: &dyn Fn(&Moments) -> f64| acc.session_net.iter().map(f).collect::<Vec<_>>();
    persons.with_column(Column::new("session_net_mean".into(), net(&Moments::mean)))?;
    persons.with_column(Column::new("session_net_ci_half".into(), net(&|m| m.mean_interval().half_width())))?;
    persons.with_column(Column::new("session_net_sd".into(), net(&Moments::std_dev)))?;
    out.table("persons", &mut persons)?;

    let (lv, lc): (Vec<i64>, Vec<u64>) = acc.length.bins().filter(|b| b.1 > 0).unzip();
    let mut length = df!("hands" => lv, "games" => lc)?;
    out.table("length", &mut length)?;
    let (sv, sc): (Vec<i64>, Vec<u64>) = acc.sudden_death.bins().filter(|b| b.1 > 0).unzip();
    let mut sudden = df!("sudden_death_hands" => sv, "games" => sc)?;
    out.table("sudden_death", &mut sudden)?;

    let bins = |dealer: usize| acc.win_value_bins[dealer * WIN_VALUE_BINS..][..WIN_VALUE_BINS].to_vec();
    let mut values = df!(
        "value_thousands" => (0..WIN_VALUE_BINS as u64).collect::<Vec<_>>(),
        "non_dealer_wins" => bins(0),
        "dealer_wins" => bins(1),
    )?;
    out.table("win_values", &mut values)?;

    let wins = acc.total().wins;
    let game_rate = |n: u64| acc.per_game(n);
    let [south, stopped, busts] = [acc.south, acc.stopped, acc.busts].map(game_rate);
    let mut summary = df!(
        "sessions" => [acc.sessions],
        "games" => [acc.games],
        "hands" => [acc.hands],
        "wins" => [wins],
        "average_win" => [acc.win_value as f64 / wins.max(1) as f64],
        "yakuman" => [acc.yakuman],
        "double_rons" => [acc.double_rons],
        "south_entered" => [south.value()],
        "south_ci_low" => [south.interval().low],
        "south_ci_high" => [south.interval().high],
        "dealer_stopped" => [stopped.value()],
        "dealer_stopped_ci_low" => [stopped.interval().low],
        "dealer_stopped_ci_high" => [stopped.interval().high],
        "bust" => [busts.value()],
        "bust_ci_low" => [busts.interval().low],
        "bust_ci_high" => [busts.interval().high],
        "capped" => [acc.capped],
    )?;
    out.table("summary", &mut summary)?;
    Ok(())
}

/// The chart of the share of wins with each yaku under Gotō (also drawn by the chip study).
pub(crate) fn yaku_chart(acc: &GotoAcc, rules: &Rules, out: &StudyOutput) -> Result<()> {
    let bars: Vec<Bar> = acc
        .shown_yaku(rules)
        .iter()
        .map(|&y| {
            let r = acc.yaku_rate(y);
            Bar::new(rules.yaku_name(y).to_string(), r.estimate())
        })
        .collect();
    chart::save(
        &out.chart("yaku_frequency"),
        &IntervalBars {
            title: "Gotō: share of wins with each yaku (95% Wilson)",
            x_label: "share of wins (log scale)",
            bars: &bars,
            reference: None,
            log: true,
        },
    )
}

fn charts(params: &GotoParams, rules: &Rules, acc: &GotoAcc, out: &StudyOutput) -> Result<()> {
    yaku_chart(acc, rules, out)?;
    let place_bars = |rs: &[Results], label: &dyn Fn(usize) -> String| -> Vec<Bar> {
        (0..rs.len())
            .map(|k| {
                let r = rs[k].place(0);
                Bar::new(label(k), r.estimate())
            })
            .collect()
    };
    let persons = place_bars(&acc.persons, &|p| format!("person {p} ({})", params.bots[p]));
    chart::save(
        &out.chart("first_place_by_person"),
        &IntervalBars {
            title: "Gotō: first place by person, per game played (95% Wilson)",
            x_label: "share of its games finished first",
            bars: &persons,
            reference: Some(1.0 / SEATS as f64),
            log: false,
        },
    )?;
    let seats = place_bars(&acc.seats, &|s| format!("seat {s}"));
    chart::save(
        &out.chart("first_place_by_seat"),
        &IntervalBars {
            title: "Gotō: first place by seat (seat 0 deals first; 95% Wilson)",
            x_label: "share of games finished first",
            bars: &seats,
            reference: Some(1.0 / SEATS as f64),
            log: false,
        },
    )?;
    let series: Vec<Series> = (0..SEATS)
        .map(|s| {
            let h = &acc.seats[s].points_hist;
            let total = h.total().max(1) as f64;
            let (lo, hi) = (h.quantile(0.001), h.quantile(0.999));
            Series {
                name: format!("seat {s} (mean {:.0})", acc.seats[s].points.mean()),
                points: h.bins().filter(|b| b.0 >= lo && b.0 <= hi).map(|(v, c)| (v, c as f64 / total)).collect(),
            }
        })
        .collect();
    chart::save(
        &out.chart("final_points"),
        &Distributions {
            title: "Gotō: final points per seat",
            x_label: "final points (thousands)",
            series: &series,
            log: false,
        },
    )?;
    let share = |h: &Histogram| {
        let total = h.total().max(1) as f64;
        h.bins().filter(|b| b.1 > 0).map(|(v, c)| (v, c as f64 / total)).collect()
    };
    let length = [
        Series {
            name: format!("hands per game (mean {:.1})", acc.hands as f64 / acc.games.max(1) as f64),
            points: share(&acc.length),
        },
        Series {
            name: format!(
                "sudden-death hands, when South was entered ({:.1}% of games)",
                100.0 * acc.per_game(acc.south).value()
            ),
            points: share(&acc.sudden_death),
        },
    ];
    chart::save(
        &out.chart("game_length"),
        &Distributions { title: "Gotō: game length", x_label: "hands", series: &length, log: false },
    )
}

fn summary(params: &GotoParams, rules: &Rules, acc: &GotoAcc, coverage: &Coverage) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Gotō table study ({}): {} sessions of {} games ({} games, {} hands), rotation {:?}",
        params.table.name(),
        acc.sessions,
        params.session_games,
        acc.games,
        acc.hands,
        params.rotation
    );
    let (played, all) = (coverage.games_played(), coverage.games);
    let _ = writeln!(s, "seed {}: {played} of the run's {all} sessions; intervals are 95%", coverage.seed);
    let _ = writeln!(
        s,
        "per-hand rates of the bots (no Gotō calibration data exists; three-player Tenhou's 鳳凰卓 beside):"
    );
    for (name, r) in acc.rates() {
        let real =
            TENHOU_SANMA_RATES.iter().find(|t| t.0 == name).map_or(String::new(), |t| format!("  tenhou {:.3}", t.1));
        let _ = writeln!(s, "  {name:<16} {:.4} ± {:.4}{real}", r.value(), r.interval().half_width());
    }
    let wins = acc.total().wins.max(1) as f64;
    let _ = writeln!(
        s,
        "  {:<16} {:.0} (hand value, without honba and sticks)",
        "average_win",
        acc.win_value as f64 / wins
    );
    let game = |n: u64| {
        let r = acc.per_game(n);
        format!("{:.4} ± {:.4}", r.value(), r.interval().half_width())
    };
    let _ = writeln!(
        s,
        "games: South entered {}, dealer stopped {}, bust {}; {:.2} hands per game; {} cut at the hand cap (max_hands)",
        game(acc.south),
        game(acc.stopped),
        game(acc.busts),
        acc.hands as f64 / acc.games.max(1) as f64,
        acc.capped
    );
    let _ = writeln!(s, "per person (first place per game played; net points per session):");
    for p in 0..PEOPLE {
        let r = &acc.persons[p];
        let first = r.place(0);
        let net = &acc.session_net[p];
        let _ = writeln!(
            s,
            "  person {p} {:<11} first {:.4} ± {:.4}  points {:.0} ± {:.0}  net/session {:+.0} ± {:.0} (sd {:.0}), sat out {}",
            params.bots[p],
            first.value(),
            first.interval().half_width(),
            r.points.mean(),
            r.points.mean_interval().half_width(),
            net.mean(),
            net.mean_interval().half_width(),
            net.std_dev(),
            acc.sat_out[p]
        );
    }
    let shares: Vec<String> = acc
        .shown_yaku(rules)
        .iter()
        .take(10)
        .map(|&y| format!("{} {:.3}", rules.yaku_name(y), acc.yaku_rate(y).value()))
        .collect();
    let _ = writeln!(s, "most frequent yaku (share of wins): {}", shares.join(", "));
    let counted = acc.yaku[Yaku::RiichiNomiRon as usize];
    let _ = writeln!(s, "yakuman wins (counted ones included): {} ({counted} of them 立直のみロン)", acc.yakuman);
    s
}
