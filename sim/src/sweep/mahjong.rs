//! Mahjong sweeps: the base is a table preset or settings file (`start_points`, `length`,
//! …), keys under `scoring.` address the scoring rules file it names and keys under
//! `bots.` the bot settings every seat plays. Each variant is a table built from its
//! changed files; game i of every variant plays from the same stream (the same walls
//! where the rules draw alike).

use super::overrides::Documents;
use super::paired::Obs;
use super::{Arm, Files, text};
use anyhow::{Result, anyhow};
use engine::config::resolve_extends;
use engine::mahjong::table::{BOT_PRESETS, Bot, BotConfig, HanchanOutcome, RiichiTable, TableSettings};
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

/// Every metric a mahjong sweep can report, in the order [`MahjongArm::play`] writes them:
/// per seat the first-place rate and final points; per seat-hand the win, deal-in, riichi
/// and open-call rates; per hand the exhaustive-draw rate; the average win (hand value, no
/// honba or sticks); hands per game; and each yaku's share of wins (`yaku.<name>`).
pub fn metric_names(seats: usize) -> Vec<String> {
    let mut names: Vec<String> = (0..seats).map(|s| format!("first_place_seat{s}")).collect();
    names.extend((0..seats).map(|s| format!("points_seat{s}")));
    names.extend(
        ["win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_rate", "average_win", "hands"].map(String::from),
    );
    names.extend(Yaku::ALL.iter().map(|y| format!("yaku.{}", y.name())));
    names
}

/// The base documents: the table settings (extends resolved), its scoring rules and the
/// bot settings.
pub fn documents(files: &Files, base: &str, bots: &str) -> Result<Documents> {
    let table_text = files.text(base, TableSettings::preset_text)?;
    let main =
        resolve_extends(&table_text, &TableSettings::preset_text).map_err(|e| anyhow!("table settings {base}: {e}"))?;
    let scoring_name = main.get("scoring").and_then(|v| v.as_str()).unwrap_or_default().to_string();
    let scoring_text = files.text_beside(base, &scoring_name, |n| Rules::PRESETS.text(n))?;
    let scoring = resolve_extends(&scoring_text, &|n| Rules::PRESETS.text(n))
        .map_err(|e| anyhow!("scoring rules {scoring_name}: {e}"))?;
    let bot_text = files.text(bots, |n| BOT_PRESETS.iter().find(|p| p.0 == n).map(|p| p.1))?;
    let bot: toml::Table = engine::config::from_toml(&bot_text).map_err(|e| anyhow!("bot file {bots}: {e}"))?;
    Ok(Documents { main, others: vec![("scoring", scoring), ("bots", bot)] })
}

/// One variant's table and bots.
pub struct MahjongArm {
    game: RiichiTable,
    bots: Vec<Bot>,
}

impl MahjongArm {
    /// The arm the (overridden) documents describe.
    pub fn new(docs: &Documents) -> Result<MahjongArm> {
        let settings = TableSettings::from_toml(&text(&docs.main)).map_err(|e| anyhow!("table settings: {e}"))?;
        let rules = Rules::from_toml(&text(&docs.others[0].1)).map_err(|e| anyhow!("scoring rules: {e}"))?;
        let bot = BotConfig::from_toml(&text(&docs.others[1].1)).map_err(|e| anyhow!("bot settings: {e}"))?;
        let game = RiichiTable::with_rules(settings, rules).map_err(|e| anyhow!("table settings: {e}"))?;
        let bots = vec![Bot::new(bot); game.num_seats()];
        Ok(MahjongArm { game, bots })
    }

    /// Seats at the table.
    pub fn seats(&self) -> usize {
        self.game.num_seats()
    }
}

impl Arm for MahjongArm {
    type Worker<'a> = (Table<RiichiTable>, Vec<Bot>);

    fn worker(&self) -> Self::Worker<'_> {
        (Table::new(&self.game), self.bots.clone())
    }

    fn play(&self, (table, bots): &mut Self::Worker<'_>, _: u64, rng: &mut GameRng, out: &mut Vec<Obs>) {
        let o = table.play(&self.game, bots.as_mut_slice(), rng);
        observe(&o, self.seats(), out);
    }
}

/// One game's observations, in [`metric_names`] order.
fn observe(o: &HanchanOutcome, seats: usize, out: &mut Vec<Obs>) {
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
    out.extend(o.yaku.iter().map(|&n| Obs::rate(i64::from(n), wins)));
}
