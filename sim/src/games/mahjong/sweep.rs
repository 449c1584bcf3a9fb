//! Mahjong sweeps: the base is a table preset or settings file (`start_points`, `length`,
//! …), keys under `scoring.` address the scoring rules file it names and keys under
//! `bots.` the bot settings every seat plays. Each variant is a table built from its
//! changed files; game i of every variant plays from the same stream (the same walls
//! where the rules draw alike).
//!
//! A table with a `[chips]` section (Gotō) is also settled in chips (祝儀), keys under
//! `chips.` varying them: game i is one game at the three seats with no sit-out (the
//! session study `sim mahjong chips` covers 4人回し), its dice from the game's stream
//! ([`dice_of`]), so variants of the chip rules alone play identical games and differ by
//! the settlement only.

use crate::paired::Obs;
use crate::sweep::arm::{Arm, SweepArm, text};
use crate::sweep::overrides::Documents;
use anyhow::{Result, anyhow};
use engine::mahjong::chips::{ChipLedger, ChipTally, dice_of};
use engine::mahjong::table::{Bot, BotConfig, HanchanOutcome, RiichiTable, TableSettings};
use engine::mahjong::{Rules, Yaku};
use engine::{Game, GameRng, Table};

/// The metrics a mahjong sweep reports unless the file picks others.
pub const DEFAULT_METRICS: [&str; 19] = [
    "first_place_seat0",
    "first_place_seat1",
    "first_place_seat2",
    "first_place_seat3",
    "points_seat0",
    "points_seat1",
    "points_seat2",
    "points_seat3",
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "call_rate",
    "draw_rate",
    "average_win",
    "hands",
    "yaku.riichi",
    "yaku.tanyao",
    "yaku.pinfu",
    "yaku.toitoi",
];

/// The chip metrics of a table with chips, reported by default there: per player and game
/// the mean absolute chips, the mean square (the variance: chips sum to zero), and the
/// chance of losing 50 or more.
pub const CHIP_METRICS: [&str; 3] = ["chips_moved", "chips_variance", "chips_lose_50"];

/// The loss whose chance `chips_lose_50` is.
const CHIP_LOSS: i32 = 50;

/// Every metric a mahjong sweep can report, in the order [`MahjongArm::play`] writes them:
/// per seat the first-place rate and final points; per seat-hand the win, deal-in, riichi
/// and open-call rates; per hand the exhaustive-draw rate; the average win (hand value, no
/// honba or sticks); hands per game; each yaku's share of wins (`yaku.<name>`); and, with
/// `chips`, the [`CHIP_METRICS`]. `local` are the data yaku ids of all the arms together
/// ([`local_union`]): `yaku.<id>` for each, counted 0 in an arm without it; `blue`: some
/// arm's tile set has blue fives, and every arm reports `yaku.ao_dora` (a sweep without
/// them does not name it, as a study's yaku table does not).
pub fn metric_names(seats: usize, chips: bool, local: &[&str], blue: bool) -> Vec<String> {
    let mut names: Vec<String> = (0..seats).map(|s| format!("first_place_seat{s}")).collect();
    names.extend((0..seats).map(|s| format!("points_seat{s}")));
    names.extend(
        ["win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_rate", "average_win", "hands"].map(String::from),
    );
    names.extend(Yaku::ALL[..Yaku::Local0 as usize].iter().map(|y| yaku_metric(y.name())));
    names.extend(local.iter().map(|id| yaku_metric(id)));
    names.extend(blue.then(|| yaku_metric(Yaku::AoDora.name())));
    if chips {
        names.extend(CHIP_METRICS.map(String::from));
    }
    names
}

/// The metric of a yaku's share of wins.
fn yaku_metric(name: &str) -> String {
    format!("yaku.{name}")
}

/// The data yaku ids of every arm, sorted, each once: the `yaku.<id>` metrics of a sweep
/// whose variants add, remove or re-price data yaku.
pub fn local_union(arms: &[MahjongArm]) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = arms.iter().flat_map(|a| a.local_ids()).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// One variant's table and bots, and its chip ledger when the table has chips.
pub struct MahjongArm {
    game: RiichiTable,
    bots: Vec<Bot>,
    ledger: Option<ChipLedger>,
    /// For each id of the sweep's [`local_union`], this arm's data yaku slot of that id.
    local_slots: Vec<Option<usize>>,
    /// The sweep reports `yaku.ao_dora` (some arm's set has blue fives).
    ao_dora: bool,
}

impl SweepArm for MahjongArm {
    fn new(docs: &Documents) -> Result<MahjongArm> {
        let settings = TableSettings::from_toml(&text(&docs.main)).map_err(|e| anyhow!("table settings: {e}"))?;
        let rules = Rules::from_toml(&text(&docs.others[0].1)).map_err(|e| anyhow!("scoring rules: {e}"))?;
        let bot = BotConfig::from_toml(&text(&docs.others[1].1)).map_err(|e| anyhow!("bot settings: {e}"))?;
        let chips = settings.chips;
        let game = RiichiTable::with_rules(settings, rules)
            .map_err(|e| anyhow!("table settings: {e}"))?
            .with_hand_log(chips.is_some());
        let bots = vec![Bot::new(bot); game.num_seats()];
        let ledger = chips.map(|c| ChipLedger::new(c, &game, false));
        Ok(MahjongArm { game, bots, ledger, local_slots: Vec::new(), ao_dora: false })
    }

