//! Plays four bots at the Ron2 dojo table and prints the per-round rates, the
//! average win (the hand's value alone; with honba and riichi sticks beside it) and the
//! yaku shares of wins beside the published 天鳳 鳳凰卓 (2016) figures, as
//! `sim mahjong calibrate` does (`<--` outside a target's band), without building `sim`:
//! `cargo run --profile bench -p benches --example mahjong_calibrate -- 2000`.
//! Arguments: hanchan (default 2000), bot for all four seats (default
//! `defensive`; a name, or a bot settings TOML file ending in `.toml`), master
//! seed (default 1; game `i` uses its stream `i`).

use engine::mahjong::Yaku;
use engine::mahjong::table::{Bot, BotConfig, HanchanOutcome, RiichiTable, TENHOU, Target, tenhou_yaku};
use engine::{GameSeeds, Table};

/// Totals over the games played.
#[derive(Default)]
struct Totals {
    games: u64,
    hands: u64,
    wins: u64,
    tsumo: u64,
    deal_ins: u64,
    riichi: u64,
    open_hands: u64,
    calls: u64,
    win_points: u64,
    win_value: u64,
    exhaustive: u64,
    tenpai_at_draw: u64,
    aborts: u64,
    yaku: Vec<u64>,
}

impl Totals {
    fn record(&mut self, o: &HanchanOutcome) {
        let sum = |a: [u16; 4]| a.iter().map(|&x| u64::from(x)).sum::<u64>();
        self.games += 1;
        self.hands += u64::from(o.hands);
        self.wins += sum(o.wins);
        self.tsumo += sum(o.tsumo_wins);
        self.deal_ins += sum(o.deal_ins);
        self.riichi += sum(o.riichi);
        self.open_hands += sum(o.open_hands);
        self.calls += sum(o.calls);
        self.win_points += o.win_points.iter().map(|&x| u64::from(x)).sum::<u64>();
        self.win_value += o.win_value.iter().map(|&x| u64::from(x)).sum::<u64>();
        self.exhaustive += u64::from(o.exhaustive_draws);
        self.tenpai_at_draw += sum(o.tenpai_at_draw);
        self.aborts += o.aborts.iter().map(|&x| u64::from(x)).sum::<u64>();
        self.yaku.iter_mut().zip(o.yaku).for_each(|(a, b)| *a += u64::from(b));
    }

    fn share(&self, name: &str) -> f64 {
        let n: u64 = tenhou_yaku(name).map(|y| self.yaku[y as usize]).sum();
        n as f64 / self.wins.max(1) as f64
    }
}

/// A target's line: ours beside Tenhou's, the relative difference, `<--` outside the band.
fn line(t: &Target, ours: f64) {
    let off = 100.0 * (ours / t.tenhou - 1.0);
    let mark = if t.within(ours) == Some(false) { "  <--" } else { "" };
    println!("  {:<16} {:>7.2}%   tenhou {:>6.2}%   {off:+6.1}%{mark}", t.name, 100.0 * ours, 100.0 * t.tenhou);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().map_or(2000, |s| s.parse().expect("number of hanchan"));
    let name = args.next().unwrap_or("defensive".into());
    let seed: u64 = args.next().map_or(1, |s| s.parse().expect("a seed"));
    let bot = if name.ends_with(".toml") {
        let text = std::fs::read_to_string(&name).expect("a readable bot settings file");
        Bot::new(BotConfig::from_toml(&text).unwrap_or_else(|e| panic!("{name}: {e}")))
    } else {
        Bot::by_name(&name).expect("a bot name: random, efficiency or defensive")
    };
    let game = RiichiTable::preset("ron2-dojo").expect("ron2-dojo preset");
    let seeds = GameSeeds::new(seed);
    let mut table = Table::new(&game);
    let mut bots = [bot; 4];
    let mut t = Totals { yaku: vec![0; Yaku::ALL.len()], ..Totals::default() };
    for index in 0..n {
        t.record(&table.play(&game, &mut bots, &mut seeds.rng(index)));
    }
    let player_hands = (4 * t.hands) as f64;
    println!("{} hanchan of 4 `{name}` bots (seed {seed}), {} hands", t.games, t.hands);
    println!("per-round rates:");
    let ours = [t.wins, t.deal_ins, t.riichi, t.open_hands].map(|x| x as f64 / player_hands);
    for (target, ours) in TENHOU.rate.iter().zip(ours) {
        line(target, ours);
    }
    line(&TENHOU.rate[4], t.exhaustive as f64 / t.hands as f64);
    // The average win is the hand's value alone (和了点), as Tenhou's figure; with honba
    // and riichi sticks beside it.
    let wins = t.wins.max(1) as f64;
    let (average, real) = (t.win_value as f64 / wins, TENHOU.average_win.tenhou);
    let mark = if TENHOU.average_win.within(average) == Some(false) { "  <--" } else { "" };
    println!(
        "  {:<16} {average:>7.0}    tenhou {real:>6.0}    {:+6.1}%{mark}   ({:.0} with honba and sticks)",
        "average_win",
        100.0 * (average / real - 1.0),
        t.win_points as f64 / wins
    );
    println!("yaku shares of wins:");
    for target in &TENHOU.yaku {
        line(target, t.share(&target.name));
    }
    println!(
        "other: tsumo {:.1}% of wins, calls {:.3} per player-hand, tenpai at draws {:.2} seats, aborts {:.2}% of hands",
        100.0 * t.tsumo as f64 / t.wins.max(1) as f64,
        t.calls as f64 / player_hands,
        t.tenpai_at_draw as f64 / t.exhaustive.max(1) as f64,
        100.0 * t.aborts as f64 / t.hands as f64
    );
    let others: Vec<String> = Yaku::ALL
        .iter()
        .filter(|y| !y.name().starts_with("yakuhai_") && !TENHOU.yaku.iter().any(|t| t.name == y.name()))
        .filter(|&&y| t.yaku[y as usize] > 0)
        .map(|&y| format!("{} {:.2}%", y.name(), 100.0 * t.share(y.name())))
        .collect();
    println!("other yaku: {}", others.join(", "));
}