    fn metrics(arms: &mut [MahjongArm]) -> Result<(Vec<String>, Vec<String>)> {
        let (seats, chips) = (arms[0].seats(), arms[0].has_chips());
        let local = local_union(arms);
        let blue = arms.iter().any(|a| a.game.rules().set.has_blue());
        arms.iter_mut().for_each(|a| a.observe(&local, blue));
        let mut defaults: Vec<String> =
            DEFAULT_METRICS.iter().filter(|m| !m.ends_with('3') || seats == 4).map(|m| m.to_string()).collect();
        defaults.extend(blue.then(|| yaku_metric(Yaku::AoDora.name())));
        defaults.extend(CHIP_METRICS.iter().filter(|_| chips).map(|m| m.to_string()));
        Ok((metric_names(seats, chips, &local, blue), defaults))
    }

    fn differs(&self, base: &MahjongArm) -> Option<&'static str> {
        if self.seats() != base.seats() {
            Some("the table must seat as many as the base's")
        } else if self.has_chips() != base.has_chips() {
            Some("chips must be kept as the base keeps them")
        } else {
            None
        }
    }
}

impl MahjongArm {
    /// The ids of its data yaku, by slot.
    fn local_ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        let local = &self.game.rules().yaku.local;
        (0..local.len()).map(|i| local.name(i))
    }

    /// Observes the data yaku of `union` (the sweep's [`local_union`]) by id, and 青ドラ
    /// with `ao_dora`.
    fn observe(&mut self, union: &[&str], ao_dora: bool) {
        let ids: Vec<&str> = self.local_ids().collect();
        self.local_slots = union.iter().map(|id| ids.iter().position(|n| n == id)).collect();
        self.ao_dora = ao_dora;
    }

    /// Seats at the table.
    pub fn seats(&self) -> usize {
        self.game.num_seats()
    }

    /// Whether its games are settled in chips.
    pub fn has_chips(&self) -> bool {
        self.ledger.is_some()
    }
}

impl Arm for MahjongArm {
    type Worker<'a> = (Table<RiichiTable>, Vec<Bot>);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game), self.bots.clone())
    }

    fn play(&self, (table, bots): &mut Self::Worker<'_>, _: u64, rng: &mut GameRng, out: &mut Vec<Obs>) {
        let dice = self.ledger.as_ref().map(|_| dice_of(rng));
        let o = table.play(&self.game, bots.as_mut_slice(), rng);
        observe(&o, self.seats(), &self.local_slots, self.ao_dora, out);
        if let (Some(ledger), Some(mut dice)) = (&self.ledger, dice) {
            let mut tally = ChipTally::default();
            ledger.settle_game(table.state().hand_log.hands(), &o.points, &mut dice, &mut tally);
            observe_chips(&tally.totals()[..self.seats()], out);
        }
    }
}

/// One game's chip observations, in [`CHIP_METRICS`] order, from each player's total.
fn observe_chips(totals: &[i32], out: &mut Vec<Obs>) {
    let players = totals.len() as i64;
    let sum = |f: fn(i32) -> i64| totals.iter().map(|&c| f(c)).sum::<i64>();
    out.extend([
        Obs::rate(sum(|c| i64::from(c.unsigned_abs())), players),
        Obs::rate(sum(|c| i64::from(c) * i64::from(c)), players),
        Obs::rate(sum(|c| i64::from(c <= -CHIP_LOSS)), players),
    ]);
}

/// One game's observations, in [`metric_names`] order (`ao_dora`: with `yaku.ao_dora`).
fn observe(o: &HanchanOutcome, seats: usize, local_slots: &[Option<usize>], ao_dora: bool, out: &mut Vec<Obs>) {
    out.clear();
    let sum = |xs: &[u16]| xs[..seats].iter().map(|&x| i64::from(x)).sum::<i64>();
    let seat_hands = i64::from(o.hands) * seats as i64;
    let wins = sum(&o.wins);
    out.extend((0..seats).map(|s| Obs::mean(i64::from(o.ranks[s] == 0))));
    out.extend((0..seats).map(|s| Obs::mean(i64::from(o.points[s]))));
    out.extend([
        Obs::rate(wins, seat_hands),
        Obs::rate(sum(&o.deal_ins), seat_hands),
        Obs::rate(sum(&o.riichi), seat_hands),
        Obs::rate(sum(&o.open_hands), seat_hands),
        Obs::rate(i64::from(o.exhaustive_draws), i64::from(o.hands)),
        Obs::rate(o.win_value[..seats].iter().map(|&v| i64::from(v)).sum(), wins),
        Obs::mean(i64::from(o.hands)),
    ]);
    out.extend(o.yaku[..Yaku::Local0 as usize].iter().map(|&n| Obs::rate(i64::from(n), wins)));
    let local = |slot: Option<usize>| slot.map_or(0, |i| i64::from(o.yaku_count(Yaku::local(i))));
    out.extend(local_slots.iter().map(|&slot| Obs::rate(local(slot), wins)));
    out.extend(ao_dora.then(|| Obs::rate(i64::from(o.yaku_count(Yaku::AoDora)), wins)));
}
